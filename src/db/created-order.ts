/**
 * The order of every local application by `created_at` key, then id (the order of the
 * `created_at` index), kept in memory per database so that a search can sort and page its
 * matches by key alone instead of reading every matching row.
 * Invariants:
 * - Built from the index keys only (one native getAllKeys); `keys[rank.get(id)] === id`.
 * - Dropped whenever Dexie reports a write to `solicitudes` from any context of this origin
 *   (`storagemutated`, which Dexie also relays from the sync worker and other tabs); callers also
 *   treat an id or a range end missing from `rank` as stale. The row count is not compared: on a
 *   disk-backed profile counting 50,000 rows takes longer than the whole list query should.
 * - A build that overlaps a write is used once but not kept.
 */
import Dexie from 'dexie';
import type { RadicaDB } from './database';

export interface CreatedOrder {
  /** Primary keys in ascending (`created_at`, id) order. */
  keys: string[];
  rank: Map<string, number>;
}

interface Entry {
  generation: number;
  order: CreatedOrder;
}

const cache = new WeakMap<RadicaDB, Entry>();
const generations = new Map<string, number>();
let listening = false;

function generation(name: string): number {
  return generations.get(name) ?? 0;
}

function listen(): void {
  if (listening) return;
  listening = true;
  Dexie.on('storagemutated', (parts) => {
    for (const part of Object.keys(parts)) {
      const m = /^idb:\/\/(.*)\/solicitudes\//.exec(part);
      if (m) generations.set(m[1], generation(m[1]) + 1);
    }
  });
}

/** The cached order of `db`'s rows if no write was reported since it was built; no read. */
export function cachedCreatedOrder(db: RadicaDB): CreatedOrder | null {
  listen();
  const cached = cache.get(db);
  return cached && cached.generation === generation(db.name) ? cached.order : null;
}

/** The cached order of `db`'s rows, rebuilt when stale or when `fresh` is set. */
export async function createdOrder(db: RadicaDB, fresh = false): Promise<CreatedOrder> {
  const cached = fresh ? null : cachedCreatedOrder(db);
  if (cached) return cached;
  const name = db.name;
  const before = generation(name);
  const keys = await db.solicitudes.orderBy('created_at').primaryKeys();
  const rank = new Map<string, number>();
  keys.forEach((k, i) => rank.set(k, i));
  const order = { keys, rank };
  if (generation(name) === before) cache.set(db, { generation: before, order });
  else cache.delete(db);
  return order;
}

const warming = new WeakSet<RadicaDB>();

/**
 * Builds the order in the background (outside any live query: its reads must not subscribe the
 * caller), so the next query finds it; at most one build per database at a time.
 */
export function warmCreatedOrder(db: RadicaDB): void {
  if (warming.has(db) || cachedCreatedOrder(db)) return;
  warming.add(db);
  setTimeout(() => {
    createdOrder(db)
      .catch(() => undefined)
      .finally(() => warming.delete(db));
  }, 0);
}

/** Forgets the cached order of `db` (tests; a caller that found it stale). */
export function forgetCreatedOrder(db: RadicaDB): void {
  cache.delete(db);
}
