/**
 * The credits list query over the local store, live (re-runs when `solicitudes` changes).
 * Without a search it pages through the `created_at` index (offset/limit and a separate count),
 * so it stays fast over 50,000 rows; with a search it narrows by the `*tokens` index first.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useAtomValue } from 'jotai';
import { syncStatusAtom } from '../../state/local-data';
import type { RadicaDB, SolicitudRow } from '../../db/database';
import { fold, matchesSearch } from '../../domain/text';
import { hasDayRange, inDayRange, indexBounds } from './date-range';

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

/**
 * The index prefix of a query. `matchesSearch` accepts a word when a token starts with it, when
 * its digits start a token (number-like words) or when each alphanumeric part starts a token; so
 * a token always starts with the first part of a number-like word and with every part of any
 * other word. The longest such part is the most selective lookup that never misses a row.
 */
export function indexPrefix(query: string): string {
  let best = '';
  for (const word of fold(query).split(/\s+/).filter(Boolean)) {
    const parts = word.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    const candidates = NUMBER_LIKE.test(word) ? parts.slice(0, 1) : parts;
    for (const p of candidates) if (p.length > best.length) best = p;
  }
  return best;
}

function byNewest(a: SolicitudRow, b: SolicitudRow): number {
  return a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0;
}

export async function queryCreditList(
  db: RadicaDB,
  { query, desde, hasta, page, pageSize }: CreditListParams,
): Promise<{ rows: SolicitudRow[]; total: number }> {
  const offset = Math.max(0, page - 1) * pageSize;
  const ranged = hasDayRange(desde, hasta);
  const prefix = indexPrefix(query);

  if (prefix) {
    const matches = await db.solicitudes
      .where('tokens')
      .startsWith(prefix)
      .distinct()
      .filter((r) => matchesSearch(r.tokens ?? [], query) && (!ranged || inDayRange(r.created_at, desde, hasta)))
      .toArray();
    matches.sort(byNewest);
    return { rows: matches.slice(offset, offset + pageSize), total: matches.length };
  }

  // Collections are mutated by offset/limit, so each use builds its own.
  const base = () => {
    if (!ranged) return db.solicitudes.orderBy('created_at').reverse();
    const { lower, upper } = indexBounds(desde, hasta);
    return db.solicitudes
      .where('created_at')
      .between(lower, upper, true, true)
      .reverse()
      .filter((r) => inDayRange(r.created_at, desde, hasta));
  };
  const [total, rows] = await Promise.all([
    base().count(),
    base().offset(offset).limit(pageSize).toArray(),
  ]);
  return { rows, total };
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
