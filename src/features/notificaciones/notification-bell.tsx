/**
 * The shell's bell button with its pending count, and where its panel opens (bell-panel.tsx holds
 * the panel itself). Escape or a click outside closes the panel; Escape returns focus to the bell.
 * Editing an item opens the notification form, loaded on first use.
 */
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
} from 'react';
import { ScreenBoundary } from '../../components/ui/screen-boundary';
import { badgeLabel } from '../../domain/notificacion';
import { BellPanel } from './bell-panel';
import { usePendientes, useRejectionToasts, type NotificacionItem } from './use-notificaciones';
// The form (react-hook-form, valibot resolver) loads when first opened, not with the shell.
const NotificationFormModal = lazy(() =>
  import('./notification-form-modal').then((m) => ({ default: m.NotificationFormModal })),
);

const PANEL_REM = 24;
const GAP = 8;

function RejectionToasts() {
  useRejectionToasts();
  return null;
}

/** Where the panel goes: beside the button when there is room (side menu), else below it. */
function panelPosition(button: HTMLElement): CSSProperties {
  const r = button.getBoundingClientRect();
  const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  const width = Math.min(PANEL_REM * rem, window.innerWidth - 2 * GAP);
  let top: number;
  let left: number;
  if (r.right + GAP + width <= window.innerWidth - GAP) {
    top = r.top;
    left = r.right + GAP;
  } else {
    top = r.bottom + GAP;
    left = Math.max(GAP, Math.min(r.right - width, window.innerWidth - width - GAP));
  }
  const maxHeight = Math.min(window.innerHeight * 0.8, window.innerHeight - top - GAP);
  return { top, left, width: `min(${PANEL_REM}rem, calc(100vw - ${2 * GAP}px))`, maxHeight };
}

/**
 * The shell's bell: a count of pending notifications ('99+' above 99) and a panel listing them by
 * priority then newest first, with mark read, mark completed, edit and delete per item and
 * 'Marcar todas como leídas'. Every action is a local mutation (works offline). Escape or a click
 * outside closes the panel; Escape returns focus to the bell.
 */
export function NotificationBell({
  watchRejections = false,
  onOpenSolicitud,
}: {
  watchRejections?: boolean;
  /** Opens an application's 'Editar Registro' (the app layer decides how); the panel closes first. */
  onOpenSolicitud?: (solicitudId: string) => void;
}) {
  const { items, loading } = usePendientes();
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState<NotificacionItem | null>(null);
  const [style, setStyle] = useState<CSSProperties>({});
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const titleId = useId();
  const count = items.length;
  const label = badgeLabel(count);

  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  }, []);

  useLayoutEffect(() => {
    if (!open || !button.current) return;
    const place = () => button.current && setStyle(panelPosition(button.current));
    place();
    window.addEventListener('resize', place);
    return () => window.removeEventListener('resize', place);
  }, [open]);

  useEffect(() => {
    if (!open) return;
    panel.current?.focus();
    const onDown = (e: MouseEvent | TouchEvent) => {
      if (editing) return;
      const t = e.target as Node;
      if (panel.current?.contains(t) || button.current?.contains(t)) return;
      // A confirmation opened from the panel (delete) sits on top of it: answering it keeps the panel.
      if (t instanceof Element && t.closest('dialog')) return;
      close(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !editing && !document.querySelector('dialog[open]')) close(true);
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('touchstart', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('touchstart', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, editing, close]);

  return (
    <>
      {watchRejections && <RejectionToasts />}
      <button
        ref={button}
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={
          // The badge's own text ('99+' above 99) is part of the name, so what is seen is what is read.
          count ? `Notificaciones: ${label} pendientes` : 'Notificaciones: ninguna pendiente'
        }
        className="relative flex h-11 w-11 shrink-0 items-center justify-center rounded-md text-white hover:bg-blue-800 focus:outline-2 focus:outline-white"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-6 w-6"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M18 8a6 6 0 1 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
          <path d="M13.7 21a2 2 0 0 1-3.4 0" />
        </svg>
        {label && (
          <span
            data-testid="notificaciones-badge"
            className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs leading-5 font-bold text-white ring-2 ring-blue-950"
          >
            {label}
          </span>
        )}
      </button>
      {/* Right after the bell, so Tab goes from the bell into the list and on to the menu. */}
      {open && (
        <BellPanel
          ref={panel}
          id={panelId}
          titleId={titleId}
          style={style}
          items={items}
          loading={loading}
          onEdit={setEditing}
          onOpen={
            onOpenSolicitud &&
            ((id: string) => {
              close(false);
              onOpenSolicitud(id);
            })
          }
        />
      )}
      {editing && (
        <ScreenBoundary onClose={() => setEditing(null)}>
          <Suspense fallback={null}>
            <NotificationFormModal
              notificacion={editing}
              solicitudId={editing.solicitud_id}
              onClose={() => setEditing(null)}
            />
          </Suspense>
        </ScreenBoundary>
      )}
    </>
  );
}
