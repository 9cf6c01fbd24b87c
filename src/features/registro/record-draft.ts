/**
 * The draft of 'Editar Registro': the changes typed and not yet saved, kept on the device (the
 * `drafts` table, kind 'registro', id `registro:<solicitudId>`) so a tab the tablet kills, a closed
 * browser or an expired session loses nothing; reopening the record brings them back.
 * - The draft holds the record as this device saw it when editing began (`record`) and the form's
 *   starting values (`defaults`): reopened, the form is built from that record again, so every
 *   restored change is saved with the base the person saw, and a field someone else changed
 *   meanwhile comes back from the server as a conflict instead of being silently overwritten.
 * - Files chosen in a file field are not kept (their contents stay in memory until Guardar): a
 *   restored draft names only the files the record already had.
 * Pure, but for reading the row.
 */
import * as v from 'valibot';
import type { DraftRow, RadicaDB } from '../../db/database';
import { isReferenceFilled } from '../../domain/schema-compiler';
import type { SolicitudRecord } from '../../domain/solicitud';
import { sameFormValue } from './record-changes';
import { EditValuesSchema, type EditValues } from './record-values';

export const recordDraftId = (solicitudId: string) => `registro:${solicitudId}`;

export interface RecordDraft {
  solicitudId: string;
  /** The record as this device saw it when editing began: the base of every change. */
  record: SolicitudRecord;
  /** The form's values when editing began. */
  defaults: EditValues;
  /** The form's values as last typed. */
  values: EditValues;
}

/** A draft read back, with when it was last written (ISO). */
export interface SavedRecordDraft {
  draft: RecordDraft;
  updatedAt: string;
}

/** The groups of single values, by form path. */
const GROUPS = [
  'solicitante',
  'ubicacion',
  'actividad_economica',
  'informacion_financiera',
  'solicitud',
  'credito',
] as const;

export interface DraftChange {
  /** The form path: 'solicitante.celular', 'referencias.1.datos.nombre', 'preferencias.sms'. */
  path: string;
  before: unknown;
  after: unknown;
  /** Set for a whole reference: added in this edit, or marked for deletion. */
  reference?: 'added' | 'removed';
}

type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => !!x && typeof x === 'object' && !Array.isArray(x);
const empty = (x: unknown) =>
  x === undefined || x === null || x === '' || (Array.isArray(x) && x.length === 0);

function differs(a: unknown, b: unknown): boolean {
  if (typeof a === 'object' || typeof b === 'object')
    return JSON.stringify(a ?? null) !== JSON.stringify(b ?? null) && !(empty(a) && empty(b));
  return !sameFormValue(a, b);
}

function groupChanges(prefix: string, values: Obj, before: Obj, out: DraftChange[]) {
  for (const key of new Set([...Object.keys(values), ...Object.keys(before)])) {
    if (differs(values[key], before[key]))
      out.push({ path: `${prefix}.${key}`, before: before[key], after: values[key] });
  }
}

/** What the values change from the form's starting ones, path by path (nothing: the draft is not worth keeping). */
export function draftChanges(values: EditValues, defaults: EditValues): DraftChange[] {
  const out: DraftChange[] = [];
  for (const g of GROUPS) groupChanges(g, values[g] ?? {}, defaults[g] ?? {}, out);
  values.referencias.forEach((ref, i) => {
    if (ref.isNew) {
      // A new reference counts once it holds something the save would send (spec 02 §5).
      if (ref.eliminada || !isReferenceFilled(ref.datos)) return;
      out.push({ path: `referencias.${i}`, before: null, after: ref.datos, reference: 'added' });
      for (const [key, value] of Object.entries(ref.datos))
        if (!empty(value))
          out.push({ path: `referencias.${i}.datos.${key}`, before: null, after: value });
      return;
    }
    const initial = defaults.referencias.find((r) => r.id === ref.id);
    if (!initial) return;
    if (ref.eliminada)
      out.push({
        path: `referencias.${i}`,
        before: initial.datos,
        after: null,
        reference: 'removed',
      });
    else groupChanges(`referencias.${i}.datos`, ref.datos, initial.datos, out);
  });
  for (const key of ['email', 'sms'] as const) {
    if (values.preferencias[key] !== defaults.preferencias[key])
      out.push({
        path: `preferencias.${key}`,
        before: defaults.preferencias[key],
        after: values.preferencias[key],
      });
  }
  return out;
}

const isFileRef = (x: unknown): x is { id: string } =>
  isObj(x) && typeof x.id === 'string' && typeof x.nombre === 'string';

/** A file field's value without the files chosen in this edit (their contents are not kept). */
function keptFiles(value: unknown, before: unknown): unknown {
  if (!Array.isArray(value) || !value.some(isFileRef)) return value;
  const known = new Set((Array.isArray(before) ? before : []).filter(isFileRef).map((r) => r.id));
  const left = value.filter((r) => !isFileRef(r) || known.has(r.id));
  return left.length ? left : Array.isArray(before) ? before : null;
}

/** The values as the draft keeps them: the files chosen in this edit left out. */
export function draftValues(values: EditValues, defaults: EditValues): EditValues {
  const out = { ...values };
  for (const g of GROUPS) {
    const group = values[g] ?? {};
    out[g] = Object.fromEntries(
      Object.entries(group).map(([k, x]) => [k, keptFiles(x, defaults[g]?.[k])]),
    );
  }
  return out;
}

/**
 * The form's values with a draft's changes put back on `defaults` (the starting values built from
 * the draft's record with today's fields), and the form paths restored, to mark them.
 */
export function restoreValues(
  defaults: EditValues,
  draft: RecordDraft,
): { values: EditValues; restored: Set<string> } {
  const changes = draftChanges(draft.values, draft.defaults);
  const restored = new Set(changes.map((c) => c.path));
  const values: EditValues = { ...defaults, preferencias: { ...draft.values.preferencias } };
  for (const g of GROUPS) {
    const next = { ...defaults[g] };
    for (const c of changes)
      if (c.path.startsWith(`${g}.`)) next[c.path.slice(g.length + 1)] = c.after;
    values[g] = next;
  }
  // Another kind of credit brings its own sub-object: the draft's, whole.
  if (restored.has('solicitud.tipo_credito')) values.credito = { ...draft.values.credito };
  values.referencias = draft.values.referencias.flatMap((ref) => {
    if (ref.isNew) return [ref];
    const now = defaults.referencias.find((r) => r.id === ref.id);
    return now
      ? [{ ...now, eliminada: ref.eliminada === true, datos: { ...now.datos, ...ref.datos } }]
      : [];
  });
  for (const ref of defaults.referencias)
    if (!values.referencias.some((r) => r.id === ref.id)) values.referencias.push(ref);
  return { values, restored };
}

/** The row that keeps `draft`, or null when it changes nothing (then there is no draft). */
export function recordDraftRow(draft: RecordDraft, now = new Date()): DraftRow | null {
  const values = draftValues(draft.values, draft.defaults);
  if (!draftChanges(values, draft.defaults).length) return null;
  return {
    id: recordDraftId(draft.solicitudId),
    kind: 'registro',
    values: { ...draft, values },
    updatedAt: now.toISOString(),
  };
}

/** A stored row read as a draft of `solicitudId`'s record; null when it is not one (or not readable). */
export function parseRecordDraft(
  row: DraftRow | undefined,
  solicitudId?: string,
): SavedRecordDraft | null {
  if (!row || row.kind !== 'registro' || !isObj(row.values)) return null;
  const d = row.values;
  if (typeof d.solicitudId !== 'string' || (solicitudId && d.solicitudId !== solicitudId))
    return null;
  if (!isObj(d.record) || d.record.id !== d.solicitudId) return null;
  const defaults = v.safeParse(EditValuesSchema, d.defaults);
  const values = v.safeParse(EditValuesSchema, d.values);
  if (!defaults.success || !values.success) return null;
  return {
    draft: {
      solicitudId: d.solicitudId,
      record: d.record as unknown as SolicitudRecord,
      defaults: d.defaults as EditValues,
      values: d.values as EditValues,
    },
    updatedAt: row.updatedAt,
  };
}

export async function readRecordDraft(
  db: RadicaDB,
  solicitudId: string,
): Promise<SavedRecordDraft | null> {
  return parseRecordDraft(await db.drafts.get(recordDraftId(solicitudId)), solicitudId);
}

/** Whether the record's editable values on this device differ from those the draft was begun on. */
export function recordChangedSince(begun: SolicitudRecord, now: SolicitudRecord): boolean {
  const editable = (r: SolicitudRecord) =>
    JSON.stringify([
      r.solicitante,
      r.ubicacion,
      r.actividad_economica,
      r.informacion_financiera,
      r.solicitud,
      r.referencias,
    ]);
  return editable(begun) !== editable(now);
}
