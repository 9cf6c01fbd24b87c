/**
 * The sync engine: one cycle = push the outbox, upload ready files, pull the server's changes.
 * Invariants:
 * - At most one cycle runs per engine (re-entrant calls join it and ask for one more round, which
 *   runs after a failed cycle too when the call was forced) and,
 *   with navigator.locks, per database across tabs and the service worker (a tab that cannot
 *   take the lock shows 'syncing', waits for the other's cycle to end, then runs its own).
 * - Nothing queued is ever lost: a failed cycle leaves the outbox and files as they were.
 * - 401 pauses the engine (state 'unauthenticated', no retries) until `resume(token)`. The status
 *   carries the server's code: CUENTA_DESACTIVADA (the user was deleted) is one no login cures, and
 *   the app then removes the company's data (src/app/cuenta-desactivada.tsx).
 *   403 shows an error and does not back off. Every other failure backs off exponentially with
 *   full jitter; `nextAttemptAt` is kept in meta and in the status, and only `online`, `start`,
 *   `syncNow`/`resume` (force) bypass it; `notify` and the periodic timer respect it.
 * - The scope's `navigator.onLine` only gates `notify` and the periodic timer. A forced cycle
 *   always tries the network: a dedicated worker's `onLine` can stay false after the connection is
 *   back (the page hears `online` and calls `syncNow`), and a cycle that trusted it would wait for
 *   the next event that may never come. Really offline, the request fails at once (status 0):
 *   state 'offline', with a backoff retry.
 * - The status listener always receives plain data (see status.ts).
 * - `delivered` counts what reached the server through this engine (mutations applied or
 *   rejected, files uploaded), so a caller running one cycle (the service worker's background
 *   sync) can tell what it sent.
 * - While a queue leaves, the counts are read again before each further push batch or upload and
 *   once all is sent, so `pending` counts down what is still to send (the chip's 'Enviando 52
 *   cambios…'), and is 0 while the pull runs. The first request goes without a read of its own.
 * - Few IndexedDB transactions before the first request (issue 31: each one is a round trip to
 *   the browser's database process): `start` keeps the token, reads the engine's meta and makes the
 *   client id in one; a cycle then reads its counts and the pull's position in one, and skips the
 *   push and the uploads when nothing was queued. A change queued after that read calls `notify`,
 *   which asks for another round, so it still leaves in this cycle's next round.
 */
import { ensureClientId, getMetas, setMeta, type RadicaDB } from '../db/database';
import { PULL_PAGE_DEFAULT } from '../domain/sync-protocol';
import { backoffDelay } from './backoff';
import { pullAll, type PullPosition, type PullProgress } from './pull';
import { pushOutbox, type PushSummary } from './push';
import {
  countsOf,
  FORBIDDEN_SYNC_MESSAGE,
  NETWORK_MESSAGE,
  readCounts,
  readQueue,
  RETRY_MESSAGE,
  SESSION_EXPIRED_MESSAGE,
  type SyncStatus,
} from './status';
import { TransportError, type SyncTransport } from './transport';
import { browserTriggers, defaultLocks, type LockManagerLike, type SyncTriggers } from './triggers';
import { uploadReadyFiles } from './uploads';

export const PERIODIC_SYNC_MS = 30_000;

export interface SyncEngineOptions {
  db: RadicaDB;
  transport: SyncTransport;
  triggers?: SyncTriggers;
  /** Web Locks; default navigator.locks when present, null disables the cross-tab lock. */
  locks?: LockManagerLike | null;
  random?: () => number;
  now?: () => number;
  pullLimit?: number;
  periodMs?: number;
  /** Wait for another tab's cycle to end instead of skipping (the service worker). */
  waitForLock?: boolean;
}

/** What reached the server through an engine. */
export interface Delivered extends PushSummary {
  uploaded: number;
}

type Listener = (status: SyncStatus) => void;

export class SyncEngine {
  readonly db: RadicaDB;
  private readonly transport: SyncTransport;
  private readonly triggers: SyncTriggers;
  private readonly locks: LockManagerLike | null;
  private readonly random: () => number;
  private readonly now: () => number;
  private readonly pullLimit: number;
  private readonly periodMs: number;
  private readonly waitForLock: boolean;
  readonly delivered: Delivered = { applied: 0, rejected: 0, uploaded: 0 };

  private status: SyncStatus = { state: 'idle', pending: 0, problems: 0 };
  /** This database's client id, once read (it never changes for a database). */
  private clientId: string | null = null;
  private readonly listeners = new Set<Listener>();
  private emitChain: Promise<void> = Promise.resolve();
  private running: Promise<void> | null = null;
  private rerun = false;
  /** The round asked for while a cycle ran was forced (it then tries the network, see above). */
  private rerunForced = false;
  private paused = false;
  private stopped = false;
  private attempt = 0;
  private nextAttemptMs: number | null = null;
  private cancels: Array<() => void> = [];
  private cancelBackoff: (() => void) | null = null;
  /** Settles when `stop` is called, so a cycle waiting for another tab's lock ends at once. */
  private stopping = stopSignal();

  constructor(options: SyncEngineOptions) {
    this.db = options.db;
    this.transport = options.transport;
    this.triggers = options.triggers ?? browserTriggers();
    this.locks = options.locks === undefined ? defaultLocks() : options.locks;
    this.random = options.random ?? Math.random;
    this.now = options.now ?? Date.now;
    this.pullLimit = options.pullLimit ?? PULL_PAGE_DEFAULT;
    this.periodMs = options.periodMs ?? PERIODIC_SYNC_MS;
    this.waitForLock = options.waitForLock ?? false;
  }

  getStatus(): SyncStatus {
    return { ...this.status };
  }

  /** Calls `listener` now and on every change; returns the unsubscribe function. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    listener(this.getStatus());
    return () => this.listeners.delete(listener);
  }

  /**
   * Wires the triggers (online, periodic timer) and starts a first cycle without waiting for it.
   * `syncToken` (the session's token, for the service worker) is kept in the same transaction that
   * reads the engine's meta and makes the client id.
   */
  async start(options: { syncToken?: string } = {}): Promise<void> {
    this.stopped = false;
    this.stopping = stopSignal();
    const db = this.db;
    const { lastSyncAt, nextAttemptAt, lastError, clientId } = await db.transaction('rw', db.meta, async () => {
      if (options.syncToken !== undefined) await setMeta(db, 'syncToken', options.syncToken);
      const meta = await getMetas(db, ['lastSyncAt', 'nextAttemptAt', 'lastError', 'clientId']);
      if (!meta.clientId) {
        meta.clientId = crypto.randomUUID();
        await setMeta(db, 'clientId', meta.clientId);
      }
      return meta;
    });
    this.clientId = clientId!;
    this.nextAttemptMs = nextAttemptAt ? Date.parse(nextAttemptAt) : null;
    this.status = {
      ...this.status,
      lastSyncAt,
      nextAttemptAt: nextAttemptAt ?? undefined,
      message: lastError ?? undefined,
    };
    this.cancels.push(
      // Only 'online' acts. An 'offline' event changes no state: a dedicated worker can hear it
      // late, after a cycle that did reach the server, and the screens show 'Sin conexión' from
      // the page's own navigator.onLine; the next cycle finds out for itself.
      this.triggers.onConnectivity((online) => {
        if (online) void this.onOnline();
      }),
      this.triggers.setInterval(() => void this.sync(), this.periodMs),
    );
    void this.sync({ force: true });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.stopping.resolve();
    for (const cancel of this.cancels.splice(0)) cancel();
    this.clearBackoff();
    await this.running?.catch(() => undefined);
  }

  /** A new outbox entry or file: refresh the count and sync unless backing off. */
  notify(): void {
    void this.update({});
    void this.sync();
  }

  /** After a new login: new token, leave the paused state and send the queue. */
  async resume(token?: string): Promise<void> {
    if (token !== undefined) this.transport.setToken?.(token);
    this.paused = false;
    this.attempt = 0;
    await this.sync({ force: true });
  }

  /** Runs (or joins) a cycle. Without `force` it starts none while a backoff delay is pending. */
  sync(options: { force?: boolean } = {}): Promise<void> {
    if (this.stopped || this.paused) return Promise.resolve();
    const backingOff = !options.force && this.nextAttemptMs !== null && this.nextAttemptMs > this.now();
    if (this.running) {
      // Joins the cycle that runs (also one failing right now, which has just set its backoff);
      // one more round follows unless backing off.
      if (!backingOff) {
        this.rerun = true;
        this.rerunForced ||= options.force === true;
      }
      return this.running;
    }
    if (backingOff) return Promise.resolve();
    this.running = this.loop(options.force === true);
    return this.running;
  }

  /** Re-reads the counts and emits the status. */
  async refreshStatus(): Promise<SyncStatus> {
    await this.update({});
    return this.getStatus();
  }

  private async loop(first: boolean): Promise<void> {
    try {
      let ok: boolean;
      let force = first;
      do {
        this.rerun = false;
        try {
          ok = await this.runLocked(force);
        } catch {
          // only a broken database or lock manager gets here; the next trigger tries again
          ok = false;
          await this.update({ state: 'error', message: RETRY_MESSAGE });
        }
        force = this.rerunForced;
        this.rerunForced = false;
        // A forced round asked for during a failed cycle still runs: the page's `online` may come
        // while a cycle fails for want of a connection, and the backoff after it may be minutes.
      } while ((ok || force) && this.rerun && !this.stopped && !this.paused);
    } finally {
      this.running = null;
    }
  }

  private async runLocked(force: boolean): Promise<boolean> {
    if (!this.locks) return this.cycle(force);
    const name = `radica-sync-${this.db.name}`;
    let ok = true;
    let held = false;
    await this.locks.request(name, { ifAvailable: !this.waitForLock }, async (lock) => {
      if (!lock) {
        held = true;
        return;
      }
      ok = await this.cycle(force);
    });
    if (!held) return ok;
    // Another tab or the service worker is syncing this database right now (on 'online' the
    // browser's Background Sync and the tab wake together). Skipping left this tab's status as it
    // was ('Sin conexión · 29 cambios sin enviar' while the service worker sent all 29), so it
    // waits for that cycle to end and then runs its own: it finds what the other sent, pushes what
    // is left (usually nothing) and shows the truth. `stop` does not wait for the lock.
    await this.update({ state: 'syncing', message: undefined });
    const turn = new Promise<void>((resolve) => {
      void this.locks!.request(name, { ifAvailable: false }, async (lock) => {
        if (lock && !this.stopped) ok = await this.cycle(force);
      }).then(
        () => resolve(),
        () => resolve(),
      );
    });
    await Promise.race([turn, this.stopping.promise]);
    return ok;
  }

  private async cycle(force: boolean): Promise<boolean> {
    if (!force && !this.triggers.isOnline()) {
      await this.update({ state: 'offline', message: undefined });
      return false;
    }
    try {
      // Without `start` (the service worker's one cycle) the client id is read here.
      const clientId = (this.clientId ??= await ensureClientId(this.db));
      const before = await readCycleStart(this.db);
      await this.update({ state: 'syncing', message: undefined }, before.counts);
      if (before.queued || before.files) {
        const transport = this.countingDown();
        if (before.queued) await pushOutbox(this.db, transport, clientId, this.delivered);
        if (before.files) this.delivered.uploaded += await uploadReadyFiles(this.db, transport);
        await this.update({});
      }
      const onProgress = (progress: PullProgress) => void this.update({ progress });
      await pullAll(this.db, this.transport, clientId, this.pullLimit, onProgress, before.position);
      const at = new Date(this.now()).toISOString();
      this.attempt = 0;
      this.nextAttemptMs = null;
      this.clearBackoff();
      await this.db.transaction('rw', this.db.meta, async () => {
        await setMeta(this.db, 'lastSyncAt', at);
        await setMeta(this.db, 'nextAttemptAt', null);
        await setMeta(this.db, 'lastError', null);
      });
      await this.update({
        state: 'idle',
        lastSyncAt: at,
        nextAttemptAt: undefined,
        message: undefined,
        code: undefined,
        progress: undefined,
      });
      return true;
    } catch (error) {
      await this.fail(error);
      return false;
    }
  }

  private async fail(error: unknown): Promise<void> {
    if (error instanceof TransportError && error.status === 401) {
      this.paused = true;
      this.clearBackoff();
      const message = error.code === 'CUENTA_DESACTIVADA' ? error.message : SESSION_EXPIRED_MESSAGE;
      await setMeta(this.db, 'lastError', message);
      await this.update({
        state: 'unauthenticated',
        message,
        code: error.code,
        nextAttemptAt: undefined,
      });
      return;
    }
    if (error instanceof TransportError && error.status === 403) {
      const message = error.message || FORBIDDEN_SYNC_MESSAGE;
      await setMeta(this.db, 'lastError', message);
      await this.update({ state: 'error', message, nextAttemptAt: undefined });
      return;
    }
    const offline = error instanceof TransportError && error.status === 0;
    const message = offline
      ? NETWORK_MESSAGE
      : error instanceof TransportError && error.message
        ? error.message
        : RETRY_MESSAGE;
    this.attempt += 1;
    const delay = backoffDelay(this.attempt, this.random);
    this.nextAttemptMs = this.now() + delay;
    const nextAttemptAt = new Date(this.nextAttemptMs).toISOString();
    await this.db.transaction('rw', this.db.meta, async () => {
      await setMeta(this.db, 'nextAttemptAt', nextAttemptAt);
      await setMeta(this.db, 'lastError', message);
    });
    this.clearBackoff();
    this.cancelBackoff = this.triggers.setTimeout(() => void this.sync({ force: true }), delay);
    await this.update({ state: offline ? 'offline' : 'error', message, nextAttemptAt });
  }

  private async onOnline(): Promise<void> {
    this.attempt = 0;
    this.nextAttemptMs = null;
    this.clearBackoff();
    await this.sync({ force: true });
  }

  private clearBackoff(): void {
    this.cancelBackoff?.();
    this.cancelBackoff = null;
  }

  /**
   * The transport, re-reading the counts (and emitting them) before each push batch or upload
   * after the first: by then the answer to the one before is recorded, so the status counts down.
   */
  private countingDown(): SyncTransport {
    const transport = this.transport;
    let first = true;
    const recount = async () => {
      if (first) first = false;
      else await this.update({});
    };
    return {
      push: async (body) => {
        await recount();
        return transport.push(body);
      },
      upload: async (file, events) => {
        await recount();
        return transport.upload(file, events);
      },
      pull: (request) => transport.pull(request),
    };
  }

  /** Applies `patch`, re-reads the counts (unless just read: `known`) and emits, in call order. */
  private update(patch: Partial<SyncStatus>, known?: Counts): Promise<void> {
    this.status = { ...this.status, ...patch };
    this.emitChain = this.emitChain
      .then(async () => {
        const counts = known ?? (await readCounts(this.db).catch(() => null));
        if (counts) this.status = { ...this.status, ...counts };
        const snapshot = this.getStatus();
        for (const listener of this.listeners) {
          try {
            listener(snapshot);
          } catch {
            // one broken listener must not silence the others
          }
        }
      })
      .catch(() => undefined);
    return this.emitChain;
  }
}

/** A promise and the function that settles it. */
function stopSignal(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

type Counts = Awaited<ReturnType<typeof readCounts>>;

/**
 * What a cycle needs to know before its first request, in one read: the counts it shows, whether
 * anything is queued (outbox entries; files not yet uploaded) and where the pull stands.
 */
async function readCycleStart(
  db: RadicaDB,
): Promise<{ counts: Counts; queued: boolean; files: boolean; position: PullPosition }> {
  return db.transaction('r', [db.meta, db.outbox, db.files, db.problems], async () => {
    const [queue, meta] = await Promise.all([readQueue(db), getMetas(db, ['cursor', 'recent'])]);
    return {
      counts: countsOf(queue),
      queued: queue.outbox > 0,
      files: queue.files > 0,
      position: { cursor: meta.cursor, recent: meta.recent },
    };
  });
}
