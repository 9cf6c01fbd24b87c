/**
 * Unsaved edits are never dropped by one tap or key: a form calls `useDiscardGuard(dirty, close)`
 * and routes its Escape, ✕ and Cancelar through `requestClose`, which asks first while `dirty`.
 * While any form is dirty, leaving the page (reload, closing the tab) asks through the browser,
 * and the app's NavigationGuard asks before a route change (the Back button).
 */
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { ConfirmDialog } from './confirm-dialog';

let dirtyForms = 0;

/** True while some mounted form has edits that are not saved. */
export function hasDirtyForms(): boolean {
  return dirtyForms > 0;
}

function onBeforeUnload(e: BeforeUnloadEvent) {
  e.preventDefault();
  // Older browsers need a value; the text itself is the browser's own.
  e.returnValue = '';
}

function markDirty(): () => void {
  if (dirtyForms++ === 0) window.addEventListener('beforeunload', onBeforeUnload);
  return () => {
    if (--dirtyForms === 0) window.removeEventListener('beforeunload', onBeforeUnload);
  };
}

export const DISCARD_TITLE = '¿Descartar los cambios?';
export const DISCARD_MESSAGE = 'Hay cambios sin guardar en este formulario. Si sales ahora, se perderán.';
export const DISCARD_CONFIRM = 'Descartar cambios';
export const DISCARD_CANCEL = 'Seguir editando';

/** What the question says; a form that keeps a draft says so instead of 'se perderán'. */
export interface DiscardTexts {
  title?: string;
  message?: string;
  confirmLabel?: string;
  /** The edits survive leaving (a draft kept on the device): reloads and route changes need not ask. */
  keepsDraft?: boolean;
}

export function DiscardConfirm({ onDiscard, onKeep, texts }: { onDiscard: () => void; onKeep: () => void; texts?: DiscardTexts }) {
  return (
    <ConfirmDialog
      title={texts?.title ?? DISCARD_TITLE}
      message={texts?.message ?? DISCARD_MESSAGE}
      confirmLabel={texts?.confirmLabel ?? DISCARD_CONFIRM}
      cancelLabel={DISCARD_CANCEL}
      onConfirm={onDiscard}
      onCancel={onKeep}
    />
  );
}

export function useDiscardGuard(
  dirty: boolean,
  close: () => void,
  texts?: DiscardTexts,
): { requestClose: () => void; prompt: ReactNode } {
  const [asking, setAsking] = useState(false);
  const keepsDraft = texts?.keepsDraft === true;
  useEffect(() => (dirty && !keepsDraft ? markDirty() : undefined), [dirty, keepsDraft]);
  const requestClose = useCallback(() => (dirty ? setAsking(true) : close()), [dirty, close]);
  const prompt = asking ? (
    <DiscardConfirm
      texts={texts}
      onKeep={() => setAsking(false)}
      onDiscard={() => {
        setAsking(false);
        close();
      }}
    />
  ) : null;
  return { requestClose, prompt };
}
