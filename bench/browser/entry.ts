/**
 * Bundled by esbuild and injected into a page of the running app (same origin, so IndexedDB and
 * the API are the real ones). Exposes the measurements the bench drives from Node.
 * The pull pages fetched by `fetchPages` stay in the page, so the write measurements exclude the
 * transfer.
 */
import { mapRecord, RadicaDB } from '../../src/db/database';
import { loadLocalIndex } from '../../src/db/local-index';
import { logRow } from '../../src/db/search-log';
import type { SolicitudRecord } from '../../src/domain/solicitud';
import { applyPullPage, pullAll } from '../../src/sync/pull';
import { HttpTransport } from '../../src/sync/http-transport';
import { queryCreditList, type CreditListParams } from '../../src/features/creditos/use-credit-list';
import type { PullResponse } from '../../src/domain/sync-protocol';

let pages: PullResponse[] = [];

async function fetchPages(token: string, limit: number): Promise<{ ms: number; rows: number; bytes: number }> {
  pages = [];
  const clientId = crypto.randomUUID();
  let cursor = 0;
  let bytes = 0;
  const t0 = performance.now();
  for (;;) {
    const res = await fetch(`/api/sync/pull?clientId=${clientId}&cursor=${cursor}&limit=${limit}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const text = await res.text();
    bytes += text.length;
    const page = (JSON.parse(text) as { data: PullResponse }).data;
    pages.push(page);
    if (!page.more) break;
    cursor = page.cursor;
  }
  const ms = performance.now() - t0;
  return { ms, rows: pages.reduce((n, p) => n + p.changes.length, 0), bytes };
}

async function deleteDb(name: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const req = indexedDB.deleteDatabase(name);
    req.onsuccess = () => resolve();
    req.onerror = () => reject(req.error ?? new Error('deleteDatabase'));
  });
}

/** The engine's own write path: every page through applyPullPage into a fresh RadicaDB. */
async function applyPages(name: string): Promise<number> {
  await deleteDb(name);
  const db = new RadicaDB(name);
  await db.open();
  const t0 = performance.now();
  for (const page of pages) await applyPullPage(db, page);
  const ms = performance.now() - t0;
  db.close();
  return ms;
}

/** A fresh IndexedDB database named `name`, its stores made by `upgrade`. */
async function openFresh(name: string, upgrade: (db: IDBDatabase) => void): Promise<IDBDatabase> {
  await deleteDb(name);
  return new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(name, 1);
    req.onupgradeneeded = () => upgrade(req.result);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('open'));
  });
}

/** Milliseconds of ONE readwrite transaction over `stores` filled by `fill`; then deletes the database. */
async function timedWrite(idb: IDBDatabase, stores: string[], fill: (tx: IDBTransaction) => void): Promise<number> {
  const t0 = performance.now();
  await new Promise<void>((resolve, reject) => {
    const tx = idb.transaction(stores, 'readwrite');
    fill(tx);
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('tx'));
  });
  const ms = performance.now() - t0;
  idb.close();
  await deleteDb(idb.name);
  return ms;
}

/** Baseline: the same rows put into one object store, in ONE transaction, with no index. */
async function rawPut(name: string): Promise<number> {
  const idb = await openFresh(name, (db) => db.createObjectStore('rows', { keyPath: 'key' }));
  return timedWrite(idb, ['rows'], (tx) => {
    const store = tx.objectStore('rows');
    for (const page of pages)
      for (const change of page.changes) store.put({ key: `${change.entity}:${change.id}`, row: change.row });
  });
}

/**
 * Reference: the engine's own rows (mapRecord, computed before the clock starts) put into stores
 * with the same indexes as `solicitudes`, with one search log row per page as the engine writes
 * it, in ONE transaction, without Dexie. Its ratio to `applyPages` is what the engine adds over
 * the bare cost of writing indexed rows.
 */
async function rawIndexedPut(name: string): Promise<number> {
  const idb = await openFresh(name, (db) => {
    const sol = db.createObjectStore('solicitudes', { keyPath: 'id' });
    sol.createIndex('created_at', 'created_at');
    sol.createIndex('pending', 'pending');
    db.createObjectStore('searchLog', { keyPath: 'seq', autoIncrement: true });
    db.createObjectStore('rows', { keyPath: 'key' });
  });
  const mapped = pages.flatMap((page) =>
    page.changes.map((change) =>
      change.entity === 'solicitud' && change.row
        ? { store: 'solicitudes', value: mapRecord(change.row as SolicitudRecord) }
        : { store: 'rows', value: { key: `${change.entity}:${change.id}`, row: change.row } },
    ),
  );
  const logs = pages.map((page) =>
    logRow(page.changes.filter((c) => c.entity === 'solicitud' && c.row).map((c) => mapRecord(c.row as SolicitudRecord))),
  );
  return timedWrite(idb, ['solicitudes', 'searchLog', 'rows'], (tx) => {
    for (const { store, value } of mapped) tx.objectStore(store).put(value);
    for (const log of logs) tx.objectStore('searchLog').add(log);
  });
}

/** Times of `queryCreditList` for each params set, and of a plain 50-row page as the baseline. */
async function listQuery(
  name: string,
  params: CreditListParams[],
): Promise<{ query: number[]; baseline: number[]; totals: number[]; indexLoadMs: number; keysReadMs: number; firstQueryMs: number }> {
  const db = new RadicaDB(name);
  await db.open();
  // The first search after the app opens folds the search log into memory; against it, one read
  // of every key of the created_at index.
  let t0 = performance.now();
  await loadLocalIndex(db);
  const indexLoadMs = performance.now() - t0;
  t0 = performance.now();
  await db.solicitudes.orderBy('created_at').primaryKeys();
  const keysReadMs = performance.now() - t0;
  const query: number[] = [];
  const baseline: number[] = [];
  const totals: number[] = [];
  // Warm-up, as a screen would have opened the database already. Timed: it makes what the first
  // query of its kind makes (an order by name or amount, over the index just loaded).
  t0 = performance.now();
  await queryCreditList(db, params[0]);
  const firstQueryMs = performance.now() - t0;
  for (const p of params) {
    t0 = performance.now();
    const { total } = await queryCreditList(db, p);
    query.push(performance.now() - t0);
    totals.push(total);
    t0 = performance.now();
    await db.solicitudes.limit(p.pageSize).toArray();
    baseline.push(performance.now() - t0);
  }
  db.close();
  return { query, baseline, totals, indexLoadMs, keysReadMs, firstQueryMs };
}

/** Fetch and write page by page, as the engine does, timing the transfer and the writes apart. */
async function syncStreaming(name: string, token: string, limit: number): Promise<{ transferMs: number; writeMs: number; rows: number }> {
  await deleteDb(name);
  const db = new RadicaDB(name);
  await db.open();
  const clientId = crypto.randomUUID();
  let cursor = 0;
  let transferMs = 0;
  let writeMs = 0;
  let rows = 0;
  for (;;) {
    let t0 = performance.now();
    const res = await fetch(`/api/sync/pull?clientId=${clientId}&cursor=${cursor}&limit=${limit}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const page = ((await res.json()) as { data: PullResponse }).data;
    transferMs += performance.now() - t0;
    t0 = performance.now();
    await applyPullPage(db, page);
    writeMs += performance.now() - t0;
    rows += page.changes.length;
    if (!page.more) break;
    cursor = page.cursor;
  }
  db.close();
  return { transferMs, writeMs, rows };
}

/** The engine's whole first sync over HTTP (pullAll: each page fetched while the previous one is written). */
async function pullAllTimed(name: string, token: string, limit: number): Promise<{ ms: number; rows: number }> {
  await deleteDb(name);
  const db = new RadicaDB(name);
  await db.open();
  const t0 = performance.now();
  await pullAll(db, new HttpTransport({ token }), crypto.randomUUID(), limit);
  const ms = performance.now() - t0;
  const rows = await db.solicitudes.count();
  db.close();
  await deleteDb(name);
  return { ms, rows };
}

/** Characters of JSON of the application records fetched (the rows the device stores). */
function applicationJsonBytes(): number {
  let n = 0;
  for (const page of pages) for (const change of page.changes) if (change.entity === 'solicitud' && change.row) n += JSON.stringify(change.row).length;
  return n;
}

/** Forgets the fetched pages (the memory goes back before the app's own sync). */
function dropPages(): void {
  pages = [];
}

async function countRows(name: string): Promise<number> {
  const db = new RadicaDB(name);
  await db.open();
  const n = await db.solicitudes.count();
  db.close();
  return n;
}

const api = { fetchPages, syncStreaming, pullAllTimed, applyPages, rawPut, rawIndexedPut, listQuery, countRows, deleteDb, applicationJsonBytes, dropPages };
export type BenchApi = typeof api;
(window as unknown as { radicaBench: BenchApi }).radicaBench = api;
