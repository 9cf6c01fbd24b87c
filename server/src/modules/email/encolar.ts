/**
 * `POST /api/notificaciones/email` (spec 01 §7): queues an e-mail about an application the user may
 * see. Invariants: the kind must be one Radica can write (templates.ts); for 'cambio_banco' the
 * data is rebuilt from the application (only the two bank names and the time come from the
 * request) and the recipients are decided by outbox.ts, never by the request.
 * The two bank names must be banks of the company's list or of the application itself (its bank,
 * its earlier banks), stored with that spelling: the e-mail goes out from Radica's address to
 * every admin and supervisor, so free text there would let any user with edit_customer write
 * them a forged message (a link, a phone number). And one application is e-mailed about at most
 * once every REPEAT_MINUTES (the bank edit itself queues one too), so the request cannot be
 * replayed to flood their inboxes.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { emailOutbox } from '../../db/schema';
import { AppError } from '../../../../src/domain/errors';
import { BANCO_NO_EN_LISTA, bancoDeLista } from '../../../../src/domain/usuario';
import type { AuthUser } from '../../plugins/auth';
import { lockVisibleSolicitud } from '../solicitudes/service';
import { bancosDeLaEmpresa } from '../solicitudes/bancos';
import { REPEAT_MINUTES, bankChangeData, bankChangeRecipients, queueEmails } from './outbox';
import { isEmailTipo } from './templates';

/** Minutes after an e-mail about an application before the request may queue another (the edit path coalesces within them: outbox.ts). */
export { REPEAT_MINUTES };
export const REPETIDO = `Ya se envió un aviso de cambio de banco de esta solicitud hace menos de ${REPEAT_MINUTES} minutos. Inténtalo de nuevo más tarde.`;

class RepeatRefused extends AppError {
  constructor(readonly retryAfter: number) {
    super('RATE_LIMITED', REPETIDO);
  }
}

/** The banks a bank-change e-mail of `sol` may name: the company list, the application's bank and earlier banks. */
async function bancosPermitidos(tx: DbOrTx, empresaId: number, sol: { bancoNombre: string | null; bancosAnteriores: string[] }) {
  const own = [sol.bancoNombre, ...sol.bancosAnteriores].filter((b): b is string => typeof b === 'string' && b.trim() !== '');
  return [...own.map((b) => b.trim()), ...(await bancosDeLaEmpresa(tx, empresaId))];
}

/** Refuses a second e-mail about `solicitudId` within REPEAT_MINUTES of the last one queued. */
async function refuseRepeat(tx: DbOrTx, empresaId: number, solicitudId: string) {
  const [last] = await tx
    .select({ age: sql<number>`extract(epoch from now() - ${emailOutbox.createdAt})::float8` })
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.empresaId, empresaId),
        eq(emailOutbox.tipo, 'cambio_banco'),
        sql`${emailOutbox.datos}->>'solicitud_id' = ${solicitudId}`,
        sql`${emailOutbox.createdAt} > now() - make_interval(mins => ${REPEAT_MINUTES})`,
      ),
    )
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  if (last) throw new RepeatRefused(Math.max(1, Math.ceil(REPEAT_MINUTES * 60 - Number(last.age))));
}

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
  const permitidos = await bancosPermitidos(tx, user.empresaId, sol);
  const banco = (campo: 'banco_anterior' | 'banco_nuevo'): string | null => {
    const x = input.datos[campo];
    if (x === undefined || x === null || (typeof x === 'string' && !x.trim())) return null;
    const found = typeof x === 'string' ? bancoDeLista(permitidos, x) : null;
    if (!found) throw new AppError('VALIDATION', BANCO_NO_EN_LISTA, { fields: { [`datos.${campo}`]: BANCO_NO_EN_LISTA } });
    return found;
  };
  const anterior = banco('banco_anterior');
  const nuevo = banco('banco_nuevo') ?? sol.bancoNombre;
  await refuseRepeat(tx, user.empresaId, sol.id);
  const datos = await bankChangeData(tx, user, sol, { anterior, nuevo, fecha });
  const recipients = await bankChangeRecipients(tx, user, sol);
  const destinatarios = await queueEmails(tx, user, input.tipo, recipients, datos);
  return { tipo: input.tipo, destinatarios, estado: destinatarios ? 'en_cola' : 'sin_destinatarios' };
}
