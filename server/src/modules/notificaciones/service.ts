/**
 * Notifications (spec 01 §3, §4, §7), called by the REST routes and by the sync push handlers alike.
 * Invariants:
 * - A user sees a notification exactly when pull would send it (`canSeeNotificacion`): not
 *   deleted, and either its application is one the user may see (solicitudes/visibility.ts) or,
 *   without an application, it is addressed to nobody in particular or to this user.
 * - A bank change's notification (the server's own, `datos_adicionales.banco_anterior` set) is the
 *   broker's: it names the bank the application came from and asks the broker's staff to review
 *   the documents. A banco user, outside staff of the bank it moved to, never sees it (a competing
 *   bank's name, and a task it must not complete for the broker); it sees the application itself.
 * - A notification the user may not see is NOT_FOUND, never FORBIDDEN, so ids do not leak.
 * - Creating, editing, deleting and marking read or completed need edit_customer: a notification's
 *   estado is one value the whole company shares, so marking it takes it off everyone's pending
 *   panel, and the read-only `user` (spec 01 §6: view_customer only) sees the bell but changes
 *   nothing in it (security audit F2).
 * - Every write sets the row's `seq` from nextSeq (so devices pull it) and leaves an audit row,
 *   inside the caller's transaction; a write that changes nothing writes nothing.
 * - Creating the same id twice is a no-op returning the first notification, to its creator while
 *   they may see it; to anyone else it is the unknown id's NOT_FOUND.
 * - A field in an edit's `base` whose server value differs from both base and the new value is a
 *   CONFLICT, and nothing is written.
 */
import { and, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import * as v from 'valibot';
import type { DbOrTx } from '../../db/client';
import { notificaciones, solicitantes, solicitudes } from '../../db/schema';
import { fullName } from '../../../../src/domain/solicitud';
import type { DatosSolicitud } from '../../../../src/domain/notificacion-textos';
import { nextSeq } from '../../db/change-seq';
import { AppError, forbidden } from '../../../../src/domain/errors';
import { can } from '../../../../src/domain/roles';
import {
  CAMPOS_EDITABLES,
  NOTIFICACION_DEFAULTS,
  fechaNotificacion,
  nuevaNotificacion,
  transicion,
  NotificacionFormSchema,
  PRIORIDADES_GUARDADAS,
  mismoValor,
  sortPendientes,
  valorCampo,
  type CampoEditable,
  type CrearNotificacionArgs,
  type EditarNotificacionArgs,
  type MarcarTodasLeidasArgs,
} from '../../../../src/domain/notificacion';
import type { MutationArgs } from '../../../../src/domain/mutations';
import type { AuthUser } from '../../plugins/auth';
import { parseInput } from '../../lib/validation';
import { canSeeRow, everVisibleSolicitudes, visibleSolicitudes } from '../solicitudes/visibility';
import { auditBy, createdBy, type FieldChanges } from '../audit/service';
import { isoTime } from '../../lib/iso-time';

export const NOTIFICACION_NO_EXISTE = 'La notificación no existe o no tienes acceso a ella.';

type NotificacionDb = typeof notificaciones.$inferSelect;

/** The wire shape (pull and REST): the spec's fields, dates as ISO strings. */
export function notificacionRow(n: NotificacionDb) {
  return {
    id: n.id,
    tipo: n.tipo,
    titulo: n.titulo,
    mensaje: n.mensaje,
    prioridad: n.prioridad,
    estado: n.estado,
    fecha_recordatorio: isoTime(n.fechaRecordatorio),
    fecha_vencimiento: isoTime(n.fechaVencimiento),
    solicitud_id: n.solicitudId,
    metadata: n.metadata,
    datos_adicionales: n.datosAdicionales,
    created_at: isoTime(n.createdAt),
    updated_at: isoTime(n.updatedAt),
  };
}
export type NotificacionWire = ReturnType<typeof notificacionRow>;

/** Whether a notification is a bank change's, made by the server (see the header). */
export function esCambioDeBanco(n: Pick<NotificacionDb, 'datosAdicionales'>): boolean {
  const datos = n.datosAdicionales as Record<string, unknown> | null;
  return !!datos && typeof datos === 'object' && 'banco_anterior' in datos;
}

/** The same in SQL: only the server writes `datos_adicionales` (an edit cannot set it). */
const cambioDeBancoSql = sql`(coalesce(${notificaciones.datosAdicionales}, '{}'::jsonb) -> 'banco_anterior') is not null`;

/** The visibility rule on a loaded row and its application's columns (used by pull too). */
export function canSeeNotificacion(
  user: AuthUser,
  n: Pick<NotificacionDb, 'empresaId' | 'solicitudId' | 'usuarioId' | 'deletedAt' | 'datosAdicionales'>,
  sol: { bancoNombre: string | null; createdByUserId: number | null; assignedToUserId: number | null; deletedAt: string | null },
): boolean {
  if (n.deletedAt || n.empresaId !== user.empresaId) return false;
  if (user.rol === 'banco' && esCambioDeBanco(n)) return false;
  if (n.solicitudId) {
    return !sol.deletedAt && canSeeRow(user, { empresaId: n.empresaId, ...sol });
  }
  return n.usuarioId === null || n.usuarioId === user.id;
}

/** The same rule in SQL, for a query of notificaciones LEFT JOIN solicitudes. */
export function visibleNotificaciones(user: AuthUser): SQL {
  return and(
    eq(notificaciones.empresaId, user.empresaId),
    isNull(notificaciones.deletedAt),
    user.rol === 'banco' ? sql`not ${cambioDeBancoSql}` : undefined,
    or(
      and(
        sql`${notificaciones.solicitudId} is not null`,
        isNull(solicitudes.deletedAt),
        visibleSolicitudes(user),
      ),
      and(
        isNull(notificaciones.solicitudId),
        or(isNull(notificaciones.usuarioId), eq(notificaciones.usuarioId, user.id)),
      ),
    ),
  )!;
}

/**
 * The notifications the user could see at some time (deleted ones included): those of an
 * application the user could see at some time, and the general ones for everybody or for the user.
 */
export function everVisibleNotificaciones(user: AuthUser): SQL {
  return and(
    eq(notificaciones.empresaId, user.empresaId),
    // Never seen under this scope (a device that pulled under banco's old one pulls again): no
    // tombstone either, so the bank does not learn that such a notification exists.
    user.rol === 'banco' ? sql`not ${cambioDeBancoSql}` : undefined,
    or(
      and(sql`${notificaciones.solicitudId} is not null`, everVisibleSolicitudes(user)),
      and(
        isNull(notificaciones.solicitudId),
        or(isNull(notificaciones.usuarioId), eq(notificaciones.usuarioId, user.id)),
      ),
    ),
  )!;
}

function selectVisible(db: DbOrTx, user: AuthUser, where?: SQL) {
  return db
    .select({ n: notificaciones })
    .from(notificaciones)
    .leftJoin(solicitudes, eq(solicitudes.id, notificaciones.solicitudId))
    .where(and(visibleNotificaciones(user), where));
}

/** All visible notifications, or those of one application; newest first. */
export async function listNotificaciones(db: DbOrTx, user: AuthUser, q: { solicitudId?: string }) {
  const rows = await selectVisible(db, user, q.solicitudId ? eq(notificaciones.solicitudId, q.solicitudId) : undefined)
    .orderBy(desc(notificaciones.createdAt), desc(notificaciones.id))
    .limit(5000);
  return rows.map((r) => notificacionRow(r.n));
}

/** The bell's list: pending only, by priority then newest first. */
export async function listPendientes(db: DbOrTx, user: AuthUser) {
  const rows = await selectVisible(db, user, eq(notificaciones.estado, 'pendiente'))
    .orderBy(desc(notificaciones.createdAt))
    .limit(5000);
  return sortPendientes(rows.map((r) => notificacionRow(r.n)));
}

export async function getNotificacion(db: DbOrTx, user: AuthUser, id: string) {
  const [row] = await selectVisible(db, user, eq(notificaciones.id, id)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', NOTIFICACION_NO_EXISTE);
  return notificacionRow(row.n);
}

/** Loads and row-locks a notification the user may see. */
async function lockVisible(tx: DbOrTx, user: AuthUser, id: string): Promise<NotificacionDb> {
  const [row] = await selectVisible(tx, user, eq(notificaciones.id, id))
    .for('update', { of: notificaciones })
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', NOTIFICACION_NO_EXISTE);
  return row.n;
}

function requireEdit(user: AuthUser, accion: string) {
  if (!can(user.rol, 'edit_customer')) throw forbidden(`Tu rol no puede ${accion} notificaciones.`);
}

const fecha = fechaNotificacion;

export async function crearNotificacion(tx: DbOrTx, user: AuthUser, args: CrearNotificacionArgs) {
  requireEdit(user, 'crear');
  const [existing] = await tx.select().from(notificaciones).where(eq(notificaciones.id, args.id)).limit(1);
  if (existing) {
    // A retry answers the stored row to its creator while they may see it; anyone else gets the
    // unknown id's answer, so an id reveals nothing.
    const [visible] = existing.empresaId === user.empresaId ? await selectVisible(tx, user, eq(notificaciones.id, args.id)).limit(1) : [];
    if (!visible || !(await createdBy(tx, user, 'notificacion', existing.id, 'crear'))) {
      throw new AppError('NOT_FOUND', NOTIFICACION_NO_EXISTE);
    }
    return notificacionRow(existing);
  }
  // A notification about an application names it: its radicado and applicant go with it.
  let datos: DatosSolicitud | null = null;
  if (args.solicitud_id) {
    const [sol] = await tx
      .select({ id: solicitudes.id, radicado: solicitudes.radicado, nombres: solicitantes.nombres, primer_apellido: solicitantes.primerApellido, segundo_apellido: solicitantes.segundoApellido })
      .from(solicitudes)
      .innerJoin(solicitantes, eq(solicitantes.id, solicitudes.solicitanteId))
      .where(and(eq(solicitudes.id, args.solicitud_id), visibleSolicitudes(user), isNull(solicitudes.deletedAt)))
      .limit(1);
    if (!sol) throw new AppError('NOT_FOUND', 'La solicitud no existe o no tienes acceso a ella.');
    datos = { solicitud_id: sol.id, radicado: sol.radicado, nombre_cliente: fullName(sol) };
  }
  const nueva = nuevaNotificacion(args);
  const seq = await nextSeq(tx, user.empresaId);
  const [row] = await tx
    .insert(notificaciones)
    .values({
      id: args.id,
      empresaId: user.empresaId,
      solicitudId: args.solicitud_id ?? null,
      // Without an application the notification is a reminder for its author.
      usuarioId: args.solicitud_id ? null : user.id,
      tipo: args.tipo,
      titulo: args.titulo,
      mensaje: args.mensaje,
      prioridad: nueva.prioridad,
      estado: nueva.estado,
      fechaRecordatorio: nueva.fecha_recordatorio,
      fechaVencimiento: nueva.fecha_vencimiento,
      metadata: nueva.metadata,
      datosAdicionales: datos ? { ...datos } : {},
      seq,
    })
    .returning();
  await auditBy(tx, user, {
    entidad: 'notificacion',
    entidadId: row.id,
    accion: 'crear',
    cambios: creationChanges(row),
  });
  return notificacionRow(row);
}

/** Every field of a new notification, as audit changes from nothing. */
export function creationChanges(row: NotificacionDb): FieldChanges {
  const fields: Record<string, unknown> = {
    solicitud_id: row.solicitudId,
    tipo: row.tipo,
    titulo: row.titulo,
    mensaje: row.mensaje,
    prioridad: row.prioridad,
    estado: row.estado,
    fecha_recordatorio: row.fechaRecordatorio,
    fecha_vencimiento: row.fechaVencimiento,
    accion_requerida: (row.metadata as Record<string, unknown> | null)?.accion_requerida ?? null,
  };
  const out: FieldChanges = {};
  for (const [k, val] of Object.entries(fields)) if (val !== null && val !== undefined) out[k] = { old: null, new: val };
  return out;
}

const COLUMN: Record<Exclude<CampoEditable, 'accion_requerida'>, keyof NotificacionDb> = {
  titulo: 'titulo',
  mensaje: 'mensaje',
  tipo: 'tipo',
  prioridad: 'prioridad',
  estado: 'estado',
  fecha_recordatorio: 'fechaRecordatorio',
  fecha_vencimiento: 'fechaVencimiento',
};

export async function editarNotificacion(tx: DbOrTx, user: AuthUser, args: EditarNotificacionArgs) {
  requireEdit(user, 'editar');
  const current = await lockVisible(tx, user, args.id);
  const wire = notificacionRow(current);
  const campos = CAMPOS_EDITABLES.filter((c) => c in args.changes && args.changes[c] !== undefined);
  if (campos.length === 0) throw new AppError('VALIDATION', 'No hay cambios para guardar.');

  const conflicts: Record<string, { base: unknown; server: unknown; mine: unknown }> = {};
  for (const c of campos) {
    if (!(c in args.base)) continue;
    const server = valorCampo(wire, c);
    const mine = args.changes[c];
    if (!mismoValor(c, server, args.base[c]) && !mismoValor(c, server, mine)) {
      conflicts[c] = { base: args.base[c] ?? null, server, mine: mine ?? null };
    }
  }
  if (Object.keys(conflicts).length) {
    throw new AppError('CONFLICT', 'Otra persona cambió esta notificación mientras tanto.', { conflict: { fields: conflicts } });
  }

  // The edited notification as a whole must still be a valid form (e.g. titulo never empty).
  const merged: Record<string, unknown> = {};
  for (const c of CAMPOS_EDITABLES) merged[c] = campos.includes(c) ? args.changes[c] : valorCampo(wire, c);
  if (!(PRIORIDADES_GUARDADAS as readonly string[]).includes(String(merged.prioridad))) delete merged.prioridad;
  if (!campos.includes('tipo') && !v.is(NotificacionFormSchema.entries.tipo, merged.tipo)) merged.tipo = NOTIFICACION_DEFAULTS.tipo;
  if (!campos.includes('accion_requerida') && !merged.accion_requerida) merged.accion_requerida = NOTIFICACION_DEFAULTS.accion_requerida;
  const valid = parseInput(NotificacionFormSchema, merged);

  const set: Partial<NotificacionDb> = {};
  const changes: FieldChanges = {};
  for (const c of campos) {
    const value = valid[c] ?? null;
    if (mismoValor(c, valorCampo(wire, c), value)) continue;
    changes[c] = { old: valorCampo(wire, c), new: value };
    if (c === 'accion_requerida') set.metadata = { ...current.metadata, accion_requerida: value };
    else if (c === 'fecha_recordatorio' || c === 'fecha_vencimiento') {
      (set as Record<string, unknown>)[COLUMN[c]] = fecha(value as string | null);
    } else (set as Record<string, unknown>)[COLUMN[c]] = value;
  }
  if (Object.keys(changes).length === 0) return wire;
  return write(tx, user, current, set, 'editar', changes);
}

async function write(
  tx: DbOrTx,
  user: AuthUser,
  current: NotificacionDb,
  set: Partial<NotificacionDb>,
  accion: string,
  cambios: FieldChanges,
) {
  const seq = await nextSeq(tx, user.empresaId);
  const [row] = await tx
    .update(notificaciones)
    .set({ ...set, seq, updatedAt: sql`now()` })
    .where(eq(notificaciones.id, current.id))
    .returning();
  await auditBy(tx, user, { entidad: 'notificacion', entidadId: current.id, accion, cambios });
  return notificacionRow(row);
}

/** pendiente -> leida; a notification already read or completed stays as it is. */
export async function marcarLeida(tx: DbOrTx, user: AuthUser, args: MutationArgs<'notificacion.marcarLeida'>) {
  requireEdit(user, 'marcar');
  const current = await lockVisible(tx, user, args.id);
  const estado = transicion(current.estado, 'leida');
  if (!estado) return notificacionRow(current);
  return write(tx, user, current, { estado }, 'marcarLeida', { estado: { old: current.estado, new: estado } });
}

/** pendiente or leida -> completada. */
export async function marcarCompletada(tx: DbOrTx, user: AuthUser, args: MutationArgs<'notificacion.marcarCompletada'>) {
  requireEdit(user, 'marcar');
  const current = await lockVisible(tx, user, args.id);
  const estado = transicion(current.estado, 'completada');
  if (!estado) return notificacionRow(current);
  return write(tx, user, current, { estado }, 'marcarCompletada', { estado: { old: current.estado, new: estado } });
}

/**
 * Marks read the given pending notifications (all visible pending ones when `ids` is absent).
 * Ids that are gone or out of sight are skipped: the user marked what they saw.
 */
export async function marcarTodasLeidas(tx: DbOrTx, user: AuthUser, args: Partial<MarcarTodasLeidasArgs>) {
  requireEdit(user, 'marcar');
  const where = and(
    eq(notificaciones.estado, 'pendiente'),
    args.ids ? (args.ids.length ? inArray(notificaciones.id, args.ids) : sql`false`) : undefined,
  );
  const rows = await selectVisible(tx, user, where).for('update', { of: notificaciones });
  if (rows.length === 0) return { marcadas: 0 };
  const ids = rows.map((r) => r.n.id);
  const seq = await nextSeq(tx, user.empresaId);
  await tx
    .update(notificaciones)
    .set({ estado: 'leida', seq, updatedAt: sql`now()` })
    .where(and(eq(notificaciones.empresaId, user.empresaId), inArray(notificaciones.id, ids)));
  for (const id of ids) {
    await auditBy(tx, user, { entidad: 'notificacion', entidadId: id, accion: 'marcarTodasLeidas', cambios: { estado: { old: 'pendiente', new: 'leida' } } });
  }
  return { marcadas: ids.length };
}

/** Soft delete (pull sends a tombstone). Deleting a notification already deleted is a no-op. */
export async function eliminarNotificacion(tx: DbOrTx, user: AuthUser, args: MutationArgs<'notificacion.eliminar'>) {
  requireEdit(user, 'eliminar');
  const [gone] = await tx
    .select({ id: notificaciones.id })
    .from(notificaciones)
    .where(and(eq(notificaciones.id, args.id), eq(notificaciones.empresaId, user.empresaId), sql`${notificaciones.deletedAt} is not null`))
    .limit(1);
  if (gone) return { id: args.id, eliminada: false };
  const current = await lockVisible(tx, user, args.id);
  const deletedAt = new Date().toISOString();
  await write(tx, user, current, { deletedAt }, 'eliminar', {
    titulo: { old: current.titulo, new: null },
    deleted_at: { old: null, new: deletedAt },
  });
  return { id: current.id, eliminada: true };
}
