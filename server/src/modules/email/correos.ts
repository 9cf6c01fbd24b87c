/**
 * What happened to the e-mails of one application, and queuing a failed one again. Invariants:
 * - only an application the user may see, in the user's company (else NOT_FOUND, the same answer
 *   for an unknown one); an e-mail belongs to it through `datos.solicitud_id`;
 * - the state is the outbox row's own: 'enviado' means an SMTP server accepted it, never less;
 * - only a 'fallido' row can be retried: it goes back to 'pendiente', due now, with its attempts
 *   counted from zero and the same Message-ID (./outbox.ts), and the retry leaves an audit row;
 *   anything else is a CONFLICT that changes nothing.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { emailOutbox } from '../../db/schema';
import { AppError } from '../../../../src/domain/errors';
import { CORREO_NO_EXISTE, CORREO_NO_FALLIDO, type CorreoSolicitud, type EstadoCorreo } from '../../../../src/domain/correo';
import type { AuthUser } from '../../plugins/auth';
import { auditBy } from '../audit/service';
import { visibleSolicitud } from '../solicitudes/service';
import { renderEmail } from './templates';

type Row = typeof emailOutbox.$inferSelect;

const iso = (value: string | null) => (value ? new Date(value).toISOString() : null);

function wire(row: Row): CorreoSolicitud {
  const estado: EstadoCorreo = row.estado === 'enviado' || row.estado === 'fallido' ? row.estado : 'pendiente';
  return {
    id: row.id,
    tipo: row.tipo,
    destinatario: row.destinatario,
    asunto: renderEmail(row.tipo, row.datos)?.subject ?? row.tipo,
    estado,
    intentos: row.intentos,
    ultimo_error: estado === 'enviado' ? null : row.ultimoError,
    creado_en: iso(row.createdAt)!,
    enviado_en: estado === 'enviado' ? iso(row.sentAt) : null,
  };
}

const ofSolicitud = (user: AuthUser, solicitudId: string) =>
  and(eq(emailOutbox.empresaId, user.empresaId), sql`${emailOutbox.datos}->>'solicitud_id' = ${solicitudId}`);

/** The application's e-mails, newest first. */
export async function correosDeSolicitud(tx: DbOrTx, user: AuthUser, solicitudId: string): Promise<CorreoSolicitud[]> {
  await visibleSolicitud(tx, user, solicitudId);
  const rows = await tx
    .select()
    .from(emailOutbox)
    .where(ofSolicitud(user, solicitudId))
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(200);
  return rows.map(wire);
}

/** Queues a failed e-mail again; answers it as it now is. */
export async function reintentarCorreo(tx: DbOrTx, user: AuthUser, solicitudId: string, correoId: number): Promise<CorreoSolicitud> {
  await visibleSolicitud(tx, user, solicitudId);
  const [row] = await tx
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.id, correoId), ofSolicitud(user, solicitudId)))
    .for('update')
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', CORREO_NO_EXISTE);
  if (row.estado !== 'fallido') throw new AppError('CONFLICT', CORREO_NO_FALLIDO);
  const [updated] = await tx
    .update(emailOutbox)
    .set({ estado: 'pendiente', intentos: 0, proximoIntento: sql`now()`, reclamadoHasta: null, ultimoError: null })
    .where(eq(emailOutbox.id, row.id))
    .returning();
  await auditBy(tx, user, {
    entidad: 'email',
    entidadId: String(row.id),
    accion: 'reintentar',
    // The recipient, unchanged, says in 'Historial de cambios' which of the application's e-mails it was.
    cambios: {
      destinatario: { old: row.destinatario, new: row.destinatario },
      estado: { old: 'fallido', new: 'pendiente' },
      ultimo_error: { old: row.ultimoError, new: null },
    },
  });
  return wire(updated);
}
