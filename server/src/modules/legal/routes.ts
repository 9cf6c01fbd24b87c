/**
 * GET /api/legal/operador (public): the operator's identity for /terminos-condiciones and
 * /acuerdo-firma, `{operador: {...}}` or `{operador: null}` when it is not configured.
 * Invariant: it answers only what the server was started with (LEGAL_* variables, see
 * identidad.ts), nothing from the database, so it costs nothing and can be cached briefly.
 */
import type { FastifyInstance } from 'fastify';
import type { IdentidadOperador, OperadorLegal } from '../../../../src/domain/legal';

export default async function legalRoutes(app: FastifyInstance, opts: { operador: IdentidadOperador | null }) {
  const data: OperadorLegal = { operador: opts.operador };
  app.get('/api/legal/operador', { config: { access: 'public' } }, async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=300');
    return { ok: true, data };
  });
}
