/**
 * The credits list query over the local store, live (re-runs when `solicitudes` changes).
 * It reads index keys only (the `created_at` key of src/db/created-key.ts and the `*tokens`
 * index), then the rows of the page, so it stays fast over 50,000 rows and more.
 */
import Dexie from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { useAtomValue } from 'jotai';
import { syncStatusAtom } from '../../state/local-data';
import type { RadicaDB, SolicitudRow } from '../../db/database';
import { cachedCreatedOrder, createdOrder, warmCreatedOrder, type CreatedOrder } from '../../db/created-order';
import { fold } from '../../domain/text';
import { dayKeyRange, hasDayRange } from './date-range';

export interface CreditListParams {
  query: string;
  desde: string;
  hasta: string;
  page: number;
  pageSize: number;
}

export interface CreditListResult {
  rows: SolicitudRow[];
  total: number;
  loading: boolean;
}

// Same as src/domain/text.ts: a phone or document number typed with separators.
const NUMBER_LIKE = /^[\d\s.\-()+/]*\d[\d\s.\-()+/]*$/;

type Keys = Set<string>;

function intersect(a: Keys, b: Keys): Keys {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  const out = new Set<string>();
  for (const k of small) if (large.has(k)) out.add(k);
  return out;
}

/**
 * Keys of the rows `matchesSearch` accepts, from the `*tokens` index alone (no row is read); null
 * when no word narrows the list (blank, or only punctuation). Mirrors src/domain/text.ts: a word
 * matches when a token starts with it, or (number-like) with its digits, or when every
 * alphanumeric part starts a token.
 */
export async function searchKeys(db: RadicaDB, query: string): Promise<Keys | null> {
  const lookups = new Map<string, Promise<Keys>>();
  const startingWith = (prefix: string): Promise<Keys> => {
    let found = lookups.get(prefix);
    if (!found) {
      found = db.solicitudes
        .where('tokens')
        .startsWith(prefix)
        .primaryKeys()
        .then((keys) => new Set(keys));
      lookups.set(prefix, found);
    }
    return found;
  };
  // Longest words first: the most selective lookups, so an empty result stops early.
  const words = [...new Set(fold(query).split(/\s+/).filter(Boolean))].sort(
    (a, b) => b.length - a.length,
  );
  let result: Keys | null = null;
  for (const word of words) {
    const parts = word.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    if (parts.length === 0) continue; // matches every row
    let matches = await startingWith(word);
    if (NUMBER_LIKE.test(word)) {
      const digits = word.replace(/\D/g, '');
      if (digits !== word) matches = new Set([...matches, ...(await startingWith(digits))]);
    }
    if (parts.length > 1 || parts[0] !== word) {
      let all = await startingWith(parts[0]);
      for (const p of parts.slice(1)) all = intersect(all, await startingWith(p));
      matches = new Set([...matches, ...all]);
    }
    result = result ? intersect(result, matches) : matches;
    if (result.size === 0) break;
  }
  return result;
}

// Up to this many matches are read as rows and sorted; more are ordered by key (created-order.ts).
const FEW_MATCHES = 50;

function byNewest(a: SolicitudRow, b: SolicitudRow): number {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

async function rowsOf(db: RadicaDB, keys: string[]): Promise<SolicitudRow[]> {
  const rows = await db.solicitudes.bulkGet(keys);
  return rows.filter((r): r is SolicitudRow => r !== undefined);
}

interface Bounds {
  ranged: boolean;
  lower: string;
  upper: string;
}

function inBounds(key: string, { ranged, lower, upper }: Bounds): boolean {
  return !ranged || (key < upper && (lower === '' ? key !== '' : key >= lower));
}

/**
 * The ranks [from, to) that the range `b` covers in the cached created order, from two one-key
 * index reads; null when that order is stale (a key at a range end or the newest key it does not
 * know).
 */
async function rankRange(
  db: RadicaDB,
  order: CreatedOrder,
  b: Bounds,
): Promise<[number, number] | null> {
  // The first key at or after a bound, as a rank (the row count when there is none).
  const rankFrom = async (bound: string, inclusive: boolean): Promise<number | undefined> => {
    const where = db.solicitudes.where('created_at');
    const [first] = await (inclusive ? where.aboveOrEqual(bound) : where.above(bound))
      .limit(1)
      .primaryKeys();
    return first === undefined ? order.keys.length : order.rank.get(first);
  };
  const [from, to, newest] = await Promise.all([
    b.ranged ? rankFrom(b.lower, b.lower !== '') : 0,
    b.ranged && b.upper !== '\uffff' ? rankFrom(b.upper, true) : order.keys.length,
    db.solicitudes.orderBy('created_at').reverse().limit(1).primaryKeys(),
  ]);
  if (from === undefined || to === undefined) return null;
  if ((newest[0] ?? null) !== (order.keys.at(-1) ?? null)) return null;
  return [from, to];
}

/** The matches in range, newest first, by their rank in the cached created order; null when stale. */
async function orderedByRank(
  db: RadicaDB,
  order: CreatedOrder,
  matches: Set<string>,
  b: Bounds,
): Promise<string[] | null> {
  const range = await rankRange(db, order, b);
  if (!range) return null;
  const [from, to] = range;
  const hits: number[] = [];
  for (const key of matches) {
    const r = order.rank.get(key);
    if (r === undefined) return null;
    if (r >= from && r < to) hits.push(r);
  }
  hits.sort((x, y) => y - x);
  return hits.map((r) => order.keys[r]);
}

/**
 * A page without a search from the cached created order: the total is the width of the range's
 * ranks, so no index entry of the range is counted. Null when the order is stale, or when a row
 * of the page is gone; then the caller counts.
 */
async function pageByRank(
  db: RadicaDB,
  order: CreatedOrder,
  b: Bounds,
  offset: number,
  pageSize: number,
): Promise<{ rows: SolicitudRow[]; total: number } | null> {
  const range = await rankRange(db, order, b);
  if (!range) return null;
  const [from, to] = range;
  const keys = order.keys.slice(Math.max(from, to - offset - pageSize), Math.max(from, to - offset)).reverse();
  const rows = await rowsOf(db, keys);
  return rows.length === keys.length ? { rows, total: Math.max(0, to - from) } : null;
}

/**
 * Makes a live query re-run on every write to `solicitudes`, for the price of one empty index
 * range: Dexie subscribes a count on an index to every put and delete, whatever its range. The
 * paths that read through the cached created order need it, since they read only a few keys.
 */
const watchEveryWrite = (db: RadicaDB) => db.solicitudes.where('created_at').equals('\uffff').count();

/**
 * One page of the list: newest first (`created_at` key, then id, both descending), optionally a
 * search and a local-day range, with the total. Only keys are read, plus the rows of the page.
 * On a disk-backed profile each index entry read costs a few microseconds, so the paths avoid
 * reading the whole range where the cached created order (src/db/created-order.ts) answers:
 * - no search: ranks in the cached order when it is current, else an index count and a reversed
 *   key range, and the order is built in the background for the next query;
 * - a search: the matching keys come from the `*tokens` index (`searchKeys`); a few matches are
 *   read and sorted, more are ordered by their rank in the cached created order.
 */
export async function queryCreditList(
  db: RadicaDB,
  { query, desde, hasta, page, pageSize }: CreditListParams,
): Promise<{ rows: SolicitudRow[]; total: number }> {
  const offset = Math.max(0, page - 1) * pageSize;
  const bounds: Bounds = { ranged: hasDayRange(desde, hasta), ...dayKeyRange(desde, hasta) };
  const { ranged, lower, upper } = bounds;
  // Collections are mutated by limit/reverse, so each use builds its own.
  const range = () =>
    ranged
      ? db.solicitudes.where('created_at').between(lower, upper, lower !== '', false)
      : db.solicitudes.orderBy('created_at');
  // Only Dexie promises may be awaited in a live query before its reads (dexie.org, useLiveQuery
  // rules): a native await that touches no table would drop the query's change tracking, so a
  // blank search does not go through the async `searchKeys` at all, and the cached order is
  // taken synchronously.
  const matches = fold(query).trim() === '' ? null : await Dexie.Promise.resolve(searchKeys(db, query));

  if (!matches) {
    const cached = cachedCreatedOrder(db);
    if (cached) {
      const [byRank] = await Promise.all([pageByRank(db, cached, bounds, offset, pageSize), watchEveryWrite(db)]);
      if (byRank) return byRank;
    } else {
      warmCreatedOrder(db);
    }
    const [total, keys] = await Promise.all([
      range().count(),
      range()
        .reverse()
        .limit(offset + pageSize)
        .primaryKeys(),
    ]);
    return { rows: await rowsOf(db, keys.slice(offset)), total };
  }

  if (matches.size <= FEW_MATCHES) {
    const rows = (await rowsOf(db, [...matches])).filter((r) => inBounds(r.created_at, bounds));
    rows.sort(byNewest);
    return { rows: rows.slice(offset, offset + pageSize), total: rows.length };
  }

  await watchEveryWrite(db);
  const cached = cachedCreatedOrder(db);
  let ordered = cached ? await orderedByRank(db, cached, matches, bounds) : null;
  if (!ordered) ordered = await orderedByRank(db, await createdOrder(db, true), matches, bounds);
  if (!ordered) {
    // Still changing under us: walk the keys of the range instead.
    ordered = (await range().primaryKeys()).filter((k) => matches.has(k)).reverse();
  }
  return {
    rows: await rowsOf(db, ordered.slice(offset, offset + pageSize)),
    total: ordered.length,
  };
}

export function useCreditList(db: RadicaDB, params: CreditListParams): CreditListResult {
  const { query, desde, hasta, page, pageSize } = params;
  // Changes written by the sync worker normally reach this query through Dexie's cross-context
  // notifications; re-reading after each finished sync makes the list robust if one is missed.
  const syncedAt = useAtomValue(syncStatusAtom)?.lastSyncAt;
  const result = useLiveQuery(
    () => queryCreditList(db, { query, desde, hasta, page, pageSize }),
    [db, query, desde, hasta, page, pageSize, syncedAt],
  );
  if (!result) return { rows: [], total: 0, loading: true };
  return { ...result, loading: false };
}
