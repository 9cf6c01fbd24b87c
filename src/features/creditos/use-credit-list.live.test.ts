import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { liveQuery } from 'dexie';
import { RadicaDB, mapRecord } from '../../db/database';
import { mutate } from '../../db/mutate';
import '../../db/mutators';
import { queryCreditList } from './use-credit-list';
import { record } from './test-records.test-util';

const A = '01900000-0000-7000-8000-00000000000a';
const B = '01900000-0000-7000-8000-00000000000b';
const C = '01900000-0000-7000-8000-00000000000c';

/**
 * The list is a live query: a status changed from the list must redraw its row at once (a blank
 * search once lost Dexie's change tracking behind a native await, and the row kept its old status).
 */
describe('queryCreditList as a live query', () => {
  for (const query of ['', 'jose']) {
    it(`emits the changed row after a local status change (search '${query}')`, async () => {
      const db = new RadicaDB(`live-${crypto.randomUUID()}`);
      await db.solicitudes.bulkPut([A, B, C].map((id) => mapRecord(record(id))));
      const seen: string[] = [];
      const sub = liveQuery(() =>
        queryCreditList(db, { query, desde: '', hasta: '', page: 1, pageSize: 10 }),
      ).subscribe((r) => {
        seen.push(r.rows.find((x) => x.id === B)?.solicitud.estado ?? '');
      });
      await expect.poll(() => seen.length).toBe(1);
      await mutate(db, 'solicitud.cambiarEstado', { solicitudId: B, estado: 'Aprobado', base: { estado: 'Pendiente' } });
      await expect.poll(() => seen.at(-1)).toBe('Aprobado');
      sub.unsubscribe();
      await db.delete();
    });
  }
});
