import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mapRecord, RadicaDB } from '../../db/database';
import { createdOrder } from '../../db/created-order';
import { queryCreditList, searchKeys } from './use-credit-list';
import { record } from './test-records.test-util';
import { matchesSearch } from '../../domain/text';

let db: RadicaDB;
const id = (n: number) => `0190a0a0-0000-7000-8000-${String(n).padStart(12, '0')}`;
const local = (y: number, m: number, d: number, h = 12) => new Date(y, m - 1, d, h).toISOString();

function make(n: number, nombres: string, createdAt: string, documento = `10${n}`) {
  const r = record(id(n));
  return mapRecord({
    ...r,
    solicitante: { ...r.solicitante, nombres, numero_documento: documento },
    solicitud: { ...r.solicitud, created_at: createdAt },
  });
}

beforeEach(async () => {
  db = new RadicaDB(`creditos-${crypto.randomUUID()}`);
  await db.solicitudes.bulkPut([
    make(1, 'Ángela', local(2025, 3, 1)),
    make(2, 'Andrés', local(2025, 3, 2)),
    make(3, 'Beatriz', local(2025, 3, 3)),
    make(4, 'Ana María', local(2025, 3, 4)),
    make(5, 'Carlos', ''),
  ]);
});
afterEach(async () => {
  await db.delete();
});

const params = { query: '', desde: '', hasta: '', page: 1, pageSize: 10 };
const names = (rows: { solicitante: { nombres: string } }[]) =>
  rows.map((r) => r.solicitante.nombres);

describe('queryCreditList', () => {
  it('lists newest first and pages with a separate total', async () => {
    const first = await queryCreditList(db, { ...params, pageSize: 2 });
    expect(first.total).toBe(5);
    expect(names(first.rows)).toEqual(['Ana María', 'Beatriz']);
    const second = await queryCreditList(db, { ...params, pageSize: 2, page: 2 });
    expect(names(second.rows)).toEqual(['Andrés', 'Ángela']);
  });

  it('searches without case or accents, every word must match', async () => {
    const res = await queryCreditList(db, { ...params, query: 'AN' });
    expect(names(res.rows)).toEqual(['Ana María', 'Andrés', 'Ángela']);
    expect((await queryCreditList(db, { ...params, query: 'ana maria' })).total).toBe(1);
    expect((await queryCreditList(db, { ...params, query: 'angela perez' })).total).toBe(1);
    expect((await queryCreditList(db, { ...params, query: '103' })).total).toBe(1);
    expect((await queryCreditList(db, { ...params, query: '1-03' })).total).toBe(1);
  });

  it('filters by local calendar day with and without a search, dropping rows without a date', async () => {
    const range = await queryCreditList(db, {
      ...params,
      desde: '2025-03-02',
      hasta: '2025-03-03',
    });
    expect(names(range.rows)).toEqual(['Beatriz', 'Andrés']);
    expect(range.total).toBe(2);
    const open = await queryCreditList(db, { ...params, hasta: '2025-03-01' });
    expect(names(open.rows)).toEqual(['Ángela']);
    const searched = await queryCreditList(db, { ...params, query: 'an', desde: '2025-03-02' });
    expect(names(searched.rows)).toEqual(['Ana María', 'Andrés']);
    const future = await queryCreditList(db, { ...params, desde: '2099-01-01' });
    expect(future.total).toBe(0);
  });

  it('keeps newest-first order when a row of a large search changes its date', async () => {
    // More matches than are read as rows, so the cached created order is used and must follow.
    await db.solicitudes.bulkPut(
      Array.from({ length: 80 }, (_, i) =>
        make(100 + i, 'Zoila', local(2025, 2, 1 + (i % 28), i % 24)),
      ),
    );
    const before = await queryCreditList(db, { ...params, query: 'zoila' });
    expect(before.total).toBe(80);
    const moved = make(150, 'Zoila', local(2025, 4, 1));
    expect(before.rows[0].id).not.toBe(moved.id);
    await db.solicitudes.put(moved);
    const after = await queryCreditList(db, { ...params, query: 'zoila' });
    expect(after.total).toBe(80);
    expect(after.rows[0].id).toBe(moved.id);
    const march = await queryCreditList(db, { ...params, query: 'zoila', desde: '2025-03-01' });
    expect(march.rows.map((r) => r.id)).toEqual([moved.id]);
  });

  it('pages by the cached created order, and counts again when a new row was written unseen', async () => {
    await createdOrder(db);
    const cached = await queryCreditList(db, { ...params, pageSize: 2, page: 2 });
    expect(cached.total).toBe(5);
    expect(names(cached.rows)).toEqual(['Andrés', 'Ángela']);
    // Written outside Dexie, so no change event drops the cached order: the newest key tells.
    const row = make(6, 'Diana', local(2025, 3, 5));
    await new Promise<void>((resolve, reject) => {
      const open = indexedDB.open(db.name);
      open.onsuccess = () => {
        const tx = open.result.transaction('solicitudes', 'readwrite');
        tx.objectStore('solicitudes').put(row);
        tx.oncomplete = () => {
          open.result.close();
          resolve();
        };
        tx.onerror = () => reject(tx.error);
      };
      open.onerror = () => reject(open.error);
    });
    const after = await queryCreditList(db, { ...params, pageSize: 2 });
    expect(after.total).toBe(6);
    expect(names(after.rows)).toEqual(['Diana', 'Ana María']);
  });

  it('finds search matches from index keys exactly as matchesSearch does', async () => {
    const rows = await db.solicitudes.toArray();
    for (const q of [
      '  José  ',
      'ANG',
      'an',
      '1-03',
      '103',
      'ana maria',
      'perez@example',
      'jose@example.co',
      'zz',
      'angela zz',
    ]) {
      const expected = rows.filter((r) => matchesSearch(r.tokens, q)).map((r) => r.id);
      expect([...((await searchKeys(db, q)) ?? [])].sort(), q).toEqual(expected.sort());
    }
    expect([...((await searchKeys(db, 'ANG')) ?? [])]).toEqual([id(1)]);
    expect(await searchKeys(db, ' - ')).toBeNull();
    expect(await searchKeys(db, '')).toBeNull();
  });
});
