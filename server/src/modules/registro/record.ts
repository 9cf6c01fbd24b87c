/**
 * The complete applicant record in the spec's shape (spec 01 §3 'Complete applicant record') and the
 * record-level edits of spec 01 §7 (`PATCH solicitantes/{id}/editar-registro-completo`,
 * `PUT edit-record/`, `PATCH solicitudes/{id}`). Invariant: every edit is translated into the
 * field paths of `solicitud.editar` and applied by `editarSolicitud`, the function the sync push
 * uses, so the REST routes and the devices validate, audit, notify and bump seq the same way.
 * Unknown keys are ignored; references are not part of these edits (they have their own routes).
 */
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../../../src/domain/errors';
import { EDITABLE_BLOCKS, type EditableBlock } from '../../../../src/domain/solicitud';
import type { AuthUser } from '../../plugins/auth';
import { buildRecords } from '../solicitudes/repository';
import { cambiarEstado, editarSolicitud } from '../solicitudes/service';
import { referenciaRow, visibleSolicitudesOf } from './service';
import { referencias } from '../../db/schema';
import { and, asc, eq } from 'drizzle-orm';

type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => !!x && typeof x === 'object' && !Array.isArray(x);

export async function registroCompleto(tx: DbOrTx, user: AuthUser, solicitanteId: string) {
  const rows = await visibleSolicitudesOf(tx, user, solicitanteId);
  const records = await buildRecords(tx, rows, user);
  const first = records[0];
  const refs = await tx
    .select()
    .from(referencias)
    .where(and(eq(referencias.solicitanteId, solicitanteId), eq(referencias.empresaId, user.empresaId)))
    .orderBy(asc(referencias.createdAt), asc(referencias.id));
  return {
    solicitante: first.solicitante,
    ubicaciones: first.ubicacion ? [first.ubicacion] : [],
    actividad_economica: first.actividad_economica,
    informacion_financiera: first.informacion_financiera,
    solicitudes: records.map((r) => ({
      ...r.solicitud,
      observaciones_historial: r.observaciones,
    })),
    referencias: refs.map(referenciaRow),
    documentos: first.documentos,
    preferencias_notificacion: first.solicitud.preferencias_notificacion ?? { email: true, sms: false },
  };
}

/** Adds `<block>.<column>` and `<block>.<json>.<key>` paths for the known keys of `src`. */
function addBlock(changes: Obj, block: EditableBlock, src: unknown) {
  if (!isObj(src)) return;
  const def = EDITABLE_BLOCKS[block];
  for (const [key, value] of Object.entries(src)) {
    if ((def.columns as readonly string[]).includes(key)) changes[`${block}.${key}`] = value;
    else if (def.json && key === def.json && isObj(value)) {
      for (const [k, val] of Object.entries(value)) {
        if (/^[a-zA-Z0-9_]{1,60}$/.test(k)) changes[`${block}.${def.json}.${k}`] = val;
      }
    }
  }
}

export interface RecordEdit {
  /** Applicant-level paths (solicitante, ubicacion, actividad, financiera). */
  applicant: Obj;
  /** Per application id: `solicitud.*` paths and an optional new status. */
  solicitudes: Map<string, { changes: Obj; estado?: string }>;
}

function addSolicitud(edit: RecordEdit, s: unknown, fallbackId?: string) {
  if (!isObj(s)) return;
  const id = typeof s.id === 'string' ? s.id : fallbackId;
  if (!id) return;
  const src: Obj = { ...s };
  if (src.banco !== undefined && src.banco_nombre === undefined) src.banco_nombre = src.banco;
  const changes: Obj = {};
  addBlock(changes, 'solicitud', src);
  const entry = edit.solicitudes.get(id) ?? { changes: {} };
  Object.assign(entry.changes, changes);
  if (typeof s.estado === 'string' && s.estado.trim()) entry.estado = s.estado;
  edit.solicitudes.set(id, entry);
}

/** Body of `editar-registro-completo`: solicitante, info_extra, ubicaciones, actividad, financiera, solicitudes. */
export function completeRecordEdit(body: Obj): RecordEdit {
  const edit: RecordEdit = { applicant: {}, solicitudes: new Map() };
  addBlock(edit.applicant, 'solicitante', body.solicitante);
  if (isObj(body.info_extra)) addBlock(edit.applicant, 'solicitante', { info_extra: body.info_extra });
  const ubicacion = Array.isArray(body.ubicaciones) ? body.ubicaciones[0] : body.ubicacion;
  addBlock(edit.applicant, 'ubicacion', ubicacion);
  addBlock(edit.applicant, 'actividad_economica', body.actividad_economica);
  addBlock(edit.applicant, 'informacion_financiera', body.informacion_financiera);
  if (Array.isArray(body.solicitudes)) for (const s of body.solicitudes) addSolicitud(edit, s);
  if (isObj(body.preferencias_notificacion)) {
    for (const entry of edit.solicitudes.values()) entry.changes['solicitud.preferencias_notificacion'] = body.preferencias_notificacion;
  }
  return edit;
}

/** Body of `PUT edit-record/`: a customer row (spec 01 §3 list row shape) plus cedula. */
export function customerRowEdit(body: Obj): { solicitudId: string | null; edit: RecordEdit } {
  const sol = isObj(body.solicitud) ? body.solicitud : null;
  const solicitudId =
    (sol && typeof sol.id === 'string' ? sol.id : null) ??
    (typeof body.solicitud_id === 'string' ? body.solicitud_id : null) ??
    (typeof body.id === 'string' ? body.id : null);
  const edit = completeRecordEdit({ ...body, ubicacion: body.ubicacion, solicitudes: [] });
  if (solicitudId) {
    addSolicitud(edit, { ...(sol ?? {}), id: solicitudId });
    if (typeof body.estado_solicitud === 'string') edit.solicitudes.get(solicitudId)!.estado = body.estado_solicitud;
  }
  return { solicitudId, edit };
}

/**
 * Applies a record edit: applicant paths go with the first application, each application its own
 * `solicitud.*` paths; a status in the body goes through `cambiarEstado` (needs change_status).
 */
export async function applyRecordEdit(tx: DbOrTx, user: AuthUser, anchorId: string, edit: RecordEdit) {
  const ids = new Set([anchorId, ...edit.solicitudes.keys()]);
  let changed = 0;
  for (const id of ids) {
    const own = edit.solicitudes.get(id);
    const changes = { ...(id === anchorId ? edit.applicant : {}), ...(own?.changes ?? {}) };
    if (Object.keys(changes).length) {
      changed += (await editarSolicitud(tx, user, { solicitudId: id, changes, base: {} })).changed;
    }
    if (own?.estado) await cambiarEstado(tx, user, { solicitudId: id, estado: own.estado, base: { estado: null } });
  }
  if (!changed && ![...edit.solicitudes.values()].some((s) => s.estado)) {
    if (!Object.keys(edit.applicant).length && ![...edit.solicitudes.values()].some((s) => Object.keys(s.changes).length)) {
      throw new AppError('VALIDATION', 'No hay cambios para guardar.');
    }
  }
  return { changed };
}
