/**
 * The credits list query over the local store, live (re-runs when `solicitudes` changes).
 * It searches, ranges, sorts and counts in the in-memory index of src/db/local-index.ts (kept
 * current from the search log), then reads the rows of the page only, so it stays fast over
 * 50,000 rows and more on a disk-backed profile. The status and bank filters are looked up in the
 * same index (filter tokens, src/db/search-tokens.ts), not over the rows.
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
    for (const e of new Set(estados)) for (const id of index.having(filterToken('estado', e))) result.add(id);
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
  { query, desde, hasta, page, pageSize, estados = [], banco = '' }: CreditListParams,
  { uncounted = false }: { uncounted?: boolean } = {},
): Promise<CreditListPage<number | null>> {
  const offset = Math.max(0, page - 1) * pageSize;
  const ranged = hasDayRange(desde, hasta);
  const { lower, upper } = dayKeyRange(desde, hasta);
  const searching = fold(query).trim() !== '';
  const filtering = estados.length > 0 || banco !== '';

  if (uncounted && !searching && !filtering && !cachedLocalIndex(db)) {
    const range = ranged
      ? db.solicitudes.where('created_at').between(lower, upper, lower !== '', false)
      : db.solicitudes.orderBy('created_at');
    const keys = await range
      .reverse()
      .limit(offset + pageSize)
      .primaryKeys();
    return { rows: await rowsOf(db, keys.slice(offset)), total: null };
  }

  // Only Dexie promises may be awaited in a live query before its reads (dexie.org, useLiveQuery
  // rules): a native await would drop the query's change tracking.
  const index = await Dexie.Promise.resolve(loadLocalIndex(db));
  const keys = index.keys;
  const from = ranged ? index.rankFrom(lower, lower !== '') : 0;
  const to = ranged ? index.rankFrom(upper, true) : keys.length;
  const found = searching ? searchIds(index, query) : null;
  const filtered = filtering ? filterIds(index, estados, banco) : null;
  const matches = found && filtered ? intersect(found, filtered) : (found ?? filtered);
  let pageKeys: string[];
  let total: number;
  if (!matches) {
    total = Math.max(0, to - from);
    pageKeys = keys.slice(Math.max(from, to - offset - pageSize), Math.max(from, to - offset)).reverse();
  } else {
    ({ total, pageKeys } = matchingPage(index, matches, from, to, offset, pageSize));
  }
  return { rows: await rowsOf(db, pageKeys), total };
}

/**
 * The total and the page of `matches` within the ranks [from, to), newest first. Many matches (a
 * first letter typed) are paged by walking the order from the newest, which stops once the page
 * is full; a few are ranked and sorted (as numbers, in a typed array).
 */
function matchingPage(index: LocalIndex, matches: Set<string>, from: number, to: number, offset: number, pageSize: number) {
  const keys = index.keys;
  let total = 0;
  const ranks = new Int32Array(matches.size);
  for (const id of matches) {
    const r = index.rankOf(id);
    if (r !== undefined && r >= from && r < to) ranks[total++] = r;
  }
  const pageKeys: string[] = [];
  if (total * 16 > to - from) {
    let skip = offset;
    for (let r = to - 1; r >= from && pageKeys.length < pageSize; r--) {
      if (!matches.has(keys[r])) continue;
      if (skip > 0) skip--;
      else pageKeys.push(keys[r]);
    }
  } else {
    const sorted = ranks.subarray(0, total).sort();
    for (let i = total - 1 - offset; i >= 0 && pageKeys.length < pageSize; i--) pageKeys.push(keys[sorted[i]]);
  }
  return { total, pageKeys };
}

const NONE: readonly string[] = [];

export function useCreditList(db: RadicaDB, params: CreditListParams): CreditListResult {
  const { query, desde, hasta, page, pageSize, estados = NONE, banco = '' } = params;
  const estadosKey = estados.join('\n');
  // Changes written by the sync worker normally reach this query through Dexie's cross-context
  // notifications; re-reading after each finished sync makes the list robust if one is missed.
  const syncedAt = useAtomValue(syncStatusAtom)?.lastSyncAt;
  // The index loads in the background; until then a first page comes uncounted, and the query
  // runs again (counted) once it has loaded. If the load fails, the counted query reports it.
  const [loadedFor, setLoadedFor] = useState<RadicaDB | null>(() => (cachedLocalIndex(db) ? db : null));
  useEffect(() => {
    let current = true;
    const settle = () => current && setLoadedFor(db);
    warmLocalIndex(db).then(settle, settle);
    return () => {
      current = false;
    };
  }, [db]);
  const uncounted = loadedFor !== db;
  const result = useLiveQuery(
    () => queryCreditList(db, { query, desde, hasta, page, pageSize, estados, banco }, { uncounted }),
    [db, query, desde, hasta, page, pageSize, estadosKey, banco, syncedAt, uncounted],
  );
  if (!result) return { rows: [], total: null, loading: true };
  return { ...result, loading: false };
}
