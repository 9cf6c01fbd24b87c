/**
 * Whether the credits list shows its table: from desktop width; below it (phones, tablets held
 * upright) cards, two a row on a tablet, so every column, the status control included, is in view
 * without scrolling sideways.
 */
import { useSyncExternalStore } from 'react';

const WIDE = '(min-width: 1024px)';

function subscribeWide(cb: () => void) {
  const mq = window.matchMedia(WIDE);
  mq.addEventListener('change', cb);
  return () => mq.removeEventListener('change', cb);
}

export function useWide(): boolean {
  return useSyncExternalStore(subscribeWide, () => window.matchMedia(WIDE).matches, () => true);
}
