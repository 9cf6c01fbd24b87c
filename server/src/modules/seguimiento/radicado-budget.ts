/**
 * One budget per client address for every public request that names a filing number, and so
 * tells whether it exists: the lookup (GET and its HEAD), its stages, the creation of an upload
 * and 'actualizar-documentos'. The filing number is the only secret of the public page
 * (ARCHITECTURE §5), so its guesses are counted together: one counter for all of them, not one
 * per route and method (which let an address check six times as many numbers). The requests
 * addressed by an upload's own id (its PATCH, HEAD, DELETE) and a file's download keep their
 * routes' own limits: they name no filing number to guess.
 */
import type { FastifyInstance } from 'fastify';
import { rateLimitHook, type LimitHook } from '../../plugins/rate-limit-hook';

export type RadicadoBudget = LimitHook;

export function radicadoBudget(app: FastifyInstance, perMinute: number): RadicadoBudget {
  return rateLimitHook(app, { max: perMinute, timeWindow: '1 minute', keyGenerator: (req) => `radicado|${req.ip}` });
}
