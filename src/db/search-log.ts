/**
 * The search log: for every write to `solicitudes`, one `searchLog` row with the id, `created_at`
 * key and search tokens of each row written (or `created: null` for a row deleted), added in the
 * same IndexedDB transaction by a Dexie DBCore middleware. The list query folds it into an index
 * in memory (src/db/local-index.ts) instead of reading a `*tokens` multiEntry index.
 * Why: a multiEntry index costs one IndexedDB entry per token (about seven per application) on
 * every write, which made the first sync of 50,000 applications almost twice the raw write, and
 * reading thousands of those entries per searched word took 20–35 ms on a disk-backed profile.
 * The log costs one small row per transaction.
 * Invariants:
 * - Every read-write transaction that includes `solicitudes` includes `searchLog` (the middleware
 *   widens it), so a row and its log entry commit or fail together, whoever writes the row.
 * - `seq` grows with commit order; folding the rows in `seq` order, each entry replacing the
 *   previous one of its id and a `reset` row dropping everything before it, gives the tokens and
 *   `created_at` key of exactly the rows in `solicitudes`.
 * - Compaction (src/db/local-index.ts) replaces the whole log by one `reset` row, in one
 *   transaction.
 * - Each entry also carries the list's sort keys of its row (the full name and the requested
 *   amount; the status is in the tokens): rows logged before they did (database version 10 and
 *   older) are rebuilt by version 11 (src/db/database.ts).
 */
import Dexie, { type DBCore, type DBCoreMutateRequest, type DBCoreTable, type Middleware } from 'dexie';
import { solicitudTokens } from './search-tokens';
import type { SolicitudRow } from './database';
import { montoSolicitado } from '../domain/estadisticas';

export interface SearchLogRow {
  seq?: number;
  /** This row holds the whole state: every earlier row is void. */
  reset?: 1;
  /**
   * A compaction's reset row (src/db/local-index.ts): the `seq` of the last row it folds. Its
   * state is that of the log up to there, so an index that has applied exactly that far keeps
   * what it has made (postings, orders) instead of starting over.
   */
  folds?: number;
  ids: string[];
  /** The `created_at` key of each id; null when the row was deleted. */
  created: (string | null)[];
  /** The pruned tokens of each id, joined by spaces ('' for a deleted row). */
  tokens: string[];
  /** The full name of each id ('' for none or a deleted row): the list's name order. */
  names: string[];
  /** The requested amount of each id (null for none): the list's amount order. */
  montos: (number | null)[];
}

/** The sort keys of an entry (src/db/sort-order.ts). */
export interface SortKeys {
  name: string;
  monto: number | null;
}

const NO_KEYS: SortKeys = { name: '', monto: null };

/**
 * A name part as text. An edit's values are `unknown` to its schema (the server judges their kind),
 * so a local row may hold a number or a list until the server refuses the edit: never a crash.
 */
const nameText = (x: unknown) => (typeof x === 'string' ? x.trim() : typeof x === 'number' ? String(x) : '');

/** The name and requested amount the list sorts a row by. */
export function sortKeys(row: SolicitudRow): SortKeys {
  const s = row.solicitante;
  const name = s ? [s.nombres, s.primer_apellido, s.segundo_apellido].map(nameText).filter(Boolean).join(' ') : '';
  return { name, monto: montoSolicitado(row.solicitud?.detalle_credito) };
}

const LOG = 'searchLog';

/** Adds one entry to `log` (`created` null: the row was deleted). */
export function appendEntry(log: SearchLogRow, id: string, created: string | null, tokens: string, keys: SortKeys = NO_KEYS): void {
  log.ids.push(id);
  log.created.push(created);
  log.tokens.push(created === null ? '' : tokens);
  log.names.push(created === null ? '' : keys.name);
  log.montos.push(created === null ? null : keys.monto);
}

/** Adds the entry of one local row to `log`. */
export function appendRow(log: SearchLogRow, row: SolicitudRow): void {
  appendEntry(log, row.id, row.created_at, solicitudTokens(row).join(' '), sortKeys(row));
}

/** The entries of `log` whose index `keep` accepts. */
function keepEntries(log: SearchLogRow, keep: (i: number) => boolean): SearchLogRow {
  const pick = <T>(xs: T[]) => xs.filter((_, i) => keep(i));
  return { ...log, ids: pick(log.ids), created: pick(log.created), tokens: pick(log.tokens), names: pick(log.names), montos: pick(log.montos) };
}

/** A log row for rows written and ids deleted. */
export function logRow(rows: readonly SolicitudRow[], deleted: readonly string[] = [], reset = false): SearchLogRow {
  const out: SearchLogRow = { ids: [], created: [], tokens: [], names: [], montos: [] };
  if (reset) out.reset = 1;
  for (const row of rows) appendRow(out, row);
  for (const id of deleted) appendEntry(out, id, null, '');
  return out;
}

function hasLogStore(trans: unknown): boolean {
  return (trans as IDBTransaction).objectStoreNames?.contains(LOG) ?? false;
}

/** The ids a `deleteRange` removes, read before it runs (a full range is logged as a reset). */
async function rangeIds(table: DBCoreTable, req: Extract<DBCoreMutateRequest, { type: 'deleteRange' }>): Promise<string[] | null> {
  if (req.range.type === 3 /* DBCoreRangeType.Any */) return null;
  const res = await table.query({ trans: req.trans, values: false, query: { index: table.schema.primaryKey, range: req.range } });
  return res.result as string[];
}

function logTable(down: DBCore, solicitudes: DBCoreTable): DBCoreTable {
  return {
    ...solicitudes,
    async mutate(req) {
      if (!hasLogStore(req.trans)) return solicitudes.mutate(req);
      let entry: SearchLogRow;
      if (req.type === 'deleteRange') {
        // Awaited as a Dexie promise, so the transaction's zone (PSD) is still set below.
        const ids = await Dexie.Promise.resolve(rangeIds(solicitudes, req));
        entry = ids ? logRow([], ids) : logRow([], [], true);
      } else if (req.type === 'delete') {
        entry = logRow([], req.keys as string[]);
      } else {
        entry = logRow(req.values as SolicitudRow[]);
      }
      const res = await solicitudes.mutate(req);
      // Rows that failed (a bulk write goes on past them) are not logged.
      if (res.numFailures > 0) {
        entry = keepEntries(entry, (i) => !(i in res.failures));
      }
      if (entry.ids.length > 0 || entry.reset) await down.table(LOG).mutate({ trans: req.trans, type: 'add', values: [entry] });
      return res;
    },
  };
}

/** The middleware: widens read-write transactions over `solicitudes` and logs each of its writes. */
export const searchLogMiddleware: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'searchLog',
  create(down) {
    return {
      ...down,
      transaction(stores, mode, options) {
        const widened = mode === 'readwrite' && stores.includes('solicitudes') && !stores.includes(LOG) ? [...stores, LOG] : stores;
        return down.transaction(widened, mode, options);
      },
      table(name) {
        const table = down.table(name);
        return name === 'solicitudes' ? logTable(down, table) : table;
      },
    };
  },
};
