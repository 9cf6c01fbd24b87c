import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { mapRecord, RadicaDB } from './database';
import type { LocalIndex} from './local-index';
import { compactSearchLog, forgetLocalIndex, loadLocalIndex, SlicedSort } from './local-index';
import { record } from '../test-utils/records';
import { filterToken } from './search-tokens';

const db = new RadicaDB(`local-index-${crypto.randomUUID()}`);
afterEach(async () => {
  await db.solicitudes.clear();
});

/** An application made on day `day` of January 2025. */
const madeOn = (id: string, day: number) => {
  const r = record(id);
  return mapRecord({ ...r, solicitud: { ...r.solicitud, created_at: `2025-01-${String(day).padStart(2, '0')}T08:00:00.000Z` } });
};

describe('the list index order', () => {
  it('merges pages of older applications, written newest first, into the order it has', async () => {
    await db.solicitudes.bulkPut([madeOn('k', 20), madeOn('l', 25)]);
    const index: LocalIndex = await loadLocalIndex(db);
    expect(index.keys).toEqual(['k', 'l']);
    // A first sync's pass: each page older than the rows already there, newest first.
    await db.solicitudes.bulkPut([madeOn('h', 18), madeOn('g', 15), madeOn('f', 15)]);
    await db.solicitudes.bulkPut([madeOn('c', 9), madeOn('b', 3)]);
    // A new application made now sorts last; one older than all sorts first.
    await db.solicitudes.bulkPut([madeOn('z', 28), madeOn('a', 1)]);
    await loadLocalIndex(db);
    expect(index.keys).toEqual(['a', 'b', 'c', 'f', 'g', 'h', 'k', 'l', 'z']);
    expect(index.rankOf('g')).toBe(4);
    expect(index.rankFrom('2025-01-15', true)).toBe(3);
  });
});

describe('the list index search postings', () => {
  const named = (id: string, day: number, nombres: string, estado = 'Pendiente') => {
    const r = madeOn(id, day);
    return { ...r, solicitante: { ...r.solicitante!, nombres }, solicitud: { ...r.solicitud!, estado } };
  };

  it('finds what pages written before its first search hold, and keeps finding after later writes', async () => {
    const index = await loadLocalIndex(db);
    // The list prepares the empty index at a first sync's start; the pages come after.
    index.prepare();
    await db.solicitudes.bulkPut([named('p1', 20, 'Wilmar'), named('p2', 19, 'Yesenia', 'Aprobado')]);
    await loadLocalIndex(db);
    await db.solicitudes.bulkPut([named('p3', 10, 'Wilfredo', 'Aprobado')]);
    await loadLocalIndex(db);
    expect([...index.startingWith('wil')].sort()).toEqual(['p1', 'p3']);
    expect([...index.having(filterToken('estado', 'Aprobado'))].sort()).toEqual(['p2', 'p3']);
    // Once made, the postings follow each write: a renamed row, a changed status, a deleted row.
    await db.solicitudes.bulkPut([named('p1', 20, 'Zoraida', 'Aprobado'), named('p4', 21, 'Wendy')]);
    await db.solicitudes.delete('p3');
    await loadLocalIndex(db);
    expect([...index.startingWith('w')].sort()).toEqual(['p4']);
    expect([...index.startingWith('zor')]).toEqual(['p1']);
    expect([...index.having(filterToken('estado', 'Aprobado'))].sort()).toEqual(['p1', 'p2']);
    expect(index.keys).toEqual(['p2', 'p1', 'p4']);
    expect(index.rankOf('p4')).toBe(2);
  });

  it('makes its postings in slices, with the rows written meanwhile as they are at the end', async () => {
    const rows = Array.from({ length: 300 }, (_, i) => named(`r${String(i).padStart(3, '0')}`, 1 + (i % 28), i % 2 ? 'Wilmar' : 'Yesenia'));
    await db.solicitudes.bulkPut(rows);
    const index = await loadLocalIndex(db);
    // A slice of no time posts one batch of rows and stops.
    expect(index.prepareSlice(0)).toBe(false);
    // Meanwhile: a row renamed (r001 was posted already, r299 not yet), one deleted, one added.
    await db.solicitudes.bulkPut([named('r001', 2, 'Zoraida'), named('r299', 28, 'Zoraida'), named('nuevo', 5, 'Wendy')]);
    await db.solicitudes.delete('r003');
    await loadLocalIndex(db);
    while (!index.prepareSlice(0));
    const wil = rows.filter((_, i) => i % 2 && ![1, 3, 299].includes(i)).map((r) => r.id);
    expect([...index.startingWith('wil')].sort()).toEqual(wil.sort());
    expect([...index.startingWith('zor')].sort()).toEqual(['r001', 'r299']);
    expect([...index.startingWith('w')].sort()).toEqual([...wil, 'nuevo'].sort());
    expect(index.startingWith('yes').size).toBe(150);
  });

  it('a first load of rows (a reload) leaves the postings to slices, as pages written after an empty load do', async () => {
    forgetLocalIndex(db);
    await loadLocalIndex(db); // the empty database of a first sync
    await db.solicitudes.bulkPut(Array.from({ length: 300 }, (_, i) => named(`q${i}`, 1 + (i % 28), 'Wilmar')));
    const syncing = await loadLocalIndex(db);
    // Postings still to make: a slice of no time does not finish them.
    expect(syncing.prepareSlice(0)).toBe(false);
    forgetLocalIndex(db);
    const reloaded = await loadLocalIndex(db);
    // Not made by the load (half a second at 50,000 rows, in one task): slices make them.
    expect(reloaded.prepared).toBe(false);
    expect(reloaded.prepareSlice(0)).toBe(false);
    await reloaded.whenPrepared();
    expect(reloaded.prepared).toBe(true);
    expect(reloaded.startingWith('wil').size).toBe(300);
  });

  it('prepares in slices that are tasks of their own, and every caller waiting for them finds the same words', async () => {
    forgetLocalIndex(db);
    // Distinct words enough for the sort to take several runs and merges.
    const rows = Array.from({ length: 3000 }, (_, i) => named(`s${String(i).padStart(4, '0')}`, 1 + (i % 28), `Nombre${(i * 7919) % 3000}`));
    await db.solicitudes.bulkPut(rows);
    const index = await loadLocalIndex(db);
    expect(index.prepared).toBe(false);
    // Another task, kept going until the index is prepared: it must run between any two slices.
    let ticks = 0;
    let done = false;
    const tick = () => {
      ticks++;
      if (!done) setTimeout(tick, 0);
    };
    setTimeout(tick, 0);
    const slices: number[] = [];
    const prepareSlice = index.prepareSlice.bind(index);
    index.prepareSlice = (budgetMs: number) => {
      slices.push(ticks);
      return prepareSlice(budgetMs);
    };
    // Slices of no time: each posts one batch of rows or takes one step of the sort.
    const first = index.whenPrepared(0);
    // A lookup's wait joins the run under way; a write meanwhile is posted and its word merged in.
    await db.solicitudes.bulkPut([named('s0001', 2, 'Zoraida'), named('nuevo', 5, 'Zacarías')]);
    await loadLocalIndex(db);
    await Promise.all([first, index.whenPrepared(0)]);
    done = true;
    expect(index.prepared).toBe(true);
    expect(slices.length).toBeGreaterThan(3000 / 64);
    for (let i = 1; i < slices.length; i++) expect(slices[i]).toBeGreaterThan(slices[i - 1]);
    // The words as one sort of them gives.
    const names = new Map(rows.map((r) => [r.id, r.solicitante.nombres.toLowerCase()]));
    names.set('s0001', 'zoraida');
    names.set('nuevo', 'zacarias');
    const having = (prefix: string) => [...names].filter(([, n]) => n.startsWith(prefix)).map(([id]) => id).sort();
    for (const prefix of ['nombre1', 'nombre29', 'nombre2999', 'z', 'zo']) expect([...index.startingWith(prefix)].sort()).toEqual(having(prefix));
    expect(index.prepareSlice(0)).toBe(true);
  });

  it('sorts the words the postings have when the sort begins, rows written after a filter made the postings included', async () => {
    forgetLocalIndex(db);
    await db.solicitudes.bulkPut([named('u1', 3, 'Ulises'), named('u2', 4, 'Ursula')]);
    const index = await loadLocalIndex(db);
    // A filter makes the postings, not the sorted words.
    expect(index.having(filterToken('estado', 'Pendiente')).size).toBe(2);
    await db.solicitudes.bulkPut([named('u3', 5, 'Umberto'), named('u2', 4, 'Ursulina')]);
    await loadLocalIndex(db);
    expect([...index.startingWith('umberto')]).toEqual(['u3']);
    expect([...index.startingWith('ursul')]).toEqual(['u2']);
    expect([...index.startingWith('ulises')]).toEqual(['u1']);
  });

  it('sorts by status from the tokens it keeps joined', async () => {
    await db.solicitudes.bulkPut([named('e1', 3, 'Ana', 'Negado'), named('e2', 4, 'Ana', 'Aprobado'), named('e3', 5, 'Ana')]);
    const index = await loadLocalIndex(db);
    expect(index.sortedBy('estado', 'asc', ['Pendiente', 'Aprobado', 'Negado']).keys).toEqual(['e3', 'e2', 'e1']);
  });
});

describe('the sort in slices', () => {
  it('sorts as one sort does, one step at a time when given no time', () => {
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const chars = [...'aábnñz019-@.Ñ\u{1F600}'];
    const words = new Set<string>();
    while (words.size < 20000) words.add(Array.from({ length: 1 + Math.floor(random() * 8) }, () => chars[Math.floor(random() * chars.length)]).join(''));
    const sort = new SlicedSort([...words]);
    let steps = 1;
    let sorted: string[] | null;
    while (!(sorted = sort.step(0))) steps++;
    expect(sorted).toEqual([...words].sort());
    // Five runs sorted, then four merges of some thousands of words each step.
    expect(steps).toBeGreaterThan(10);
    expect(new SlicedSort([]).step(0)).toEqual([]);
    expect(new SlicedSort(['b', 'a']).step(Infinity)).toEqual(['a', 'b']);
  });
});

describe('the search log compaction', () => {
  it('leaves the postings and orders an index has made when the reset row folds what it applied', async () => {
    forgetLocalIndex(db);
    await db.solicitudes.bulkPut(Array.from({ length: 40 }, (_, i) => madeOn(`c${String(i).padStart(2, '0')}`, 1 + (i % 28))));
    await db.solicitudes.bulkPut([madeOn('c05', 2), madeOn('nuevo', 27)]);
    const index = await loadLocalIndex(db);
    while (!index.prepareSlice(0));
    const byAmount = index.sortedBy('monto', 'desc', []);
    const keys = [...index.keys];
    await compactSearchLog(db);
    expect(await db.searchLog.count()).toBe(1);
    await loadLocalIndex(db);
    // The same state: nothing made again (an order made again would be another object).
    expect(index.sortedBy('monto', 'desc', [])).toBe(byAmount);
    expect(index.prepareSlice(0)).toBe(true);
    expect(index.keys).toEqual(keys);
    // Rows written after the compaction still reach it, and a fresh load reads the same.
    await db.solicitudes.delete('c05');
    await loadLocalIndex(db);
    forgetLocalIndex(db);
    const reloaded = await loadLocalIndex(db);
    expect(reloaded.keys).toEqual(keys.filter((k) => k !== 'c05'));
    expect(index.keys).toEqual(reloaded.keys);
  });

  it('a reset row that is not a compaction of what the index applied still starts it over', async () => {
    forgetLocalIndex(db);
    await db.solicitudes.bulkPut([madeOn('x1', 3), madeOn('x2', 4)]);
    const index = await loadLocalIndex(db);
    const order = index.sortedBy('monto', 'asc', []);
    await db.solicitudes.clear();
    await db.solicitudes.bulkPut([madeOn('y1', 5)]);
    await loadLocalIndex(db);
    expect(index.keys).toEqual(['y1']);
    expect(index.sortedBy('monto', 'asc', [])).not.toBe(order);
  });
});
