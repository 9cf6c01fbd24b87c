/** POST /api/sync/push and GET /api/sync/pull: thin handlers over push.ts and pull.ts. */
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { parseInput } from '../../lib/validation';
import { requireUser } from '../../plugins/auth';
import { PULL_PAGE_DEFAULT, PULL_PAGE_MAX, PushBodySchema } from '../../../../src/domain/sync-protocol';
import { push } from './push';
import { pull } from './pull';

const PullQuery = v.object({
  clientId: v.pipe(v.string('clientId es obligatorio'), v.uuid('clientId inválido')),
  cursor: v.optional(v.pipe(v.string(), v.regex(/^\d{1,15}$/, 'cursor inválido'), v.transform(Number)), '0'),
  limit: v.optional(v.pipe(v.string(), v.regex(/^\d{1,5}$/, 'limit inválido'), v.transform(Number)), String(PULL_PAGE_DEFAULT)),
  empresa_id: v.optional(v.string()),
});

export default async function syncRoutes(app: FastifyInstance) {
  app.post('/api/sync/push', { bodyLimit: 5 * 1024 * 1024 }, async (request) => {
    const user = requireUser(request);
    const body = parseInput(PushBodySchema, request.body);
    return { ok: true, data: await push(app.db, user, body) };
  });

  app.get('/api/sync/pull', async (request) => {
    const user = requireUser(request);
    const q = parseInput(PullQuery, request.query);
    const limit = Math.min(Math.max(Number(q.limit) || PULL_PAGE_DEFAULT, 1), PULL_PAGE_MAX);
    return { ok: true, data: await pull(app.db, user, { clientId: q.clientId, cursor: Number(q.cursor), limit }) };
  });
}
