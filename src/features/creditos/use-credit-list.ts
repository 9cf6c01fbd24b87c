/**
 * The credits list query over the local store, live (re-runs when `solicitudes` changes).
 * It searches, ranges, sorts and counts in the in-memory index of src/db/local-index.ts (kept
 * current from the search log), then reads the rows of the page only, so it stays fast over
 * 50,000 rows and more on a disk-backed profile.
 */
import Dexie from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { useAtomValue } from 'jotai';
import { syncStatusAtom } from '../../state/local-data';
import type { RadicaDB, SolicitudRow } from '../../db/database';
import { cachedLocalIndex, loadLocalIndex, warmLocalIndex, type LocalIndex } from '../../db/local-index';
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

async function rowsOf(db: RadicaDB, keys: string[]): Promise<SolicitudRow[]> {
  const rows = await db.solicitudes.bulkGet(keys);
  return rows.filter((r): r is SolicitudRow => r !== undefined);
}

/**
 * One page of the list: newest first (`created_at` key, then id, both descending), optionally a
 * search and a local-day range, with the total. The search, the range, the order and the total
 * come from the in-memory index (src/db/local-index.ts); only the rows of the page are read.
 * Before that index is first loaded (the first render after login), a page without a search is
 * counted and paged on the `created_at` IndexedDB index instead, and the index loads in the
 * background.
 */
export async function queryCreditList(
  db: RadicaDB,
  { query, desde, hasta, page, pageSize }: CreditListParams,
): Promise<{ rows: SolicitudRow[]; total: number }> {
  const offset = Math.max(0, page - 1) * pageSize;
  const ranged = hasDayRange(desde, hasta);
  const { lower, upper } = dayKeyRange(desde, hasta);
  const searching = fold(query).trim() !== '';

  if (!searching && !cachedLocalIndex(db)) {
    warmLocalIndex(db);
    // Collections are mutated by limit/reverse, so each use builds its own.
    const range = () =>
      ranged
        ? db.solicitudes.where('created_at').between(lower, upper, lower !== '', false)
        : db.solicitudes.orderBy('created_at');
    const [total, keys] = await Promise.all([
      range().count(),
      range()
        .reverse()
        .limit(offset + pageSize)
        .primaryKeys(),
    ]);
    return { rows: await rowsOf(db, keys.slice(offset)), total };
  }

  // Only Dexie promises may be awaited in a live query before its reads (dexie.org, useLiveQuery
  // rules): a native await would drop the query's change tracking.
  const index = await Dexie.Promise.resolve(loadLocalIndex(db));
  const keys = index.keys;
  const from = ranged ? index.rankFrom(lower, lower !== '') : 0;
  const to = ranged ? index.rankFrom(upper, true) : keys.length;
  const matches = searching ? searchIds(index, query) : null;
  let pageKeys: string[];
  let total: number;
  if (!matches) {
    total = Math.max(0, to - from);
    pageKeys = keys.slice(Math.max(from, to - offset - pageSize), Math.max(from, to - offset)).reverse();
  } else {
    const ranks: number[] = [];
    for (const id of matches) {
      const r = index.rankOf(id);
      if (r !== undefined && r >= from && r < to) ranks.push(r);
    }
    ranks.sort((x, y) => y - x);
    total = ranks.length;
    pageKeys = ranks.slice(offset, offset + pageSize).map((r) => keys[r]);
  }
  return { rows: await rowsOf(db, pageKeys), total };
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
