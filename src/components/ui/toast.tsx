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
import { useLayoutEffect, useState, useSyncExternalStore, type RefObject } from 'react';
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

/** Where a screen's toasts go: bottom right (the form's area too, stacked above the screen's). */
export const PAGE_POSITION = 'bottom-right' satisfies ToasterProps['position'];

/** The screen's toast area, by name: another area (the creation form's) stacks its toasts above it. */
export const PAGE_AREA = 'pagina';

/**
 * A sonner Toaster that follows the topmost modal dialog. Inside a dialog the toasts sit at the
 * bottom centre, just above its footer (its buttons) or its bottom edge: under the title bar they
 * covered what a dialog opens with ('Sincronizar ahora' and the first change in 'Cambios
 * pendientes', a record's conflict notice) while the toast raised on the screen followed the
 * advisor in. A confirmation keeps them at the top of the screen, above its message. `position`
 * is where they go on a screen: one of the bottom ones (see the header).
 */
export function ToasterHost({ area, above, ...props }: ToasterProps & HostProps) {
  const target = useSyncExternalStore(subscribeDialogs, topDialog, () => null);
  const panel = useSyncExternalStore(subscribeDialogs, topPanelOpen, () => false);
  const place = useDialogPlace(target);
  const lift = useStackHeight(above, target);
  const position = target ? (place && 'top' in place ? 'top-center' : 'bottom-center') : panel ? 'bottom-right' : props.position;
  const edge = position?.startsWith('top') ? 'top' : 'bottom';
  const shift = (base: typeof OFFSET) => {
    const at = { ...base, ...place };
    return { ...at, [edge]: at[edge] + lift };
  };
  const offsets = (target && place) || lift > 0 ? { offset: shift(OFFSET), mobileOffset: shift(MOBILE_OFFSET) } : {};
  const toaster = <Toaster {...DEFAULTS} {...props} position={position} {...offsets} />;
  return createPortal(area ? <div {...{ [TOAST_AREA]: area }}>{toaster}</div> : toaster, target ?? document.body);
}

interface HostProps {
  /** This area's name (TOAST_AREA), for another area to stack above it. */
  area?: string;
  /** The area whose toasts this one's sit above when both are drawn in the same place. */
  above?: string;
}

const TOAST_AREA = 'data-toast-area';

/**
 * How far the toasts of the area named `name`, drawn in `dialog` (or on the screen), reach from
 * their edge, plus a gap: 0 while it shows none. Two areas at the bottom of a phone (the screen's
 * and the creation form's) are both full width: without this one sat on the other and hid it.
 */
function useStackHeight(name: string | undefined, dialog: HTMLDialogElement | null): number {
  const [height, setHeight] = useState(0);
  useLayoutEffect(() => {
    if (!name) return;
    const container: Element = dialog ?? document.body;
    const find = () =>
      [...container.querySelectorAll(`[${TOAST_AREA}="${name}"]`)].find((el) => el.closest('dialog') === dialog) ?? null;
    let area = find();
    const measure = () => setHeight(area ? stackHeight(area) : 0);
    const inner = new MutationObserver(measure);
    const watch = () => {
      inner.disconnect();
      area = find();
      if (area) inner.observe(area, { subtree: true, childList: true, attributes: true, attributeFilter: ['style', 'data-expanded', 'data-removed', 'data-visible', 'data-front'] });
      measure();
    };
    // The other area moves with the topmost dialog (it is drawn anew there).
    const outer = new MutationObserver(() => {
      if (find() !== area) watch();
    });
    outer.observe(container, { childList: true });
    watch();
    return () => {
      inner.disconnect();
      outer.disconnect();
    };
  }, [name, dialog]);
  return height;
}

/** The height of the toasts an area shows (sonner's own sizes, not their moving boxes), plus a gap. */
function stackHeight(area: Element): number {
  const list = area.matches('[data-sonner-toaster]') ? area : area.querySelector<HTMLElement>('[data-sonner-toaster]');
  if (!(list instanceof HTMLElement)) return 0;
  const shown = [...list.querySelectorAll<HTMLElement>(':scope > [data-sonner-toast]')].filter(
    (t) => t.dataset.removed !== 'true' && t.dataset.visible !== 'false',
  );
  if (shown.length === 0) return 0;
  const px = (el: HTMLElement, v: string) => parseFloat(el.style.getPropertyValue(v)) || 0;
  const gap = px(list, '--gap') || 14;
  const reach = shown.some((t) => t.dataset.expanded === 'true')
    ? Math.max(...shown.map((t) => px(t, '--offset') + px(t, '--initial-height')))
    : px(list, '--front-toast-height') + gap * (shown.length - 1);
  return reach > 0 ? Math.ceil(reach + gap) : 0;
}

/**
 * The room the toasts drawn at the bottom of `dialog` take (all its areas, stacked), for the
 * dialog to leave that much free below its content: otherwise a toast sat on the content's last
 * rows ('Borrar datos de este dispositivo' in 'Cambios pendientes', which has no footer) and, kept
 * open while the pointer rests on it, hid them for as long as the pointer stayed. 0 for a
 * confirmation (its toasts sit at the top of the screen), for a dialog with a sticky row of buttons
 * (TOASTS_ABOVE) and while no toast shows.
 */
export function useToastRoom(dialog: RefObject<HTMLDialogElement | null>): number {
  const [room, setRoom] = useState(0);
  useLayoutEffect(() => {
    const el = dialog.current;
    if (!el || el.getAttribute('role') === 'alertdialog') return;
    const measure = () => {
      // A form with its own sticky row of buttons keeps its toasts above that row (useDialogPlace):
      // room at the end of its content would lift the row, and the toasts with it.
      if (el.querySelector(`[${TOASTS_ABOVE}]`)) return setRoom(0);
      const lists = [...el.querySelectorAll('[data-sonner-toaster]')].filter((l) => l.closest('dialog') === el);
      const total = lists.reduce((sum, l) => sum + stackHeight(l), 0);
      setRoom((r) => (r === total ? r : total));
    };
    const observer = new MutationObserver(measure);
    observer.observe(el, { subtree: true, childList: true, attributes: true, attributeFilter: ['style', 'data-expanded', 'data-removed', 'data-visible'] });
    measure();
    return () => observer.disconnect();
  }, [dialog]);
  return room;
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
export function toastWithUndo(
  message: string,
  options: { description?: string; onUndo: () => void; toasterId?: string; id?: string | number },
): string | number {
  let undone = false;
  return toast.success(message, {
    ...(options.id !== undefined && { id: options.id }),
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
