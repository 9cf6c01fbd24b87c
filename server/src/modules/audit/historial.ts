/**
 * 'Historial de cambios' of one application (read-only). Invariants:
 * - company-scoped: an application of another company (or deleted, or unknown) is NOT_FOUND;
 * - it holds the audit rows of the application and of its child entities — its applicant's own
 *   rows (the applicant made alone by `POST /api/solicitantes/`), observations and notifications
 *   of the application, references and documents of its applicant (a reference's
 *   trail is found through its current row or, once hard-deleted, through the `solicitante_id`
 *   its audit rows carry), the tracking stages and the retries of its e-mails (a failed one
 *   queued again by staff; the queuing itself shows in the 'Correos' section, not here, where one
 *   bank change would read as one entry per recipient) — newest first;
 * - values are redacted again on read, so a secret stored before redaction existed never leaves.
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditoria, solicitudes, usuarios } from '../../db/schema';
import { AppError } from '../../../../src/domain/errors';
import type { HistorialEntry } from '../../../../src/domain/historial';
import type { AuthUser } from '../../plugins/auth';
import { SOLICITUD_NO_EXISTE } from '../solicitudes/service';
import { visibleSolicitudes } from '../solicitudes/visibility';
import { redactChanges } from './service';

const MAX_ROWS = 500;

export async function historialSolicitud(tx: DbOrTx, user: AuthUser, solicitudId: string): Promise<HistorialEntry[]> {
  const [sol] = await tx
    .select({ id: solicitudes.id, solicitanteId: solicitudes.solicitanteId })
    .from(solicitudes)
    .where(and(eq(solicitudes.id, solicitudId), visibleSolicitudes(user), isNull(solicitudes.deletedAt)))
    .limit(1);
  if (!sol) throw new AppError('NOT_FOUND', SOLICITUD_NO_EXISTE);
  const e = user.empresaId;
  const rows = await tx
    .select({
      id: auditoria.id,
      fecha: auditoria.fecha,
      usuarioId: auditoria.usuarioId,
      usuarioNombre: usuarios.nombre,
      entidad: auditoria.entidad,
      entidadId: auditoria.entidadId,
      accion: auditoria.accion,
      cambios: auditoria.cambios,
    })
    .from(auditoria)
    .leftJoin(usuarios, and(eq(usuarios.id, auditoria.usuarioId), eq(usuarios.empresaId, e)))
    .where(
      and(
        eq(auditoria.empresaId, e),
        sql`(
          (${auditoria.entidad} = 'solicitud' and ${auditoria.entidadId} = ${sol.id})
          or (${auditoria.entidad} = 'solicitante' and ${auditoria.entidadId} = ${sol.solicitanteId})
          or (${auditoria.entidad} = 'observacion' and ${auditoria.entidadId} in
                (select id::text from observaciones where solicitud_id = ${sol.id} and empresa_id = ${e}))
          or (${auditoria.entidad} = 'notificacion' and ${auditoria.entidadId} in
                (select id::text from notificaciones where solicitud_id = ${sol.id} and empresa_id = ${e}))
          or (${auditoria.entidad} = 'documento' and ${auditoria.entidadId} in
                (select id::text from documentos where solicitante_id = ${sol.solicitanteId} and empresa_id = ${e}))
          or (${auditoria.entidad} = 'revision' and ${auditoria.entidadId} in
                (select id::text from revisiones where solicitud_id = ${sol.id} and empresa_id = ${e}))
          or (${auditoria.entidad} = 'seguimiento_etapa' and ${auditoria.entidadId} in
                (select id::text from seguimiento_etapas where solicitud_id = ${sol.id}))
          or (${auditoria.entidad} = 'email' and ${auditoria.accion} = 'reintentar' and ${auditoria.entidadId} in
                (select id::text from email_outbox where empresa_id = ${e} and datos->>'solicitud_id' = ${sol.id}))
          or (${auditoria.entidad} = 'referencia' and (
                ${auditoria.entidadId} in (select id::text from referencias where solicitante_id = ${sol.solicitanteId} and empresa_id = ${e})
                or ${auditoria.entidadId} in (
                  select a2.entidad_id from auditoria a2
                  where a2.empresa_id = ${e} and a2.entidad = 'referencia'
                    and (a2.cambios->'solicitante_id'->>'new' = ${sol.solicitanteId}
                      or a2.cambios->'solicitante_id'->>'old' = ${sol.solicitanteId}))))
        )`,
      ),
    )
    .orderBy(desc(auditoria.fecha), desc(auditoria.id))
    .limit(MAX_ROWS);
  return rows.map((r) => ({
    id: r.id,
    fecha: new Date(r.fecha).toISOString(),
    usuario_id: r.usuarioId,
    usuario_nombre: r.usuarioId === null ? null : (r.usuarioNombre ?? null),
    entidad: r.entidad,
    entidad_id: r.entidadId,
    accion: r.accion,
    cambios: redactChanges(r.cambios ?? {}),
  }));
}
