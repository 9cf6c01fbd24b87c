/**
 * The page's side of background sync: ask the browser for a `radica-outbox` Background Sync
 * whenever something is queued (the browser fires it when there is a connection, also after the
 * app is closed), and for the periodic `radica-pull` where the installed app is granted it.
 * Invariants: never throws and never waits on the network; where the APIs are missing (Firefox,
 * Safari, no service worker) nothing happens and the tab's own sync worker is the only one.
 */
import { OUTBOX_TAG, PULL_TAG } from './tags';

interface SyncRegistration extends ServiceWorkerRegistration {
  sync?: { register(tag: string): Promise<void> };
  periodicSync?: { register(tag: string, options: { minInterval: number }): Promise<void> };
}

/** Twelve hours: the browser decides the real interval from how the app is used. */
export const PULL_MIN_INTERVAL_MS = 12 * 60 * 60 * 1000;

function ready(): Promise<SyncRegistration> | null {
  if (typeof navigator === 'undefined' || !navigator.serviceWorker) return null;
  return navigator.serviceWorker.ready as Promise<SyncRegistration>;
}

export function requestBackgroundSync(): void {
  void ready()
    ?.then((reg) => reg.sync?.register(OUTBOX_TAG))
    .catch(() => undefined);
}

export function requestPeriodicPull(): void {
  void ready()
    ?.then(async (reg) => {
      if (!reg.periodicSync) return;
      const state = await navigator.permissions
        ?.query({ name: 'periodic-background-sync' as PermissionName })
        .catch(() => null);
      if (state?.state === 'granted') await reg.periodicSync.register(PULL_TAG, { minInterval: PULL_MIN_INTERVAL_MS });
    })
    .catch(() => undefined);
}
