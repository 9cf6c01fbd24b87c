/**
 * The sync API the worker exposes (and the main-thread fallback runs directly).
 * Invariants: one engine per API instance, bound to one user's database; `init` for another
 * user stops and closes the previous one first; every result is plain data (structured clone).
 * The current token is kept in the user's own database (meta `syncToken`) for the service
 * worker's background sync, and removed by `stop` (logout, another user, device wipe), so the
 * service worker never sends a signed-out user's queue.
 * Imports only src/db and src/sync, never React or jotai.
 */
import { openUserDb, setMeta, type Id, type RadicaDB } from '../db/database';
import { SyncEngine } from '../sync/engine';
import { createHttpTransport } from '../sync/http-transport';
import type { SyncStatus } from '../sync/status';
import type { SyncTransport } from '../sync/transport';

export interface SyncInit {
  empresaId: Id;
  userId: Id;
  token: string;
  /** Origin of the API, '' (default) for the PWA's own origin. */
  baseUrl?: string;
}

export interface SyncApi {
  init(config: SyncInit): Promise<SyncStatus>;
  setToken(token: string): Promise<void>;
  notify(): void;
  syncNow(): Promise<SyncStatus>;
  getStatus(): SyncStatus;
  /** Returns a subscription id for `unsubscribe`. */
  subscribe(callback: (status: SyncStatus) => void): number;
  unsubscribe(subscriptionId: number): void;
  stop(): Promise<void>;
}

export interface SyncApiDeps {
  createTransport?: (config: SyncInit) => SyncTransport;
  createEngine?: (db: RadicaDB, transport: SyncTransport) => SyncEngine;
}

const IDLE: SyncStatus = { state: 'idle', pending: 0, problems: 0 };

export function createSyncApi(deps: SyncApiDeps = {}): SyncApi {
  const createTransport =
    deps.createTransport ??
    ((c: SyncInit) => createHttpTransport({ token: c.token, baseUrl: c.baseUrl }));
  const createEngine =
    deps.createEngine ??
    ((db: RadicaDB, transport: SyncTransport) => new SyncEngine({ db, transport }));
  let engine: SyncEngine | null = null;
  let dbName: string | null = null;
  /** The token the engine has: the page hands it over again after `init`, which changes nothing. */
  let token: string | null = null;
  let nextId = 1;
  const callbacks = new Map<number, (status: SyncStatus) => void>();
  const unsubscribes = new Map<number, () => void>();

  function attach(id: number, callback: (status: SyncStatus) => void) {
    if (engine) unsubscribes.set(id, engine.subscribe(callback));
  }

  async function stop(): Promise<void> {
    for (const off of unsubscribes.values()) off();
    unsubscribes.clear();
    const current = engine;
    engine = null;
    dbName = null;
    token = null;
    if (current) {
      await current.stop();
      await setMeta(current.db, 'syncToken', null).catch(() => undefined);
      current.db.close();
    }
  }

  const keepToken = (db: RadicaDB, value: string) => setMeta(db, 'syncToken', value).catch(() => undefined);

  return {
    async init(config) {
      const db = openUserDb(config.empresaId, config.userId);
      if (engine && dbName === db.name) {
        db.close();
        token = config.token;
        await keepToken(engine.db, config.token);
        await engine.resume(config.token);
        return engine.getStatus();
      }
      await stop();
      token = config.token;
      engine = createEngine(db, createTransport(config));
      dbName = db.name;
      for (const [id, callback] of callbacks) attach(id, callback);
      // The token is kept in the start's own transaction (one fewer before the first pull).
      await engine.start({ syncToken: config.token });
      return engine.getStatus();
    },
    async setToken(next) {
      // The same token again (the page passes it on once the worker exists) would only run one
      // more whole cycle, right after a first sync's.
      if (next === token) return;
      token = next;
      if (engine) await keepToken(engine.db, next);
      await engine?.resume(next);
    },
    notify() {
      engine?.notify();
    },
    async syncNow() {
      if (!engine) return { ...IDLE };
      await engine.sync({ force: true });
      return engine.refreshStatus();
    },
    getStatus() {
      return engine?.getStatus() ?? { ...IDLE };
    },
    subscribe(callback) {
      const id = nextId++;
      callbacks.set(id, callback);
      attach(id, callback);
      return id;
    },
    unsubscribe(id) {
      callbacks.delete(id);
      unsubscribes.get(id)?.();
      unsubscribes.delete(id);
    },
    stop,
  };
}
