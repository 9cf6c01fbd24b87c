/**
 * The budget of answers that tell whether an e-mail address has an account. E-mails are unique
 * across companies, so saving one's profile with another address answers 'Ya existe un usuario
 * registrado con el correo …' or not: a session may ask that as often as it may try a login, no
 * more. Invariants:
 * - one counter per client address and user (`perfil|ip|userId`), shared by PUT /api/perfil
 *   (every call) and the `perfil.editar` sync mutation (each one that names another e-mail than
 *   the user's current one), so neither path is a way around the other;
 * - it lives in the app's rate-limit store (memory, or the `rate_limits` table on PostgreSQL), so
 *   every process behind one database counts together;
 * - past the budget the caller gets RATE_LIMITED and nothing is looked up or written.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
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

export function perfilCorreoLimit(app: FastifyInstance, max: number): CorreoLimit {
  const limiter = app.createRateLimit({
    max,
    timeWindow: '1 minute',
    keyGenerator: (req) => `perfil|${req.ip}|${req.auth?.id ?? ''}`,
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
  const correo = args && typeof args === 'object' ? (args as { correo?: unknown }).correo : undefined;
  if (typeof correo !== 'string') return false;
  const [row] = await db
    .select({ correo: usuarios.correo })
    .from(usuarios)
    .where(and(eq(usuarios.id, user.id), isNull(usuarios.deletedAt)))
    .limit(1);
  return !!row && row.correo.toLowerCase() !== correo.trim().toLowerCase();
}
