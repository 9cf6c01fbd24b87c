import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { ensureClientId, getMeta } from '../db/database';
import { setup } from '../test-utils/engine-setup';
import { makeRecord } from '../test-utils/model-server';
import { pullAll, type PullProgress } from './pull';
import { TransportError } from './transport';

/** Seven applications made a day apart (the newest last), on a server that serves the pass. */
const ids = [1, 2, 3, 4, 5, 6, 7].map((n) => `0190a0a0-0000-7000-8000-00000000020${n}`);
const createdOn = (n: number) => `2025-01-0${n}T10:00:00.000Z`;

async function passingServer() {
  const env = setup();
  const { db, server } = env;
  server.passes = true;
  ids.forEach((id, i) => {
    const record = makeRecord(id);
    record.solicitud.created_at = createdOn(i + 1);
    server.serverPut(record);
  });
  return { ...env, clientId: await ensureClientId(db) };
}

describe('a first sync newest first', () => {
  it('writes the newest applications first, then pulls by cursor above the floor', async () => {
    const { db, server, clientId } = await passingServer();
    const pages: string[][] = [];
    const pull = server.pull.bind(server);
    server.pull = async (request) => {
      const page = await pull(request);
      pages.push(page.changes.map((c) => c.id));
      return page;
    };
    await pullAll(db, server, clientId, 3);
    expect(pages.slice(0, 3)).toEqual([
      [ids[6], ids[5], ids[4]],
      [ids[3], ids[2], ids[1]],
      [ids[0]],
    ]);
    // After the pass: by cursor from 0 with the floor, which skips what the pass sent.
    expect(server.pulls).toHaveLength(4);
    expect([server.pulls[3].cursor, server.pulls[3].floor, server.pulls[3].recent]).toEqual([0, 7, undefined]);
    expect(pages[3]).toEqual([]);
    expect((await db.solicitudes.toCollection().primaryKeys()).sort()).toEqual(ids);
    expect(await getMeta(db, 'cursor')).toBe(7);
    expect(await getMeta(db, 'recent')).toEqual({ floor: 7, before: null });

    // The next sync is a plain one by cursor.
    server.serverEdit(ids[2], (r) => (r.solicitud.estado = 'Aprobado'));
    await pullAll(db, server, clientId, 3);
    const last = server.pulls.at(-1)!;
    expect([last.cursor, last.floor, last.recent]).toEqual([7, undefined, undefined]);
    expect((await db.solicitudes.get(ids[2]))?.estado).toBe('Aprobado');
  });

  it('reports the applications written against the total the server gave', async () => {
    const { db, server, clientId } = await passingServer();
    const seen: PullProgress[] = [];
    await pullAll(db, server, clientId, 3, (p) => seen.push(p));
    expect(seen).toEqual([
      { done: 3, total: 7 },
      { done: 6, total: 7 },
      { done: 7, total: 7 },
      { done: 7, total: 7 },
    ]);
    // Only the pass's first request and the first one after it asked for the total.
    expect(server.pulls.map((p) => p.total ?? false)).toEqual([true, false, false, true]);
  });

  it('catches up with what changed while the pass ran, tombstones included', async () => {
    const { db, server, clientId } = await passingServer();
    const pull = server.pull.bind(server);
    let calls = 0;
    server.pull = async (request) => {
      if (++calls === 2) {
        server.serverEdit(ids[6], (r) => (r.solicitud.estado = 'Negado')); // sent on page 1
        server.serverDelete(ids[5]); // sent on page 1
        server.serverDelete(ids[1]); // not sent yet
        const late = makeRecord('0190a0a0-0000-7000-8000-000000000299');
        late.solicitud.created_at = createdOn(9);
        server.serverPut(late); // newer than the pass's start
      }
      return pull(request);
    };
    await pullAll(db, server, clientId, 3);
    const local = (await db.solicitudes.toArray()).map((r) => [r.id, r.estado]).sort();
    const remote = [...server.solicitudes.values()].map((r) => [r.id, r.solicitud.estado]).sort();
    expect(local).toEqual(remote);
    expect(local).toContainEqual([ids[6], 'Negado']);
  });

  it('goes on where a stopped pass was, with its floor', async () => {
    const { db, server, clientId } = await passingServer();
    const pull = server.pull.bind(server);
    let calls = 0;
    server.pull = async (request) => {
      if (++calls === 2) throw new TransportError(0, 'Sin conexión.');
      return pull(request);
    };
    await expect(pullAll(db, server, clientId, 3)).rejects.toThrow('Sin conexión.');
    expect(await db.solicitudes.count()).toBe(3);
    expect(await getMeta(db, 'recent')).toEqual({ floor: 7, before: { created_at: createdOn(5), id: ids[4] } });

    const seen: PullProgress[] = [];
    await pullAll(db, server, clientId, 3, (p) => seen.push(p));
    expect(server.pulls.find((p, i) => i > 0 && p.recent)).toMatchObject({ recent: { floor: 7, before: { id: ids[4] } }, total: true });
    expect(seen[0]).toEqual({ done: 6, total: 7 });
    expect((await db.solicitudes.toCollection().primaryKeys()).sort()).toEqual(ids);
  });

  it('starts the pass again when the user’s scope changes half-way', async () => {
    const { db, server, clientId } = await passingServer();
    server.scope = 'banco:bancolombia';
    server.serverEdit(ids[0], (r) => (r.solicitud.banco_nombre = 'Davivienda'));
    const pull = server.pull.bind(server);
    let calls = 0;
    server.pull = async (request) => {
      if (++calls === 2) {
        server.scope = 'banco:davivienda';
        server.sees = (r) => r.solicitud.banco_nombre === 'Davivienda';
      }
      return pull(request);
    };
    await pullAll(db, server, clientId, 3);
    const passStarts = server.pulls.filter((p) => p.recent && p.recent.floor === undefined);
    expect(passStarts).toHaveLength(2);
    expect(await db.solicitudes.toCollection().primaryKeys()).toEqual([ids[0]]);
    expect(await getMeta(db, 'scope')).toBe('banco:davivienda');
  });
});
