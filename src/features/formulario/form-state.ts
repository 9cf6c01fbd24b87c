/**
 * The creation form's state: what a draft holds (values, the application's client ids and the
 * chosen files as Blobs) and its pure transitions. One draft = one set of ids, so saving the same
 * draft twice (a double tap, a second tab) creates one application.
 */
import { uuidv7 } from '../../domain/ids';
import { parseListValues, type FieldDefinition } from '../../domain/field-definition';
import { MAX_REFERENCIAS, SINGLE_ENTITIES, type CrearRegistroArgs, type RegistroSchemas } from '../../domain/registro';
import { visibleFields } from '../../domain/schema-compiler';
import { leerFecha } from '../../domain/validacion';
import { setEntityValue, type Values } from '../../domain/form-values';

export type SingleEntity = (typeof SINGLE_ENTITIES)[number];
export type { Values };

export interface StoredFile {
  id: string;
  blob: Blob;
  nombre: string;
  mime: string;
  size: number;
  /** `entity.key` of the file field it belongs to, or null for 'Archivos Adjuntos'. */
  field: string | null;
  maxBytes?: number;
}

export interface FormState {
  ids: { solicitudId: string; solicitanteId: string; ubicacionId: string; actividadId: string; financieraId: string };
  values: Record<SingleEntity, Values>;
  referencias: Array<{ id: string; datos: Values }>;
  files: StoredFile[];
  acepta_terminos: boolean;
  acepta_firma: boolean;
}

export function newFormState(): FormState {
  return {
    ids: {
      solicitudId: uuidv7(),
      solicitanteId: uuidv7(),
      ubicacionId: uuidv7(),
      actividadId: uuidv7(),
      financieraId: uuidv7(),
    },
    values: { solicitante: {}, ubicacion: {}, actividad_economica: {}, informacion_financiera: {}, solicitud: {} },
    referencias: [{ id: uuidv7(), datos: {} }],
    files: [],
    acepta_terminos: false,
    acepta_firma: false,
  };
}

/** Clears the form but keeps its ids: it is still the same (unsaved) application. */
export function clearedFormState(state: FormState): FormState {
  const fresh = newFormState();
  return { ...fresh, ids: state.ids, referencias: [{ id: state.referencias[0]?.id ?? fresh.referencias[0].id, datos: {} }] };
}

export function hasContent(state: FormState): boolean {
  const filled = (v: Values) => Object.values(v).some((x) => x !== '' && x !== null && x !== undefined && x !== false);
  return (
    Object.values(state.values).some(filled) ||
    state.referencias.some((r) => filled(r.datos)) ||
    state.files.length > 0 ||
    state.acepta_terminos ||
    state.acepta_firma
  );
}

export { setEntityValue };

export function addReferencia(state: FormState): FormState {
  if (state.referencias.length >= MAX_REFERENCIAS) return state;
  return { ...state, referencias: [...state.referencias, { id: uuidv7(), datos: {} }] };
}

export function removeReferencia(state: FormState, id: string): FormState {
  if (state.referencias.length <= 1) return state;
  return { ...state, referencias: state.referencias.filter((r) => r.id !== id), files: state.files };
}

/**
 * The fields the form shows for an entity: when the company defines its own activity-type field
 * (tipo_actividad_economica), the built-in tipo_actividad is not asked twice; it is copied on save.
 */
export function shownFields(entity: keyof RegistroSchemas, schemas: RegistroSchemas): readonly FieldDefinition[] {
  const fields = schemas[entity];
  if (entity === 'actividad_economica' && fields.some((f) => f.key === 'tipo_actividad_economica')) {
    // The activity type leads the section: the rest of it depends on it.
    const rest = fields.filter((f) => f.key !== 'tipo_actividad' && f.key !== 'tipo_actividad_economica');
    return [...fields.filter((f) => f.key === 'tipo_actividad_economica'), ...rest];
  }
  return fields;
}

/**
 * A field's configured default value ('Valor por defecto' in Configuración) as the form holds it:
 * a date as YYYY-MM-DD, a yes/no as a boolean, anything else as written; undefined when none.
 */
export function defaultOf(field: Pick<FieldDefinition, 'type' | 'default_value'>): unknown {
  const d = field.default_value;
  if (d === undefined || d === null || (typeof d === 'string' && d.trim() === '')) return undefined;
  if (field.type === 'file' || field.type === 'object') return undefined;
  if (field.type === 'boolean') return d === true || d === 'true' ? true : d === false || d === 'false' ? false : undefined;
  if (field.type === 'date') return leerFecha(d) ?? undefined;
  return d;
}

/**
 * A group of sub-fields with each active sub-field's default in the sub-fields the person has not
 * touched; `current` itself when there is nothing to fill (or it is not a group's value).
 */
function objectDefaults(field: FieldDefinition, current: unknown): unknown {
  if (current !== undefined && (current === null || typeof current !== 'object' || Array.isArray(current))) return current;
  const obj = (current ?? {}) as Values;
  let out: Values | undefined;
  for (const sub of parseListValues(field.list_values).object_structure ?? []) {
    if (sub.isActive === false || !sub.key || obj[sub.key] !== undefined) continue;
    const d = defaultOf(sub);
    if (d === undefined) continue;
    out ??= { ...obj };
    out[sub.key] = d;
  }
  return out ?? current;
}

/** Fills the untouched fields that are shown: a field hidden by its condition gets no default. */
function defaultsInto(values: Values, fields: readonly FieldDefinition[]): Values {
  let out = values;
  for (const field of fields) {
    const d = field.type === 'object' ? objectDefaults(field, values[field.key]) : values[field.key] === undefined ? defaultOf(field) : undefined;
    if (d === undefined || d === values[field.key]) continue;
    // Triggers come first in a section, so a default may itself show the fields that follow it.
    if (field.conditional_on && visibleFields(fields, out).every((f) => f.key !== field.key)) continue;
    if (out === values) out = { ...values };
    out[field.key] = d;
  }
  return out;
}

/**
 * The form with each configured default in the fields the person has not touched (a field they
 * emptied stays empty). What the form shows, judges and saves; the draft keeps only what was
 * typed, so an untouched form is still empty ('hasContent').
 */
export function withDefaults(state: FormState, schemas: RegistroSchemas): FormState {
  const values = { ...state.values };
  for (const entity of SINGLE_ENTITIES) values[entity] = defaultsInto(state.values[entity], schemas[entity]);
  const referencias = state.referencias.map((r) => {
    const datos = defaultsInto(r.datos, schemas.referencia);
    return datos === r.datos ? r : { ...r, datos };
  });
  return { ...state, values, referencias };
}

/** The mutation args of the form (not yet validated). */
export function toArgs(state: FormState, creadoEn: string): CrearRegistroArgs {
  const act = { ...state.values.actividad_economica };
  if (act.tipo_actividad === undefined && act.tipo_actividad_economica !== undefined) {
    act.tipo_actividad = act.tipo_actividad_economica;
  }
  return {
    ...state.ids,
    solicitante: state.values.solicitante,
    ubicacion: state.values.ubicacion,
    actividad_economica: act,
    informacion_financiera: state.values.informacion_financiera,
    solicitud: state.values.solicitud,
    referencias: state.referencias,
    acepta_terminos: state.acepta_terminos,
    acepta_firma: state.acepta_firma,
    creado_en: creadoEn,
  };
}

/** The form state an application's creation args came from (toArgs' inverse), with its files. */
export function fromArgs(args: CrearRegistroArgs, files: StoredFile[]): FormState {
  const { solicitudId, solicitanteId, ubicacionId, actividadId, financieraId } = args;
  return {
    ids: { solicitudId, solicitanteId, ubicacionId, actividadId, financieraId },
    values: {
      solicitante: { ...args.solicitante },
      ubicacion: { ...args.ubicacion },
      actividad_economica: { ...args.actividad_economica },
      informacion_financiera: { ...args.informacion_financiera },
      solicitud: { ...args.solicitud },
    },
    referencias: args.referencias.length ? args.referencias.map((r) => ({ id: r.id, datos: { ...r.datos } })) : [{ id: uuidv7(), datos: {} }],
    files,
    acepta_terminos: args.acepta_terminos,
    acepta_firma: args.acepta_firma,
  };
}
