/**
 * Draft autosave: every change of the form lands in the drafts table (one row per application
 * id) shortly after typing stops, at once when the page is hidden or closed, and when the form
 * closes. Nothing is written once saving started or when the application already exists locally.
 */
import { useEffect, useRef, type RefObject } from 'react';
import type { RadicaDB } from '../../db/database';
import { hasContent, type FormState } from './form-state';

export function useDraftAutosave(
  db: RadicaDB,
  state: FormState,
  touched: RefObject<boolean>,
  savingRef: RefObject<boolean>,
  onError: () => void,
): void {
  const unsaved = useRef<(() => void) | null>(null);
  const onErrorRef = useRef(onError);
  useEffect(() => {
    onErrorRef.current = onError;
  });

  useEffect(() => {
    if (!touched.current || savingRef.current) return;
    const save = () => {
      if (savingRef.current) return;
      void (async () => {
        if (await db.solicitudes.get(state.ids.solicitudId)) return;
        if (hasContent(state)) {
          await db.drafts.put({ id: state.ids.solicitudId, kind: 'solicitud', values: state, updatedAt: new Date().toISOString() });
        } else {
          await db.drafts.delete(state.ids.solicitudId);
        }
      })().catch(() => onErrorRef.current());
    };
    unsaved.current = save;
    const handle = setTimeout(() => {
      unsaved.current = null;
      save();
    }, 150);
    const onHide = () => {
      if (document.visibilityState === 'hidden') save();
    };
    window.addEventListener('pagehide', save);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      clearTimeout(handle);
      window.removeEventListener('pagehide', save);
      document.removeEventListener('visibilitychange', onHide);
    };
  }, [db, state, touched, savingRef]);

  // Closing the form right after typing still keeps the last change.
  useEffect(() => () => unsaved.current?.(), []);
}
