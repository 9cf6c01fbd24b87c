/**
 * The devices of the model test of sync: each device has one or more users in turn, each user
 * their own local database (fake-indexeddb), outbox and engine, talking to the real server through
 * `app.inject`. The transport injects the faults a device meets: a push answered 503 before the
 * server sees it, a push the server applied whose answer is lost, a worker restarted while the
 * push's answer was on its way, an expired session (a token the real server refuses with 401) and,
 * on PostgreSQL, a server process killed mid-push (`killer`, model/server-kill.ts).
 * Invariants the harness keeps: a session's database name never changes (a reload or restart opens
 * the same one again), and the engine never runs by itself (no timers): only commands sync it.
 */
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { RadicaDB } from '../../../src/db/database';
import { SyncEngine } from '../../../src/sync/engine';
import { TransportError, type SyncTransport } from '../../../src/sync/transport';
import { pullQuery } from '../../../src/sync/http-transport';
import type { PushBody } from '../../../src/domain/sync-protocol';
import { HttpTransport } from '../../../src/sync/http-transport';
import { bearer, loginAs, type DemoUser } from '../../api/helpers';
import type { KillPoint } from './server-kill';

export type PushFault = 'none' | 'lost' | '503' | 'restart' | `kill-${KillPoint}`;

/**
 * Where a push that must meet a killed server process goes (model/server-kill.ts; set by the test
 * on PostgreSQL only): the answer when the process lived through it, or null when it died mid-push.
 */
export const killer: { push: ((s: Session, point: KillPoint, body: PushBody) => Promise<{ status: number; json: unknown } | null>) | null } = { push: null };

/** Where the server listens for resumable uploads (tus needs real HTTP): set by the test. */
export const http = { base: '' };

/**
 * An upload cut halfway: while `cut.armed`, the next PATCH of an upload reaches the server with
 * only the first half of its bytes, and the device sees the connection drop. tus-js-client then
 * asks the server for the offset and sends the rest.
 */
export const cut = { armed: false, count: 0 };
const realFetch = globalThis.fetch;
export function installCutFetch(): () => void {
  globalThis.fetch = async (input, init) => {
    const body = init?.body;
    if (cut.armed && init?.method === 'PATCH' && body instanceof Blob && body.size > 1) {
      cut.armed = false;
      cut.count++;
      await realFetch(input, { ...init, body: body.slice(0, Math.floor(body.size / 2)) });
      throw new TypeError('fetch failed: conexión cortada');
    }
    return realFetch(input, init);
  };
  return () => {
    globalThis.fetch = realFetch;
  };
}

export interface Session {
  who: DemoUser;
  userId: number;
  correo: string;
  dbName: string;
  db: RadicaDB;
  engine: SyncEngine;
  token: string;
  /** The token the transport sends: the real one, or an expired one the server refuses. */
  sent: { token: string };
  fault: { next: PushFault };
  /** Cut this session's next upload halfway. */
  cutNext: boolean;
  /** Set when the push whose answer was cut must be followed by a restart of the worker. */
  restartPending: boolean;
  /** Mutation ids this session queued, in order, with their names and args as queued. */
  queued: Array<{ id: number; name: string; args: unknown }>;
  lastCursor: number;
  lastMutationId: number;
  /** False once the user handed the device over (engine stopped) until they sign in on it again. */
  active: boolean;
}

export interface Device {
  name: string;
  users: DemoUser[];
  current: number;
  online: boolean;
  sessions: Map<DemoUser, Session>;
}

const never = () => () => undefined;

function transport(app: FastifyInstance, s: Session, device: Device): SyncTransport {
  const fail = (res: { statusCode: number; json(): { error?: string; code?: never } }) => {
    const body = res.json();
    return new TransportError(res.statusCode, body.error ?? 'error', body.code);
  };
  return {
    async push(body: PushBody) {
      if (!device.online) throw new TransportError(0, 'sin conexión');
      const fault = s.fault.next;
      s.fault.next = 'none';
      if (fault === '503') throw new TransportError(503, 'El servidor no está disponible.', 'UNAVAILABLE');
      if (fault.startsWith('kill-')) {
        const res = await killer.push!(s, fault.slice(5) as KillPoint, body);
        if (!res) throw new TransportError(0, 'el servidor se cayó sin responder');
        if (res.status !== 200) throw fail({ statusCode: res.status, json: () => res.json as never });
        return (res.json as { data: never }).data;
      }
      const res = await app.inject({ method: 'POST', url: '/api/sync/push', headers: bearer(s.sent.token), payload: body });
      if (res.statusCode !== 200) throw fail(res);
      if (fault === 'lost' || fault === 'restart') {
        if (fault === 'restart') s.restartPending = true;
        throw new TransportError(0, 'respuesta perdida');
      }
      return res.json().data;
    },
    async pull(q) {
      if (!device.online) throw new TransportError(0, 'sin conexión');
      const res = await app.inject({ method: 'GET', url: `/api/sync/pull?${pullQuery(q)}`, headers: bearer(s.sent.token) });
      if (res.statusCode !== 200) throw fail(res);
      return res.json().data;
    },
    async upload(file, events) {
      if (!device.online) throw new TransportError(0, 'sin conexión');
      // An armed cut waits for this session's next upload request that carries bytes.
      cut.armed = s.cutNext;
      try {
        await new HttpTransport({ token: s.sent.token, baseUrl: http.base }).upload(file, events);
      } finally {
        s.cutNext = cut.armed;
        cut.armed = false;
      }
    },
    setToken(token: string) {
      s.sent.token = token;
    },
  };
}

export function newEngine(app: FastifyInstance, s: Session, device: Device): SyncEngine {
  const triggers = { isOnline: () => device.online, onConnectivity: never, setInterval: never, setTimeout: never };
  return new SyncEngine({ db: s.db, transport: transport(app, s, device), triggers, locks: null, random: () => 0, pullLimit: 200 });
}

/** Every object store of a local database, record by record with its key, as IndexedDB holds it. */
export type StoreImage = Array<{ store: string; inline: boolean; keys: IDBValidKey[]; values: unknown[] }>;

const done = (req: IDBRequest | IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    if ('oncomplete' in req) {
      req.oncomplete = () => resolve();
      req.onabort = req.onerror = () => reject(req.error);
    } else {
      req.onsuccess = () => resolve();
      req.onerror = () => reject(req.error);
    }
  });

/**
 * A copy of a session's local database below Dexie (no middleware, no hooks): what a device that
 * synced holds, to open the same state again as a new session (`openSession`'s `image`).
 */
export async function exportStore(s: Session): Promise<StoreImage> {
  const idb = s.db.backendDB();
  const names = [...idb.objectStoreNames];
  const tx = idb.transaction(names, 'readonly');
  const image: StoreImage = names.map((store) => {
    const os = tx.objectStore(store);
    const entry = { store, inline: os.keyPath !== null, keys: [] as IDBValidKey[], values: [] as unknown[] };
    const keys = os.getAllKeys();
    const values = os.getAll();
    keys.onsuccess = () => (entry.keys = keys.result);
    values.onsuccess = () => (entry.values = values.result);
    return entry;
  });
  await done(tx);
  return image;
}

async function importStore(db: RadicaDB, image: StoreImage): Promise<void> {
  await db.open();
  const idb = db.backendDB();
  const tx = idb.transaction(image.map((e) => e.store), 'readwrite');
  for (const e of image) {
    const os = tx.objectStore(e.store);
    e.values.forEach((v, i) => (e.inline ? os.put(v) : os.put(v, e.keys[i])));
  }
  await done(tx);
}

/**
 * A user signed in on a device with a new local database: empty, or, with `image`, holding what
 * another session's database held (exportStore), its client id included.
 */
export async function openSession(app: FastifyInstance, device: Device, who: DemoUser, users: Record<string, number>, correo: string, image?: StoreImage): Promise<Session> {
  const token = await loginAs(app, who);
  const dbName = `modelo-${device.name}-${who}-${randomUUID()}`;
  const s: Session = {
    who,
    userId: users[who],
    correo,
    dbName,
    db: new RadicaDB(dbName),
    engine: null as unknown as SyncEngine,
    token,
    sent: { token },
    fault: { next: 'none' },
    cutNext: false,
    restartPending: false,
    queued: [],
    lastCursor: 0,
    lastMutationId: 0,
    active: true,
  };
  if (image) await importStore(s.db, image);
  s.engine = newEngine(app, s, device);
  return s;
}

/** A page reload or a worker restart: the engine is dropped and the same database opened again. */
export async function reopen(app: FastifyInstance, s: Session, device: Device): Promise<void> {
  await s.engine.stop();
  s.db.close();
  s.db = new RadicaDB(s.dbName);
  s.engine = newEngine(app, s, device);
  s.active = true;
}

export async function closeSession(s: Session): Promise<void> {
  await s.engine.stop();
  s.db.close();
  await s.db.delete();
}
