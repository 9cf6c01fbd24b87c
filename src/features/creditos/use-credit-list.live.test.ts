import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { liveQuery } from 'dexie';
import { RadicaDB, mapRecord } from '../../db/database';
import { mutate } from '../../db/mutate';
import '../../db/mutators';
import { queryCreditList } from './use-credit-list';
import { record } from '../../test-utils/records';

const A = '01900000-0000-7000-8000-00000000000a';
const B = '01900000-0000-7000-8000-00000000000b';
const C = '01900000-0000-7000-8000-00000000000c';

/**
 * The list is a live query: a status changed from the list must redraw its row at once (a blank
 * search once lost Dexie's change tracking behind a native await, and the row kept its old status).
 */
describe('queryCreditList as a live query', () => {
  const cases = [
    { query: '', uncounted: false },
    { query: 'jose', uncounted: false },
    // The first page after a login, read from the created_at IndexedDB index before the in-memory one.
    { query: '', uncounted: true },
  ];
  for (const { query, uncounted } of cases) {
    it(`emits the changed row after a local status change (search '${query}', uncounted ${uncounted})`, async () => {
      const db = new RadicaDB(`live-${crypto.randomUUID()}`);
      await db.solicitudes.bulkPut([A, B, C].map((id) => mapRecord(record(id))));
      const seen: string[] = [];
      const totals = new Set<number | null>();
      const sub = liveQuery(() =>
        queryCreditList(db, { query, desde: '', hasta: '', page: 1, pageSize: 10 }, { uncounted }),
      ).subscribe((r) => {
        totals.add(r.total);
        seen.push(r.rows.find((x) => x.id === B)?.solicitud.estado ?? '');
      });
      await expect.poll(() => seen.length).toBe(1);
      await mutate(db, 'solicitud.cambiarEstado', { solicitudId: B, estado: 'Aprobado', base: { estado: 'Pendiente' } });
      await expect.poll(() => seen.at(-1)).toBe('Aprobado');
      expect([...totals]).toEqual([uncounted ? null : 3]);
      sub.unsubscribe();
      await db.delete();
    });
  }

  for (const query of ['', 'jose']) {
    it(`emits a new total when a row off the page is added, also from another connection (search '${query}')`, async () => {
      const db = new RadicaDB(`live-${crypto.randomUUID()}`);
      await db.solicitudes.bulkPut([A, B].map((id) => mapRecord(record(id))));
      const totals: (number | null)[] = [];
      const sub = liveQuery(() =>
        queryCreditList(db, { query, desde: '', hasta: '', page: 1, pageSize: 1 }),
      ).subscribe((r) => totals.push(r.total));
      await expect.poll(() => totals.at(-1)).toBe(2);
      const older = (id: string) => {
        const r = record(id);
        return mapRecord({ ...r, solicitud: { ...r.solicitud, created_at: '2024-01-01T00:00:00.000Z' } });
      };
      await db.solicitudes.put(older(C));
      await expect.poll(() => totals.at(-1)).toBe(3);
      const other = new RadicaDB(db.name);
      await other.solicitudes.put(older('01900000-0000-7000-8000-00000000000d'));
      await expect.poll(() => totals.at(-1)).toBe(4);
      other.close();
      sub.unsubscribe();
      await db.delete();
    });
  }
});
