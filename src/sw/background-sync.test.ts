import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import Dexie from 'dexie';
import { getMeta, openUserDb, setMeta, userDbName } from '../db/database';
import { mutate } from '../db/mutate';
import { A, B } from '../test-utils/engine-setup';
import { makeRecord, ModelServer } from '../test-utils/model-server';
import { runBackgroundSync, tokenFitsDb, type BackgroundDeps } from './background-sync';

afterEach(async () => {
  for (const name of await Dexie.getDatabaseNames()) await Dexie.delete(name);
});

/** A JWT-shaped token for company `emp` and user `sub` (the service worker only reads its claims). */
const jwt = (emp: number, sub: number) =>
  `h.${Buffer.from(JSON.stringify({ sub: String(sub), emp })).toString('base64url')}.s`;

function deps(servers: Map<string, ModelServer>, open = false): BackgroundDeps & { tokens: string[] } {
  const tokens: string[] = [];
  return {
    tokens,
    databaseNames: () => Dexie.getDatabaseNames(),
    openDb: (name) => {
      const [, e, u] = /^radica-(\d+)-(\d+)$/.exec(name)!;
      return openUserDb(Number(e), Number(u));
    },
    createTransport: (token) => {
      tokens.push(token);
      const server = servers.get(token);
      if (!server) throw new Error('unknown token');
      return server;
    },
    locks: null,
    appOpen: async () => open,
  };
}

async function queueStatusChange(empresa: number, user: number, server: ModelServer, id = A) {
  server.serverPut(makeRecord(id));
  const db = openUserDb(empresa, user);
  await db.solicitudes.put({ ...makeRecord(id), created_at: '2026-01-01', estado: 'Pendiente' } as never);
  await mutate(db, 'solicitud.cambiarEstado', { solicitudId: id, estado: 'Aprobado', base: { estado: 'Pendiente' } });
  return db;
}

describe('background sync in the service worker', () => {
  it("sends each user's queue with that user's own token, once, and records it while the app is closed", async () => {
    const ana = new ModelServer();
    ana.validToken = jwt(1, 5);
    ana.setToken(jwt(1, 5));
    const luis = new ModelServer();
    luis.validToken = jwt(1, 6);
    luis.setToken(jwt(1, 6));
    const dbAna = await queueStatusChange(1, 5, ana, A);
    const dbLuis = await queueStatusChange(1, 6, luis, B);
    await setMeta(dbAna, 'syncToken', jwt(1, 5));
    await setMeta(dbLuis, 'syncToken', jwt(1, 6));
    const d = deps(new Map([[jwt(1, 5), ana], [jwt(1, 6), luis]]));
    const reports = await runBackgroundSync(d, 'push');
    expect(reports.map((r) => r.outcome)).toEqual(['ok', 'ok']);
    expect(ana.solicitudes.get(A)?.solicitud.estado).toBe('Aprobado');
    expect(luis.solicitudes.get(B)?.solicitud.estado).toBe('Aprobado');
    expect(ana.pushes.every((p) => p.mutations.every((m) => m.args && (m.args as { solicitudId: string }).solicitudId === A))).toBe(true);
    expect(ana.appliedCount + luis.appliedCount).toBe(2);
    expect(await dbAna.outbox.count()).toBe(0);
    expect(await getMeta(dbAna, 'sentWhileClosed')).toMatchObject({ cambios: 1, archivos: 0 });
    // A second event has nothing to send and sends nothing again.
    await runBackgroundSync(d, 'push');
    expect(ana.appliedCount + luis.appliedCount).toBe(2);
    dbAna.close();
    dbLuis.close();
  });

  it('leaves alone a database without a token, or whose token names another user', async () => {
    const server = new ModelServer();
    server.validToken = jwt(1, 6);
    server.setToken(jwt(1, 6));
    const signedOut = await queueStatusChange(1, 5, server, A);
    const other = await queueStatusChange(1, 7, server, B);
    await setMeta(other, 'syncToken', jwt(1, 6)); // user 6's token inside user 7's database
    const d = deps(new Map([[jwt(1, 6), server]]));
    const reports = await runBackgroundSync(d, 'push');
    expect(reports.map((r) => [r.dbName, r.outcome])).toEqual([
      [userDbName(1, 5), 'skipped'],
      [userDbName(1, 7), 'skipped'],
    ]);
    expect(d.tokens).toEqual([]);
    expect(server.pushes).toEqual([]);
    expect(await signedOut.outbox.count()).toBe(1);
    expect(tokenFitsDb(jwt(1, 7), userDbName(1, 7))).toBe(true);
    expect(tokenFitsDb(jwt(2, 7), userDbName(1, 7))).toBe(false);
    signedOut.close();
    other.close();
  });

  it('on a 401 keeps everything queued and forgets the refused token', async () => {
    const server = new ModelServer();
    server.validToken = 'otro';
    const db = await queueStatusChange(1, 5, server, A);
    await setMeta(db, 'syncToken', jwt(1, 5));
    const reports = await runBackgroundSync(deps(new Map([[jwt(1, 5), server]])), 'push');
    expect(reports[0].outcome).toBe('unauthenticated');
    expect(await db.outbox.count()).toBe(1);
    expect(await getMeta(db, 'syncToken')).toBeNull();
    db.close();
  });

  it('fails the event when the server is down, losing nothing; the next event sends it', async () => {
    const server = new ModelServer();
    server.validToken = jwt(1, 5);
    server.setToken(jwt(1, 5));
    const db = await queueStatusChange(1, 5, server, A);
    await setMeta(db, 'syncToken', jwt(1, 5));
    server.fail('push', 503);
    const d = deps(new Map([[jwt(1, 5), server]]), true);
    await expect(runBackgroundSync(d, 'push')).rejects.toThrow(/Sincronización en segundo plano fallida/);
    expect(await db.outbox.count()).toBe(1);
    await runBackgroundSync(d, 'push');
    expect(server.appliedCount).toBe(1);
    // The app was open: what the service worker sent is not announced as sent while closed.
    expect(await getMeta(db, 'sentWhileClosed')).toBeUndefined();
    db.close();
  });
});
