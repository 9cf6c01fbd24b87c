/**
 * Small pieces the configuration screen shares, all from the UI kit (src/components/ui): button and
 * input classes (≥44px targets) and its modal, the kit's Dialog on the native <dialog>.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { buttonClass } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { INPUT_CLASS } from '../../components/ui/text-field';
import { OFFLINE_MESSAGE, useConfigOffline } from './config-api';

export const btn = {
  primary: buttonClass('primary'),
  secondary: buttonClass('secondary', 'whitespace-nowrap'),
  danger: buttonClass('danger-outline', 'px-3'),
  small: buttonClass('secondary', 'min-w-11 px-3 py-1'),
};
export const input = INPUT_CLASS;
export const label = 'mb-1 block text-sm font-medium text-slate-700';

/**
 * The kit's Dialog; Escape, ✕ and stacking are the kit's. The configuration forms start typing at
 * once, so the first field takes the focus (after the Dialog's own focus, which runs first). Every
 * configuration dialog saves to the server, so offline its footer says why its save is disabled.
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
  const offline = useConfigOffline();
  const body = useRef<HTMLDivElement>(null);
  useEffect(() => {
    body.current?.querySelector<HTMLElement>('input:not([disabled]), select:not([disabled]), textarea:not([disabled])')?.focus({ preventScroll: true });
  }, []);
  return (
    <Dialog
      title={title}
      onClose={onClose}
      size={wide ? 'lg' : 'md'}
      footer={
        footer && (
          <div className="w-full">
            {offline && (
              <p role="status" className="mb-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-300">
                {OFFLINE_MESSAGE}
              </p>
            )}
            <div className="flex flex-wrap justify-end gap-2">{footer}</div>
          </div>
        )
      }
    >
      <div ref={body}>{children}</div>
    </Dialog>
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
