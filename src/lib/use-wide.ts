/**
 * Whether a list shows its table or its cards. `useWide` is the breakpoint of the credits list: a
 * table from desktop width; below it (phones, tablets held upright) cards, so every column is in
 * view without scrolling sideways. `useMinWidth` serves a screen whose table needs another width:
 * the users' table from 1200 px, the configuration tabs' from 768 px (like 'Configuración Campos').
 */
import { useCallback, useSyncExternalStore } from 'react';

const WIDE = 1024;

function matches(query: string): boolean {
  // No matchMedia (a test DOM): the desktop layout.
  return typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : true;
}

export function useMinWidth(px: number): boolean {
  const query = `(min-width: ${px}px)`;
  const subscribe = useCallback(
    (cb: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const mq = window.matchMedia(query);
      mq.addEventListener('change', cb);
      return () => mq.removeEventListener('change', cb);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => matches(query), () => true);
}

export function useWide(): boolean {
  return useMinWidth(WIDE);
}
