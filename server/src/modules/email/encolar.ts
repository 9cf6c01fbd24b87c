/**
 * `POST /api/notificaciones/email` (spec 01 §7): queues an e-mail about an application the user may
 * see. Invariants: the kind must be one Radica can write (templates.ts); for 'cambio_banco' the
 * data is rebuilt from the application (only the two bank names and the time come from the
 * request) and the recipients are decided by outbox.ts, never by the request.
 */
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../../../src/domain/errors';
import type { AuthUser } from '../../plugins/auth';
import { lockVisibleSolicitud } from '../solicitudes/service';
import { bankChangeData, bankChangeRecipients, queueEmails } from './outbox';
import { isEmailTipo } from './templates';

export interface EmailRequest {
  tipo: string;
  datos: Record<string, unknown>;
}

export async function encolarEmail(tx: DbOrTx, user: AuthUser, input: EmailRequest) {
  // Only the bank change is queued on request; a return's e-mail is queued by the return itself.
  if (!isEmailTipo(input.tipo) || input.tipo !== 'cambio_banco') {
    throw new AppError('VALIDATION', `Tipo de correo no admitido: ${input.tipo.slice(0, 60)}`, { fields: { tipo: 'Tipo de correo no admitido' } });
  }
  const solicitudId = input.datos.solicitud_id;
  if (typeof solicitudId !== 'string' || !solicitudId) {
    throw new AppError('VALIDATION', 'ID de la solicitud no encontrado', { fields: { 'datos.solicitud_id': 'ID de la solicitud no encontrado' } });
  }
  const sol = await lockVisibleSolicitud(tx, user, solicitudId.toLowerCase());
  const fecha = typeof input.datos.fecha_cambio === 'string' && !Number.isNaN(Date.parse(input.datos.fecha_cambio))
    ? new Date(input.datos.fecha_cambio).toISOString()
    : undefined;
  const banco = (x: unknown) => (typeof x === 'string' && x.trim() ? x.trim().slice(0, 120) : null);
  const datos = await bankChangeData(tx, user, sol, {
    anterior: banco(input.datos.banco_anterior),
    nuevo: banco(input.datos.banco_nuevo) ?? sol.bancoNombre,
    fecha,
  });
  const recipients = await bankChangeRecipients(tx, user, sol);
  const destinatarios = await queueEmails(tx, user, input.tipo, recipients, datos);
  return { tipo: input.tipo, destinatarios, estado: destinatarios ? 'en_cola' : 'sin_destinatarios' };
}
