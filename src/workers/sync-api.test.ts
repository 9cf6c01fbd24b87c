import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import Dexie from 'dexie';
import { mutate } from '../db/mutate';
import { getMeta, openUserDb } from '../db/database';
import { SyncEngine } from '../sync/engine';
import { A, manualTriggers } from '../test-utils/engine-setup';
import { makeRecord, ModelServer } from '../test-utils/model-server';
import type { SyncStatus } from '../sync/status';
import { createSyncApi } from './sync-api';

afterEach(async () => {
  for (const name of await Dexie.getDatabaseNames()) await Dexie.delete(name);
});

function api(server: ModelServer) {
  const manual = manualTriggers();
  const tokens: string[] = [];
  return createSyncApi({
    createTransport: (config) => {
      tokens.push(config.token);
      return server;
    },
    createEngine: (db, transport) =>
      new SyncEngine({ db, transport, triggers: manual.triggers, locks: null }),
  });
}

describe('sync API (worker side)', () => {
  it("syncs the user's own database and reports status to subscribers", async () => {
    const server = new ModelServer();
    server.serverPut(makeRecord(A));
    const sync = api(server);
    const seen: SyncStatus[] = [];
    const id = sync.subscribe((s) => seen.push(s));
    await sync.init({ empresaId: 1, userId: 5, token: 'token' });
    const status = await sync.syncNow();
    expect(status).toMatchObject({ state: 'idle', pending: 0 });
    const db = openUserDb(1, 5);
    expect((await db.solicitudes.get(A))?.estado).toBe('Pendiente');
    await mutate(db, 'solicitud.cambiarEstado', {
      solicitudId: A,
      estado: 'Aprobado',
      base: { estado: 'Pendiente' },
    });
    await sync.syncNow();
    expect(server.solicitudes.get(A)?.solicitud.estado).toBe('Aprobado');
    expect(seen.some((s) => s.state === 'syncing')).toBe(true);
    sync.unsubscribe(id);
    const count = seen.length;
    await sync.syncNow();
    expect(seen.length).toBe(count);
    db.close();
    await sync.stop();
  });

  it('runs no other cycle when the page hands over the token the engine already has', async () => {
    const server = new ModelServer();
    server.serverPut(makeRecord(A));
    const sync = api(server);
    await sync.init({ empresaId: 1, userId: 6, token: 'token' });
    await sync.syncNow();
    const pulls = server.pulls.length;
    await sync.setToken('token');
    expect(server.pulls.length).toBe(pulls);
    await sync.stop();
  });

  it('resumes after a 401 when a new token arrives', async () => {
    const server = new ModelServer();
    server.serverPut(makeRecord(A));
    const sync = api(server);
    await sync.init({ empresaId: 1, userId: 5, token: 'token' });
    server.validToken = 'nuevo';
    expect((await sync.syncNow()).state).toBe('unauthenticated');
    await sync.setToken('nuevo');
    expect(sync.getStatus().state).toBe('idle');
    await sync.stop();
  });

  it('keeps the current token in the user database for the service worker, and removes it on stop', async () => {
    const server = new ModelServer();
    const sync = api(server);
    await sync.init({ empresaId: 1, userId: 5, token: 'token' });
    const db = openUserDb(1, 5);
    expect(await getMeta(db, 'syncToken')).toBe('token');
    server.validToken = 'nuevo';
    await sync.setToken('nuevo');
    expect(await getMeta(db, 'syncToken')).toBe('nuevo');
    await sync.stop(); // logout: the service worker may no longer send this user's queue
    expect(await getMeta(db, 'syncToken')).toBeNull();
    db.close();
  });
});
