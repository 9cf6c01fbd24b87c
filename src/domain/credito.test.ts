import { describe, it, expect } from 'vitest';
import { creditKind, replaceCreditType } from './credito';

describe('creditKind', () => {
  it.each([
    ['Vivienda', 'credito_hipotecario'],
    ['Crédito Hipotecario', 'credito_hipotecario'],
    ['hipotecario', 'credito_hipotecario'],
    ['Vehicular', 'credito_vehicular'],
    ['Crédito de VEHÍCULO', 'credito_vehicular'],
    ['vehiculo usado', 'credito_vehicular'],
    ['Auto', 'credito_vehicular'],
    ['Crédito automóvil', 'credito_vehicular'],
    ['Libre inversión', 'credito_libre_inversion'],
    ['LIBRE', 'credito_libre_inversion'],
    ['Consumo', 'credito_consumo'],
    ['crédito de consumo', 'credito_consumo'],
    ['comercial', 'detalle_generico'],
    ['libranza', 'detalle_generico'],
    ['microcredito', 'detalle_generico'],
    ['preautorizado', 'detalle_generico'],
    ['', 'detalle_generico'],
  ])('%s -> %s', (tipo, kind) => {
    expect(creditKind(tipo)).toBe(kind);
  });

  it('treats a missing type as generic', () => {
    expect(creditKind(null)).toBe('detalle_generico');
    expect(creditKind(undefined)).toBe('detalle_generico');
  });
});

describe('replaceCreditType', () => {
  const detalle = {
    tipo_credito: 'hipotecario',
    monto_solicitado: 150_000_000,
    plazo_meses: 240,
    credito_hipotecario: { valor_inmueble: 300_000_000, cuota_inicial: 90_000_000 },
    credito_vehicular: { marca: 'Mazda' },
    detalle_generico: { nota: 'x' },
  };

  it('switches kind: keeps amount and term, drops other kinds, starts the new one empty', () => {
    expect(replaceCreditType(detalle, 'Libre inversión')).toEqual({
      tipo_credito: 'Libre inversión',
      monto_solicitado: 150_000_000,
      plazo_meses: 240,
      credito_libre_inversion: {},
    });
  });

  it('keeps the sub-object of the chosen kind when it already exists', () => {
    expect(replaceCreditType(detalle, 'Vehículo')).toEqual({
      tipo_credito: 'Vehículo',
      monto_solicitado: 150_000_000,
      plazo_meses: 240,
      credito_vehicular: { marca: 'Mazda' },
    });
    expect(replaceCreditType(detalle, 'vivienda')).toEqual({
      tipo_credito: 'vivienda',
      monto_solicitado: 150_000_000,
      plazo_meses: 240,
      credito_hipotecario: { valor_inmueble: 300_000_000, cuota_inicial: 90_000_000 },
    });
  });

  it('uses detalle_generico for other types', () => {
    const out = replaceCreditType(detalle, 'libranza');
    expect(out.detalle_generico).toEqual({ nota: 'x' });
    expect(out).not.toHaveProperty('credito_hipotecario');
    expect(out).not.toHaveProperty('credito_vehicular');
  });

  it('does not modify its input nor share the kept sub-object', () => {
    const before = structuredClone(detalle);
    const out = replaceCreditType(detalle, 'consumo');
    expect(detalle).toEqual(before);
    const kept = replaceCreditType(detalle, 'hipotecario');
    (kept.credito_hipotecario as Record<string, unknown>).valor_inmueble = 1;
    expect(detalle.credito_hipotecario.valor_inmueble).toBe(300_000_000);
    expect(out.credito_consumo).toEqual({});
  });

  it('starts from nothing and replaces a non-object sub-object', () => {
    expect(replaceCreditType(undefined, 'consumo')).toEqual({
      tipo_credito: 'consumo',
      credito_consumo: {},
    });
    expect(replaceCreditType({ credito_consumo: 'roto' }, 'consumo')).toEqual({
      tipo_credito: 'consumo',
      credito_consumo: {},
    });
  });

  it('keeps other plain fields of detalle_credito', () => {
    expect(replaceCreditType({ plazo_tiempo: '12 meses', banco: 'BBVA' }, 'auto')).toEqual({
      plazo_tiempo: '12 meses',
      banco: 'BBVA',
      tipo_credito: 'auto',
      credito_vehicular: {},
    });
  });
});
