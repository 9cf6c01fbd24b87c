/**
 * Calls `flush` when the page may be about to go: hidden (another app, the screen off), closed
 * (`pagehide`), or the component gone. A tablet's browser may end a hidden tab without warning, so
 * a draft's last change is written then, not after its debounce (Nuevo Cliente, Editar Registro).
 */
import { useEffect } from 'react';

export function useFlushOnLeave(flush: () => void): void {
  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
      flush();
    };
  }, [flush]);
}
