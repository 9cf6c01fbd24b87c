/**
 * The statistics reader of the device (src/features/estadisticas/stats-source.ts) against the real
 * server on a socket: a refused 'usuarios' read carries spec 02 §8's text
 * 'Error al obtener estadísticas de usuarios: {status} - {body}', and the screen's message follows
 * from its status. A period change on completas, made from the period-free parts of an earlier
 * completas answer and rendimiento alone, equals the server's completas of that period.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, loginAs, type DemoUser, type TestContext } from './helpers';
import { insertApplications, rng } from '../../server/src/db/seed';
import { ApiError } from '../../src/lib/api';
import { composeCompletas, loadStats, screenError } from '../../src/features/estadisticas/stats-source';
import type { RadicaDB, StatRow } from '../../src/db/database';
import { PERIODOS_DIAS, type EstadisticasCompletas, type EstadisticasRendimiento } from '../../src/domain/estadisticas';

let ctx: TestContext;
let base: string;
const realFetch = globalThis.fetch;
beforeAll(async () => {
  ctx = await createTestContext();
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  // The device asks by path (same origin); here the origin is the test server's.
  globalThis.fetch = (input, init) => realFetch(typeof input === 'string' && input.startsWith('/') ? `${base}${input}` : input, init);
});
afterAll(async () => {
  globalThis.fetch = realFetch;
  await ctx.close();
});

describe('loadStats', () => {
  it("words a refused 'usuarios' read 'Error al obtener estadísticas de usuarios: {status} - {body}'", async () => {
    const token = await loginAs(ctx.app, 'user');
    // A refused read never reaches the local store.
    const err = await loadStats(null as unknown as RadicaDB, token, 'usuarios', 30).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    const server = (await (await realFetch(`${base}/api/estadisticas/usuarios`, { headers: { authorization: `Bearer ${token}` } })).json()) as { error: string };
    expect((err as ApiError).status).toBe(403);
    expect((err as ApiError).message).toBe(`Error al obtener estadísticas de usuarios: 403 - ${server.error}`);
    expect(screenError('usuarios', err)).toBe('Sin permisos para ver estadísticas de usuarios');
  });
});

describe('completas on a period change', () => {
  beforeAll(async () => {
    // A generated data set: 1,000 more applications (random dates over the seed's span, statuses,
    // banks, cities, amounts, advisors) besides the demo's.
    await insertApplications(ctx.database.db, ctx.seeded.demo.id, 1000, rng(4242), ctx.seeded.users);
  });

  const read = async <T>(token: string, path: string): Promise<T> => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/estadisticas/${path}`, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    return (res.json() as { data: { estadisticas: T } }).data.estadisticas;
  };

  it('made from an earlier completas answer and rendimiento of the period, equals the server completas of that period, for every role and period', async () => {
    for (const who of ['admin', 'supervisor', 'asesor', 'banco', 'user'] as DemoUser[]) {
      const token = await loginAs(ctx.app, who);
      for (const first of [30, 90]) {
        const base = await read<EstadisticasCompletas>(token, `completas?dias=${first}`);
        for (const dias of PERIODOS_DIAS) {
          const rendimiento = await read<EstadisticasRendimiento>(token, `rendimiento?dias=${dias}`);
          const whole = await read<EstadisticasCompletas>(token, `completas?dias=${dias}`);
          expect(composeCompletas(base, rendimiento), `${who} ${first}->${dias}`).toStrictEqual(whole);
        }
      }
      // Not a trivial equality: the figures do change with the period.
      const [week, quarter] = await Promise.all([7, 90].map((d) => read<EstadisticasCompletas>(token, `completas?dias=${d}`)));
      if (who === 'admin') expect(week.rendimiento.solicitudes_por_dia).not.toEqual(quarter.rendimiento.solicitudes_por_dia);
    }
  });

  it('loadStats with a base asks the server for rendimiento alone and stores the completas of the period', async () => {
    const token = await loginAs(ctx.app, 'admin');
    const stored: StatRow[] = [];
    const db = { stats: { put: async (row: StatRow) => void stored.push(row) } } as unknown as RadicaDB;
    const asked: string[] = [];
    const counting = globalThis.fetch;
    globalThis.fetch = (input, init) => {
      asked.push(String(input));
      return counting(input, init);
    };
    try {
      const whole30 = (await loadStats(db, token, 'completas', 30)) as EstadisticasCompletas;
      const got = await loadStats(db, token, 'completas', 7, { generales: whole30.generales, financieras: whole30.financieras });
      expect(asked).toEqual(['/api/estadisticas/completas?dias=30', '/api/estadisticas/rendimiento?dias=7']);
      expect(got).toStrictEqual(await read<EstadisticasCompletas>(token, 'completas?dias=7'));
      expect(stored.map((r) => r.key)).toEqual(['completas:30', 'completas:7']);
      expect(stored[1].data).toStrictEqual(got);
    } finally {
      globalThis.fetch = counting;
    }
  });
});
