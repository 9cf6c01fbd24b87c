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
 */
import Dexie, { type DBCore, type DBCoreMutateRequest, type DBCoreTable, type Middleware } from 'dexie';
import { solicitudTokens } from './search-tokens';
import type { SolicitudRow } from './database';

export interface SearchLogRow {
  seq?: number;
  /** This row holds the whole state: every earlier row is void. */
  reset?: 1;
  ids: string[];
  /** The `created_at` key of each id; null when the row was deleted. */
  created: (string | null)[];
  /** The pruned tokens of each id, joined by spaces ('' for a deleted row). */
  tokens: string[];
}

const LOG = 'searchLog';

/** Adds one entry to `log` (`created` null: the row was deleted). */
export function appendEntry(log: SearchLogRow, id: string, created: string | null, tokens: string): void {
  log.ids.push(id);
  log.created.push(created);
  log.tokens.push(created === null ? '' : tokens);
}

/** Adds the entry of one local row to `log`. */
export function appendRow(log: SearchLogRow, row: SolicitudRow): void {
  appendEntry(log, row.id, row.created_at, solicitudTokens(row).join(' '));
}

/** A log row for rows written and ids deleted. */
export function logRow(rows: readonly SolicitudRow[], deleted: readonly string[] = [], reset = false): SearchLogRow {
  const out: SearchLogRow = { ids: [], created: [], tokens: [] };
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
        const keep = entry.ids.map((_, i) => !(i in res.failures));
        entry = { ...entry, ids: entry.ids.filter((_, i) => keep[i]), created: entry.created.filter((_, i) => keep[i]), tokens: entry.tokens.filter((_, i) => keep[i]) };
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
