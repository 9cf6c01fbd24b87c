/**
 * The budgets of answers that tell whether an e-mail address has an account. E-mails are unique
 * across companies, so saving an address answers 'Ya existe un usuario registrado con el correo …'
 * or not, whichever company has it. Invariants:
 * - the profile (`perfilCorreoLimit`): one counter per client address and user
 *   (`perfil|ip|userId`), shared by PUT /api/perfil (every call) and the `perfil.editar` sync
 *   mutation (each one that names another e-mail than the user's current one): a session may ask
 *   as often as it may try a login, no more;
 * - user administration (`usuariosCorreoLimit`, security audit F1): one counter per client address
 *   and user (`usuarios-correo|ip|userId`), shared by POST /api/usuarios and `usuario.crear`
 *   (each one) and PUT /api/usuarios/:id and `usuario.editar` (each one that names another e-mail
 *   than the edited user's current one), three times the profile's: an admin creating a team
 *   meets it only past 30 a minute, and another company's addresses can no longer be listed at
 *   dozens a second;
 * - they live in the app's rate-limit store (memory, or the `rate_limits` table on PostgreSQL), so
 *   every process behind one database counts together;
 * - past a budget the caller gets RATE_LIMITED and nothing is looked up or written.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { usuarios } from '../../db/schema';
import { AppError } from '../../../../src/domain/errors';
import { RATE_LIMITED_MESSAGE } from '../../plugins/errors';
import type { AuthUser } from '../../plugins/auth';

/**
 * Counts one question of `request`'s session: null while within the budget, else the seconds
 * until the next one is answered.
 */
export type CorreoLimit = (request: FastifyRequest) => Promise<number | null>;

/** The refusal of a question past the budget. */
export const correoLimitado = () => new AppError('RATE_LIMITED', RATE_LIMITED_MESSAGE);

/** A REST route's hook counting its call in `limit`: past it, 429 with Retry-After. */
export function withinCorreoBudget(limit: CorreoLimit) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const wait = await limit(request);
    if (wait === null) return;
    reply.header('Retry-After', String(wait));
    throw correoLimitado();
  };
}

export function perfilCorreoLimit(app: FastifyInstance, max: number): CorreoLimit {
  return correoBudget(app, max, 'perfil');
}

export function usuariosCorreoLimit(app: FastifyInstance, max: number): CorreoLimit {
  return correoBudget(app, max, 'usuarios-correo');
}

function correoBudget(app: FastifyInstance, max: number, name: string): CorreoLimit {
  const limiter = app.createRateLimit({
    max,
    timeWindow: '1 minute',
    keyGenerator: (req) => `${name}|${req.ip}|${req.auth?.id ?? ''}`,
  });
  return async (request) => {
    const limit = await limiter(request);
    return !limit.isAllowed && limit.isExceeded ? Math.max(1, limit.ttlInSeconds) : null;
  };
}

/**
 * Whether `args` of a perfil.editar (not validated yet) name another e-mail than the user's
 * current one: only such a mutation asks whether an address is taken.
 */
export async function perfilCambiaCorreo(db: DbOrTx, user: AuthUser, args: unknown): Promise<boolean> {
  return cambiaCorreo(db, user, user.id, correoOf(args));
}

/**
 * Whether an edit of user `usuarioId` (not validated yet) names another e-mail than that user's
 * current one. A user of another company, or none, asks nothing: the edit is refused before.
 */
export async function usuarioCambiaCorreo(db: DbOrTx, user: AuthUser, usuarioId: unknown, changes: unknown): Promise<boolean> {
  return typeof usuarioId === 'number' && Number.isSafeInteger(usuarioId) ? cambiaCorreo(db, user, usuarioId, correoOf(changes)) : false;
}

const correoOf = (args: unknown) => (args && typeof args === 'object' ? (args as { correo?: unknown }).correo : undefined);

async function cambiaCorreo(db: DbOrTx, user: AuthUser, usuarioId: number, correo: unknown): Promise<boolean> {
  if (typeof correo !== 'string') return false;
  const [row] = await db
    .select({ correo: usuarios.correo })
    .from(usuarios)
    .where(and(eq(usuarios.id, usuarioId), eq(usuarios.empresaId, user.empresaId), isNull(usuarios.deletedAt)))
    .limit(1);
  return !!row && row.correo.toLowerCase() !== correo.trim().toLowerCase();
}
