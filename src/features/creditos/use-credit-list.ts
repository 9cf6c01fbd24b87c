/**
 * The credits list query over the local store, live (re-runs when `solicitudes` changes).
 * It searches, ranges, sorts and counts in the in-memory index of src/db/local-index.ts (kept
 * current from the search log), then reads the rows of the page only, so it stays fast over
 * 50,000 rows and more on a disk-backed profile. The status and bank filters are looked up in the
 * same index (filter tokens, src/db/search-tokens.ts), not over the rows. The order is by date
 * (the index's created order, either way) or by name, amount or status (the index's sorted orders,
 * src/db/sort-order.ts); either way only the page's rows are read.
 */
import Dexie from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { syncStatusAtom } from '../../state/local-data';
import type { RadicaDB, SolicitudRow } from '../../db/database';
import { cachedLocalIndex, loadLocalIndex, warmLocalIndex, type LocalIndex } from '../../db/local-index';
import { fold } from '../../domain/text';
import { filterToken } from '../../db/search-tokens';
import { DEFAULT_SORT, type ListSort, type SortedOrder } from '../../db/sort-order';
import { estadoAliases, ESTADOS_DEFAULT } from '../../domain/estados';
import { dayKeyRange, hasDayRange } from './date-range';

export interface CreditListParams {
  query: string;
  desde: string;
  hasta: string;
  page: number;
  pageSize: number;
  /** Only rows in one of these statuses (none: every status). */
  estados?: readonly string[];
  /** Only rows at this bank ('' or absent: every bank). */
  banco?: string;
  /** The order (absent: newest first). */
  sort?: ListSort;
  /** The company's statuses, in the order a status sort follows (absent: the eight defaults). */
  estadoOrder?: readonly string[];
}

interface CreditListPage<Total> {
  rows: SolicitudRow[];
  total: Total;
}

export interface CreditListResult {
  rows: SolicitudRow[];
  /** Null until counted: the rows of the first page may come first (see queryCreditList). */
  total: number | null;
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
 * Ids of the rows `matchesSearch` accepts, from the token index alone (no row is read); null when
 * no word narrows the list (blank, or only punctuation). Mirrors src/domain/text.ts: a word
 * matches when a token starts with it, or (number-like) with its digits, or when every
 * alphanumeric part starts a token.
 */
export function searchIds(index: LocalIndex, query: string): Keys | null {
  const lookups = new Map<string, Keys>();
  const startingWith = (prefix: string): Keys => {
    let found = lookups.get(prefix);
    if (!found) {
      found = index.startingWith(prefix);
      lookups.set(prefix, found);
    }
    return found;
  };
  let result: Keys | null = null;
  for (const word of new Set(fold(query).split(/\s+/).filter(Boolean))) {
    const parts = word.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    if (parts.length === 0) continue; // matches every row
    let matches = startingWith(word);
    if (NUMBER_LIKE.test(word)) {
      const digits = word.replace(/\D/g, '');
      if (digits !== word) matches = new Set([...matches, ...startingWith(digits)]);
    }
    if (parts.length > 1 || parts[0] !== word) {
      let all = startingWith(parts[0]);
      for (const p of parts.slice(1)) all = intersect(all, startingWith(p));
      matches = new Set([...matches, ...all]);
    }
    result = result ? intersect(result, matches) : matches;
    if (result.size === 0) break;
  }
  return result;
}

/**
 * Ids in one of `estados` and at `banco`, from the index's filter tokens (no row is read); null
 * when no filter is set.
 */
export function filterIds(index: LocalIndex, estados: readonly string[] = [], banco = ''): Keys | null {
  let result: Keys | null = null;
  if (estados.length > 0) {
    result = new Set<string>();
    for (const e of new Set(estados.flatMap(estadoAliases))) for (const id of index.having(filterToken('estado', e))) result.add(id);
  }
  if (banco) {
    const atBank = index.having(filterToken('banco', banco));
    result = result ? intersect(result, atBank) : atBank;
  }
  return result;
}

async function rowsOf(db: RadicaDB, keys: string[]): Promise<SolicitudRow[]> {
  const rows = await db.solicitudes.bulkGet(keys);
  return rows.filter((r): r is SolicitudRow => r !== undefined);
}

/**
 * One page of the list: newest first (`created_at` key, then id, both descending), optionally a
 * search and a local-day range, with the total. The search, the range, the order and the total
 * come from the in-memory index (src/db/local-index.ts); only the rows of the page are read.
 *
 * With `uncounted`, while that index is not loaded yet (the first render after a login), a page
 * without a search is read from the `created_at` IndexedDB index and comes without its total
 * (null): counting 50,000 rows on disk takes longer than the index takes to load.
 */
export function queryCreditList(db: RadicaDB, params: CreditListParams): Promise<CreditListPage<number>>;
export function queryCreditList(
  db: RadicaDB,
  params: CreditListParams,
  options: { uncounted: boolean },
): Promise<CreditListPage<number | null>>;
export async function queryCreditList(
  db: RadicaDB,
  { query, desde, hasta, page, pageSize, estados = [], banco = '', sort = DEFAULT_SORT, estadoOrder = ESTADOS_DEFAULT }: CreditListParams,
  { uncounted = false }: { uncounted?: boolean } = {},
): Promise<CreditListPage<number | null>> {
  const offset = Math.max(0, page - 1) * pageSize;
  const ranged = hasDayRange(desde, hasta);
  const { lower, upper } = dayKeyRange(desde, hasta);
  const searching = fold(query).trim() !== '';
  const filtering = estados.length > 0 || banco !== '';

  const byDate = sort.field === 'fecha';
  const newestFirst = sort.dir === 'desc';
  if (uncounted && !searching && !filtering && byDate && !cachedLocalIndex(db)) {
    const range = ranged
      ? db.solicitudes.where('created_at').between(lower, upper, lower !== '', false)
      : db.solicitudes.orderBy('created_at');
    const keys = await (newestFirst ? range.reverse() : range)
      .limit(offset + pageSize)
      .primaryKeys();
    return { rows: await rowsOf(db, keys.slice(offset)), total: null };
  }

  // Only Dexie promises may be awaited in a live query before its reads (dexie.org, useLiveQuery
  // rules): a native await would drop the query's change tracking.
  const index = await Dexie.Promise.resolve(loadLocalIndex(db));
  // A search or filter right after a reload waits for the postings, made in slices, instead of
  // making them in its own task (src/db/local-index.ts).
  if ((searching || filtering) && !index.prepared) await Dexie.Promise.resolve(index.whenPrepared());
  const keys = index.keys;
  const from = ranged ? index.rankFrom(lower, lower !== '') : 0;
  const to = ranged ? index.rankFrom(upper, true) : keys.length;
  const found = searching ? searchIds(index, query) : null;
  const filtered = filtering ? filterIds(index, estados, banco) : null;
  const matches = found && filtered ? intersect(found, filtered) : (found ?? filtered);
  let pageKeys: string[];
  let total: number;
  if (!byDate) {
    const order = index.sortedBy(sort.field as Exclude<ListSort['field'], 'fecha'>, sort.dir, estadoOrder);
    ({ total, pageKeys } = sortedPage(index, order, matches, ranged ? [from, to] : null, offset, pageSize));
  } else if (!matches) {
    total = Math.max(0, to - from);
    pageKeys = newestFirst
      ? keys.slice(Math.max(from, to - offset - pageSize), Math.max(from, to - offset)).reverse()
      : keys.slice(Math.min(to, from + offset), Math.min(to, from + offset + pageSize));
  } else {
    ({ total, pageKeys } = matchingPage(index, matches, from, to, offset, pageSize, newestFirst));
  }
  return { rows: await rowsOf(db, pageKeys), total };
}

/**
 * The total and the page of `matches` within the ranks [from, to), newest (or oldest) first. Many
 * matches (a first letter typed) are paged by walking the order from its start, which stops once
 * the page is full; a few are ranked and sorted (as numbers, in a typed array).
 */
function matchingPage(index: LocalIndex, matches: Set<string>, from: number, to: number, offset: number, pageSize: number, newestFirst: boolean) {
  const keys = index.keys;
  let total = 0;
  const ranks = new Int32Array(matches.size);
  for (const id of matches) {
    const r = index.rankOf(id);
    if (r !== undefined && r >= from && r < to) ranks[total++] = r;
  }
  const pageKeys: string[] = [];
  const step = newestFirst ? -1 : 1;
  if (total * 16 > to - from) {
    let skip = offset;
    for (let r = newestFirst ? to - 1 : from; r >= from && r < to && pageKeys.length < pageSize; r += step) {
      if (!matches.has(keys[r])) continue;
      if (skip > 0) skip--;
      else pageKeys.push(keys[r]);
    }
  } else {
    const sorted = ranks.subarray(0, total).sort();
    for (let i = newestFirst ? total - 1 - offset : offset; i >= 0 && i < total && pageKeys.length < pageSize; i += step) pageKeys.push(keys[sorted[i]]);
  }
  return { total, pageKeys };
}

/**
 * The total and the page in an order by name, amount or status, of the rows in `matches` (null:
 * every row) whose created rank is in `range` (null: any). As for the date order: many such rows
 * are paged by walking the order, a few are ranked in it and sorted.
 */
function sortedPage(index: LocalIndex, order: SortedOrder, matches: Set<string> | null, range: [number, number] | null, offset: number, pageSize: number) {
  const keys = order.keys;
  if (!matches && !range) return { total: keys.length, pageKeys: keys.slice(offset, offset + pageSize) };
  const inRange = (id: string) => {
    if (!range) return true;
    const r = index.rankOf(id);
    return r !== undefined && r >= range[0] && r < range[1];
  };
  // The rows shown: the matches in the range, or (no search nor filter) the range itself.
  let shown: string[];
  if (matches) {
    shown = [];
    for (const id of matches) if (inRange(id) && index.createdOf(id) !== undefined) shown.push(id);
  } else {
    shown = index.keys.slice(range![0], range![1]);
  }
  const total = shown.length;
  const pageKeys: string[] = [];
  if (total * 16 > keys.length) {
    const accept = matches ? (id: string) => matches.has(id) && inRange(id) : inRange;
    let skip = offset;
    for (let i = 0; i < keys.length && pageKeys.length < pageSize; i++) {
      if (!accept(keys[i])) continue;
      if (skip > 0) skip--;
      else pageKeys.push(keys[i]);
    }
  } else {
    const ranks = new Int32Array(total);
    shown.forEach((id, i) => (ranks[i] = order.rankOf(id)!));
    const sorted = ranks.sort();
    for (let i = offset; i < total && pageKeys.length < pageSize; i++) pageKeys.push(keys[sorted[i]]);
  }
  return { total, pageKeys };
}

const NONE: readonly string[] = [];

export function useCreditList(db: RadicaDB, params: CreditListParams): CreditListResult {
  const { query, desde, hasta, page, pageSize, estados = NONE, banco = '', sort = DEFAULT_SORT, estadoOrder = ESTADOS_DEFAULT } = params;
  const estadosKey = estados.join('\n');
  const orderKey = estadoOrder.join('\n');
  const { field, dir } = sort;
  // Changes written by the sync worker normally reach this query through Dexie's cross-context
  // notifications; re-reading after each finished sync makes the list robust if one is missed.
  const syncedAt = useAtomValue(syncStatusAtom)?.lastSyncAt;
  // The index loads in the background; until then a first page comes uncounted, and the query
  // runs again (counted) once it has loaded. If the load fails, the counted query reports it.
  const [loadedFor, setLoadedFor] = useState<RadicaDB | null>(() => (cachedLocalIndex(db) ? db : null));
  // Again after each sync: the index makes its search postings when the page is idle, once a
  // first sync has written its rows, instead of page by page (src/db/local-index.ts).
  useEffect(() => {
    let current = true;
    const settle = () => current && setLoadedFor(db);
    warmLocalIndex(db).then(settle, settle);
    return () => {
      current = false;
    };
  }, [db, syncedAt]);
  const uncounted = loadedFor !== db;
  const result = useLiveQuery(
    () => queryCreditList(db, { query, desde, hasta, page, pageSize, estados, banco, sort: { field, dir }, estadoOrder }, { uncounted }),
    [db, query, desde, hasta, page, pageSize, estadosKey, banco, field, dir, orderKey, syncedAt, uncounted],
  );
  if (!result) return { rows: [], total: null, loading: true };
  return { ...result, loading: false };
}
