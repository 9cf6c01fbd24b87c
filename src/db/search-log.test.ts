import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mapRecord, RadicaDB } from './database';
import { COMPACT_AFTER_ROWS, compactSearchLog, forgetLocalIndex, loadLocalIndex } from './local-index';
import { record } from '../test-utils/records';

let db: RadicaDB;
const row = (id: string, nombres: string) => {
  const r = record(id);
  return mapRecord({ ...r, solicitante: { ...r.solicitante, nombres } });
};
const ids = async (prefix: string) => [...(await loadLocalIndex(db)).startingWith(prefix)].sort();

beforeEach(() => {
  db = new RadicaDB(`search-log-${crypto.randomUUID()}`);
});
afterEach(async () => {
  await db.delete();
});

describe('search log', () => {
  it('logs each write in its own transaction, even one opened over solicitudes alone', async () => {
    await db.solicitudes.bulkPut([row('a', 'Ana'), row('b', 'Beto')]);
    await db.transaction('rw', db.solicitudes, async () => {
      await db.solicitudes.put(row('c', 'Anita'));
      await db.solicitudes.delete('b');
    });
    expect(await ids('an')).toEqual(['a', 'c']);
    expect(await ids('beto')).toEqual([]);
    const log = await db.searchLog.orderBy('seq').toArray();
    expect(log.map((l) => l.created.map((c) => c !== null))).toEqual([[true, true], [true], [false]]);
  });

  it('keeps no log entry of a write whose transaction failed, and no row either', async () => {
    await db.solicitudes.put(row('a', 'Ana'));
    await expect(
      db.transaction('rw', db.solicitudes, async () => {
        await db.solicitudes.put(row('z', 'Zoila'));
        throw new Error('falla');
      }),
    ).rejects.toThrow('falla');
    expect(await db.solicitudes.get('z')).toBeUndefined();
    expect(await db.searchLog.count()).toBe(1);
    expect(await ids('zoila')).toEqual([]);
  });

  it('logs a clear as a reset, and a primary-key range delete as the ids it removed', async () => {
    await db.solicitudes.bulkPut([row('a', 'Ana'), row('b', 'Ana'), row('c', 'Ana')]);
    expect(await ids('ana')).toEqual(['a', 'b', 'c']);
    await db.solicitudes.where(':id').between('a', 'b', true, true).delete();
    expect(await ids('ana')).toEqual(['c']);
    await db.solicitudes.clear();
    expect(await ids('ana')).toEqual([]);
    await db.solicitudes.put(row('d', 'Ana'));
    expect(await ids('ana')).toEqual(['d']);
    forgetLocalIndex(db);
    expect(await ids('ana')).toEqual(['d']);
  });

  it('compacts to one reset row that folds to the same index', async () => {
    for (let i = 0; i < 5; i++) await db.solicitudes.put(row(`r${i}`, i % 2 ? 'Ana' : 'Beto'));
    await db.solicitudes.put(row('r0', 'Ana'));
    await db.solicitudes.delete('r1');
    const before = await ids('ana');
    await compactSearchLog(db);
    const log = await db.searchLog.toArray();
    expect(log).toHaveLength(1);
    expect(log[0].reset).toBe(1);
    forgetLocalIndex(db);
    expect(await ids('ana')).toEqual(before);
    expect(before).toEqual(['r0', 'r3']);
  });

  it('has the loader compact a log that grew long, without losing what the index finds', async () => {
    for (let i = 0; i <= COMPACT_AFTER_ROWS; i++) await db.solicitudes.put(row(`r${i}`, 'Ana'));
    forgetLocalIndex(db);
    expect(await ids('ana')).toHaveLength(COMPACT_AFTER_ROWS + 1);
    await vi.waitFor(async () => expect(await db.searchLog.count()).toBe(1));
    await db.solicitudes.put(row('new', 'Ana'));
    expect(await ids('ana')).toHaveLength(COMPACT_AFTER_ROWS + 2);
  });
});
