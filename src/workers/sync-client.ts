/**
 * The one typed main-thread wrapper around the sync worker.
 * Invariants: the UI talks to sync only through this object; every local mutation committed on
 * this thread (src/db/mutate.ts) wakes the engine via `notify`; when module workers are not
 * available the same API runs on the main thread, loaded lazily so the engine stays out of the
 * main bundle otherwise.
 */
import * as Comlink from 'comlink';
import { onMutationQueued } from '../db/mutate';
import { requestBackgroundSync } from '../sw/register';
import type { SyncStatus } from '../sync/status';
import type { SyncApi, SyncInit } from './sync-api';

export type { SyncInit } from './sync-api';
export type { SyncStatus } from '../sync/status';

export interface SyncClient {
  init(config: SyncInit): Promise<SyncStatus>;
  /** After logging in again: new token, resumes a paused (401) engine. */
  setToken(token: string): Promise<void>;
  notify(): void;
  syncNow(): Promise<SyncStatus>;
  getStatus(): Promise<SyncStatus>;
  /** `callback` gets the current status now and every change after; returns unsubscribe. */
  subscribe(callback: (status: SyncStatus) => void): () => void;
  /** Stops syncing (logout); the client can be `init`ed again for another user. */
  stop(): Promise<void>;
  /** Stops and ends the worker. */
  dispose(): Promise<void>;
}

interface Backend {
  init(config: SyncInit): Promise<SyncStatus>;
  setToken(token: string): Promise<void>;
  notify(): Promise<void> | void;
  syncNow(): Promise<SyncStatus>;
  getStatus(): Promise<SyncStatus> | SyncStatus;
  subscribe(callback: (status: SyncStatus) => void): Promise<number> | number;
  unsubscribe(id: number): Promise<void> | void;
  stop(): Promise<void>;
}

function startWorker(): { backend: Backend; worker: Worker } | null {
  if (typeof Worker === 'undefined') return null;
  try {
    const worker = new Worker(new URL('./sync.worker.ts', import.meta.url), { type: 'module' });
    const remote = Comlink.wrap<SyncApi>(worker);
    const backend: Backend = {
      init: (config) => remote.init(config),
      setToken: (token) => remote.setToken(token),
      notify: () => remote.notify(),
      syncNow: () => remote.syncNow(),
      getStatus: () => remote.getStatus(),
      subscribe: (callback) => remote.subscribe(Comlink.proxy(callback)),
      unsubscribe: (id) => remote.unsubscribe(id),
      stop: () => remote.stop(),
    };
    return { backend, worker };
  } catch {
    return null;
  }
}

async function mainThreadBackend(): Promise<Backend> {
  const { createSyncApi } = await import('./sync-api');
  return createSyncApi();
}

export function createSyncClient(options: { forceMainThread?: boolean } = {}): SyncClient {
  const started = options.forceMainThread ? null : startWorker();
  const backendPromise: Promise<Backend> = started
    ? Promise.resolve(started.backend)
    : mainThreadBackend();
  // Something queued: this tab's worker sends it now, and the browser is asked for a Background
  // Sync so it leaves the device even if the app is closed first.
  const offQueued = onMutationQueued(() => {
    client.notify();
    requestBackgroundSync();
  });

  const client: SyncClient = {
    async init(config) {
      return (await backendPromise).init(config);
    },
    async setToken(token) {
      await (await backendPromise).setToken(token);
    },
    notify() {
      void backendPromise.then((b) => b.notify()).catch(() => undefined);
    },
    async syncNow() {
      return (await backendPromise).syncNow();
    },
    async getStatus() {
      return (await backendPromise).getStatus();
    },
    subscribe(callback) {
      let cancelled = false;
      const idPromise = backendPromise.then((b) => b.subscribe(callback));
      return () => {
        if (cancelled) return;
        cancelled = true;
        void Promise.all([backendPromise, idPromise])
          .then(([b, id]) => b.unsubscribe(id))
          .catch(() => undefined);
      };
    },
    async stop() {
      await (await backendPromise).stop();
    },
    async dispose() {
      offQueued();
      await client.stop().catch(() => undefined);
      started?.worker.terminate();
    },
  };
  return client;
}
