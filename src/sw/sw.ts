/**
 * The service worker (vite-plugin-pwa injectManifest): the precache and offline navigation that
 * generateSW made before (same precache list, index.html for every navigation outside /api, old
 * caches cleaned, 'SKIP_WAITING' from the update prompt), plus Background Sync: `radica-outbox`
 * pushes the queued changes and files of every signed-in user with the app closed, and the
 * periodic `radica-pull` brings the server's changes (background-sync.ts).
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { openUserDb } from '../db/database';
import { createHttpTransport } from '../sync/http-transport';
import { defaultLocks } from '../sync/triggers';
import { OUTBOX_TAG, PULL_TAG, runBackgroundSync, type BackgroundDeps } from './background-sync';

interface ExtendableEventLike extends Event {
  waitUntil(work: Promise<unknown>): void;
}
interface SyncEventLike extends ExtendableEventLike {
  tag: string;
}
interface ServiceWorkerScope {
  __WB_MANIFEST: Array<PrecacheEntry | string>;
  clients: { matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<unknown[]> };
  skipWaiting(): Promise<void>;
  addEventListener(type: string, listener: (event: Event) => void): void;
}

const sw = self as unknown as ServiceWorkerScope;

// Written out as `self.__WB_MANIFEST`: the build replaces exactly that text with the precache list.
precacheAndRoute((self as unknown as ServiceWorkerScope).__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/^\/api\//] }));

sw.addEventListener('message', (event) => {
  if ((event as MessageEvent).data?.type === 'SKIP_WAITING') void sw.skipWaiting();
});

const deps: BackgroundDeps = {
  databaseNames: async () => (await indexedDB.databases()).map((d) => d.name ?? ''),
  openDb: (name) => {
    const m = /^radica-(\d+)-(\d+)$/.exec(name)!;
    return openUserDb(Number(m[1]), Number(m[2]));
  },
  createTransport: (token) => createHttpTransport({ token }),
  locks: defaultLocks(),
  appOpen: async () => (await sw.clients.matchAll({ type: 'window', includeUncontrolled: true })).length > 0,
  isOnline: () => navigator.onLine !== false,
};

sw.addEventListener('sync', (event) => {
  const e = event as SyncEventLike;
  if (e.tag === OUTBOX_TAG) e.waitUntil(runBackgroundSync(deps, 'push'));
});

sw.addEventListener('periodicsync', (event) => {
  const e = event as SyncEventLike;
  if (e.tag === PULL_TAG) e.waitUntil(runBackgroundSync(deps, 'pull'));
});
