import { describe, expect, it } from 'vitest';
import { maxTextLength, parseFieldPath, readPath, withJsonValue, type SolicitudRecord } from './solicitud';

describe('maxTextLength', () => {
  it('gives 200 to the required fields, 500 to other columns and 2000 to keys of a JSON column', () => {
    expect(maxTextLength('solicitante.nombres')).toBe(200);
    expect(maxTextLength('solicitante.numero_documento')).toBe(200);
    expect(maxTextLength('solicitud.ciudad_solicitud')).toBe(500);
    expect(maxTextLength('solicitante.info_extra.celular')).toBe(2000);
    expect(maxTextLength('solicitud.detalle_credito.credito_vehicular.marca')).toBe(2000);
  });
});

describe('parseFieldPath', () => {
  it('accepts columns, JSON keys, the solicitud JSON column and the keys of a credit kind', () => {
    expect(parseFieldPath('solicitante.nombres')).toEqual({ block: 'solicitante', column: 'nombres', key: null, sub: null });
    expect(parseFieldPath('actividad_economica.detalle_actividad.codigo_ciiu')).toMatchObject({ column: 'detalle_actividad', key: 'codigo_ciiu', sub: null });
    expect(parseFieldPath('solicitud.detalle_credito')).toMatchObject({ column: 'detalle_credito', key: null });
    expect(parseFieldPath('solicitud.detalle_credito.monto_solicitado')).toMatchObject({ key: 'monto_solicitado', sub: null });
    expect(parseFieldPath('solicitud.detalle_credito.credito_hipotecario.valor_inmueble')).toEqual({
      block: 'solicitud',
      column: 'detalle_credito',
      key: 'credito_hipotecario',
      sub: 'valor_inmueble',
    });
  });

  it('refuses deeper paths anywhere but a credit kind, unknown kinds and prototype members', () => {
    for (const bad of [
      'solicitante.info_extra.celular.x',
      'informacion_financiera.detalle_financiera.honorarios.x',
      'solicitud.detalle_credito.monto_solicitado.x',
      'solicitud.detalle_credito.credito_otro.valor',
      'solicitud.detalle_credito.constructor.name',
      'solicitud.detalle_credito.credito_vehicular.__proto__',
      'solicitud.detalle_credito.credito_vehicular.constructor',
      'solicitud.detalle_credito.credito_vehicular.a.b',
      'ubicacion.detalle_credito.credito_vehicular.marca',
    ]) {
      expect(parseFieldPath(bad), bad).toBeNull();
    }
  });
});

describe('withJsonValue', () => {
  it('sets a key, a key inside a credit kind, and drops a credit kind set to null, without touching its input', () => {
    const json = { tipo_credito: 'hipotecario', credito_hipotecario: { valor_inmueble: 1 }, nota: 'x' };
    const frozen = structuredClone(json);
    expect(withJsonValue(json, 'nota', null, null)).toEqual({ ...json, nota: null });
    expect(withJsonValue(json, 'credito_hipotecario', 'cuota_inicial', 5)).toEqual({
      ...json,
      credito_hipotecario: { valor_inmueble: 1, cuota_inicial: 5 },
    });
    expect(withJsonValue(json, 'credito_vehicular', 'marca', 'Mazda')).toMatchObject({ credito_vehicular: { marca: 'Mazda' } });
    expect(withJsonValue(json, 'credito_hipotecario', null, null)).toEqual({ tipo_credito: 'hipotecario', nota: 'x' });
    expect(withJsonValue(null, 'a', null, 1)).toEqual({ a: 1 });
    expect(json).toEqual(frozen);
  });

  it('is what readPath reads back', () => {
    const record = {
      solicitud: { detalle_credito: withJsonValue({}, 'credito_vehicular', 'marca', 'Renault') },
    } as unknown as SolicitudRecord;
    expect(readPath(record, 'solicitud.detalle_credito.credito_vehicular.marca')).toBe('Renault');
    expect(readPath(record, 'solicitud.detalle_credito.credito_hipotecario.valor_inmueble')).toBeUndefined();
  });
});
