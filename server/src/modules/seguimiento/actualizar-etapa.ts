/**
 * `etapa.actualizar` and `PATCH /api/solicitudes/{id}/etapas/{etapa}`: staff set one tracking stage.
 * Invariants: only admin and supervisor (FORBIDDEN otherwise); the application must be one the
 * user sees (NOT_FOUND otherwise, so ids do not leak); the status must be in the company's list;
 * a `base` that no longer holds is a CONFLICT and nothing is written; a real change leaves a
 * history row, an audit row and a new seq on the application, in the caller's transaction; a
 * change to what is already there writes nothing.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { nextSeq } from '../../db/change-seq';
import { seguimientoEtapas, seguimientoHistorial, solicitudes } from '../../db/schema';
import { AppError, forbidden } from '../../../../src/domain/errors';
import { normalizeEstado } from '../../../../src/domain/estados';
import { isAdminOrSupervisor } from '../../../../src/domain/roles';
import type { ActualizarEtapaArgs } from '../../../../src/domain/seguimiento';
import type { AuthUser } from '../../plugins/auth';
import { auditBy } from '../audit/service';
import { estadosPermitidos, lockVisibleSolicitud } from '../solicitudes/service';

const same = (a: string | null | undefined, b: string | null | undefined) => (a ?? null) === (b ?? null);

export async function actualizarEtapa(tx: DbOrTx, user: AuthUser, args: ActualizarEtapaArgs) {
  if (!isAdminOrSupervisor(user.rol)) {
    throw forbidden('Solo un administrador o un supervisor puede actualizar las etapas del seguimiento.');
  }
  const sol = await lockVisibleSolicitud(tx, user, args.solicitudId);
  const [etapa] = await tx
    .select()
    .from(seguimientoEtapas)
    .where(and(eq(seguimientoEtapas.solicitudId, sol.id), sql`lower(${seguimientoEtapas.etapa}) = ${args.etapa.toLowerCase()}`))
    .for('update')
    .limit(1);
  if (!etapa) {
    throw new AppError('VALIDATION', `La solicitud no tiene la etapa «${args.etapa}».`, { fields: { etapa: 'La solicitud no tiene esa etapa.' } });
  }
  const allowed = await estadosPermitidos(tx, user.empresaId);
  const estado = normalizeEstado(args.estado, allowed);
  if (!allowed.includes(estado)) {
    throw new AppError('VALIDATION', `El estado "${args.estado}" no está permitido para esta empresa.`, { fields: { estado: 'Estado no permitido' } });
  }
  const comentarios = args.comentarios === undefined ? etapa.comentarios : args.comentarios?.trim() || null;

  const conflicts: Record<string, { base: unknown; server: unknown; mine: unknown }> = {};
  const base = args.base ?? {};
  if (base.estado !== undefined && !same(normalizeEstado(base.estado, allowed), etapa.estado) && etapa.estado !== estado) {
    conflicts.estado = { base: base.estado, server: etapa.estado, mine: estado };
  }
  if (args.comentarios !== undefined && base.comentarios !== undefined && !same(base.comentarios, etapa.comentarios) && !same(etapa.comentarios, comentarios)) {
    conflicts.comentarios = { base: base.comentarios, server: etapa.comentarios, mine: comentarios };
  }
  if (Object.keys(conflicts).length) {
    throw new AppError('CONFLICT', 'Otra persona cambió esta etapa mientras tanto.', { conflict: { fields: conflicts } });
  }
  if (etapa.estado === estado && same(etapa.comentarios, comentarios)) {
    return { solicitudId: sol.id, etapa: etapa.etapa, estado, comentarios, changed: false };
  }

  const now = new Date().toISOString();
  await tx.update(seguimientoEtapas).set({ estado, comentarios, fechaActualizacion: now }).where(eq(seguimientoEtapas.id, etapa.id));
  await tx.insert(seguimientoHistorial).values({ etapaId: etapa.id, estado, comentario: comentarios, fecha: now });
  const seq = await nextSeq(tx, user.empresaId);
  await tx.update(solicitudes).set({ seq, updatedAt: now }).where(eq(solicitudes.id, sol.id));
  const cambios: Record<string, { old: unknown; new: unknown }> = {};
  if (etapa.estado !== estado) cambios.estado = { old: etapa.estado, new: estado };
  if (!same(etapa.comentarios, comentarios)) cambios.comentarios = { old: etapa.comentarios, new: comentarios };
  await auditBy(tx, user, { entidad: 'seguimiento_etapa', entidadId: String(etapa.id), accion: 'actualizar', cambios });
  return { solicitudId: sol.id, etapa: etapa.etapa, estado, comentarios, changed: true };
}
