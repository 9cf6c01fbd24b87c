import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import type { SolicitudRecord } from './solicitud';
import { CASOS, HOY } from './validacion-casos';
import { cleanChanges } from './edit-values';

/** Where the edit modal stores each key of the shared cases. */
const PATHS: Record<string, string> = {
  celular: 'solicitante.info_extra.celular',
  telefono: 'solicitante.info_extra.telefono',
  correo: 'solicitante.correo',
  fecha_nacimiento: 'solicitante.fecha_nacimiento',
  total_ingresos_mensuales: 'informacion_financiera.total_ingresos_mensuales',
  estrato: 'ubicacion.estrato',
  personas_a_cargo: 'solicitante.info_extra.personas_a_cargo',
  numero_empleados: 'actividad_economica.detalle_actividad.numero_empleados',
  numero_documento: 'solicitante.numero_documento',
  nombres: 'solicitante.nombres',
  primer_apellido: 'solicitante.primer_apellido',
  segundo_apellido: 'solicitante.segundo_apellido',
};
const IN_CREDIT = new Set(['monto_solicitado', 'plazo_meses']);

function record(over: { info_extra?: Record<string, unknown>; correo?: string | null; detalle_credito?: Record<string, unknown> } = {}) {
  return {
    id: 'sol',
    solicitante: {
      id: 's', nombres: 'Ana', primer_apellido: 'Gil', segundo_apellido: null, correo: over.correo ?? null, numero_documento: '1',
      tipo_identificacion: 'CC', fecha_nacimiento: null, genero: 'F', info_extra: over.info_extra ?? {},
    },
    ubicacion: null,
    actividad_economica: null,
    informacion_financiera: { id: 'f', total_ingresos_mensuales: null, total_egresos_mensuales: null, total_activos: null, total_pasivos: null, detalle_financiera: {} },
    solicitud: { id: 'sol', estado: 'Pendiente', detalle_credito: over.detalle_credito ?? { tipo_credito: 'hipotecario' } },
    referencias: [],
    observaciones: [],
    documentos: [],
  } as unknown as SolicitudRecord;
}

function refusal(fn: () => unknown): Record<string, string> | null {
  try {
    fn();
    return null;
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('VALIDATION');
    return (err as AppError).fields ?? {};
  }
}

describe('the server judges edits with the shared rules (same cases as the client suite)', () => {
  it.each(CASOS.map((c) => [c.key, c.input, c] as const))('%s %j', (key, input, c) => {
    const inCredit = IN_CREDIT.has(key);
    const path = inCredit ? 'solicitud.detalle_credito' : PATHS[key];
    const changes: Record<string, unknown> = inCredit ? { [path]: { tipo_credito: 'hipotecario', [key]: input } } : { [path]: input };
    // The record's document is a CC: another type travels in the same edit.
    if (c.tipo && c.tipo !== 'CC') changes['solicitante.tipo_identificacion'] = c.tipo;
    const errorPath = inCredit ? `${path}.${key}` : path;
    if (c.error) {
      expect(refusal(() => cleanChanges(changes, record(), { today: HOY }))).toEqual({ [errorPath]: c.error });
    } else {
      const value = cleanChanges(changes, record(), { today: HOY }).get(path)!.value;
      expect(inCredit ? (value as Record<string, unknown>)[key] : value).toEqual(c.ok);
    }
  });
});

describe('edits are judged on what they change', () => {
  it('an old implausible value sent back unchanged does not block another field', () => {
    const old = record({ info_extra: { celular: '12345' }, correo: 'sin-arroba', detalle_credito: { monto_solicitado: 0, plazo_meses: 999 } });
    const out = cleanChanges(
      {
        'solicitante.info_extra.celular': '12345',
        'solicitante.correo': 'sin-arroba',
        'solicitud.detalle_credito': { monto_solicitado: 0, plazo_meses: 999, tipo_credito: 'vehicular' },
        'solicitante.nombres': 'Ana María',
      },
      old,
      { today: HOY },
    );
    expect(out.get('solicitante.nombres')!.value).toBe('Ana María');
  });
  it('every refused field is reported at once, by its label', () => {
    expect(
      refusal(() =>
        cleanChanges({ 'solicitante.correo': 'x', 'solicitante.info_extra.telefono': '123', 'informacion_financiera.total_activos': 'mucho' }, record(), { today: HOY }),
      ),
    ).toEqual({
      'solicitante.correo': 'Correo electrónico: no es un correo electrónico válido',
      'solicitante.info_extra.telefono': 'Teléfono fijo: debe tener 10 dígitos y empezar por 60, o quedar vacío',
      'informacion_financiera.total_activos': 'Total activos: debe ser un valor en pesos de cero o más, sin decimales',
    });
  });
  it('a path that cannot be edited is refused whole', () => {
    expect(refusal(() => cleanChanges({ 'solicitante.password_hash': 'x' }, record()))).toEqual({ 'solicitante.password_hash': 'Campo no editable' });
  });
});
