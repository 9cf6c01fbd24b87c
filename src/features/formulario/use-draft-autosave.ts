/**
 * Draft autosave: every change of the form lands in the drafts table (one row per application
 * id) shortly after typing stops, and at once when the page is hidden or closed and when the form
 * closes. Nothing is written once saving started.
 *
 * Each write is issued in the same task that decides it (writeDraft), with no read before it:
 * a tablet's browser may kill a hidden or closing tab right after its `visibilitychange` or
 * `pagehide` handlers return, and a write that first waited for a read (as the autosave once did,
 * to check the application was not saved yet) was never sent, losing the last keystrokes. Writes
 * issued in order also reach the database in order, so a draft written before 'Guardar' is
 * removed by the save that follows it (save-registro.ts); after the save `savingRef` stays set.
 *
 * The hook returns `draftSaved`: it writes what is pending and tells whether the latest write put
 * the draft on the device, so closing the form never claims a draft that a full or broken
 * storage refused.
 */
import { useCallback, useEffect, useRef, type RefObject } from 'react';
import type { DraftRow, RadicaDB } from '../../db/database';
import { writeDraftRow } from '../../db/drafts';
import { useFlushOnLeave } from '../../lib/use-flush-on-leave';
import { hasContent, type FormState } from './form-state';

/** How long after the last change the draft is written (a flush writes it sooner). */
export const DRAFT_DEBOUNCE_MS = 150;

export function useDraftAutosave(
  db: RadicaDB,
  state: FormState,
  touched: RefObject<boolean>,
  savingRef: RefObject<boolean>,
  onError: () => void,
): () => Promise<boolean> {
  // The state not yet written, if any.
  const pending = useRef<FormState | null>(null);
  const writes = useRef<DraftWrites>(null);
  writes.current ??= new DraftWrites();
  const onErrorRef = useRef(onError);
  useEffect(() => {
    onErrorRef.current = onError;
  });

  const flush = useCallback(() => {
    const next = pending.current;
    pending.current = null;
    if (!next || savingRef.current) return;
    void writes.current!.track(writeDraft(db, next)).then((ok) => ok || onErrorRef.current());
  }, [db, savingRef]);

  useEffect(() => {
    if (!touched.current || savingRef.current) return;
    pending.current = state;
    const handle = setTimeout(flush, DRAFT_DEBOUNCE_MS);
    return () => clearTimeout(handle);
  }, [state, touched, savingRef, flush]);

  // Hidden (another app, the screen off), closed, or the form gone: the last change now.
  useFlushOnLeave(flush);

  return useCallback(() => {
    flush();
    return writes.current!.saved();
  }, [flush]);
}

/** The outcomes of the draft writes; they reach the database in order, so the latest one counts. */
export class DraftWrites {
  private last: Promise<boolean> = Promise.resolve(true);

  /** Follows `write`; resolves true once it is on the device, false if it failed. */
  track(write: Promise<void>): Promise<boolean> {
    const outcome = write.then(
      () => true,
      () => false,
    );
    this.last = outcome;
    return outcome;
  }

  /** Whether the latest write (once it settles) put the draft on the device; true before any. */
  saved(): Promise<boolean> {
    return this.last;
  }
}

/**
 * Writes (or, for an empty form, removes) the draft of `state`, issuing the request before it
 * returns and asking the database to commit at once. Falls back to Dexie while the connection is
 * not open (it then opens first).
 */
export function writeDraft(db: RadicaDB, state: FormState): Promise<void> {
  const id = state.ids.solicitudId;
  const row: DraftRow | null = hasContent(state) ? { id, kind: 'solicitud', values: state, updatedAt: new Date().toISOString() } : null;
  return writeDraftRow(db, id, row);
}
