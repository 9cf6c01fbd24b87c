/**
 * Calls `flush` when the page may be about to go: hidden (another app, the screen off), closed
 * (`pagehide`), or the component gone. A tablet's browser may end a hidden tab without warning, so
 * a draft's last change is written then, not after its debounce (Nuevo Cliente, Editar Registro).
 * `flushDraftsNow` does the same for every form on screen when the session is about to end
 * (logout, a deactivated account, a device login the server refused): what happens next (the
 * company's data emptied, the database closed) must find the last keystrokes already in the draft.
 */
import { useEffect } from 'react';

/** The flushes of the forms on screen. */
const onScreen = new Set<() => void>();

/** Writes the pending draft of every form on screen now (each write is issued before this returns). */
export function flushDraftsNow(): void {
  for (const flush of [...onScreen]) flush();
}

export function useFlushOnLeave(flush: () => void): void {
  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    onScreen.add(flush);
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      onScreen.delete(flush);
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
      flush();
    };
  }, [flush]);
}
