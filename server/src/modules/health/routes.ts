/**
 * GET /api/health: the process serves (liveness; touches nothing else).
 * GET /api/ready: the process can do its work, i.e. the database answers (readiness); 503 with a
 * Spanish message when it does not or takes longer than READY_TIMEOUT_MS. Both are public.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { AppError } from '../../../../src/domain/errors';

const READY_TIMEOUT_MS = 2000;
const NOT_READY = 'La base de datos no responde; el servidor no está listo.';

export default async function healthRoutes(app: FastifyInstance) {
  app.get('/api/health', { config: { access: 'public' } }, async () => ({ ok: true }));

  app.get('/api/ready', { config: { access: 'public' } }, async () => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timeout')), READY_TIMEOUT_MS);
    });
    try {
      await Promise.race([app.db.execute(sql`select 1`), timeout]);
    } catch (error) {
      app.log.warn({ err: error }, 'ready: la base de datos no respondió');
      throw new AppError('UNAVAILABLE', NOT_READY);
    } finally {
      clearTimeout(timer);
    }
    return { ok: true };
  });
}
