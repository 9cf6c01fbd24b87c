/**
 * GET /api/estadisticas/{generales,rendimiento,financieras,completas,usuarios} (spec 02 §7):
 * answers `{ok:true, data:{estadisticas}}`. `dias` (7, 15, 30, 60 or 90; default 30) applies to
 * rendimiento and to the rendimiento part of completas; financieras (alone or in completas) is over
 * every visible application, whatever `dias` says (it is still validated). The spec's `empresa_id` and `user_id` query parameters are accepted
 * only when they match the token. usuarios is for admin and supervisor only.
 * Each answer is read in one repeatable-read transaction so its figures agree with each other.
 */
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { AppError } from '../../../../src/domain/errors';
import { PERIODO_DEFECTO, PERIODOS_DIAS } from '../../../../src/domain/estadisticas';
import { readSnapshot, type Db, type Tx } from '../../db/client';
import { parseInput } from '../../lib/validation';
import { requireUser, type AuthUser } from '../../plugins/auth';
import { completas, Estadisticas, financieras, generales, rendimiento, usuariosStats } from './service';

const DIAS_MESSAGE = 'El periodo debe ser de 7, 15, 30, 60 o 90 días.';
export const Query = v.object({
  dias: v.optional(
    v.pipe(
      v.string(DIAS_MESSAGE),
      v.transform(Number),
      v.picklist(PERIODOS_DIAS, DIAS_MESSAGE),
    ),
  ),
  user_id: v.optional(v.string()),
});

function readQuery(user: AuthUser, raw: unknown) {
  const { dias, user_id } = parseInput(v.looseObject(Query.entries), raw ?? {});
  if (user_id !== undefined && user_id !== String(user.id)) {
    throw new AppError('FORBIDDEN', 'El usuario indicado no coincide con la sesión.');
  }
  return { dias: dias ?? PERIODO_DEFECTO };
}

function snapshot<T>(db: Db, user: AuthUser, work: (q: Estadisticas) => Promise<T>): Promise<T> {
  return readSnapshot(db, (tx: Tx) => work(new Estadisticas(tx, user)));
}

export default async function estadisticasRoutes(app: FastifyInstance) {
  app.get('/api/estadisticas/generales', async (request) => {
    const user = requireUser(request);
    readQuery(user, request.query);
    return { ok: true, data: { estadisticas: await snapshot(app.db, user, generales) } };
  });

  app.get('/api/estadisticas/rendimiento', async (request) => {
    const user = requireUser(request);
    const { dias } = readQuery(user, request.query);
    return { ok: true, data: { estadisticas: await snapshot(app.db, user, (q) => rendimiento(q, dias)) } };
  });

  app.get('/api/estadisticas/financieras', async (request) => {
    const user = requireUser(request);
    const { dias } = readQuery(user, request.query);
    return { ok: true, data: { estadisticas: await snapshot(app.db, user, (q) => financieras(q, dias)) } };
  });

  app.get('/api/estadisticas/completas', async (request) => {
    const user = requireUser(request);
    const { dias } = readQuery(user, request.query);
    return { ok: true, data: { estadisticas: await snapshot(app.db, user, (q) => completas(q, dias)) } };
  });

  app.get(
    '/api/estadisticas/usuarios',
    { config: { roles: ['admin', 'supervisor'] } },
    async (request) => {
      const user = requireUser(request);
      readQuery(user, request.query);
      return { ok: true, data: { estadisticas: await snapshot(app.db, user, usuariosStats) } };
    },
  );
}
