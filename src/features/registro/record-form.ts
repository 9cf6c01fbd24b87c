/**
 * The 'Editar Registro' form model: the fields of each section (spec 01 §2-§3), the form values
 * built from a mirrored record, the spec's validations, and the diff that turns the form into the
 * `solicitud.editar` changes (only changed fields, each with the value the user saw as its base).
 * Pure: no React, no Dexie.
 */
import * as v from 'valibot';
import { clearDependentFields, type ConditionalDef } from '../../domain/actividad';
import { replaceCreditType } from '../../domain/credito';
import { readPath, type SolicitudRecord } from '../../domain/solicitud';
import { fold } from '../../domain/text';
import { validarCampo } from '../../domain/validacion';

export type FieldKind = 'text' | 'email' | 'tel' | 'date' | 'number' | 'select' | 'checkbox';

export interface FieldDef {
  /** An editable path of src/domain/solicitud.ts, also the form field name. */
  path: string;
  label: string;
  kind: FieldKind;
  /** Fixed options; 'departamento', 'ciudad', 'banco' are filled at render time. */
  options?: readonly string[] | 'departamento' | 'ciudad' | 'ciudad_empresa' | 'banco' | 'ciudades';
  required?: boolean;
  /** For activity-dependent fields: the detalle_actividad key (see domain/actividad.ts). */
  activityKey?: string;
  wide?: boolean;
}

export interface SectionDef {
  id: string;
  title: string;
  fields: FieldDef[];
}

export const TIPO_ACTIVIDAD_PATH = 'actividad_economica.tipo_actividad';
export const TIPO_CREDITO_PATH = 'solicitud.tipo_credito';
export const MONTO_PATH = 'credito.monto_solicitado';
export const PLAZO_PATH = 'credito.plazo_meses';
export const BANCO_PATH = 'solicitud.banco_nombre';

const act = (key: string, label: string, kind: FieldKind = 'text', options?: FieldDef['options']): FieldDef => ({
  path: `actividad_economica.detalle_actividad.${key}`,
  label,
  kind,
  options,
  activityKey: key,
});

export const SECTIONS: SectionDef[] = [
  {
    id: 'solicitante',
    title: 'Información del Solicitante',
    fields: [
      { path: 'solicitante.nombres', label: 'Nombres', kind: 'text', required: true },
      { path: 'solicitante.primer_apellido', label: 'Primer apellido', kind: 'text', required: true },
      { path: 'solicitante.segundo_apellido', label: 'Segundo apellido', kind: 'text' },
      { path: 'solicitante.tipo_identificacion', label: 'Tipo de identificación', kind: 'select', options: ['CC', 'CE', 'TI', 'PP', 'NIT'] },
      { path: 'solicitante.numero_documento', label: 'Número de documento', kind: 'text', required: true },
      { path: 'solicitante.fecha_nacimiento', label: 'Fecha de nacimiento', kind: 'date' },
      { path: 'solicitante.genero', label: 'Género', kind: 'select', options: ['M', 'F', 'O'] },
      { path: 'solicitante.correo', label: 'Correo electrónico', kind: 'email' },
      { path: 'solicitante.info_extra.celular', label: 'Celular', kind: 'tel' },
      { path: 'solicitante.info_extra.telefono', label: 'Teléfono', kind: 'tel' },
      { path: 'solicitante.info_extra.estado_civil', label: 'Estado civil', kind: 'select', options: ['Soltero', 'Casado', 'Unión Libre', 'Divorciado', 'Viudo'] },
      { path: 'solicitante.info_extra.personas_a_cargo', label: 'Personas a cargo', kind: 'number' },
      { path: 'solicitante.info_extra.nacionalidad', label: 'Nacionalidad', kind: 'text' },
    ],
  },
  {
    id: 'ubicacion',
    title: 'Información de Ubicación',
    fields: [
      { path: 'ubicacion.departamento_residencia', label: 'Departamento de residencia', kind: 'select', options: 'departamento' },
      { path: 'ubicacion.ciudad_residencia', label: 'Ciudad de residencia', kind: 'select', options: 'ciudad' },
      { path: 'ubicacion.detalle_direccion.direccion_residencia', label: 'Dirección de residencia', kind: 'text', wide: true },
      { path: 'ubicacion.barrio', label: 'Barrio', kind: 'text' },
      { path: 'ubicacion.estrato', label: 'Estrato', kind: 'number' },
    ],
  },
  {
    id: 'laboral',
    title: 'Información Laboral',
    fields: [
      { path: TIPO_ACTIVIDAD_PATH, label: 'Tipo de actividad económica', kind: 'select', options: ['Empleado', 'Independiente', 'Pensionado', 'Estudiante', 'Desempleado', 'Rentista'] },
      { path: 'actividad_economica.sector_economico', label: 'Sector económico', kind: 'select', options: ['Tecnología', 'Finanzas', 'Salud', 'Educación', 'Comercio', 'Manufactura', 'Servicios', 'Construcción', 'Agricultura', 'Minería', 'Otro'] },
      act('empresa', 'Empresa'),
      act('cargo', 'Cargo'),
      act('tipo_contrato', 'Tipo de contrato', 'select', ['Indefinido', 'Término Fijo', 'Prestación de Servicios', 'Obra o Labor', 'Aprendizaje']),
      act('direccion_empresa', 'Dirección de la empresa'),
      act('fecha_ingreso', 'Fecha de ingreso', 'date'),
      act('tiene_negocio_propio', '¿Tiene negocio propio?', 'checkbox'),
      act('nombre_negocio', 'Nombre del negocio'),
      act('direccion_negocio', 'Dirección del negocio'),
      act('numero_empleados', 'Número de empleados', 'number'),
      act('fondo_pension', 'Fondo de pensión'),
    ],
  },
  {
    id: 'financiera',
    title: 'Información Financiera',
    fields: [
      { path: 'informacion_financiera.total_ingresos_mensuales', label: 'Total ingresos mensuales', kind: 'number' },
      { path: 'informacion_financiera.total_egresos_mensuales', label: 'Total egresos mensuales', kind: 'number' },
      { path: 'informacion_financiera.total_activos', label: 'Total activos', kind: 'number' },
      { path: 'informacion_financiera.total_pasivos', label: 'Total pasivos', kind: 'number' },
      { path: 'informacion_financiera.detalle_financiera.ingreso_basico_mensual', label: 'Ingreso básico mensual', kind: 'number' },
      { path: 'informacion_financiera.detalle_financiera.ingreso_variable_mensual', label: 'Ingreso variable mensual', kind: 'number' },
      { path: 'informacion_financiera.detalle_financiera.otros_ingresos_mensuales', label: 'Otros ingresos mensuales', kind: 'number' },
      { path: 'informacion_financiera.detalle_financiera.gastos_personales_mensuales', label: 'Gastos personales mensuales', kind: 'number' },
      { path: 'informacion_financiera.detalle_financiera.gastos_financieros_mensuales', label: 'Gastos financieros mensuales', kind: 'number' },
      { path: 'informacion_financiera.detalle_financiera.declara_renta', label: '¿Declara renta?', kind: 'checkbox' },
    ],
  },
];

export const CREDIT_FIELDS: FieldDef[] = [
  { path: TIPO_CREDITO_PATH, label: 'Tipo de crédito', kind: 'select', options: ['hipotecario', 'consumo', 'comercial', 'microcredito', 'libranza'] },
  { path: MONTO_PATH, label: 'Monto solicitado', kind: 'number' },
  { path: PLAZO_PATH, label: 'Plazo (meses)', kind: 'number' },
  { path: BANCO_PATH, label: 'Banco', kind: 'select', options: 'banco' },
  { path: 'solicitud.ciudad_solicitud', label: 'Ciudad de la solicitud', kind: 'select', options: 'ciudades' },
];

const ALL_FIELDS = [...SECTIONS.flatMap((s) => s.fields), ...CREDIT_FIELDS];

export interface ReferenceValues {
  id: string;
  /** Added in this form, not yet on the server. */
  isNew: boolean;
  tipo_referencia: string;
  nombre: string;
  relacion: string;
  celular: string;
  direccion: string;
  ciudad: string;
}
export const REFERENCE_KEYS = ['nombre', 'relacion', 'celular', 'direccion', 'ciudad'] as const;
export const REFERENCE_LABELS: Record<(typeof REFERENCE_KEYS)[number] | 'tipo_referencia', string> = {
  tipo_referencia: 'Tipo de referencia',
  nombre: 'Nombre',
  relacion: 'Relación',
  celular: 'Celular',
  direccion: 'Dirección',
  ciudad: 'Ciudad',
};

type Nested = { [k: string]: unknown };
export interface FormValues {
  solicitante: Nested;
  ubicacion: Nested;
  actividad_economica: Nested;
  informacion_financiera: Nested;
  solicitud: Nested;
  credito: Nested;
  referencias: ReferenceValues[];
  preferencias: { email: boolean; sms: boolean };
}

function getIn(obj: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Nested)[k] : undefined), obj);
}
function setIn(obj: Nested, path: string, value: unknown) {
  const keys = path.split('.');
  let cur = obj;
  for (const k of keys.slice(0, -1)) {
    if (!cur[k] || typeof cur[k] !== 'object') cur[k] = {};
    cur = cur[k] as Nested;
  }
  cur[keys[keys.length - 1]] = value;
}
export { getIn };

/** The server value of a form field (credit amount and term live in detalle_credito). */
export function recordValue(record: SolicitudRecord, path: string): unknown {
  if (path === MONTO_PATH) return record.solicitud.detalle_credito?.monto_solicitado;
  if (path === PLAZO_PATH) return record.solicitud.detalle_credito?.plazo_meses;
  if (path === TIPO_ACTIVIDAD_PATH) {
    return record.actividad_economica?.tipo_actividad ?? record.actividad_economica?.detalle_actividad?.tipo_actividad_economica;
  }
  if (path === TIPO_CREDITO_PATH) return record.solicitud.tipo_credito ?? record.solicitud.detalle_credito?.tipo_credito;
  return readPath(record, path);
}

function toInput(kind: FieldKind, value: unknown): unknown {
  if (kind === 'checkbox') return value === true || value === 'true';
  if (value === null || value === undefined) return '';
  if (kind === 'date' && typeof value === 'string') return value.slice(0, 10);
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Form value -> the value the server stores ('' is null, numbers are numbers). */
export function fromInput(kind: FieldKind, value: unknown): unknown {
  if (kind === 'checkbox') return value === true;
  const text = typeof value === 'string' ? value.trim() : value;
  if (text === '' || text === null || text === undefined) return null;
  if (kind === 'number') {
    const n = Number(String(text).replace(/\s/g, ''));
    return Number.isFinite(n) ? n : text;
  }
  return text;
}

export function toFormValues(record: SolicitudRecord): FormValues {
  const values = { referencias: [], preferencias: { email: true, sms: false } } as unknown as FormValues;
  for (const f of ALL_FIELDS) setIn(values as unknown as Nested, f.path, toInput(f.kind, recordValue(record, f.path)));
  values.referencias = (record.referencias ?? []).map((r) => ({
    id: r.id,
    isNew: false,
    tipo_referencia: r.tipo_referencia ?? '',
    ...(Object.fromEntries(REFERENCE_KEYS.map((k) => [k, toInput('text', r.detalle_referencia?.[k])])) as Record<(typeof REFERENCE_KEYS)[number], string>),
  }));
  const prefs = record.solicitud.preferencias_notificacion;
  values.preferencias = { email: prefs?.email !== false, sms: prefs?.sms === true };
  return values;
}

// ---- validation (spec 01 §5 'Edit record') ----------------------------------------------------

const required = (message: string) => v.pipe(v.string(message), v.trim(), v.minLength(1, message));

export const RecordSchema = v.looseObject({
  solicitante: v.looseObject({
    nombres: required('El nombre es obligatorio'),
    primer_apellido: required('El primer apellido es obligatorio'),
    numero_documento: required('El número de documento es obligatorio'),
  }),
});

/**
 * The shared plausibility rules (src/domain/validacion.ts: celular, teléfono fijo, amounts, plazo,
 * e-mail, age) on what this edit changes, as the server judges it: a value left as it was is never
 * refused. Keyed by form path; each message names the field by its form label.
 */
export function validateEdits(record: SolicitudRecord, values: FormValues): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of ALL_FIELDS) {
    if (f.kind === 'checkbox' || f.kind === 'select') continue;
    const value = fromInput(f.kind, getIn(values, f.path));
    if (same(fromInput(f.kind, toInput(f.kind, recordValue(record, f.path))), value)) continue;
    const r = validarCampo(f.path, value, f.label);
    if (!r.ok) out[f.path] = r.message;
  }
  values.referencias.forEach((ref, i) => {
    const old = ref.isNew ? undefined : (record.referencias ?? []).find((x) => x.id === ref.id);
    for (const k of REFERENCE_KEYS) {
      const value = ref[k]?.trim() || null;
      if (old && same(old.detalle_referencia?.[k], value)) continue;
      const r = validarCampo(k, value, REFERENCE_LABELS[k]);
      if (!r.ok) out[`referencias.${i}.${k}`] = r.message;
    }
  });
  return out;
}

// ---- diff -------------------------------------------------------------------------------------

function same(a: unknown, b: unknown): boolean {
  const norm = (x: unknown) => (x === undefined || x === '' ? null : x);
  return JSON.stringify(norm(a)) === JSON.stringify(norm(b));
}

export interface RecordDiff {
  changes: Record<string, unknown>;
  base: Record<string, unknown>;
  bankChanged: boolean;
}

/** Only the changed fields, each with its base (the value in the record the form was built from). */
export function diffRecord(record: SolicitudRecord, values: FormValues, defs: readonly ConditionalDef[] = []): RecordDiff {
  const changes: Record<string, unknown> = {};
  const base: Record<string, unknown> = {};
  const put = (path: string, value: unknown) => {
    const seen = readPath(record, path);
    if (same(seen, value)) return;
    changes[path] = value;
    base[path] = seen ?? null;
  };

  for (const f of ALL_FIELDS) {
    if (f.path === MONTO_PATH || f.path === PLAZO_PATH || f.path === TIPO_ACTIVIDAD_PATH || f.path === TIPO_CREDITO_PATH) continue;
    const value = fromInput(f.kind, getIn(values, f.path));
    const seen = recordValue(record, f.path);
    if (f.kind === 'checkbox' ? (seen === true) === value : same(fromInput(f.kind, toInput(f.kind, seen)), value)) continue;
    if (!record.ubicacion && f.path.startsWith('ubicacion.') && value === null) continue;
    if (!record.actividad_economica && f.path.startsWith('actividad_economica.') && value === null) continue;
    if (!record.informacion_financiera && f.path.startsWith('informacion_financiera.') && value === null) continue;
    changes[f.path] = value;
    base[f.path] = readPath(record, f.path) ?? null;
  }

  // Activity type: the column and detalle_actividad.tipo_actividad_economica move together, and
  // the fields of the previous type are cleared.
  const prevTipo = recordValue(record, TIPO_ACTIVIDAD_PATH) as string | null | undefined;
  const nextTipo = fromInput('select', getIn(values, TIPO_ACTIVIDAD_PATH)) as string | null;
  if (fold(prevTipo ?? '') !== fold(nextTipo ?? '')) {
    put(TIPO_ACTIVIDAD_PATH, nextTipo);
    const before = (record.actividad_economica?.detalle_actividad ?? {}) as Record<string, unknown>;
    const cleared = clearDependentFields(before, prevTipo, nextTipo, defs);
    for (const [k, val] of Object.entries(cleared)) {
      const path = `actividad_economica.detalle_actividad.${k}`;
      if (val === null && !(path in changes) && before[k] !== undefined && before[k] !== null) put(path, null);
    }
    put('actividad_economica.detalle_actividad.tipo_actividad_economica', nextTipo);
  }

  // Credit: changing the type replaces the credit sub-object by the keyword rules (spec 01 §4).
  const dc = (record.solicitud.detalle_credito ?? {}) as Record<string, unknown>;
  const prevCredito = recordValue(record, TIPO_CREDITO_PATH) as string | null | undefined;
  const nextCredito = fromInput('select', getIn(values, TIPO_CREDITO_PATH)) as string | null;
  let detalle: Record<string, unknown> = { ...dc };
  if (nextCredito && nextCredito !== (prevCredito ?? null)) detalle = replaceCreditType(dc, nextCredito);
  const monto = fromInput('number', getIn(values, MONTO_PATH));
  const plazo = fromInput('number', getIn(values, PLAZO_PATH));
  if (!same(dc.monto_solicitado, monto)) detalle.monto_solicitado = monto;
  if (!same(dc.plazo_meses, plazo)) detalle.plazo_meses = plazo;
  if (nextCredito !== (prevCredito ?? null)) put(TIPO_CREDITO_PATH, nextCredito);
  if (JSON.stringify(detalle) !== JSON.stringify(dc)) {
    changes['solicitud.detalle_credito'] = detalle;
    base['solicitud.detalle_credito'] = record.solicitud.detalle_credito ?? null;
  }

  const prefs = record.solicitud.preferencias_notificacion ?? { email: true, sms: false };
  const nextPrefs = { email: values.preferencias.email !== false, sms: values.preferencias.sms === true };
  if (nextPrefs.email !== (prefs.email !== false) || nextPrefs.sms !== (prefs.sms === true)) {
    changes['solicitud.preferencias_notificacion'] = nextPrefs;
    base['solicitud.preferencias_notificacion'] = record.solicitud.preferencias_notificacion ?? null;
  }

  return { changes, base, bankChanged: BANCO_PATH in changes };
}

export interface ReferenceOps {
  add: Array<{ referenciaId: string; tipo_referencia: string | null; detalle_referencia: Record<string, string> }>;
  edit: Array<{ referenciaId: string; tipo_referencia?: string | null; detalle_referencia?: Record<string, string | null> }>;
}

/** New references to add (blank ones are skipped) and changed keys of existing ones. */
export function diffReferences(record: SolicitudRecord, refs: readonly ReferenceValues[]): ReferenceOps {
  const ops: ReferenceOps = { add: [], edit: [] };
  for (const r of refs) {
    const detalle: Record<string, string> = {};
    for (const k of REFERENCE_KEYS) if (r[k]?.trim()) detalle[k] = r[k].trim();
    if (r.isNew) {
      if (Object.keys(detalle).length || r.tipo_referencia) {
        ops.add.push({ referenciaId: r.id, tipo_referencia: r.tipo_referencia || null, detalle_referencia: detalle });
      }
      continue;
    }
    const old = (record.referencias ?? []).find((x) => x.id === r.id);
    if (!old) continue;
    const changed: Record<string, string | null> = {};
    for (const k of REFERENCE_KEYS) {
      const next = r[k]?.trim() || null;
      if (!same(old.detalle_referencia?.[k], next)) changed[k] = next;
    }
    const op: ReferenceOps['edit'][number] = { referenciaId: r.id };
    if (Object.keys(changed).length) op.detalle_referencia = changed;
    if ((old.tipo_referencia ?? '') !== (r.tipo_referencia ?? '')) op.tipo_referencia = r.tipo_referencia || null;
    if (op.detalle_referencia || op.tipo_referencia !== undefined) ops.edit.push(op);
  }
  return ops;
}
