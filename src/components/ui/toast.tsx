/**
 * Toasts over sonner. A native modal dialog covers everything outside the browser's top layer, so
 * the toast area is drawn inside the topmost open dialog (and on <body> when none is open): a
 * toast raised while 'Editar Registro' is open is seen and its 'Deshacer' can be tapped. Sonner
 * replays the toasts still showing when the area moves, so none is lost when a dialog closes.
 *
 * On a screen (no dialog open) the toasts sit at the bottom (PAGE_POSITION, full width on a
 * phone): at the top they covered a screen's title row, where its primary action is ('Nuevo
 * Cliente' at 390, 820 and 1366 px), for the toast's whole life. The top bar (sync chip, bell)
 * is never under a toast in either place.
 */
import { useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { toast, Toaster, type ToasterProps } from 'sonner';
import { subscribeDialogs, topDialog, topPanelOpen } from './dialog-stack';

export { toast };

/** How long a toast offering 'Deshacer' stays (issue 27: 10 seconds). */
export const UNDO_MS = 10_000;
export const UNDO_LABEL = 'Deshacer';

// Below the 60 px top bar (and a dialog's title bar), so a toast never covers the sync chip, the
// bell or a dialog's ✕.
const OFFSET = { top: 72, right: 16, bottom: 16, left: 16 };
const MOBILE_OFFSET = { top: 68, right: 8, bottom: 8, left: 8 };
const DEFAULTS: ToasterProps = {
  richColors: true,
  closeButton: true,
  offset: OFFSET,
  mobileOffset: MOBILE_OFFSET,
  toastOptions: { closeButtonAriaLabel: 'Quitar aviso' },
};

/** Where a screen's toasts go: bottom right ('bottom-center' for a second area, the form's). */
export const PAGE_POSITION = 'bottom-right' satisfies ToasterProps['position'];

/**
 * A sonner Toaster that follows the topmost modal dialog. Inside a dialog the toasts sit at the top
 * centre, clear of the dialog's ✕ (top right) and of its buttons (bottom). `position` is where
 * they go on a screen: one of the bottom ones (see the header).
 */
export function ToasterHost(props: ToasterProps) {
  const target = useSyncExternalStore(subscribeDialogs, topDialog, () => null);
  const panel = useSyncExternalStore(subscribeDialogs, topPanelOpen, () => false);
  const top = useBelowHeader(target);
  const position = target ? 'top-center' : panel ? 'bottom-right' : props.position;
  const offsets = target && top !== null ? { offset: { ...OFFSET, top }, mobileOffset: { ...MOBILE_OFFSET, top } } : {};
  return createPortal(<Toaster {...DEFAULTS} {...props} position={position} {...offsets} />, target ?? document.body);
}

/** Inside a dialog the toasts start under its title bar, so they never cover its ✕ (a confirmation: at the top). */
function useBelowHeader(dialog: HTMLDialogElement | null): number | null {
  const [top, setTop] = useState<number | null>(null);
  useLayoutEffect(() => {
    if (!dialog) return;
    const header = dialog.querySelector('header');
    // A confirmation (alertdialog) is small and centred, with no ✕: its message must stay readable,
    // so the toasts sit at the top of the screen, above it.
    const confirmation = dialog.getAttribute('role') === 'alertdialog';
    const place = () => setTop(confirmation ? 16 : Math.max(8, Math.round((header ?? dialog).getBoundingClientRect().bottom) + 8));
    place();
    const observer = new ResizeObserver(place);
    observer.observe(dialog);
    window.addEventListener('resize', place);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', place);
    };
  }, [dialog]);
  return dialog ? top : null;
}

/** A success toast with a 'Deshacer' button for UNDO_MS; `onUndo` runs at most once. */
export function toastWithUndo(message: string, options: { description?: string; onUndo: () => void; toasterId?: string }): string | number {
  let undone = false;
  return toast.success(message, {
    description: options.description,
    duration: UNDO_MS,
    toasterId: options.toasterId,
    action: {
      label: UNDO_LABEL,
      onClick: () => {
        if (undone) return;
        undone = true;
        options.onUndo();
      },
    },
  });
}
