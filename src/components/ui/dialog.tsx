/**
 * The kit's modal dialog, on the native <dialog> with showModal(): the browser makes the page
 * behind inert (no Tab, no click, no screen reader escape) and stacks dialogs opened on top of
 * each other. Rendered in a portal on <body>, so a dialog opened from inside a form is not part
 * of that form.
 *
 * Closing is always a request: Escape, the ✕ button (and the backdrop when `closeOnBackdrop`) call
 * `onClose`, and the caller decides (a form with unsaved edits asks first, see use-discard-guard).
 * Escape is taken on keydown so the browser's own cancel never closes a dialog behind the caller's
 * back; if the browser closes it anyway, it is opened again and the close is requested.
 * Focus goes to the element marked `data-autofocus`, else to the dialog itself (no on-screen
 * keyboard popping up on tablets), and back to where it was when the dialog goes.
 * A full-screen dialog covers the top bar's sync chip, so offline it says so under its title
 * (`OFFLINE_NOTE`): an advisor filling a long form on a phone knows where a save will go.
 */
import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon, IconButton } from './button';
import { pushDialog, removeDialog } from './dialog-stack';
import { useToastRoom } from './toast';
import { useOnline } from '../../lib/use-online';

export const OFFLINE_NOTE = 'Sin conexión: lo que guardes queda en este dispositivo.';

export type DialogSize = 'sm' | 'md' | 'lg' | 'full';

export interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons at the bottom. */
  footer?: ReactNode;
  /** A line under the title (the applicant and filing number). */
  subtitle?: ReactNode;
  /** sm: confirmations; md/lg: forms; full: full screen below 1024 px, a large panel above. */
  size?: DialogSize;
  role?: 'dialog' | 'alertdialog';
  testId?: string;
  closeOnBackdrop?: boolean;
  /** Hide the ✕ (a confirmation answers with its own buttons). */
  hideClose?: boolean;
  /** id of the element that describes the dialog (alertdialogs). */
  describedBy?: string;
}

const SIZES: Record<DialogSize, string> = {
  sm: 'w-[calc(100%-2rem)] max-w-md max-h-[calc(100%-2rem)] rounded-xl',
  md: 'w-[calc(100%-1.5rem)] max-w-xl max-h-[calc(100%-1.5rem)] rounded-xl',
  lg: 'w-[calc(100%-1.5rem)] max-w-3xl max-h-[calc(100%-1.5rem)] rounded-xl',
  full: 'h-full max-h-none w-full max-w-none lg:h-auto lg:max-h-[calc(100%-3rem)] lg:w-[calc(100%-3rem)] lg:max-w-6xl lg:rounded-xl',
};

export function Dialog({
  title,
  onClose,
  children,
  footer,
  subtitle,
  size = 'lg',
  role = 'dialog',
  testId,
  closeOnBackdrop = false,
  hideClose = false,
  describedBy,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const requestClose = useRef(onClose);
  useEffect(() => {
    requestClose.current = onClose;
  }, [onClose]);
  const unmounting = useRef(false);
  // Toasts sit at the bottom of the dialog (above its footer): its content keeps clear of them.
  const toastRoom = useToastRoom(ref);
  const online = useOnline();

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    unmounting.current = false;
    const opener = document.activeElement as HTMLElement | null;
    if (!el.open) el.showModal();
    pushDialog(el);
    const first = el.querySelector<HTMLElement>('[data-autofocus]');
    (first ?? el).focus({ preventScroll: true });
    return () => {
      unmounting.current = true;
      removeDialog(el);
      if (el.open) el.close();
      if (opener && opener.isConnected) opener.focus({ preventScroll: true });
    };
  }, []);

  return createPortal(
    <dialog
      ref={ref}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      tabIndex={-1}
      data-testid={testId}
      className={`m-auto flex-col overflow-clip border-0 bg-white p-0 text-slate-900 shadow-2xl outline-none backdrop:bg-slate-900/50 open:flex ${SIZES[size]}`}
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.preventDefault();
        e.stopPropagation();
        requestClose.current();
      }}
      onCancel={(e) => {
        e.preventDefault();
        requestClose.current();
      }}
      onClose={() => {
        // Closed by the browser, not by us: keep it on screen and ask the caller instead.
        const el = ref.current;
        if (unmounting.current || !el || !el.isConnected) return;
        el.showModal();
        requestClose.current();
      }}
      onMouseDown={(e) => {
        if (closeOnBackdrop && e.target === e.currentTarget) {
          const r = e.currentTarget.getBoundingClientRect();
          const inside = e.clientX >= r.left && e.clientX <= r.right && e.clientY >= r.top && e.clientY <= r.bottom;
          if (!inside) requestClose.current();
        }
      }}
    >
      <header className="flex shrink-0 items-start justify-between gap-3 border-b border-slate-200 px-4 py-3 md:px-6">
        <div className="min-w-0 pt-1.5">
          <h2 id={titleId} className="text-xl font-bold text-slate-900">
            {title}
          </h2>
          {subtitle && <div className="text-sm text-slate-600">{subtitle}</div>}
          {size === 'full' && !online && (
            <p role="status" className="mt-1 text-sm font-medium text-amber-900">
              {OFFLINE_NOTE}
            </p>
          )}
        </div>
        {!hideClose && <IconButton label="Cerrar" icon={<CloseIcon />} onClick={() => requestClose.current()} />}
      </header>
      <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4 md:px-6" style={toastRoom ? { paddingBottom: 16 + toastRoom } : undefined}>
        {children}
      </div>
      {footer && <footer className="flex shrink-0 flex-wrap items-center justify-end gap-2 border-t border-slate-200 px-4 py-3 md:px-6">{footer}</footer>}
    </dialog>,
    document.body,
  );
}
