/**
 * The statistics reader of the device (src/features/estadisticas/stats-source.ts) against the real
 * server on a socket: a refused 'usuarios' read carries spec 02 §8's text
 * 'Error al obtener estadísticas de usuarios: {status} - {body}', and the screen's message follows
 * from its status.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, loginAs, type TestContext } from './helpers';
import { ApiError } from '../../src/lib/api';
import { loadStats, screenError } from '../../src/features/estadisticas/stats-source';
import type { RadicaDB } from '../../src/db/database';

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
