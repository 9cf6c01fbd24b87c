/** Small pieces the configuration screen shares: a modal dialog and button styles (≥44px targets). */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { OFFLINE_MESSAGE, useConfigOffline } from './config-api';

export const btn = {
  primary:
    'inline-flex min-h-11 items-center justify-center gap-2 rounded-md bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800 disabled:cursor-not-allowed disabled:bg-slate-400',
  secondary:
    'inline-flex min-h-11 items-center justify-center gap-2 whitespace-nowrap rounded-md border border-slate-300 bg-white px-4 py-2 font-medium text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50',
  danger:
    'inline-flex min-h-11 items-center justify-center gap-2 rounded-md border border-red-300 bg-white px-3 py-2 font-medium text-red-700 hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-50',
  small:
    'inline-flex min-h-11 min-w-11 items-center justify-center rounded-md border border-slate-300 bg-white px-3 py-1 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40',
};
export const input =
  'min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-200 disabled:bg-slate-100 disabled:text-slate-600';
export const label = 'mb-1 block text-sm font-medium text-slate-700';

const openModals: Array<{ current: () => void }> = [];

/**
 * A modal dialog: focus moves in on open and back on close; Escape closes; max 90% of the viewport
 * high. Every configuration dialog saves to the server, so offline its footer says why its save
 * button is disabled.
 */
export function Modal({
  title,
  onClose,
  children,
  footer,
  wide = false,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}) {
  const titleId = useId();
  const offline = useConfigOffline();
  const ref = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    const first = ref.current?.querySelector<HTMLElement>('input:not([disabled]), select, textarea, button:not([data-close])');
    (first ?? ref.current)?.focus();
    // Escape closes the topmost open modal only, wherever the focus is.
    const entry = closeRef;
    openModals.push(entry);
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && openModals[openModals.length - 1] === entry) {
        e.stopPropagation();
        entry.current();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      openModals.splice(openModals.indexOf(entry), 1);
      before?.focus?.();
    };
  }, []);
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/50 p-2 sm:p-4">
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`flex max-h-[90vh] w-full flex-col rounded-lg bg-white shadow-xl ${wide ? 'max-w-4xl' : 'max-w-xl'}`}
      >
        <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
          <h2 id={titleId} className="text-lg font-bold text-slate-900">
            {title}
          </h2>
          <button type="button" data-close className={btn.small} aria-label="Cerrar" onClick={onClose}>
            ✕
          </button>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4">{children}</div>
        {footer && (
          <div className="border-t border-slate-200 px-4 py-3">
            {offline && (
              <p role="status" className="mb-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-300">
                {OFFLINE_MESSAGE}
              </p>
            )}
            <div className="flex flex-wrap justify-end gap-2">{footer}</div>
          </div>
        )}
      </div>
    </div>
  );
}

export function ErrorBox({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
      {children}
    </p>
  );
}
