/**
 * A deactivated account's unsent work, described for the person who will type it in again (a
 * supervisor): each queued or refused change and each draft with what it is, whom it is about,
 * when it was saved and every value by its field's label ('Monto solicitado: $ 180.000.000',
 * 'Fecha de nacimiento: 14/03/1990'). Built while the company's labels and records are still on
 * the device (src/db/device-data.ts keepOnlyUnsentWork), because they go right after.
 */
import type { DraftRow, RadicaDB } from '../db/database';
import type { UnsentItem, UnsentWork } from '../db/device-data';
import { formatDateTime } from '../domain/format';
import { hasOptionLabels, optionLabel } from '../domain/opciones';
import { SINGLE_ENTITIES } from '../domain/registro';
import { fullName } from '../domain/solicitud';
import { fieldLabel, formatValue, leafPaths, leafValue } from '../features/registro/historial-format';
import { draftChanges, parseRecordDraft } from '../features/registro/record-draft';
import { describeChange, NOT_FILED, type Subjects } from './change-description';
import { loadSubjects } from './subjects';

type Values = Record<string, unknown>;
const isPlain = (v: unknown): v is Values => !!v && typeof v === 'object' && !Array.isArray(v);
/** Keys that link rows (ids made on the device), not something a person typed. */
const LINK_KEY = /(^id$|Id$|_id$)/;
const empty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/** Field label -> value, a repeated label numbered ('Nombre (2)'). */
class Campos {
  readonly out: Record<string, string> = {};
  constructor(private readonly subjects: Subjects) {}
  add(label: string, value: string): void {
    // The same value under the same label twice (a field the form keeps under two keys) is one.
    if (this.out[label] === value) return;
    let key = label;
    for (let n = 2; key in this.out; n++) key = `${label} (${n})`;
    this.out[key] = value;
  }
  /** Every filled leaf of `value`, stored at `path`, by its label (`prefix` before it). */
  leaves(path: string, value: unknown, prefix = ''): void {
    if (isPlain(value)) {
      for (const [k, v] of Object.entries(value)) if (!LINK_KEY.test(k)) this.leaves(`${path}.${k}`, v, prefix);
      return;
    }
    if (empty(value)) return;
    const key = path.slice(path.lastIndexOf('.') + 1);
    // A coded choice reads as the form offers it ('CC' -> 'Cédula de ciudadanía (CC)').
    const text = typeof value === 'string' && hasOptionLabels(key) ? optionLabel(key, value) : formatValue(value, path);
    this.add(`${prefix}${fieldLabel(path, this.subjects.etiquetas)}`, text);
  }
}

interface Registro {
  values: Partial<Record<(typeof SINGLE_ENTITIES)[number], Values>>;
  referencias?: Array<{ datos?: Values }>;
  acepta_terminos?: boolean;
  acepta_firma?: boolean;
}

function registroCampos(r: Registro, subjects: Subjects): Record<string, string> {
  const campos = new Campos(subjects);
  for (const entity of SINGLE_ENTITIES) campos.leaves(entity, r.values[entity] ?? {});
  (r.referencias ?? []).forEach((ref, i) => campos.leaves('referencia', ref.datos ?? {}, `Referencia ${i + 1} · `));
  if (r.acepta_terminos !== undefined) campos.add('Acepta términos y condiciones', r.acepta_terminos ? 'Sí' : 'No');
  if (r.acepta_firma !== undefined) campos.add('Acepta firma electrónica', r.acepta_firma ? 'Sí' : 'No');
  return campos.out;
}

const applicant = (values: Values | undefined) => {
  const name = fullName((values ?? {}) as Parameters<typeof fullName>[0]);
  return `${name} · ${NOT_FILED}`;
};

/** What one queued or refused change holds, by label. */
function changeCampos(name: string, args: unknown, subjects: Subjects): Record<string, string> {
  const a = isPlain(args) ? args : {};
  if (name === 'solicitud.crear') {
    const consent = (v: unknown) => (typeof v === 'boolean' ? v : undefined);
    return registroCampos(
      {
        values: a as Registro['values'],
        referencias: Array.isArray(a.referencias) ? (a.referencias as Registro['referencias']) : [],
        acepta_terminos: consent(a.acepta_terminos),
        acepta_firma: consent(a.acepta_firma),
      },
      subjects,
    );
  }
  const campos = new Campos(subjects);
  if (isPlain(a.changes)) {
    // An edit: each changed leaf with what the author saw before ('antes').
    const base = isPlain(a.base) ? a.base : {};
    for (const [k, v] of Object.entries(a.changes)) {
      if (k === 'contraseña') continue;
      for (const leaf of leafPaths(k, [base[k], v])) {
        const before = leafValue(k, base[k], leaf);
        const after = formatValue(leafValue(k, v, leaf), leaf);
        campos.add(fieldLabel(leaf, subjects.etiquetas), empty(before) ? after : `${after} (antes: ${formatValue(before, leaf)})`);
      }
    }
    return campos.out;
  }
  for (const [k, v] of Object.entries(a)) {
    if (LINK_KEY.test(k) || k === 'base' || k === 'contraseña' || k === 'creado_en') continue;
    campos.leaves(k, v);
  }
  return campos.out;
}

/** The names of the files each application carries, from the files still to upload. */
function filesBySolicitud(work: UnsentWork): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const f of work.files) map.set(f.ownerSolicitudId, [...(map.get(f.ownerSolicitudId) ?? []), f.nombre]);
  return map;
}

export function describeUnsentWork(work: UnsentWork, subjects: Subjects): UnsentItem[] {
  const files = filesBySolicitud(work);
  const filesOf = (args: unknown) => {
    const id = isPlain(args) && typeof args.solicitudId === 'string' ? args.solicitudId : null;
    return id ? (files.get(id) ?? []) : [];
  };
  const change = (name: string, args: unknown, at: string, rechazo?: string): UnsentItem => {
    const d = describeChange(name, args, subjects);
    return {
      tipo: d.title,
      asunto: d.subject,
      guardado: formatDateTime(at) || at,
      ...(rechazo ? { rechazo } : {}),
      campos: changeCampos(name, args, subjects),
      archivos: filesOf(args),
    };
  };
  const items: UnsentItem[] = [];
  for (const entry of work.outbox) if (entry.name !== 'sync.omitir') items.push(change(entry.name, entry.args, entry.at));
  for (const p of [...work.problems].sort((x, y) => x.id - y.id)) items.push(change(p.name, p.args, p.at, p.error));
  // A file queued for an application the server already has travels without a change: its own item.
  const carried = new Set(
    [...work.outbox, ...work.problems].flatMap((e) => (isPlain(e.args) && typeof e.args.solicitudId === 'string' ? [e.args.solicitudId] : [])),
  );
  for (const f of work.files) {
    if (carried.has(f.ownerSolicitudId)) continue;
    const known = subjects.solicitudes.get(f.ownerSolicitudId);
    items.push({
      tipo: 'Archivo sin subir',
      asunto: known ? `${known.nombre} · ${known.radicado ?? NOT_FILED}` : null,
      guardado: '',
      campos: {},
      archivos: [f.nombre],
    });
  }
  for (const draft of work.drafts) {
    if (draft.kind === 'registro') {
      const item = recordDraftItem(draft, subjects);
      if (item) items.push(item);
      continue;
    }
    const v = (isPlain(draft.values) ? draft.values : {}) as Partial<Registro> & { files?: Array<{ nombre?: string }> };
    const values = v.values ?? {};
    items.push({
      tipo: 'Borrador de nueva solicitud',
      asunto: applicant(values.solicitante),
      guardado: formatDateTime(draft.updatedAt) || draft.updatedAt,
      campos: registroCampos({ ...v, values }, subjects),
      archivos: (v.files ?? []).flatMap((f) => (typeof f.nombre === 'string' ? [f.nombre] : [])),
    });
  }
  return items;
}

/** The value as a person reads it, a coded choice as the form offers it. */
function valueText(value: unknown, path: string): string {
  const key = path.slice(path.lastIndexOf('.') + 1);
  return typeof value === 'string' && hasOptionLabels(key) ? optionLabel(key, value) : formatValue(value, path);
}

/** The label of a form path of 'Editar Registro' ('credito.x' is the credit's, 'referencias.0.datos.x' a reference's). */
function draftFieldLabel(path: string, subjects: Subjects): string {
  const ref = /^referencias\.(\d+)\.datos\.(.+)$/.exec(path);
  if (ref) return `Referencia ${Number(ref[1]) + 1} · ${fieldLabel(`referencia.${ref[2]}`, subjects.etiquetas)}`;
  if (path === 'preferencias.email') return 'Avisos por correo';
  if (path === 'preferencias.sms') return 'Avisos por SMS';
  return fieldLabel(path.replace(/^credito\./, 'solicitud.detalle_credito.'), subjects.etiquetas);
}

/** An unsaved 'Editar Registro' edit: each changed field by its label, with what it was before. */
export function recordDraftItem(row: DraftRow, subjects: Subjects): UnsentItem | null {
  const saved = parseRecordDraft(row);
  if (!saved) return null;
  const { record, values, defaults } = saved.draft;
  const campos = new Campos(subjects);
  for (const c of draftChanges(values, defaults)) {
    const index = /^referencias\.(\d+)/.exec(c.path)?.[1];
    if (c.reference === 'removed') {
      const nombre = isPlain(c.before) && typeof c.before.nombre === 'string' ? c.before.nombre : '';
      campos.add(`Referencia ${Number(index) + 1}`, nombre ? `Eliminar (${nombre})` : 'Eliminar');
      continue;
    }
    if (c.reference === 'added') continue; // its values follow, one by one
    if (c.path === 'actividad_economica.tipo_actividad_economica') continue; // the same value as tipo_actividad
    const after = empty(c.after) ? '(vacío)' : valueText(c.after, c.path);
    campos.add(draftFieldLabel(c.path, subjects), empty(c.before) ? after : `${after} (antes: ${valueText(c.before, c.path)})`);
  }
  return {
    tipo: 'Borrador de edición de solicitud',
    asunto: `${fullName(record.solicitante)} · ${record.solicitud.radicado ?? NOT_FILED}`,
    guardado: formatDateTime(row.updatedAt) || row.updatedAt,
    campos: campos.out,
    archivos: [],
  };
}

/** The describer keepOnlyUnsentWork calls, reading whom each change is about from `db`. */
export function unsentWorkDescriber(db: RadicaDB) {
  return async (work: UnsentWork): Promise<UnsentItem[]> => {
    const args = [...work.outbox, ...work.problems].map((e) => e.args).concat(work.files.map((f) => ({ solicitudId: f.ownerSolicitudId })));
    const subjects = await loadSubjects(db, args, work.problems);
    return describeUnsentWork(work, subjects);
  };
}
