/**
 * The modal dialogs open right now, bottom to top. Native modal dialogs sit in the browser's top
 * layer, above any z-index: the toasts must be drawn inside the topmost one to be seen (see
 * toast.tsx), and the page behind must not scroll while any is open.
 */
type Listener = () => void;

let stack: readonly HTMLDialogElement[] = [];
const listeners = new Set<Listener>();
let savedOverflow = '';

function emit() {
  for (const l of listeners) l();
}

export function pushDialog(el: HTMLDialogElement): void {
  if (stack.length === 0) {
    savedOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
  }
  stack = [...stack, el];
  emit();
}

export function removeDialog(el: HTMLDialogElement): void {
  if (!stack.includes(el)) return;
  stack = stack.filter((d) => d !== el);
  if (stack.length === 0) document.body.style.overflow = savedOverflow;
  emit();
}

export function topDialog(): HTMLDialogElement | null {
  return stack[stack.length - 1] ?? null;
}

/**
 * Non-modal panels anchored under the top bar (the bell's list) open right now: while one is, the
 * page's toasts move to the bottom so they never cover the panel's buttons.
 */
let panels = 0;

/** Marks a top panel open; call the answer when it closes. */
export function pushTopPanel(): () => void {
  panels += 1;
  emit();
  let done = false;
  return () => {
    if (done) return;
    done = true;
    panels -= 1;
    emit();
  };
}

export function topPanelOpen(): boolean {
  return panels > 0;
}

export function subscribeDialogs(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
