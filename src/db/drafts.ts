/**
 * Writing a draft row so that it survives the tab being killed right after: the request is issued
 * in the task that calls it, with no read before it, and the transaction is asked to commit at
 * once. A tablet's browser may end a hidden or closing tab as soon as its `visibilitychange` or
 * `pagehide` handlers return; a write that first waited for something else was never sent.
 * Invariant: writes issued in order reach the database in order, so a removal issued after a
 * write (Guardar, Descartar) always wins over it.
 */
import type { DraftRow, RadicaDB } from './database';

/** Puts `row` under `id`, or removes the draft `id` when `row` is null. Opens the database first when it is not open. */
export function writeDraftRow(db: RadicaDB, id: string, row: DraftRow | null): Promise<void> {
  const connection = db.isOpen() ? db.backendDB() : null;
  if (!connection) return row ? db.drafts.put(row).then(() => undefined) : db.drafts.delete(id);
  return new Promise<void>((resolve, reject) => {
    const tx = connection.transaction(db.drafts.name, 'readwrite');
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(tx.error ?? new Error('draft write aborted'));
    const store = tx.objectStore(db.drafts.name);
    if (row) store.put(row);
    else store.delete(id);
    tx.commit();
  });
}
