import { useEffect } from 'react';
import { toast } from 'sonner';
import { useRegisterSW } from 'virtual:pwa-register/react';

/** An open dialog (a form, a confirmation, the sync panel): the update waits until it closes. */
const OPEN_DIALOG = '[role="dialog"], [role="alertdialog"], dialog[open]';

export function isFormOpen(): boolean {
  return document.querySelector(OPEN_DIALOG) !== null;
}

/** Resolves once no dialog is open, and the closing form had a moment to store its draft. */
export function whenNoFormOpen(): Promise<void> {
  return new Promise((resolve) => {
    const settle = () => setTimeout(resolve, 300);
    if (!isFormOpen()) return settle();
    const observer = new MutationObserver(() => {
      if (isFormOpen()) return;
      observer.disconnect();
      settle();
    });
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['role', 'open'] });
  });
}

/**
 * Registers the service worker and offers a new version with a toast. The page reloads only
 * when the person chooses 'Actualizar', and never in the middle of a form: with a form open the
 * update waits until it is closed (the creation form keeps its draft, the outbox stays in
 * IndexedDB and survives the reload).
 */
export function PwaUpdate() {
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({ immediate: true });

  useEffect(() => {
    if (!needRefresh) return;
    const update = async () => {
      if (isFormOpen()) {
        toast('La actualización se aplicará al cerrar el formulario.', { id: 'pwa-update-pending', duration: 6000 });
        await whenNoFormOpen();
      }
      await updateServiceWorker(true);
    };
    toast('Nueva versión disponible', {
      id: 'pwa-update',
      duration: Infinity,
      action: { label: 'Actualizar', onClick: () => void update() },
    });
  }, [needRefresh, updateServiceWorker]);
  return null;
}
