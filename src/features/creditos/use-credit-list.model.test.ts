/**
 * queryCreditList against a plain model of spec 01 §5 and issue 28: every row whose tokens match
 * the search (src/domain/text.ts, over the unpruned tokens of the name, document, e-mail, phones,
 * status, bank, city, credit type and radicado, whole or without 'RAD-') and whose created_at falls on a local day of the
 * range, newest instant first (ties: higher id first), paged, with the total. Data sets are big
 * enough for both the few-matches path and the cached created order, and are changed between
 * queries to exercise the cache's invalidation; each query also runs again once the order is
 * built, so a blank search pages by rank too.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mapRecord, RadicaDB } from '../../db/database';
import { createdKey } from '../../db/created-key';
import { forgetLocalIndex } from '../../db/local-index';
import { fold, matchesSearch, searchTokens } from '../../domain/text';
import type { SolicitudRecord } from '../../domain/solicitud';
import { inDayRange } from './date-range';
import { queryCreditList, type CreditListParams } from './use-credit-list';
import { record } from '../../test-utils/records';

const NAMES = ['Ana', 'Ángela', 'Andrés', 'Mariana', 'María', 'Mario', 'José'];
const SURNAMES = ['Pérez', 'Peña', 'Gómez', 'García-López'];
const ESTADOS = ['Pendiente', 'En estudio', 'Aprobado', 'Pendiente información adicional'];
const BANCOS = [null, 'Bancolombia', 'Banco de Bogotá'];
const pad = (n: number) => String(n).padStart(2, '0');

interface Spec {
  n: number;
  name: number;
  surname: number;
  doc: number;
  phone: number;
  minutes: number;
  format: number;
  estado: number;
  banco: number;
}

function build({ n, name, surname, doc, phone, minutes, format, estado, banco }: Spec): SolicitudRecord {
  const id = `0190a0a0-0000-7000-8000-${String(n).padStart(12, '0')}`;
  const r = record(id);
  const t = new Date(2025, 2, 1).getTime() + minutes * 60_000;
  const d = new Date(t);
  const created = [
    d.toISOString(),
    d.toISOString().replace('T', ' ').replace('Z', '+00'),
    `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
    '',
    'no es fecha',
  ][format];
  const nombres = NAMES[name % NAMES.length];
  const apellido = SURNAMES[surname % SURNAMES.length];
  return {
    ...r,
    solicitante: {
      ...r.solicitante,
      nombres,
      primer_apellido: apellido,
      correo: `${nombres.toLowerCase()}.${surname}@correo.co`,
      numero_documento: String(1000 + doc),
      info_extra: { celular: `300 ${100 + phone} 45${pad(doc % 100)}` },
    },
    solicitud: {
      ...r.solicitud,
      created_at: created,
      estado: ESTADOS[estado % ESTADOS.length],
      banco_nombre: BANCOS[banco % BANCOS.length],
      ciudad_solicitud: n % 2 ? 'Medellín' : null,
      tipo_credito: n % 3 ? 'libre inversión' : 'hipotecario',
      radicado: n % 5 ? `RAD-${String(n * 37).padStart(4, '0')}AB` : null,
    },
  };
}

const spec = fc.record({
  n: fc.integer({ min: 1, max: 400 }),
  name: fc.nat(20),
  surname: fc.nat(20),
  doc: fc.nat(40),
  phone: fc.nat(5),
  // About ten days around March 2025, so ranges cut through the data.
  minutes: fc.integer({ min: -2 * 1440, max: 10 * 1440 }),
  format: fc.oneof(fc.constantFrom(0, 0, 0, 1, 1, 1), fc.constantFrom(2, 3, 4)),
  estado: fc.nat(7),
  banco: fc.nat(5),
});

const query = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    'a',
    'an',
    'ANA',
    'mar',
    'maria',
    'angela perez',
    'garcia-lopez',
    'peña',
    'pe',
    ' - ',
    '@',
    '10',
    '1.01',
    '300-1',
    '300 10',
    'correo',
    'ana.3@correo',
    'jose gomez',
    'zz',
    'aprobado',
    'pendiente info',
    'estudio',
    'bancolombia',
    'bogota ana',
    'medellin',
    'hipotecario',
    'inversion',
    'rad-0',
    'RAD-0037AB',
    '0037ab',
    'rad 01',
  ),
  fc.stringMatching(/^[a-zñ0-9 .\-@]{1,6}$/),
);
const day = fc.tuple(fc.integer({ min: -3, max: 12 }), fc.boolean()).map(([offset, blank]) => {
  if (blank) return '';
  const d = new Date(2025, 2, 1 + offset);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
});
const params = fc.record({
  query,
  desde: day,
  hasta: day,
  page: fc.integer({ min: 1, max: 4 }),
  pageSize: fc.constantFrom(5, 10, 50),
});

function model(records: Map<string, SolicitudRecord>, p: CreditListParams) {
  const tokensOf = (r: SolicitudRecord) => {
    const s = r.solicitante;
    const extra = s.info_extra ?? {};
    const sol = r.solicitud;
    const radicado = fold(sol.radicado ?? '');
    return [
      ...searchTokens([
        s.nombres,
        s.primer_apellido,
        s.segundo_apellido,
        s.correo,
        s.numero_documento,
        extra.telefono as string,
        extra.celular as string,
        sol.estado,
        sol.banco_nombre,
        sol.ciudad_solicitud,
        sol.tipo_credito,
      ]),
      ...(radicado ? [radicado, radicado.slice('rad-'.length)] : []),
    ];
  };
  const hits = [...records.values()]
    .filter(
      (r) =>
        matchesSearch(tokensOf(r), p.query) && inDayRange(r.solicitud.created_at, p.desde, p.hasta),
    )
    .map((r) => ({ id: r.id, key: createdKey(r.solicitud.created_at) }))
    .sort((a, b) => (a.key !== b.key ? (a.key < b.key ? 1 : -1) : a.id < b.id ? 1 : -1));
  const offset = (p.page - 1) * p.pageSize;
  return { ids: hits.slice(offset, offset + p.pageSize).map((h) => h.id), total: hits.length };
}

let db: RadicaDB | undefined;
afterEach(async () => {
  await db?.delete();
  db = undefined;
});

describe('queryCreditList (model)', () => {
  it('gives the model page and total, also after rows are added, changed and removed', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(spec, { minLength: 60, maxLength: 160 }),
        fc.array(
          fc.tuple(
            params,
            fc.array(spec, { maxLength: 8 }),
            fc.array(fc.nat(400), { maxLength: 4 }),
          ),
          { minLength: 1, maxLength: 5 },
        ),
        async (initial, steps) => {
          await db?.delete();
          db = new RadicaDB(`model-${crypto.randomUUID()}`);
          const records = new Map<string, SolicitudRecord>();
          for (const s of initial) {
            const r = build(s);
            records.set(r.id, r);
          }
          await db.solicitudes.bulkPut([...records.values()].map((r) => mapRecord(r)));
          for (const [p, added, removed] of steps) {
            const expected = model(records, p);
            // With the index of the previous step folded forward from the log (none at first).
            const got = await queryCreditList(db, p);
            expect({ ids: got.rows.map((r) => r.id), total: got.total }).toEqual(expected);
            // Again with no index, uncounted (the first render after a login): a blank search
            // pages the IndexedDB index without a total, a search loads the index anew.
            forgetLocalIndex(db);
            const searching = p.query.trim() !== '';
            const uncounted = await queryCreditList(db, p, { uncounted: true });
            expect({ ids: uncounted.rows.map((r) => r.id), total: uncounted.total }).toEqual(
              searching ? expected : { ...expected, total: null },
            );
            // And counted with no index: it loads the index.
            forgetLocalIndex(db);
            const again = await queryCreditList(db, p);
            expect({ ids: again.rows.map((r) => r.id), total: again.total }).toEqual(expected);
            // Change the data between queries: new or rewritten rows (other dates), removals.
            const puts = added.map(build);
            for (const r of puts) records.set(r.id, r);
            await db.solicitudes.bulkPut(puts.map((r) => mapRecord(r)));
            const ids = removed.map(
              (n) => `0190a0a0-0000-7000-8000-${String(n).padStart(12, '0')}`,
            );
            for (const id of ids) records.delete(id);
            await db.solicitudes.bulkDelete(ids);
          }
        },
      ),
      { numRuns: 60 },
    );
  }, 120_000);
});
