import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import {
  aplicarRegla,
  celularSchema,
  correoSchema,
  etiquetaDeCampo,
  fechaNacimientoSchema,
  reglaDeCampo,
  validarCambios,
  validarCampo,
  validarObjeto,
} from './validacion';
import { CASOS, HOY } from './validacion-casos';

describe('plausibility rules, the shared table of cases', () => {
  it.each(CASOS.map((c) => [c.key, c.input, c] as const))('%s %j', (_key, _input, c) => {
    const regla = reglaDeCampo(c.key);
    expect(regla).not.toBeNull();
    const r = aplicarRegla(regla!, c.input, c.label, HOY, { tipoIdentificacion: c.tipo ?? 'CC' });
    expect(r).toEqual(c.error ? { ok: false, message: c.error } : { ok: true, value: c.ok });
  });
});

describe('which rule a field follows', () => {
  it('is decided by the key, or the last segment of a path', () => {
    expect(reglaDeCampo('solicitante.info_extra.celular')).toBe('celular');
    expect(reglaDeCampo('detalle_referencia.celular')).toBe('celular');
    expect(reglaDeCampo('solicitante.info_extra.telefono')).toBe('telefono_fijo');
    expect(reglaDeCampo('solicitante.correo')).toBe('correo');
    expect(reglaDeCampo('correo_empresa')).toBe('correo');
    expect(reglaDeCampo('monto_solicitado')).toBe('monto');
    expect(reglaDeCampo('plazo_meses')).toBe('plazo');
    expect(reglaDeCampo('ubicacion.estrato')).toBe('estrato');
    expect(reglaDeCampo('solicitante.info_extra.personas_a_cargo')).toBe('personas');
    expect(reglaDeCampo('informacion_financiera.total_activos')).toBe('pesos');
    expect(reglaDeCampo('informacion_financiera.detalle_financiera.ingreso_basico_mensual')).toBe('pesos');
    expect(reglaDeCampo('gastos_personales_mensuales')).toBe('pesos');
    expect(reglaDeCampo('nombres')).toBe('nombre_persona');
    expect(reglaDeCampo('solicitante.primer_apellido')).toBe('nombre_persona');
    expect(reglaDeCampo('solicitante.segundo_apellido')).toBe('nombre_persona');
    expect(reglaDeCampo('detalle_referencia.nombre')).toBeNull();
    expect(reglaDeCampo('telefono_empresa')).toBeNull();
  });
  it('names the field by its label, never by its key', () => {
    expect(etiquetaDeCampo('solicitante.correo')).toBe('Correo electrónico');
    expect(etiquetaDeCampo('solicitud.detalle_credito.plazo_meses')).toBe('Plazo (meses)');
    expect(etiquetaDeCampo('nivel_estudio')).toBe('Nivel estudio');
    expect(validarCampo('solicitante.correo', 'x', undefined, HOY)).toEqual({
      ok: false,
      message: 'Correo electrónico: no es un correo electrónico válido',
    });
  });
  it('leaves empty values alone (required-ness is another rule)', () => {
    for (const empty of ['', '  ', null, undefined]) {
      expect(validarCampo('celular', empty)).toEqual({ ok: true, value: empty });
    }
  });
});

describe('as valibot schemas for the form resolvers', () => {
  it('an empty value passes as null; another one is judged and normalised', () => {
    expect(v.parse(celularSchema(), '')).toBeNull();
    expect(v.parse(celularSchema(), '315 777 8899')).toBe('3157778899');
    const bad = v.safeParse(correoSchema('Correo'), 'nadie');
    expect(bad.success).toBe(false);
    expect(bad.issues?.[0].message).toBe('Correo: no es un correo electrónico válido');
  });
  it('reads today at validation time unless given', () => {
    const schema = fechaNacimientoSchema('Fecha de nacimiento');
    expect(v.safeParse(schema, '1990-04-12').success).toBe(true);
    const tomorrowMinus18 = new Date();
    tomorrowMinus18.setFullYear(tomorrowMinus18.getFullYear() - 18);
    tomorrowMinus18.setDate(tomorrowMinus18.getDate() + 1);
    const iso = `${tomorrowMinus18.getFullYear()}-${String(tomorrowMinus18.getMonth() + 1).padStart(2, '0')}-${String(tomorrowMinus18.getDate()).padStart(2, '0')}`;
    expect(v.safeParse(schema, iso).success).toBe(false);
  });
});

describe('edits are judged on what they change', () => {
  const stored: Record<string, unknown> = {
    'solicitante.info_extra.celular': '123',
    'solicitante.correo': 'viejo-sin-arroba',
    'solicitud.detalle_credito': { tipo_credito: 'hipotecario', monto_solicitado: -1, plazo_meses: 12 },
  };
  const leer = (path: string) => stored[path];
  it('an unchanged implausible value is not refused; a changed one is', () => {
    expect(validarCambios({ 'solicitante.info_extra.celular': '123', 'solicitante.nombres': 'Ana' }, leer, HOY).fields).toEqual({});
    expect(validarCambios({ 'solicitante.correo': 'otro-sin-arroba' }, leer, HOY).fields).toEqual({
      'solicitante.correo': 'Correo electrónico: no es un correo electrónico válido',
    });
  });
  it("a stored name that breaks the name rule still saves the record's other fields; a changed name is judged", () => {
    const old: Record<string, unknown> = { 'solicitante.nombres': 'Aviso: llame al 3001234567', 'solicitante.primer_apellido': 'Pérez\u202E' };
    const leerViejo = (path: string) => old[path];
    expect(validarCambios({ ...old, 'solicitante.correo': 'ana@correo.co' }, leerViejo, HOY).fields).toEqual({});
    expect(validarCambios({ 'solicitante.nombres': 'Aviso: llame al 3001234568' }, leerViejo, HOY).fields).toEqual({
      'solicitante.nombres': 'Nombres: usa solo letras, espacios, apóstrofo, guion o punto.',
    });
    expect(validarCambios({ 'solicitante.nombres': 'Ana María' }, leerViejo, HOY).fields).toEqual({});
  });
  it('an object is judged key by key against its stored object', () => {
    const r = validarCambios(
      { 'solicitud.detalle_credito': { tipo_credito: 'hipotecario', monto_solicitado: -1, plazo_meses: 400 } },
      leer,
      HOY,
    );
    expect(r.fields).toEqual({
      'solicitud.detalle_credito.plazo_meses': 'Plazo (meses): debe ser un número entero de meses entre 1 y 360',
    });
    const fixed = validarCambios({ 'solicitud.detalle_credito': { monto_solicitado: '$ 20.000.000', plazo_meses: 12 } }, leer, HOY);
    expect(fixed).toEqual({ fields: {}, values: { 'solicitud.detalle_credito': { monto_solicitado: 20_000_000, plazo_meses: 12 } } });
  });
  it('validarObjeto keys its errors with the prefix', () => {
    expect(validarObjeto({ celular: '1', nombre: 'Ana' }, {}, 'detalle_referencia.', HOY).fields).toEqual({
      'detalle_referencia.celular': 'Celular: debe tener 10 dígitos y empezar por 3',
    });
  });
});

describe('the document number goes with its type', () => {
  const stored: Record<string, unknown> = { 'solicitante.tipo_identificacion': 'PP', 'solicitante.numero_documento': 'AB123456' };
  const leer = (path: string) => stored[path];
  const DIGITOS = 'Número de documento: debe tener entre 3 y 15 dígitos, sin letras ni guiones';
  it('a new type judges the number it keeps, under the new type', () => {
    expect(validarCambios({ 'solicitante.tipo_identificacion': 'CC' }, leer, HOY).fields).toEqual({ 'solicitante.numero_documento': DIGITOS });
    expect(validarCambios({ 'solicitante.tipo_identificacion': 'CC', 'solicitante.numero_documento': '1045678901' }, leer, HOY).fields).toEqual({});
    expect(validarCambios({ 'solicitante.tipo_identificacion': 'pp' }, leer, HOY).fields).toEqual({});
  });
  it('a new number is judged under the type stored beside it', () => {
    expect(validarCambios({ 'solicitante.numero_documento': 'XY987654' }, leer, HOY)).toEqual({
      fields: {},
      values: { 'solicitante.numero_documento': 'XY987654' },
    });
    expect(validarCambios({ 'solicitante.numero_documento': 'XY987654' }, (p) => (p.endsWith('tipo_identificacion') ? 'CC' : null), HOY).fields).toEqual({
      'solicitante.numero_documento': DIGITOS,
    });
  });
});
