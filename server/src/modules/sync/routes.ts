/** POST /api/sync/push and GET /api/sync/pull: thin handlers over push.ts and pull.ts (counted in /api/metrics). */
import type { FastifyInstance } from 'fastify';
import zlib from 'node:zlib';
import * as v from 'valibot';
import { parseInput } from '../../lib/validation';
import { requireUser } from '../../plugins/auth';
import { PULL_PAGE_DEFAULT, PULL_PAGE_MAX, PushBodySchema, type MutationEnvelope } from '../../../../src/domain/sync-protocol';
import { push, type PushGuard } from './push';
import { correoLimitado, perfilCambiaCorreo, usuarioCambiaCorreo, type CorreoLimit } from '../usuarios/correo-limit';
import { pullBody, pullPage } from './pull';
import { pullRecentPage } from './pull-recent';
import { AppError } from '../../../../src/domain/errors';

/** A timestamp as PostgreSQL writes it, or in ISO form. */
const INSTANT = /^\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(\.\d{1,6})?(Z|[+-]\d\d(:?\d\d)?)$/;

export const PullQuery = v.object({
  clientId: v.pipe(v.string('clientId es obligatorio'), v.uuid('clientId inválido')),
  cursor: v.optional(v.pipe(v.string(), v.regex(/^\d{1,15}$/, 'cursor inválido'), v.transform(Number)), '0'),
  limit: v.optional(v.pipe(v.string(), v.regex(/^\d{1,5}$/, 'limit inválido'), v.transform(Number)), String(PULL_PAGE_DEFAULT)),
  total: v.optional(v.picklist(['0', '1'], 'total inválido')),
  floor: v.optional(v.pipe(v.string(), v.regex(/^\d{1,15}$/, 'floor inválido'), v.transform(Number))),
  // A first sync's newest-first pass (pull-recent.ts): recent=1, then floor, before and beforeId.
  recent: v.optional(v.picklist(['1'], 'recent inválido')),
  before: v.optional(v.pipe(v.string(), v.regex(INSTANT, 'before inválido'))),
  beforeId: v.optional(v.pipe(v.string(), v.uuid('beforeId inválido'))),
  from: v.optional(v.pipe(v.string(), v.regex(INSTANT, 'from inválido'))),
  fromId: v.optional(v.pipe(v.string(), v.uuid('fromId inválido'))),
  empresa_id: v.optional(v.string()),
});

/**
 * A page is about 4 MB of JSON. Brotli at the global quality 4 took about 180 ms of CPU per page
 * here, as long as building the page; quality 1 takes about 30 ms and sends 20% more bytes
 * (720 KB instead of 600 KB). A first sync is dozens of pages, so the CPU wins.
 */
const PULL_COMPRESSION = {
  brotliOptions: {
    params: { [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_QUALITY]: 1 },
  },
  zlibOptions: { level: 1 },
};

export default async function syncRoutes(app: FastifyInstance, opts: { correoLimit: CorreoLimit; usuariosCorreoLimit: CorreoLimit }) {
  app.post('/api/sync/push', { bodyLimit: 5 * 1024 * 1024 }, async (request) => {
    const user = requireUser(request);
    const body = parseInput(PushBodySchema, request.body);
    // A mutation that asks whether an address is taken counts in the budget of the REST route that
    // asks it (usuarios/correo-limit.ts), past which it is rejected: perfil.editar naming another
    // e-mail in PUT /api/perfil's, usuario.crear and usuario.editar naming another e-mail in the
    // user administration's.
    const guard: PushGuard = async (m) => {
      const budget = await correoBudgetOf(m);
      if (budget && (await budget(request)) !== null) throw correoLimitado();
    };
    const correoBudgetOf = async (m: MutationEnvelope): Promise<CorreoLimit | null> => {
      const args = (m.args ?? {}) as { usuarioId?: unknown; changes?: unknown };
      if (m.name === 'perfil.editar') return (await perfilCambiaCorreo(app.db, user, m.args)) ? opts.correoLimit : null;
      if (m.name === 'usuario.crear') return opts.usuariosCorreoLimit;
      if (m.name === 'usuario.editar') return (await usuarioCambiaCorreo(app.db, user, args.usuarioId, args.changes)) ? opts.usuariosCorreoLimit : null;
      return null;
    };
    const data = await push(app.db, user, body, guard);
    app.metrics.countPush(data.results);
    return { ok: true, data };
  });

  app.get('/api/sync/pull', { compress: PULL_COMPRESSION }, async (request, reply) => {
    const user = requireUser(request);
    const q = parseInput(PullQuery, request.query);
    const limit = Math.min(Math.max(Number(q.limit) || PULL_PAGE_DEFAULT, 1), PULL_PAGE_MAX);
    const total = q.total === '1';
    const paired = (a: unknown, b: unknown) => (a === undefined) === (b === undefined);
    if (
      !paired(q.before, q.beforeId) ||
      !paired(q.from, q.fromId) ||
      (q.before !== undefined && (q.floor === undefined || !q.recent)) ||
      (q.from !== undefined && q.before === undefined)
    ) {
      throw new AppError('VALIDATION', 'before y beforeId van juntos, con recent=1 y floor; from y fromId, solo con before.');
    }
    const page = q.recent
      ? await pullRecentPage(app.db, user, {
          clientId: q.clientId,
          limit,
          total,
          floor: q.floor,
          before: q.before === undefined ? undefined : { created_at: q.before, id: q.beforeId! },
          from: q.from === undefined ? undefined : { created_at: q.from, id: q.fromId! },
        })
      : await pullPage(app.db, user, { clientId: q.clientId, cursor: Number(q.cursor), limit, total, floor: q.floor });
    app.metrics.pullRows.inc(page.changes.length);
    // The records are JSON text from the database: the body is written, not serialised again.
    return reply.type('application/json; charset=utf-8').send(pullBody(page));
  });
}
