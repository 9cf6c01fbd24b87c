/**
 * Toasts over sonner. A native modal dialog covers everything outside the browser's top layer, so
 * the toast area is drawn inside the topmost open dialog (and on <body> when none is open): a
 * toast raised while 'Editar Registro' is open is seen and its 'Deshacer' can be tapped. Sonner
 * replays the toasts still showing when the area moves, so none is lost when a dialog closes.
 *
 * On a screen (no dialog open) the toasts sit at the bottom (PAGE_POSITION, full width on a
 * phone): at the top they covered a screen's title row, where its primary action is ('Nuevo
 * Cliente' at 390, 820 and 1366 px), for the toast's whole life. The top bar (sync chip, bell)
 * is never under a toast in either place. Inside a dialog they sit at its bottom, above its
 * footer (ToasterHost).
 */
import { useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { toast, Toaster, type ToasterProps } from 'sonner';
import { subscribeDialogs, topDialog, topPanelOpen } from './dialog-stack';

export { toast };

/** How long a toast offering 'Deshacer' stays (issue 27: 10 seconds). */
export const UNDO_MS = 10_000;
export const UNDO_LABEL = 'Deshacer';

// Clear of the 60 px top bar (sync chip, bell) should a toast area sit at the top.
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
 * A sonner Toaster that follows the topmost modal dialog. Inside a dialog the toasts sit at the
 * bottom centre, just above its footer (its buttons) or its bottom edge: under the title bar they
 * covered what a dialog opens with ('Sincronizar ahora' and the first change in 'Cambios
 * pendientes', a record's conflict notice) while the toast raised on the screen followed the
 * advisor in. A confirmation keeps them at the top of the screen, above its message. `position`
 * is where they go on a screen: one of the bottom ones (see the header).
 */
export function ToasterHost(props: ToasterProps) {
  const target = useSyncExternalStore(subscribeDialogs, topDialog, () => null);
  const panel = useSyncExternalStore(subscribeDialogs, topPanelOpen, () => false);
  const place = useDialogPlace(target);
  const position = target ? (place && 'top' in place ? 'top-center' : 'bottom-center') : panel ? 'bottom-right' : props.position;
  const offsets = target && place ? { offset: { ...OFFSET, ...place }, mobileOffset: { ...MOBILE_OFFSET, ...place } } : {};
  return createPortal(<Toaster {...DEFAULTS} {...props} position={position} {...offsets} />, target ?? document.body);
}

type Place = { top: number } | { bottom: number };

/** Marks a dialog's row of buttons that is not its footer (a form's sticky row): toasts stay above it. */
export const TOASTS_ABOVE = 'data-toasts-above';

/**
 * Where the toasts sit inside `dialog`: above its footer, its row of buttons marked TOASTS_ABOVE,
 * or its bottom edge (a confirmation: at the top).
 */
function useDialogPlace(dialog: HTMLDialogElement | null): Place | null {
  const [place, setPlace] = useState<Place | null>(null);
  useLayoutEffect(() => {
    if (!dialog) return;
    // A confirmation (alertdialog) is small and centred: its message must stay readable, so the
    // toasts sit at the top of the screen, above it.
    const confirmation = dialog.getAttribute('role') === 'alertdialog';
    const measure = () => {
      if (confirmation) return setPlace((p) => (p && 'top' in p && p.top === 16 ? p : { top: 16 }));
      const bars = [...dialog.querySelectorAll(`:scope > footer, [${TOASTS_ABOVE}]`)].filter((el) => el.closest('dialog') === dialog);
      const edge = Math.min(dialog.getBoundingClientRect().bottom, ...bars.map((el) => el.getBoundingClientRect().top));
      const bottom = Math.max(8, Math.round(window.innerHeight - edge) + 8);
      setPlace((p) => (p && 'bottom' in p && p.bottom === bottom ? p : { bottom }));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(dialog);
    // A dialog's content may come later (a form once its schemas load) with its row of buttons.
    const added = new MutationObserver(measure);
    added.observe(dialog, { childList: true, subtree: true });
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      added.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [dialog]);
  return dialog ? place : null;
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
