/**
 * In-app confirmations (never window.confirm): a small alertdialog whose safe answer has the
 * focus, so Enter or Escape never does the irreversible thing by accident. Two ways to use it:
 * render <ConfirmDialog> from a component, or `await askConfirm({...})` from anywhere (answered by
 * the one <ConfirmHost/> the app mounts).
 */
import { useId, useSyncExternalStore, type ReactNode } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';

export interface ConfirmOptions {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** 'danger' for what cannot be undone; 'primary' for a decision that can. */
  tone?: 'danger' | 'primary';
}

export interface ConfirmDialogProps extends ConfirmOptions {
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
}

export function ConfirmDialog({ title, message, confirmLabel, cancelLabel = 'Cancelar', tone = 'danger', onConfirm, onCancel, busy }: ConfirmDialogProps) {
  const messageId = useId();
  return (
    <Dialog
      title={title}
      onClose={onCancel}
      size="sm"
      role="alertdialog"
      describedBy={messageId}
      hideClose
      footer={
        <>
          <Button data-autofocus onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button variant={tone} busy={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div id={messageId} className="text-slate-800">
        {message}
      </div>
    </Dialog>
  );
}

// ---- askConfirm: a promise answered by the app's ConfirmHost ----------------------------------

interface Request extends ConfirmOptions {
  id: number;
  resolve: (ok: boolean) => void;
}

let queue: readonly Request[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** Asks in the app's confirmation dialog; true when the person confirmed. */
export function askConfirm(options: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    queue = [...queue, { ...options, id: nextId++, resolve }];
    emit();
  });
}

function answer(ok: boolean) {
  const [first, ...rest] = queue;
  if (!first) return;
  queue = rest;
  emit();
  first.resolve(ok);
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** Mount once (the app does): shows the pending askConfirm questions one at a time. */
export function ConfirmHost() {
  const current = useSyncExternalStore(subscribe, () => queue[0] ?? null, () => null);
  if (!current) return null;
  const { resolve: _r, id, ...options } = current;
  return <ConfirmDialog key={id} {...options} onConfirm={() => answer(true)} onCancel={() => answer(false)} />;
}
