/**
 * A request hook over its own @fastify/rate-limit counter: past `max` in `timeWindow` for the key
 * `keyGenerator` gives, the request is refused with RATE_LIMITED (429), `message` and Retry-After.
 * Its own counter, checked where the route puts the hook: a route's `config.rateLimit` would run
 * only one limiter per request, and one such hook can be shared by several routes (one budget).
 * The counter lives in the app's rate-limit store (memory, or the `rate_limits` table).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../src/domain/errors';
import { RATE_LIMITED_MESSAGE } from './errors';

export type LimitHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export function rateLimitHook(
  app: FastifyInstance,
  options: { max: number; timeWindow: string; keyGenerator: (request: FastifyRequest) => string },
  message = RATE_LIMITED_MESSAGE,
): LimitHook {
  const limit = app.createRateLimit(options);
  return async (request, reply) => {
    const answer = await limit(request);
    if (!answer.isAllowed && answer.isExceeded) {
      reply.header('Retry-After', String(Math.max(1, answer.ttlInSeconds)));
      throw new AppError('RATE_LIMITED', message);
    }
  };
}
