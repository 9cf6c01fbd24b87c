/**
 * GET /api/metrics (Prometheus text format) and the request-duration hook. Invariants:
 * - without METRICS_TOKEN the route answers 404, like a route that does not exist;
 * - with it, only `Authorization: Bearer <METRICS_TOKEN>` gets the metrics; any other request
 *   gets a 401 (compared in constant time), and no JWT is involved;
 * - every request of the app is timed, /api/metrics included, by route pattern.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../../src/domain/errors';
import { Metrics } from './metrics';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

const digest = (s: string) => createHash('sha256').update(s).digest();

export default fp(async function metricsPlugin(app: FastifyInstance, opts: { token?: string }) {
  const metrics = new Metrics(app.db, { processMetrics: Boolean(opts.token) });
  app.decorate('metrics', metrics);

  app.addHook('onResponse', async (request, reply) => {
    metrics.httpDuration.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  const expected = opts.token ? digest(`Bearer ${opts.token}`) : null;
  app.get('/api/metrics', { config: { access: 'public' } }, async (request, reply) => {
    if (!expected) throw new AppError('NOT_FOUND', 'La ruta solicitada no existe.');
    const given = digest(request.headers.authorization ?? '');
    if (!timingSafeEqual(given, expected)) {
      reply.header('WWW-Authenticate', 'Bearer realm="metrics"');
      throw new AppError('UNAUTHENTICATED', 'Se necesita el token de métricas.');
    }
    reply.type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
});
