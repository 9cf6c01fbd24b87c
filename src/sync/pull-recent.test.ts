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
    // The first page gave the stops, and the rest of the pass was asked for as ranges.
    expect(server.pulls[1].recent).toEqual({ floor: 7, before: { created_at: createdOn(5), id: ids[4] }, from: { created_at: createdOn(2), id: ids[1] } });
    expect(server.pulls[2].recent).toEqual({ floor: 7, before: { created_at: createdOn(2), id: ids[1] } });
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

  it('asks for several of the pass’s ranges at once, and writes them in order', async () => {
    const env = setup();
    const { db, server } = env;
    server.passes = true;
    const many = Array.from({ length: 20 }, (_, i) => `0190a0a0-0000-7000-8000-0000000003${String(i).padStart(2, '0')}`);
    many.forEach((id, i) => {
      const record = makeRecord(id);
      record.solicitud.created_at = `2025-02-${String(i + 1).padStart(2, '0')}T10:00:00.000Z`;
      server.serverPut(record);
    });
    const events: string[] = [];
    const pull = server.pull.bind(server);
    server.pull = async (request) => {
      events.push(`ask ${request.recent?.before?.id.slice(-2) ?? 'top'}`);
      return pull(request);
    };
    db.meta.hook('creating', (key, row) => {
      if (key === 'recent') events.push(`wrote ${(row.value as { before: { id: string } | null }).before?.id.slice(-2) ?? 'end'}`);
    });
    db.meta.hook('updating', (changes, key) => {
      if (key !== 'recent') return;
      const mods = changes as Record<string, unknown>;
      // Dexie gives the changed key paths.
      const before = 'value.before' in mods ? (mods['value.before'] as { id: string } | null) : { id: mods['value.before.id'] as string };
      events.push(`wrote ${before?.id.slice(-2) ?? 'end'}`);
    });
    await pullAll(db, server, await ensureClientId(db), 4);
    // The first page (19 to 16) gives the stops 12, 08, 04 and 00; three ranges are asked for
    // before the first page is written.
    expect(events.slice(0, 5)).toEqual(['ask top', 'ask 16', 'ask 12', 'ask 08', 'wrote 16']);
    expect(events.filter((e) => e.startsWith('wrote'))).toEqual(['wrote 16', 'wrote 12', 'wrote 08', 'wrote 04', 'wrote 00', 'wrote end']);
    expect((await db.solicitudes.toCollection().primaryKeys()).sort()).toEqual(many);
  });

  it('asks for the rest of a range that grew past a page before the ranges after it', async () => {
    const env = setup();
    const { db, server } = env;
    server.passes = true;
    const day = (n: number) => `2025-03-${String(n).padStart(2, '0')}T10:00:00.000Z`;
    const put = (id: string, n: number) => {
      const record = makeRecord(id);
      record.solicitud.created_at = day(n);
      server.serverPut(record);
    };
    const base = Array.from({ length: 9 }, (_, i) => `0190a0a0-0000-7000-8000-0000000004${i}0`);
    base.forEach((id, i) => put(id, 2 * i + 2));
    const pull = server.pull.bind(server);
    let calls = 0;
    server.pull = async (request) => {
      // Once the stops are out, seven applications land inside the first range (days 11 to 13).
      if (++calls === 2) for (let k = 0; k < 7; k++) put(`0190a0a0-0000-7000-8000-0000000005${k}0`, 11 + (k % 3));
      return pull(request);
    };
    await pullAll(db, server, await ensureClientId(db), 3);
    const local = (await db.solicitudes.toCollection().primaryKeys()).sort();
    expect(local).toEqual([...server.solicitudes.keys()].sort());
    const cut = server.pulls.filter((p) => p.recent?.from && p.recent.before?.created_at.startsWith('2025-03-1'));
    expect(cut.length).toBeGreaterThanOrEqual(2);
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
    const resumed = server.pulls.length;
    await pullAll(db, server, clientId, 3, (p) => seen.push(p));
    expect(server.pulls[resumed]).toMatchObject({ recent: { floor: 7, before: { id: ids[4] } }, total: true });
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
