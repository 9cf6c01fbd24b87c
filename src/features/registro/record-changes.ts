/**
 * From 'Editar Registro' values to what is saved: the `solicitud.editar` changes (only the fields
 * that changed, each at its path with the value the user saw as its base) and the reference
 * mutations. Every changed value is judged by the same compiler as the creation form
 * (src/domain/schema-compiler.ts: types, options, required, conditions, the shared plausibility
 * rules) and nothing else: a value left as it was is never refused, so an old record that lacks a
 * field the company now requires still saves its other changes. Pure: no React, no Dexie.
 * - A field whose condition stopped holding because of this edit is cleared (spec 01 §4).
 * - Activity and credit types are written to both places that store them.
 * - A credit type of another kind replaces the credit sub-object: the new kind's is written whole,
 *   the other kinds' are dropped (spec 01 §4); within one kind each field is its own path.
 */
import * as v from 'valibot';
import { EDIT_ENTITIES, pathOf, type EditEntity } from '../../domain/campos-registro';
import { CREDIT_KINDS, creditKind } from '../../domain/credito';
import type { FieldDefinition } from '../../domain/field-definition';
import { compileFields, isReferenceFilled, issuesToFields, visibleFields } from '../../domain/schema-compiler';
import { REQUIRED_TEXT_MESSAGES, mismoValorGuardado, readPath, type SolicitudRecord } from '../../domain/solicitud';
import { DEPENDE_DE } from '../../domain/validacion';
import type { BaseReferencia } from '../../domain/registro-mutations';
import { REFERENCE_COLUMNS, storedTipoCredito, type EditValues, type RecordFields } from './record-values';

type Obj = Record<string, unknown>;

export interface ReferenceOps {
  add: Array<{ referenciaId: string; tipo_referencia: string | null; detalle_referencia: Record<string, ReferenceValue> }>;
  /** Each with its base: what the record held for each field it changes (the server checks it). */
  edit: Array<{ referenciaId: string; tipo_referencia?: string | null; detalle_referencia?: Record<string, ReferenceValue>; base: BaseReferencia }>;
  /** References on the record marked 'Eliminar' in this edit, each with its base: the reference as the record holds it. */
  remove: Array<{ referenciaId: string; base: BaseReferencia }>;
}
type ReferenceValue = string | number | boolean | null;

export interface RecordEdit {
  changes: Obj;
  base: Obj;
  references: ReferenceOps;
  bankChanged: boolean;
  /** The document as it will be saved, when this edit changes it (asked about if another applicant has it). */
  documento: { tipo: string; numero: string } | null;
}

export type EditOutcome = { ok: true; edit: RecordEdit } | { ok: false; fields: Record<string, string> };

const empty = (x: unknown) => x === undefined || x === null || (typeof x === 'string' && x.trim() === '');

/** Whether two form values read the same ('' and null alike, 12 and '12' alike). */
export function sameFormValue(a: unknown, b: unknown): boolean {
  const norm = (x: unknown) => (empty(x) ? null : typeof x === 'number' ? String(x) : typeof x === 'string' ? x.trim() : x);
  return JSON.stringify(norm(a)) === JSON.stringify(norm(b));
}

interface Judged {
  /** Cleaned values of the changed, visible fields; null for one left empty. */
  values: Obj;
  /** Keys whose field this edit hid, to clear. */
  hidden: string[];
  errors: Record<string, string>;
}

/** Judges the changed fields of one group of values with the compiler (all of them when there is no `initial`). */
function judge(fields: readonly FieldDefinition[], values: Obj, initial: Obj | null, today: string | undefined, prefix: string): Judged {
  const differs = (key: string) => !!initial && !sameFormValue(values[key], initial[key]);
  // A field is judged again when the one it depends on changed (the number, with a new type of document).
  const changed = initial ? fields.filter((f) => differs(f.key) || (DEPENDE_DE[f.key] !== undefined && differs(DEPENDE_DE[f.key]))) : fields;
  const shownNow = new Set(visibleFields(fields, values).map((f) => f.key));
  const shownBefore = new Set(initial ? visibleFields(fields, initial).map((f) => f.key) : []);
  const judged = changed.filter((f) => shownNow.has(f.key));
  const r = v.safeParse(compileFields(judged, { keepUnknown: false, today }), values);
  const out: Judged = { values: {}, hidden: [], errors: r.success ? {} : issuesToFields(r.issues, prefix) };
  if (r.success) for (const f of judged) out.values[f.key] = r.output[f.key] ?? null;
  for (const f of fields) if (shownBefore.has(f.key) && !shownNow.has(f.key) && !empty(initial?.[f.key])) out.hidden.push(f.key);
  return out;
}

class Changes {
  readonly changes: Obj = {};
  readonly base: Obj = {};
  constructor(private readonly record: SolicitudRecord) {}
  put(path: string, value: unknown) {
    const seen = readPath(this.record, path);
    if (mismoValorGuardado(seen, value)) return;
    this.changes[path] = value;
    this.base[path] = seen ?? null;
  }
}

function entityChanges(out: Changes, entity: EditEntity, j: Judged) {
  for (const [key, value] of Object.entries(j.values)) out.put(pathOf(entity, key), value);
  for (const key of j.hidden) out.put(pathOf(entity, key), null);
}

/** The credit: the type in both places, then its kind's sub-object (spec 01 §4). */
function creditChanges(out: Changes, record: SolicitudRecord, fields: RecordFields, values: EditValues, initial: EditValues, today?: string): Record<string, string> {
  const tipo = typeof values.solicitud.tipo_credito === 'string' ? values.solicitud.tipo_credito.trim() : '';
  if (!sameFormValue(tipo, initial.solicitud.tipo_credito)) out.put('solicitud.tipo_credito', tipo || null);
  const before = creditKind(storedTipoCredito(record));
  const kind = creditKind(tipo || null);
  const kindFields = fields.credito[kind];
  if (kind === before) {
    const j = judge(kindFields, values.credito, initial.credito, today, 'credito.');
    for (const [key, value] of Object.entries(j.values)) out.put(`solicitud.detalle_credito.${kind}.${key}`, value);
    for (const key of j.hidden) out.put(`solicitud.detalle_credito.${kind}.${key}`, null);
    return j.errors;
  }
  const dc = (record.solicitud.detalle_credito ?? {}) as Obj;
  for (const other of CREDIT_KINDS) if (other !== kind && other in dc) out.put(`solicitud.detalle_credito.${other}`, null);
  const r = v.safeParse(compileFields(kindFields, { keepUnknown: false, today }), values.credito);
  if (!r.success) return issuesToFields(r.issues, 'credito.');
  out.put(`solicitud.detalle_credito.${kind}`, r.output);
  return {};
}

/** A reference's values as detalle_referencia holds them (plain values only). */
function referenceValue(value: unknown): ReferenceValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return Array.isArray(value) ? value.join(', ') : JSON.stringify(value);
}

function referenceChanges(record: SolicitudRecord, fields: readonly FieldDefinition[], values: EditValues, initialValues: EditValues, today?: string) {
  const ops: ReferenceOps = { add: [], edit: [], remove: [] };
  // What the device last saw of each reference: the record as the server last sent it (or as this device changed it).
  const stored = (id: string) => (record.referencias ?? []).find((r) => r.id === id);
  const errors: Record<string, string> = {};
  values.referencias.forEach((ref, i) => {
    const initial = ref.isNew ? undefined : initialValues.referencias.find((r) => r.id === ref.id)?.datos;
    if (!ref.isNew && !initial) return;
    if (ref.eliminada) {
      // Deleted: its values are neither judged nor sent; a new one marked so simply isn't added.
      if (!ref.isNew) {
        const seen = stored(ref.id);
        ops.remove.push({ referenciaId: ref.id, base: { tipo_referencia: seen?.tipo_referencia ?? null, detalle_referencia: { ...(seen?.detalle_referencia ?? {}) } } });
      }
      return;
    }
    // A new reference is sent only with a name, cell, address or relationship (spec 02 §5).
    if (ref.isNew && !isReferenceFilled(ref.datos)) return;
    const j = judge(fields, ref.datos, initial ?? null, today, `referencias.${i}.datos.`);
    Object.assign(errors, j.errors);
    if (Object.keys(j.errors).length) return;
    const detalle: Record<string, ReferenceValue> = {};
    for (const [key, value] of Object.entries(j.values)) if (!REFERENCE_COLUMNS.has(key)) detalle[key] = referenceValue(value);
    for (const key of j.hidden) if (!REFERENCE_COLUMNS.has(key)) detalle[key] = null;
    const tipo = 'tipo_referencia' in j.values ? (j.values.tipo_referencia as string | null) : undefined;
    if (ref.isNew) {
      const filled = Object.fromEntries(Object.entries(detalle).filter(([, x]) => x !== null));
      ops.add.push({ referenciaId: ref.id, tipo_referencia: tipo ?? null, detalle_referencia: filled });
    } else if (Object.keys(detalle).length || tipo !== undefined) {
      const seen = stored(ref.id);
      const seenDetalle: Record<string, unknown> = seen?.detalle_referencia ?? {};
      const base: BaseReferencia = {
        ...(tipo !== undefined ? { tipo_referencia: seen?.tipo_referencia ?? null } : {}),
        ...(Object.keys(detalle).length ? { detalle_referencia: Object.fromEntries(Object.keys(detalle).map((k) => [k, seenDetalle[k] ?? null])) } : {}),
      };
      ops.edit.push({ referenciaId: ref.id, ...(tipo !== undefined ? { tipo_referencia: tipo } : {}), ...(Object.keys(detalle).length ? { detalle_referencia: detalle } : {}), base });
    }
  });
  return { ops, errors };
}

/**
 * Judges an edit and, when every changed value is acceptable, answers what to save. Errors are
 * keyed by form path (`solicitante.celular`, `credito.valor_inmueble`, `referencias.0.datos.nombre`).
 */
export function recordEdit(record: SolicitudRecord, fields: RecordFields, values: EditValues, initial: EditValues, today?: string): EditOutcome {
  const out = new Changes(record);
  const errors: Record<string, string> = {};
  for (const entity of EDIT_ENTITIES) {
    const j = judge(fields.entities[entity], values[entity], initial[entity], today, `${entity}.`);
    Object.assign(errors, j.errors);
    entityChanges(out, entity, j);
  }
  // The activity type is stored in the column and in detalle_actividad: both follow the one shown.
  const act = values.actividad_economica;
  const tipoActividad = [act.tipo_actividad_economica, act.tipo_actividad].find((x) => !sameFormValue(x, initial.actividad_economica.tipo_actividad));
  if (tipoActividad !== undefined && !errors['actividad_economica.tipo_actividad'] && !errors['actividad_economica.tipo_actividad_economica']) {
    const value = empty(tipoActividad) ? null : String(tipoActividad).trim();
    out.put('actividad_economica.tipo_actividad', value);
    out.put('actividad_economica.detalle_actividad.tipo_actividad_economica', value);
  }
  Object.assign(errors, creditChanges(out, record, fields, values, initial, today));
  const prefs = record.solicitud.preferencias_notificacion ?? { email: true, sms: false };
  const next = { email: values.preferencias.email !== false, sms: values.preferencias.sms === true };
  if (next.email !== (prefs.email !== false) || next.sms !== (prefs.sms === true)) out.put('solicitud.preferencias_notificacion', next);
  const refs = referenceChanges(record, fields.referencia, values, initial, today);
  Object.assign(errors, refs.errors);
  // The spec's own words for the three fields an edit may never empty.
  for (const [path, message] of Object.entries(REQUIRED_TEXT_MESSAGES)) {
    const key = path.slice(path.indexOf('.') + 1);
    if (errors[path] && empty(values.solicitante[key])) errors[path] = message;
  }
  if (Object.keys(errors).length) return { ok: false, fields: errors };
  const docChanged = 'solicitante.numero_documento' in out.changes || 'solicitante.tipo_identificacion' in out.changes;
  const s = values.solicitante;
  return {
    ok: true,
    edit: {
      changes: out.changes,
      base: out.base,
      references: refs.ops,
      bankChanged: 'solicitud.banco_nombre' in out.changes,
      // The number as it will be stored ('800.197.268-4' is NIT 800197268), for the duplicate check.
      documento: docChanged ? { tipo: String(s.tipo_identificacion ?? ''), numero: String(out.changes['solicitante.numero_documento'] ?? s.numero_documento ?? '').trim() } : null,
    },
  };
}
