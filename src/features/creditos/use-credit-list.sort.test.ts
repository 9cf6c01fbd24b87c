/**
 * queryCreditList's orders (issue 28) against a plain model: the rows matching the search, the
 * status filter and the day range, sorted by date, name (Intl.Collator('es', base): accents and
 * case ignored, 'ñ' after 'n'), requested amount (numbers; none last in both directions) or status
 * (the company's order given, unknown ones after it alphabetically), ascending or descending,
 * ties newest first then by id descending; paged, with the total. Each query runs with the index
 * of the previous step folded forward (its sorted orders patched by the rows written since), then
 * with no index at all.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mapRecord, RadicaDB } from '../../db/database';
import { createdKey } from '../../db/created-key';
import { forgetLocalIndex, loadLocalIndex } from '../../db/local-index';
import type { ListSort } from '../../db/sort-order';
import { fold, matchesSearch, searchTokens } from '../../domain/text';
import type { SolicitudRecord } from '../../domain/solicitud';
import { inDayRange } from './date-range';
import { queryCreditList, type CreditListParams } from './use-credit-list';
import { record } from '../../test-utils/records';

const NAMES = ['Ana', 'ana', 'Ángela', 'Andrés', 'Ñusta', 'Nicolás', 'Óscar', 'zoe', 'Mario', ''];
const SURNAMES = ['Pérez', 'peña', 'Núñez', 'Gómez', ''];
const ESTADOS = ['Pendiente', 'aprobado', 'En estudio', 'Revisión externa', '', 'Negado', 'Archivado'];
const MONTOS: unknown[] = [5_000_000, 180_000_000, '25000000', null, 'no sé', 0, 5_000_000, 12_500_000.5];
const COMPANY = ['Pendiente', 'En estudio', 'Aprobado', 'Negado'];
const pad = (n: number) => String(n).padStart(2, '0');
const idOf = (n: number) => `0190a0a0-0000-7000-8000-${String(n).padStart(12, '0')}`;

const spec = fc.record({
  n: fc.integer({ min: 1, max: 300 }),
  name: fc.nat(30),
  surname: fc.nat(30),
  estado: fc.nat(20),
  monto: fc.nat(30),
  // A few days in March 2025, often the same minute (ties), sometimes no date.
  minutes: fc.oneof(fc.constantFrom(0, 60, 60, 1440), fc.integer({ min: 0, max: 5 * 1440 })),
  dated: fc.constantFrom(true, true, true, true, false),
});
type Spec = typeof spec extends fc.Arbitrary<infer T> ? T : never;

function build(s: Spec): SolicitudRecord {
  const r = record(idOf(s.n));
  const d = new Date(new Date(2025, 2, 1).getTime() + s.minutes * 60_000);
  return {
    ...r,
    solicitante: { ...r.solicitante, nombres: NAMES[s.name % NAMES.length], primer_apellido: SURNAMES[s.surname % SURNAMES.length] },
    solicitud: {
      ...r.solicitud,
      created_at: s.dated ? d.toISOString() : '',
      estado: ESTADOS[s.estado % ESTADOS.length],
      detalle_credito: { monto_solicitado: MONTOS[s.monto % MONTOS.length] as number },
    },
  };
}

const collator = new Intl.Collator('es', { sensitivity: 'base' });
const nameOf = (r: SolicitudRecord) => [r.solicitante.nombres, r.solicitante.primer_apellido].filter(Boolean).join(' ');
function montoOf(r: SolicitudRecord): number | null {
  const m = r.solicitud.detalle_credito.monto_solicitado;
  if (typeof m === 'number') return m;
  return typeof m === 'string' && /^\d+$/.test(m) ? Number(m) : null;
}
function estadoOf(r: SolicitudRecord): { rank: number; text: string } {
  const f = fold(r.solicitud.estado || 'Pendiente');
  const rank = COMPANY.findIndex((e) => fold(e) === f);
  return { rank: rank < 0 ? Infinity : rank, text: f };
}

/** The model: filter, then a plain comparison sort. */
function model(records: Map<string, SolicitudRecord>, p: CreditListParams & { sort: ListSort }) {
  const value = (r: SolicitudRecord): string | number | { rank: number; text: string } | null => {
    if (p.sort.field === 'nombre') return nameOf(r) || null;
    if (p.sort.field === 'monto') return montoOf(r);
    return estadoOf(r);
  };
  const compareValues = (a: NonNullable<ReturnType<typeof value>>, b: NonNullable<ReturnType<typeof value>>): number => {
    if (typeof a === 'string') return collator.compare(a, b as string);
    if (typeof a === 'number') return a - (b as number);
    const eb = b as { rank: number; text: string };
    if (a.rank !== eb.rank) return a.rank === Infinity ? 1 : eb.rank === Infinity ? -1 : a.rank - eb.rank;
    return a.text < eb.text ? -1 : a.text > eb.text ? 1 : 0;
  };
  const hits = [...records.values()]
    .filter(
      (r) =>
        matchesSearch(searchTokens([r.solicitante.nombres, r.solicitante.primer_apellido]), p.query) &&
        inDayRange(r.solicitud.created_at, p.desde, p.hasta) &&
        (!p.estados?.length || p.estados.some((e) => fold(e) === fold(r.solicitud.estado || 'Pendiente'))),
    )
    .map((r) => ({ id: r.id, key: createdKey(r.solicitud.created_at), v: value(r) }))
    .sort((a, b) => {
      if (p.sort.field === 'fecha') {
        const c = a.key !== b.key ? (a.key < b.key ? -1 : 1) : a.id < b.id ? -1 : 1;
        return p.sort.dir === 'asc' ? c : -c;
      }
      if (a.v === null || b.v === null) {
        if (a.v !== b.v) return a.v === null ? 1 : -1;
      } else {
        const c = compareValues(a.v, b.v);
        if (c !== 0) return p.sort.dir === 'asc' ? c : -c;
      }
      return a.key !== b.key ? (a.key < b.key ? 1 : -1) : a.id < b.id ? 1 : -1;
    });
  const offset = (p.page - 1) * p.pageSize;
  return { ids: hits.slice(offset, offset + p.pageSize).map((h) => h.id), total: hits.length };
}

const day = fc.tuple(fc.integer({ min: -1, max: 6 }), fc.constantFrom(true, false, false)).map(([offset, set]) => {
  if (!set) return '';
  const d = new Date(2025, 2, 1 + offset);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
});
const params = fc.record({
  // Words found only in the names (the model searches the names alone).
  query: fc.constantFrom('', '', '', 'an', 'perez', 'nu', 'zoe'),
  desde: day,
  hasta: day,
  page: fc.integer({ min: 1, max: 4 }),
  pageSize: fc.constantFrom(5, 10, 50),
  estados: fc.constantFrom([], [], ['Aprobado'], ['Pendiente', 'Revisión externa']),
  sort: fc.record({ field: fc.constantFrom('fecha', 'nombre', 'monto', 'estado'), dir: fc.constantFrom('asc', 'desc') }) as fc.Arbitrary<ListSort>,
});

let db: RadicaDB | undefined;
afterEach(async () => {
  await db?.delete();
  db = undefined;
});

const page = async (p: CreditListParams) => {
  const got = await queryCreditList(db!, { ...p, estadoOrder: COMPANY });
  return { ids: got.rows.map((r) => r.id), total: got.total };
};

describe('queryCreditList sorted (model)', () => {
  it('gives the model page in every order, with the index folded forward and with none', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(spec, { minLength: 40, maxLength: 140 }),
        fc.array(fc.tuple(params, fc.array(spec, { maxLength: 8 }), fc.array(fc.nat(300), { maxLength: 4 })), { minLength: 1, maxLength: 6 }),
        async (initial, steps) => {
          await db?.delete();
          db = new RadicaDB(`sort-model-${crypto.randomUUID()}`);
          const records = new Map<string, SolicitudRecord>();
          for (const s of initial) records.set(idOf(s.n), build(s));
          await db.solicitudes.bulkPut([...records.values()].map((r) => mapRecord(r)));
          for (const [p, added, removed] of steps) {
            const expected = model(records, p);
            expect(await page(p)).toEqual(expected);
            forgetLocalIndex(db);
            expect(await page(p)).toEqual(expected);
            // Rows written after the order was made: new ones, rewritten ones (other name, amount,
            // status or date), removed ones; the next step's order is patched, not rebuilt.
            const puts = added.map(build);
            for (const r of puts) records.set(r.id, r);
            await db.solicitudes.bulkPut(puts.map((r) => mapRecord(r)));
            const ids = removed.map(idOf);
            for (const id of ids) records.delete(id);
            await db.solicitudes.bulkDelete(ids);
          }
        },
      ),
      { numRuns: 50 },
    );
  }, 120_000);

  it('keeps an order made once, patched by later writes, equal to one made anew', async () => {
    db = new RadicaDB(`sort-patch-${crypto.randomUUID()}`);
    const rows = Array.from({ length: 200 }, (_, i) => build({ n: i + 1, name: i * 7, surname: i * 3, estado: i, monto: i * 5, minutes: i % 9, dated: true }));
    await db.solicitudes.bulkPut(rows.map((r) => mapRecord(r)));
    const index = await loadLocalIndex(db);
    const before = index.sortedBy('nombre', 'asc', COMPANY);
    const first = [...before.keys];
    // A rename moves a row; a new row and a removal change the set.
    const renamed = { ...rows[0], solicitante: { ...rows[0].solicitante, nombres: 'Zuleta' } };
    await db.solicitudes.bulkPut([mapRecord(renamed), mapRecord(build({ n: 250, name: 0, surname: 0, estado: 0, monto: 0, minutes: 0, dated: true }))]);
    await db.solicitudes.delete(rows[1].id);
    await loadLocalIndex(db);
    const patched = index.sortedBy('nombre', 'asc', COMPANY).keys;
    expect(patched).not.toEqual(first);
    forgetLocalIndex(db);
    const fresh = (await loadLocalIndex(db)).sortedBy('nombre', 'asc', COMPANY).keys;
    expect(patched).toEqual(fresh);
    expect(patched.indexOf(rows[0].id)).toBeGreaterThan(first.indexOf(rows[0].id));
    expect(patched).not.toContain(rows[1].id);
  });
});
