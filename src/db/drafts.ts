/**
 * Writing a draft row so that it survives the tab being killed right after: the request is issued
 * in the task that calls it, with no read before it, and the transaction is asked to commit at
 * once. A tablet's browser may end a hidden or closing tab as soon as its `visibilitychange` or
 * `pagehide` handlers return; a write that first waited for something else was never sent.
 * Invariant: writes issued in order reach the database in order, so a removal issued after a
 * write (Guardar, Descartar) always wins over it.
 */
import { RangeSet } from 'dexie';
import type { DraftRow, RadicaDB } from './database';

/**
 * Dexie's event for a write it did not make itself (another tab's or a worker's): its live
 * queries in this page run again and its query cache forgets what it held for the table. A draft
 * written straight to IndexedDB is such a write; without it a live query that had read the
 * drafts ('Cambios pendientes', the chip's count of drafts left without their application) kept
 * its old answer, and so did every later read of the same query.
 */
const DEXIE_FOREIGN_WRITE = 'x-storagemutated-1';

function signalDraftsChanged(db: RadicaDB): void {
  if (typeof dispatchEvent !== 'function' || typeof CustomEvent !== 'function') return;
  const table = `idb://${db.name}/${db.drafts.name}/`;
  const all = () => new RangeSet(-Infinity, [[[]]]);
  const parts: Record<string, RangeSet> = { [table]: all(), [`${table}:dels`]: all() };
  for (const index of db.drafts.schema.indexes) if (index.name) parts[`${table}${index.name}`] = all();
  dispatchEvent(new CustomEvent(DEXIE_FOREIGN_WRITE, { detail: parts }));
}

/** Puts `row` under `id`, or removes the draft `id` when `row` is null. Opens the database first when it is not open. */
export function writeDraftRow(db: RadicaDB, id: string, row: DraftRow | null): Promise<void> {
  const connection = db.isOpen() ? db.backendDB() : null;
  if (!connection) return row ? db.drafts.put(row).then(() => undefined) : db.drafts.delete(id);
  return new Promise<void>((resolve, reject) => {
    const tx = connection.transaction(db.drafts.name, 'readwrite');
    tx.oncomplete = () => {
      signalDraftsChanged(db);
      resolve();
    };
    tx.onabort = () => reject(tx.error ?? new Error('draft write aborted'));
    const store = tx.objectStore(db.drafts.name);
    if (row) store.put(row);
    else store.delete(id);
    tx.commit();
  });
}
