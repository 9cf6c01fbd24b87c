import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mapRecord, RadicaDB } from '../../db/database';
import { cachedLocalIndex, forgetLocalIndex, loadLocalIndex, warmLocalIndex } from '../../db/local-index';
import { solicitudTokens } from '../../db/search-tokens';
import { queryCreditList, searchIds, type CreditListParams } from './use-credit-list';
import { record } from '../../test-utils/records';
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
  it('filters by several statuses and by a bank from the index, with a search and after an edit', async () => {
    const set = async (n: number, estado: string, banco: string | null) => {
      const row = (await db.solicitudes.get(id(n)))!;
      await db.solicitudes.put({ ...row, estado, solicitud: { ...row.solicitud, estado, banco_nombre: banco } });
    };
    await set(1, 'Aprobado', 'Banco de Bogotá');
    await set(2, 'Pendiente información adicional', 'Bancolombia');
    await set(3, 'Aprobado', 'Bancolombia');
    await set(4, 'Negado', 'Bancolombia');
    // Row 5 stays 'Pendiente' with no bank: 'Pendiente' is not 'Pendiente información adicional'.
    const q = (p: Partial<typeof params> & { estados?: string[]; banco?: string }) => queryCreditList(db, { ...params, ...p });
    expect(names((await q({ estados: ['Aprobado'] })).rows)).toEqual(['Beatriz', 'Ángela']);
    expect(names((await q({ estados: ['Pendiente'] })).rows)).toEqual(['Carlos']);
    expect((await q({ estados: ['Aprobado', 'Negado'] })).total).toBe(3);
    expect(names((await q({ banco: 'Bancolombia' })).rows)).toEqual(['Ana María', 'Beatriz', 'Andrés']);
    expect(names((await q({ estados: ['Aprobado'], banco: 'Bancolombia' })).rows)).toEqual(['Beatriz']);
    expect((await q({ estados: ['Aprobado'], banco: 'Bancolombia', query: 'angela' })).total).toBe(0);
    expect((await q({ banco: 'Banco de Occidente' })).total).toBe(0);
    await set(4, 'Aprobado', 'Bancolombia');
    expect(names((await q({ estados: ['Aprobado'], banco: 'Bancolombia' })).rows)).toEqual(['Ana María', 'Beatriz']);
  });

  it("finds a row stored as 'Rechazado' (the old name) as 'Negado', as the list shows it: by filter, by search and in the status order", async () => {
    const set = async (n: number, estado: string) => {
      const row = (await db.solicitudes.get(id(n)))!;
      await db.solicitudes.put({ ...row, estado, solicitud: { ...row.solicitud, estado } });
    };
    await set(1, 'Rechazado');
    await set(2, 'Negado');
    await set(3, 'Aprobado');
    await set(4, 'Aprobado');
    const q = (p: Partial<CreditListParams>) => queryCreditList(db, { ...params, ...p });
    expect(names((await q({ estados: ['Negado'] })).rows)).toEqual(['Andrés', 'Ángela']);
    expect(names((await q({ query: 'negado' })).rows)).toEqual(['Andrés', 'Ángela']);
    // By status in the company's order (…, Aprobado, …, Negado, …): both spellings rank as 'Negado'.
    const porEstado = await q({ sort: { field: 'estado', dir: 'asc' }, estadoOrder: ['Pendiente', 'Aprobado', 'Negado'] });
    expect(names(porEstado.rows)).toEqual(['Carlos', 'Ana María', 'Beatriz', 'Andrés', 'Ángela']);
  });

  it('lists newest first and pages with a separate total', async () => {
    const first = await queryCreditList(db, { ...params, pageSize: 2 });
    expect(first.total).toBe(5);
    expect(names(first.rows)).toEqual(['Ana María', 'Beatriz']);
    const second = await queryCreditList(db, { ...params, pageSize: 2, page: 2 });
    expect(names(second.rows)).toEqual(['Andrés', 'Ángela']);
  });

  it('pages a search with few matches among many rows, and one that matches most, newest first', async () => {
    // 200 more rows: every 25th is an 'Ofelia' (a few matches, ranked and sorted), all the
    // others are 'Olga' (most rows, paged by walking the order).
    await db.solicitudes.bulkPut(
      Array.from({ length: 200 }, (_, i) => make(100 + i, i % 25 === 0 ? 'Ofelia' : 'Olga', local(2025, 4, 1 + (i % 28), i % 24))),
    );
    const all = (await db.solicitudes.toArray()).filter((r) => r.created_at !== '');
    const newest = (nombre: string) =>
      all
        .filter((r) => r.solicitante.nombres === nombre)
        .sort((a, b) => (a.created_at === b.created_at ? (a.id < b.id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1))
        .map((r) => r.id);
    for (const [query, nombre] of [['ofe', 'Ofelia'], ['olg', 'Olga']] as const) {
      const expected = newest(nombre);
      for (const page of [1, 2, 3]) {
        const res = await queryCreditList(db, { ...params, query, page, pageSize: 3 });
        expect(res.total).toBe(expected.length);
        expect(res.rows.map((r) => r.id)).toEqual(expected.slice((page - 1) * 3, page * 3));
      }
    }
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
    // The index loaded by the first query is folded forward from the log: the order must follow.
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

  it('follows writes made through another connection (the sync worker), and starts over on a new database', async () => {
    const before = await queryCreditList(db, { ...params, query: 'an' });
    expect(before.total).toBe(3);
    const other = new RadicaDB(db.name);
    await other.solicitudes.bulkPut([make(6, 'Diana', local(2025, 3, 5)), make(7, 'Anabel', local(2025, 2, 1))]);
    await other.solicitudes.delete(id(2));
    other.close();
    const after = await queryCreditList(db, { ...params, pageSize: 2 });
    expect(after.total).toBe(6);
    expect(names(after.rows)).toEqual(['Diana', 'Ana María']);
    expect(names((await queryCreditList(db, { ...params, query: 'an' })).rows)).toEqual(['Ana María', 'Ángela', 'Anabel']);
    // Emptied and made again under the same name: the log starts at 1 again, below what was read.
    await db.delete();
    await db.open();
    await db.solicitudes.put(make(8, 'Elena', local(2025, 3, 6)));
    const fresh = await queryCreditList(db, { ...params, query: 'e' });
    expect(names(fresh.rows)).toEqual(['Elena']);
    expect(fresh.total).toBe(1);
  });

  it('uncounted, pages a blank search on the created_at IndexedDB index before the in-memory index is loaded', async () => {
    forgetLocalIndex(db);
    const p = { ...params, pageSize: 2, page: 2, desde: '2025-03-02' };
    const first = await queryCreditList(db, p, { uncounted: true });
    expect(first.total).toBeNull();
    expect(names(first.rows)).toEqual(['Andrés']);
    expect(cachedLocalIndex(db)).toBeNull();
    // A search needs the index, so it loads it even when uncounted is allowed; then it counts.
    expect((await queryCreditList(db, { ...p, query: 'an' }, { uncounted: true })).total).toBe(2);
    const counted = await queryCreditList(db, p, { uncounted: true });
    expect(counted.total).toBe(3);
    expect(names(counted.rows)).toEqual(['Andrés']);
  });

  it('loads the index once for a counted blank search, and warms it in the background once', async () => {
    forgetLocalIndex(db);
    const warming = warmLocalIndex(db);
    expect(warmLocalIndex(db)).toBe(warming);
    await warming;
    const index = cachedLocalIndex(db);
    expect(index?.keys).toHaveLength(5);
    expect((await queryCreditList(db, params)).total).toBe(5);
    expect(cachedLocalIndex(db)).toBe(index);
    // Once settled, the next warm is a new load (here, of nothing new).
    const next = warmLocalIndex(db);
    expect(next).not.toBe(warming);
    await next;
    expect(cachedLocalIndex(db)).toBe(index);
  });

  it('a search or filter that comes while the index is being prepared waits for its slices, then finds what a prepared index finds', async () => {
    await db.solicitudes.bulkPut(Array.from({ length: 400 }, (_, i) => make(100 + i, i % 3 ? 'Anselmo' : 'Bernarda', local(2025, 4, 1 + (i % 28)))));
    const search = { ...params, query: 'an', pageSize: 20, page: 2 };
    const filter = { ...params, estados: ['Pendiente'], pageSize: 20 };
    const prepared = await loadLocalIndex(db);
    await prepared.whenPrepared();
    const expected = [await queryCreditList(db, search), await queryCreditList(db, filter)];
    // A reload: the load leaves the postings to slices.
    forgetLocalIndex(db);
    const index = await loadLocalIndex(db);
    expect(index.prepared).toBe(false);
    // Slices of no time (one batch of rows each), as the page's idle slicing would have begun.
    const slicing = index.whenPrepared(0);
    const lookups: boolean[] = [];
    const { startingWith, having } = index;
    index.startingWith = (prefix) => (lookups.push(index.prepared), startingWith.call(index, prefix));
    index.having = (token) => (lookups.push(index.prepared), having.call(index, token));
    const answers = await Promise.all([queryCreditList(db, search), queryCreditList(db, filter), slicing]);
    // Looked up only once prepared (never making the postings in the query's own task).
    expect(lookups.length).toBeGreaterThan(0);
    expect(lookups.every(Boolean)).toBe(true);
    expect(answers.slice(0, 2)).toEqual(expected);
    const rows = await db.solicitudes.toArray();
    expect(expected[0].total).toBe(rows.filter((r) => matchesSearch(solicitudTokens(r), 'an')).length);
    expect(expected[1].total).toBe(rows.filter((r) => r.estado === 'Pendiente').length);
    expect(expected[0].total * expected[1].total).toBeGreaterThan(0);
  });

  it('finds search matches in the token index exactly as matchesSearch does', async () => {
    const rows = await db.solicitudes.toArray();
    const index = await loadLocalIndex(db);
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
      // Pruned tokens, as logged: matchesSearch gives the same over them as over all tokens.
      const expected = rows.filter((r) => matchesSearch(solicitudTokens(r), q)).map((r) => r.id);
      expect([...(searchIds(index, q) ?? [])].sort(), q).toEqual(expected.sort());
    }
    expect([...(searchIds(index, 'ANG') ?? [])]).toEqual([id(1)]);
    expect(searchIds(index, ' - ')).toBeNull();
    expect(searchIds(index, '')).toBeNull();
  });
});
