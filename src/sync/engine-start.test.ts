/**
 * A new device's start (issue 31): the IndexedDB transactions the engine runs before its first
 * pull request, counted at the IndexedDB API, and what they leave stored.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getMeta, setMeta } from '../db/database';
import { mutate } from '../db/mutate';
import { A, setup } from '../test-utils/engine-setup';
import { makeRecord } from '../test-utils/model-server';

/** Every IndexedDB transaction opened from now on: its mode and stores. */
let transactions: Array<{ mode: string; stores: string[] }>;
beforeEach(() => {
  transactions = [];
  const open = IDBDatabase.prototype.transaction;
  vi.spyOn(IDBDatabase.prototype, 'transaction').mockImplementation(function (this: IDBDatabase, stores, mode, options) {
    transactions.push({ mode: mode ?? 'readonly', stores: (typeof stores === 'string' ? [stores] : [...stores]).sort() });
    return open.call(this, stores, mode, options);
  });
});
afterEach(() => vi.restoreAllMocks());

/** Runs `start` and answers the transactions opened before the first pull request left. */
async function startAndWatch(ctx: ReturnType<typeof setup>, syncToken?: string) {
  const { server, engine } = ctx;
  let beforePull: typeof transactions | null = null;
  const pull = server.pull.bind(server);
  server.pull = (request) => {
    beforePull ??= [...transactions];
    return pull(request);
  };
  transactions = [];
  await engine.start(syncToken === undefined ? {} : { syncToken });
  await engine.sync();
  return beforePull!;
}

describe('SyncEngine start on a new database', () => {
  it('asks for the first page after two transactions: the start (token, meta, client id) and the cycle’s read', async () => {
    const ctx = setup();
    ctx.server.serverPut(makeRecord(A));
    await ctx.db.open();
    const seen = await startAndWatch(ctx, 'token-1');
    expect(seen).toEqual([
      { mode: 'readwrite', stores: ['meta'] },
      { mode: 'readonly', stores: ['files', 'meta', 'outbox', 'problems'] },
    ]);
    // Stored as before: the token for the service worker and one client id, the one sent.
    expect(await getMeta(ctx.db, 'syncToken')).toBe('token-1');
    const clientId = await getMeta(ctx.db, 'clientId');
    expect(clientId).toMatch(/^[0-9a-f-]{36}$/);
    expect(ctx.server.pulls.map((p) => p.clientId)).toEqual(ctx.server.pulls.map(() => clientId));
    expect(ctx.engine.getStatus()).toMatchObject({ state: 'idle', pending: 0, problems: 0 });
    expect((await ctx.db.solicitudes.get(A))?.estado).toBe('Pendiente');
    await ctx.engine.stop();
  });

  it('keeps the client id, the last sync and its error that the database already holds', async () => {
    const ctx = setup();
    await setMeta(ctx.db, 'clientId', 'cliente-existente');
    await setMeta(ctx.db, 'lastSyncAt', '2025-05-01T10:00:00.000Z');
    await setMeta(ctx.db, 'lastError', 'No se pudo sincronizar. Se reintentará automáticamente.');
    ctx.server.unreachable = true;
    const seen = await startAndWatch(ctx);
    expect(seen).toHaveLength(2);
    expect(await getMeta(ctx.db, 'clientId')).toBe('cliente-existente');
    expect(ctx.server.pulls).toHaveLength(0);
    expect(ctx.engine.getStatus()).toMatchObject({ state: 'offline', lastSyncAt: '2025-05-01T10:00:00.000Z' });
    await ctx.engine.stop();
  });

  it('pushes what is queued before the first pull, with the same client id', async () => {
    const ctx = setup();
    ctx.server.serverPut(makeRecord(A));
    await ctx.engine.sync();
    await mutate(ctx.db, 'solicitud.cambiarEstado', { solicitudId: A, estado: 'Aprobado', base: { estado: 'Pendiente' } });
    const pulls = ctx.server.pulls.length;
    await startAndWatch(ctx);
    expect(ctx.server.pushes.map((p) => p.clientId)).toEqual([await getMeta(ctx.db, 'clientId')]);
    expect(ctx.server.pulls.length).toBeGreaterThan(pulls);
    expect(ctx.server.solicitudes.get(A)?.solicitud.estado).toBe('Aprobado');
    expect(await ctx.db.outbox.count()).toBe(0);
    await ctx.engine.stop();
  });
});
