import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { mapRecord, RadicaDB } from './database';
import type { LocalIndex} from './local-index';
import { loadLocalIndex } from './local-index';
import { record } from '../test-utils/records';

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
