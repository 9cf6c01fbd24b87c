/**
 * The complete record of an applicant: references, observations, documents, deletion, and the
 * record-level reads and edits of the 'Editar Registro' modal. Called by the REST routes of
 * registro/routes.ts and by the sync push handlers alike.
 * Invariants:
 * - every function runs inside the caller's transaction and checks permission, then visibility:
 *   what the user may not see is NOT_FOUND (never FORBIDDEN), so ids do not leak across roles or
 *   companies;
 * - references and documents belong to the applicant, observations to one application; every
 *   write bumps `seq` (nextSeq) of each application whose pulled record shows the change, so pull
 *   sends the new full record, and leaves an audit row;
 * - creating with an id that exists already is a no-op that answers the first result (retries),
 *   only to the row's creator while they may see it; anyone else gets the unknown id's NOT_FOUND;
 * - a reference's changed values pass the shared plausibility rules (src/domain/validacion.ts: its
 *   celular), else VALIDATION with `fields` and nothing is written;
 * - a reference edit or deletion that carries `base` (what the device last saw) is a CONFLICT, and
 *   nothing is written, when a field it changes differs on the server from both base and the new
 *   value, when the reference it deletes was edited since, or when the reference it edits was
 *   deleted meanwhile (then the conflict carries what it held, to create it again).
 */
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { nextSeq } from '../../db/change-seq';
import { contentSize, readContent, storeContent, type Content } from '../../lib/file-store';
import {
  auditoria,
  documentos,
  observaciones,
  referencias,
  solicitantes,
  solicitudes,
} from '../../db/schema';
import { AppError, forbidden, type ConflictDetail } from '../../../../src/domain/errors';
import { mismoValorGuardado } from '../../../../src/domain/solicitud';
import { withLastChanges } from '../audit/last-change';
import { can } from '../../../../src/domain/roles';
import {
  MAX_REFERENCIAS,
  type AgregarObservacionArgs,
  type AgregarReferenciaArgs,
  type EditarReferenciaArgs,
  type EliminarDocumentoArgs,
  type EliminarReferenciaArgs,
  type EliminarSolicitudArgs,
} from '../../../../src/domain/registro-mutations';
import type { AuthUser } from '../../plugins/auth';
import { validarObjeto } from '../../../../src/domain/validacion';
import { auditBy, createdBy, type FieldChanges } from '../audit/service';
import { documentosServidos, visibleSolicitudes } from '../solicitudes/visibility';
import { moveDependentsToSeq } from '../solicitudes/dependents';
import { lockVisibleSolicitud, visibleSolicitud } from '../solicitudes/service';

export const referenciaNoExiste = (id: string) =>
  new AppError('NOT_FOUND', `La referencia ${id} no existe en el contenedor. Refresca e inténtalo de nuevo.`);
export const DOCUMENTO_NO_EXISTE = 'El documento no existe o no tienes acceso a él.';
export const OBSERVACION_NO_EXISTE = 'La observación no existe o no tienes acceso a ella.';

function requireEdit(user: AuthUser) {
  if (!can(user.rol, 'edit_customer')) throw forbidden('Tu rol no puede editar solicitudes.');
}

/** Gives every live application of the applicant a new seq, so pull re-sends their records. */
export async function touchSolicitante(tx: DbOrTx, empresaId: number, solicitanteId: string) {
  const seq = await nextSeq(tx, empresaId);
  await tx
    .update(solicitudes)
    .set({ seq, updatedAt: sql`now()` })
    .where(and(eq(solicitudes.solicitanteId, solicitanteId), eq(solicitudes.empresaId, empresaId), isNull(solicitudes.deletedAt)));
}

async function touchSolicitud(tx: DbOrTx, empresaId: number, solicitudId: string) {
  const seq = await nextSeq(tx, empresaId);
  await tx.update(solicitudes).set({ seq, updatedAt: sql`now()` }).where(eq(solicitudes.id, solicitudId));
}

/** The applications of an applicant the user may see, newest first; NOT_FOUND when none. */
export async function visibleSolicitudesOf(tx: DbOrTx, user: AuthUser, solicitanteId: string) {
  const rows = await tx
    .select()
    .from(solicitudes)
    .where(and(eq(solicitudes.solicitanteId, solicitanteId), visibleSolicitudes(user), isNull(solicitudes.deletedAt)))
    .orderBy(desc(solicitudes.createdAt));
  if (!rows.length) throw new AppError('NOT_FOUND', 'El solicitante no existe o no tienes acceso a él.');
  return rows;
}

// ---- deletion ---------------------------------------------------------------------------------

export async function eliminarSolicitud(tx: DbOrTx, user: AuthUser, args: EliminarSolicitudArgs) {
  if (!can(user.rol, 'delete_customer')) throw forbidden('Tu rol no puede eliminar registros.');
  const row = await lockVisibleSolicitud(tx, user, args.solicitudId);
  const seq = await nextSeq(tx, user.empresaId);
  const [gone] = await tx
    .update(solicitudes)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()`, seq })
    .where(eq(solicitudes.id, row.id))
    .returning({ deletedAt: solicitudes.deletedAt });
  // Its reviews and notifications leave the devices with it: tombstones at this seq.
  await moveDependentsToSeq(tx, row.id, seq);
  // Its files leave the records of its sisters (the applicant's other live applications), which
  // list the applicant's files a viewer may download: they are sent again at this seq.
  await tx
    .update(solicitudes)
    .set({ seq, updatedAt: sql`now()` })
    .where(and(eq(solicitudes.solicitanteId, row.solicitanteId), eq(solicitudes.empresaId, user.empresaId), isNull(solicitudes.deletedAt)));
  await auditBy(tx, user, {
    entidad: 'solicitud',
    entidadId: row.id,
    accion: 'eliminar',
    cambios: { deleted_at: { old: null, new: gone.deletedAt } },
  });
  return { id: row.id, eliminado: true };
}

// ---- references -------------------------------------------------------------------------------

export function referenciaRow(r: typeof referencias.$inferSelect) {
  return {
    id: r.id,
    referencia_id: r.id,
    id_tipo_referencia: r.tipoReferencia,
    tipo_referencia: r.tipoReferencia,
    solicitante_id: r.solicitanteId,
    detalle_referencia: r.detalleReferencia,
  };
}

async function lockReferencia(tx: DbOrTx, user: AuthUser, referenciaId: string, solicitanteId: string) {
  const [ref] = await tx
    .select()
    .from(referencias)
    .where(and(eq(referencias.id, referenciaId), eq(referencias.empresaId, user.empresaId)))
    .for('update')
    .limit(1);
  if (!ref || ref.solicitanteId !== solicitanteId) throw referenciaNoExiste(referenciaId);
  return ref;
}

/**
 * Trims a reference's values and applies the plausibility rules (its celular) to the keys whose
 * value differs from `antes`; a refused value is a VALIDATION error naming the field.
 */
function cleanDetalle(detalle: Record<string, unknown>, antes: Record<string, unknown> | null = null): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, val] of Object.entries(detalle)) out[k] = typeof val === 'string' ? val.trim() : val;
  const checked = validarObjeto(out, antes, 'detalle_referencia.');
  const messages = Object.values(checked.fields);
  if (messages.length) throw new AppError('VALIDATION', messages[0], { fields: checked.fields });
  return checked.values;
}

export async function agregarReferencia(tx: DbOrTx, user: AuthUser, args: AgregarReferenciaArgs) {
  requireEdit(user);
  const sol = await lockVisibleSolicitud(tx, user, args.solicitudId);
  const [existing] = await tx.select().from(referencias).where(eq(referencias.id, args.referenciaId)).limit(1);
  if (existing) {
    // A retry of the same creation, answered only to its creator (the unknown id's answer otherwise).
    const mine = existing.empresaId === user.empresaId && existing.solicitanteId === sol.solicitanteId;
    if (!mine || !(await createdBy(tx, user, 'referencia', existing.id, 'agregar'))) throw referenciaNoExiste(args.referenciaId);
    return referenciaRow(existing);
  }
  // The applicant row lock serialises concurrent additions, so the limit cannot be overrun.
  await tx.select({ id: solicitantes.id }).from(solicitantes).where(eq(solicitantes.id, sol.solicitanteId)).for('update');
  const [{ n }] = await tx.select({ n: count() }).from(referencias).where(eq(referencias.solicitanteId, sol.solicitanteId));
  if (n >= MAX_REFERENCIAS) {
    throw new AppError('VALIDATION', `Solo se permiten ${MAX_REFERENCIAS} referencias por solicitante.`, {
      fields: { referencias: `Máximo ${MAX_REFERENCIAS} referencias` },
    });
  }
  const detalle = cleanDetalle(args.detalle_referencia);
  if (typeof detalle.nombre === 'string' && detalle.nombre.length === 0) delete detalle.nombre;
  const [row] = await tx
    .insert(referencias)
    .values({
      id: args.referenciaId,
      empresaId: user.empresaId,
      solicitanteId: sol.solicitanteId,
      tipoReferencia: args.tipo_referencia?.trim() || null,
      detalleReferencia: detalle,
    })
    .returning();
  await touchSolicitante(tx, user.empresaId, sol.solicitanteId);
  await auditBy(tx, user, {
    entidad: 'referencia',
    entidadId: row.id,
    accion: 'agregar',
    // solicitante_id ties the reference's trail to its applicant even after a hard delete.
    cambios: {
      solicitante_id: { old: null, new: sol.solicitanteId },
      tipo_referencia: { old: null, new: row.tipoReferencia },
      detalle_referencia: { old: null, new: detalle },
    },
  });
  return referenciaRow(row);
}

// ---- conflicts of references (ARCHITECTURE.md §6: a field in base whose server value differs) ----

export const REFERENCIA_CAMBIADA = 'Otra persona cambió estos datos de la referencia mientras tanto.';
export const REFERENCIA_ELIMINADA =
  'Otra persona eliminó esta referencia mientras tanto. Puedes volver a crearla con tus cambios o descartarlos.';
export const REFERENCIA_NO_ELIMINADA = 'Otra persona cambió esta referencia después de que la viste, así que no se eliminó.';

type ConflictFields = Record<string, { base: unknown; server: unknown; mine: unknown }>;

/** A conflict's field names: the reference's own (`referencia.detalle_referencia.celular`), so labels find its definition. */
const conflictName = (auditKey: string) => `referencia.${auditKey}`;

const nombreDe = (detalle: Record<string, unknown> | null | undefined) =>
  typeof detalle?.nombre === 'string' && detalle.nombre.trim() ? detalle.nombre.trim() : null;

/**
 * A CONFLICT on reference `referenciaId`: `fields` keyed by the audit trail's names
 * (`detalle_referencia.celular`, `tipo_referencia`), answered with who last changed each.
 */
async function referenciaConflict(
  tx: DbOrTx,
  user: AuthUser,
  referenciaId: string,
  message: string,
  fields: ConflictFields,
  referencia: NonNullable<ConflictDetail['referencia']>,
): Promise<never> {
  const withWho = await withLastChanges(tx, user.empresaId, 'referencia', referenciaId, fields);
  const named = Object.fromEntries(Object.entries(withWho).map(([k, f]) => [conflictName(k), f]));
  throw new AppError('CONFLICT', message, { conflict: { fields: named, referencia } });
}

/**
 * The reference as it was when someone deleted it (its 'eliminar' audit row), when it was one of
 * this applicant's in the user's company; null otherwise (an id never seen stays NOT_FOUND).
 */
async function referenciaEliminada(tx: DbOrTx, user: AuthUser, referenciaId: string, solicitanteId: string) {
  const [row] = await tx
    .select({ cambios: auditoria.cambios })
    .from(auditoria)
    .where(and(eq(auditoria.empresaId, user.empresaId), eq(auditoria.entidad, 'referencia'), eq(auditoria.entidadId, referenciaId), eq(auditoria.accion, 'eliminar')))
    .orderBy(desc(auditoria.id))
    .limit(1);
  if (!row || row.cambios.solicitante_id?.old !== solicitanteId) return null;
  const detalle = row.cambios.detalle_referencia?.old;
  const tipo = row.cambios.tipo_referencia?.old;
  return {
    tipo_referencia: typeof tipo === 'string' ? tipo : null,
    detalle_referencia: detalle && typeof detalle === 'object' && !Array.isArray(detalle) ? (detalle as Record<string, unknown>) : {},
  };
}

export async function editarReferencia(tx: DbOrTx, user: AuthUser, args: EditarReferenciaArgs) {
  requireEdit(user);
  const sol = await lockVisibleSolicitud(tx, user, args.solicitudId);
  const base = args.base;
  let ref: typeof referencias.$inferSelect;
  try {
    ref = await lockReferencia(tx, user, args.referenciaId, sol.solicitanteId);
  } catch (error) {
    // Deleted on another device while this one edited it: said so, with what it held, to create it again.
    const gone = base && (await referenciaEliminada(tx, user, args.referenciaId, sol.solicitanteId));
    if (!gone) throw error;
    const fields: ConflictFields = {};
    if (args.tipo_referencia !== undefined) fields.tipo_referencia = { base: base.tipo_referencia ?? gone.tipo_referencia, server: null, mine: args.tipo_referencia };
    for (const [key, mine] of Object.entries(args.detalle_referencia ?? {})) {
      fields[`detalle_referencia.${key}`] = { base: base.detalle_referencia?.[key] ?? gone.detalle_referencia[key] ?? null, server: null, mine };
    }
    return referenciaConflict(tx, user, args.referenciaId, REFERENCIA_ELIMINADA, fields, { nombre: nombreDe(gone.detalle_referencia), eliminada: gone });
  }
  const set: Partial<typeof referencias.$inferInsert> = {};
  if (args.tipo_referencia !== undefined) set.tipoReferencia = args.tipo_referencia?.trim() || null;
  const cleaned = args.detalle_referencia ? cleanDetalle(args.detalle_referencia, ref.detalleReferencia) : null;
  if (cleaned) set.detalleReferencia = { ...(ref.detalleReferencia ?? {}), ...cleaned };
  if (base) {
    // A field whose server value differs from both what the device saw and what it now wants.
    const fields: ConflictFields = {};
    const stale = (server: unknown, seen: unknown, mine: unknown) => !mismoValorGuardado(server, seen) && !mismoValorGuardado(server, mine);
    if ('tipoReferencia' in set && base.tipo_referencia !== undefined && stale(ref.tipoReferencia, base.tipo_referencia, set.tipoReferencia)) {
      fields.tipo_referencia = { base: base.tipo_referencia, server: ref.tipoReferencia, mine: set.tipoReferencia };
    }
    const seen = base.detalle_referencia ?? {};
    for (const [key, mine] of Object.entries(cleaned ?? {})) {
      const server = ref.detalleReferencia?.[key] ?? null;
      if (Object.hasOwn(seen, key) && stale(server, seen[key], mine)) fields[`detalle_referencia.${key}`] = { base: seen[key], server, mine };
    }
    if (Object.keys(fields).length) {
      return referenciaConflict(tx, user, ref.id, REFERENCIA_CAMBIADA, fields, { nombre: nombreDe(ref.detalleReferencia) });
    }
  }
  if (!Object.keys(set).length) return referenciaRow(ref);
  const cambios: FieldChanges = {};
  if ('tipoReferencia' in set && set.tipoReferencia !== ref.tipoReferencia) {
    cambios.tipo_referencia = { old: ref.tipoReferencia, new: set.tipoReferencia };
  }
  if (set.detalleReferencia) {
    const before = ref.detalleReferencia ?? {};
    for (const key of new Set([...Object.keys(before), ...Object.keys(set.detalleReferencia)])) {
      const a = before[key] ?? null;
      const b = set.detalleReferencia[key] ?? null;
      if (JSON.stringify(a) !== JSON.stringify(b)) cambios[`detalle_referencia.${key}`] = { old: a, new: b };
    }
  }
  if (!Object.keys(cambios).length) return referenciaRow(ref);
  const [row] = await tx.update(referencias).set(set).where(eq(referencias.id, ref.id)).returning();
  await touchSolicitante(tx, user.empresaId, sol.solicitanteId);
  await auditBy(tx, user, {
    entidad: 'referencia',
    entidadId: ref.id,
    accion: 'editar',
    cambios,
  });
  return referenciaRow(row);
}

export async function eliminarReferencia(tx: DbOrTx, user: AuthUser, args: EliminarReferenciaArgs) {
  requireEdit(user);
  const sol = await lockVisibleSolicitud(tx, user, args.solicitudId);
  let ref: typeof referencias.$inferSelect;
  try {
    ref = await lockReferencia(tx, user, args.referenciaId, sol.solicitanteId);
  } catch (error) {
    // Deleted on another device too: what this device asked for is done, not a refusal to resolve.
    if (args.base && (await referenciaEliminada(tx, user, args.referenciaId, sol.solicitanteId))) return { id: args.referenciaId, eliminado: true };
    throw error;
  }
  if (args.base) {
    // Edited since the device saw it: someone's newer values are not deleted unseen.
    const fields: ConflictFields = {};
    if (args.base.tipo_referencia !== undefined && !mismoValorGuardado(ref.tipoReferencia, args.base.tipo_referencia)) {
      fields.tipo_referencia = { base: args.base.tipo_referencia, server: ref.tipoReferencia, mine: null };
    }
    if (args.base.detalle_referencia) {
      const seen = args.base.detalle_referencia;
      const now = ref.detalleReferencia ?? {};
      for (const key of new Set([...Object.keys(seen), ...Object.keys(now)])) {
        if (!mismoValorGuardado(now[key], seen[key])) fields[`detalle_referencia.${key}`] = { base: seen[key] ?? null, server: now[key] ?? null, mine: null };
      }
    }
    if (Object.keys(fields).length) {
      await referenciaConflict(tx, user, ref.id, REFERENCIA_NO_ELIMINADA, fields, { nombre: nombreDe(ref.detalleReferencia) });
    }
  }
  await tx.delete(referencias).where(eq(referencias.id, ref.id));
  await touchSolicitante(tx, user.empresaId, sol.solicitanteId);
  await auditBy(tx, user, {
    entidad: 'referencia',
    entidadId: ref.id,
    accion: 'eliminar',
    cambios: {
      solicitante_id: { old: ref.solicitanteId, new: null },
      tipo_referencia: { old: ref.tipoReferencia, new: null },
      detalle_referencia: { old: ref.detalleReferencia, new: null },
    },
  });
  return { id: ref.id, eliminado: true };
}

export async function listarReferencias(tx: DbOrTx, user: AuthUser, solicitanteId: string) {
  await visibleSolicitudesOf(tx, user, solicitanteId);
  const rows = await tx
    .select()
    .from(referencias)
    .where(and(eq(referencias.solicitanteId, solicitanteId), eq(referencias.empresaId, user.empresaId)))
    .orderBy(asc(referencias.createdAt), asc(referencias.id));
  return rows.map(referenciaRow);
}

// ---- observations -----------------------------------------------------------------------------

export function observacionRow(o: typeof observaciones.$inferSelect) {
  return {
    id: o.id,
    tipo: o.tipo,
    fecha: o.fechaCreacion,
    observacion: o.observacion,
    usuario_id: o.usuarioId,
    usuario_nombre: o.usuarioNombre,
    fecha_creacion: o.fechaCreacion,
  };
}

export async function agregarObservacion(tx: DbOrTx, user: AuthUser, args: AgregarObservacionArgs) {
  requireEdit(user);
  const sol = await lockVisibleSolicitud(tx, user, args.solicitudId);
  const [existing] = await tx.select().from(observaciones).where(eq(observaciones.id, args.observacionId)).limit(1);
  if (existing) {
    // A retry answered only to its author (the unknown id's answer otherwise).
    if (existing.empresaId !== user.empresaId || existing.solicitudId !== sol.id || existing.usuarioId !== user.id) {
      throw new AppError('NOT_FOUND', OBSERVACION_NO_EXISTE);
    }
    return observacionRow(existing);
  }
  // The device's time is kept (an offline note keeps when it was written), never a future one,
  // nor one before the application existed (a note cannot be backdated past its subject).
  const since = Date.parse(String(sol.createdAt));
  const when = Math.max(Math.min(Date.parse(args.fecha_creacion), Date.now()), Number.isFinite(since) ? since : 0);
  const [row] = await tx
    .insert(observaciones)
    .values({
      id: args.observacionId,
      empresaId: user.empresaId,
      solicitudId: sol.id,
      tipo: args.tipo || 'comentario',
      observacion: args.observacion,
      usuarioId: user.id,
      usuarioNombre: user.nombre,
      fechaCreacion: new Date(when).toISOString(),
    })
    .returning();
  await touchSolicitud(tx, user.empresaId, sol.id);
  await auditBy(tx, user, {
    entidad: 'observacion',
    entidadId: row.id,
    accion: 'agregar',
    cambios: { tipo: { old: null, new: row.tipo }, observacion: { old: null, new: row.observacion } },
  });
  return observacionRow(row);
}

export async function listarObservaciones(tx: DbOrTx, user: AuthUser, solicitudId: string) {
  const sol = await visibleSolicitud(tx, user, solicitudId);
  const rows = await tx
    .select()
    .from(observaciones)
    .where(eq(observaciones.solicitudId, sol.id))
    .orderBy(desc(observaciones.fechaCreacion), desc(observaciones.id));
  return rows.map(observacionRow);
}

// ---- documents --------------------------------------------------------------------------------

export function documentoRow(d: Pick<typeof documentos.$inferSelect, 'id' | 'nombre' | 'mime' | 'fileSize' | 'createdAt' | 'solicitudId' | 'solicitanteId'>) {
  return {
    id: d.id,
    nombre: d.nombre,
    filename: d.nombre,
    mime: d.mime,
    file_size: d.fileSize,
    solicitud_id: d.solicitudId,
    solicitante_id: d.solicitanteId,
    documento_url: `/api/documentos/${d.id}`,
    created_at: d.createdAt,
  };
}

export interface NewDocumento {
  id: string;
  solicitudId: string;
  solicitanteId?: string;
  nombre: string;
  mime: string;
  /** The checked bytes: as received in parts (lib/file-store.ts), one Buffer, or a finished upload's chunks. */
  data: Content;
}

/** Stores one checked file; the same id again is a no-op answering the stored document. */
export async function guardarDocumento(tx: DbOrTx, user: AuthUser, doc: NewDocumento) {
  requireEdit(user);
  const size = contentSize(doc.data);
  const sol = await lockVisibleSolicitud(tx, user, doc.solicitudId);
  if (doc.solicitanteId && doc.solicitanteId !== sol.solicitanteId) {
    throw new AppError('VALIDATION', 'El solicitante no corresponde a la solicitud.', {
      fields: { solicitante_id: 'No corresponde a la solicitud' },
    });
  }
  const values = {
    id: doc.id,
    empresaId: user.empresaId,
    solicitanteId: sol.solicitanteId,
    solicitudId: sol.id,
    nombre: doc.nombre,
    mime: doc.mime,
    fileSize: size,
  };
  const inserted = await tx.insert(documentos).values(values).onConflictDoNothing({ target: documentos.id }).returning();
  if (!inserted.length) {
    const [existing] = await tx.select().from(documentos).where(eq(documentos.id, doc.id)).limit(1);
    // A retried upload, answered only to its uploader while the document lives.
    const mine = existing.empresaId === user.empresaId && existing.solicitanteId === sol.solicitanteId && !existing.deletedAt;
    if (!mine || !(await createdBy(tx, user, 'documento', existing.id, 'subir'))) throw new AppError('NOT_FOUND', DOCUMENTO_NO_EXISTE);
    return { ...documentoRow(existing), nuevo: false };
  }
  await storeContent(tx, doc.id, doc.data);
  await touchSolicitante(tx, user.empresaId, sol.solicitanteId);
  await auditBy(tx, user, {
    entidad: 'documento',
    entidadId: doc.id,
    accion: 'subir',
    cambios: {
      nombre: { old: null, new: doc.nombre },
      mime: { old: null, new: doc.mime },
      file_size: { old: null, new: size },
    },
  });
  return { ...documentoRow(inserted[0]), nuevo: true };
}

/** A live document whose applicant has an application the user may see. */
async function visibleDocumento(tx: DbOrTx, user: AuthUser, id: string, lock = false) {
  const q = tx
    .select()
    .from(documentos)
    .where(and(eq(documentos.id, id), eq(documentos.empresaId, user.empresaId), isNull(documentos.deletedAt)))
    .limit(1);
  const [doc] = lock ? await q.for('update') : await q;
  if (!doc) throw new AppError('NOT_FOUND', DOCUMENTO_NO_EXISTE);
  const visible = doc.solicitudId
    ? await tx
        .select({ id: solicitudes.id })
        .from(solicitudes)
        .where(and(eq(solicitudes.id, doc.solicitudId), visibleSolicitudes(user), isNull(solicitudes.deletedAt)))
        .limit(1)
    : await tx
        .select({ id: solicitudes.id })
        .from(solicitudes)
        .where(and(eq(solicitudes.solicitanteId, doc.solicitanteId), visibleSolicitudes(user), isNull(solicitudes.deletedAt)))
        .limit(1);
  if (!visible.length) throw new AppError('NOT_FOUND', DOCUMENTO_NO_EXISTE);
  return doc;
}

export async function eliminarDocumento(tx: DbOrTx, user: AuthUser, args: EliminarDocumentoArgs) {
  requireEdit(user);
  const sol = await lockVisibleSolicitud(tx, user, args.solicitudId);
  const doc = await visibleDocumento(tx, user, args.documentoId, true);
  if (doc.solicitanteId !== sol.solicitanteId) throw new AppError('NOT_FOUND', DOCUMENTO_NO_EXISTE);
  const [gone] = await tx
    .update(documentos)
    .set({ deletedAt: sql`now()` })
    .where(eq(documentos.id, doc.id))
    .returning({ deletedAt: documentos.deletedAt });
  await touchSolicitante(tx, user.empresaId, doc.solicitanteId);
  await auditBy(tx, user, {
    entidad: 'documento',
    entidadId: doc.id,
    accion: 'eliminar',
    cambios: { nombre: { old: doc.nombre, new: null }, deleted_at: { old: null, new: gone.deletedAt } },
  });
  return { id: doc.id, eliminado: true };
}

/** The application a document is attached to (for DELETE /api/documentos/{id}). */
export async function solicitudOfDocumento(tx: DbOrTx, user: AuthUser, id: string): Promise<string> {
  const doc = await visibleDocumento(tx, user, id);
  if (doc.solicitudId) return doc.solicitudId;
  return (await visibleSolicitudesOf(tx, user, doc.solicitanteId))[0].id;
}

/** A document's metadata columns (never its content). */
const DOCUMENTO_META = {
  id: documentos.id,
  nombre: documentos.nombre,
  mime: documentos.mime,
  fileSize: documentos.fileSize,
  createdAt: documentos.createdAt,
  solicitudId: documentos.solicitudId,
  solicitanteId: documentos.solicitanteId,
};

export async function listarDocumentos(tx: DbOrTx, user: AuthUser, solicitudId: string) {
  const sol = await visibleSolicitud(tx, user, solicitudId);
  const rows = await tx
    .select(DOCUMENTO_META)
    .from(documentos)
    .where(and(eq(documentos.solicitanteId, sol.solicitanteId), isNull(documentos.deletedAt), documentosServidos(user, documentos.solicitudId)))
    .orderBy(asc(documentos.createdAt), asc(documentos.id));
  return rows.map(documentoRow);
}

export async function leerDocumento(tx: DbOrTx, user: AuthUser, id: string) {
  const doc = await visibleDocumento(tx, user, id);
  const parts = await readContent(tx, doc.id);
  if (!parts.length) throw new AppError('NOT_FOUND', DOCUMENTO_NO_EXISTE);
  return { nombre: doc.nombre, parts };
}

// ---- unfiltered lists -------------------------------------------------------------------------

/** The applicants of every application the user sees (a subquery). */
const visibleApplicants = (tx: DbOrTx, user: AuthUser) =>
  tx
    .select({ id: solicitudes.solicitanteId })
    .from(solicitudes)
    .where(and(visibleSolicitudes(user), isNull(solicitudes.deletedAt)));


/** Every reference of the applications the user sees (GET /api/referencias without a filter). */
export async function listarTodasReferencias(tx: DbOrTx, user: AuthUser) {
  const refs = await tx
    .select()
    .from(referencias)
    .where(and(eq(referencias.empresaId, user.empresaId), inArray(referencias.solicitanteId, visibleApplicants(tx, user))))
    .orderBy(asc(referencias.createdAt), asc(referencias.id));
  return refs.map(referenciaRow);
}

/**
 * Every live document's metadata of the applications the user sees (GET /api/documentos without a
 * filter). Its own query: it used to share one with the references, and at 50,000 applications
 * read 16 MB of references to answer an empty list of documents.
 */
export async function listarTodosDocumentos(tx: DbOrTx, user: AuthUser) {
  const docs = await tx
    .select(DOCUMENTO_META)
    .from(documentos)
    .where(
      and(
        eq(documentos.empresaId, user.empresaId),
        isNull(documentos.deletedAt),
        inArray(documentos.solicitanteId, visibleApplicants(tx, user)),
        documentosServidos(user, documentos.solicitudId),
      ),
    )
    .orderBy(asc(documentos.createdAt), asc(documentos.id));
  return docs.map(documentoRow);
}
