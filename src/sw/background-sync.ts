/**
 * The service worker's share of sync: push each signed-in user's outbox and files when the
 * browser fires the `radica-outbox` Background Sync (also with the app closed), and pull when it
 * fires the periodic `radica-pull`. Runs the same SyncEngine as the tab's worker.
 * Invariants:
 * - One user's database is only ever synced with that user's own token, kept in that database
 *   (meta `syncToken`, written by the tab's sync worker at login, removed at logout): no token,
 *   or a token whose claims name another company or user, and the database is left alone.
 * - Same clientId, same mutation ids, same protocol, so exactly-once holds as for the tab; the
 *   engine waits for the Web Lock, so a tab and the service worker never push one database at once.
 * - A 401 leaves everything queued and removes the refused token: nothing more is tried until that
 *   user logs in again. Any other failure fails the event (the browser retries it later) after
 *   every database had its try; nothing is lost either way.
 * - What reached the server while no window of the app was open is added to meta
 *   `sentWhileClosed`, which the app shows once and clears when it opens (sent-while-closed.ts).
 */
import { getMeta, setMeta, type RadicaDB } from '../db/database';
import { SyncEngine } from '../sync/engine';
import type { SyncTransport } from '../sync/transport';
import type { LockManagerLike, SyncTriggers } from '../sync/triggers';

export { OUTBOX_TAG, PULL_TAG } from './tags';
const USER_DB = /^radica-(\d+)-(\d+)$/;

export interface BackgroundDeps {
  /** Names of the origin's IndexedDB databases. */
  databaseNames(): Promise<string[]>;
  openDb(name: string): RadicaDB;
  createTransport(token: string): SyncTransport;
  locks: LockManagerLike | null;
  /** Whether a window of the app is open right now. */
  appOpen(): Promise<boolean>;
  isOnline?(): boolean;
  now?(): number;
}

export type BackgroundOutcome = 'ok' | 'nothing' | 'unauthenticated' | 'failed' | 'skipped';

export interface BackgroundReport {
  dbName: string;
  outcome: BackgroundOutcome;
  message?: string;
}

/** The claims of a JWT's payload, unverified (the server verifies; this only matches the database). */
export function tokenClaims(token: string): { sub?: unknown; emp?: unknown } | null {
  try {
    const part = token.split('.')[1];
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '='));
    const claims = JSON.parse(json) as unknown;
    return claims && typeof claims === 'object' ? (claims as { sub?: unknown; emp?: unknown }) : null;
  } catch {
    return null;
  }
}

/** Whether `token` was issued to the company and user whose database `dbName` is. */
export function tokenFitsDb(token: string, dbName: string): boolean {
  const m = USER_DB.exec(dbName);
  const claims = tokenClaims(token);
  return !!m && !!claims && String(claims.emp) === m[1] && String(claims.sub) === m[2];
}

/** Triggers that never fire: the service worker runs one cycle per event and keeps no timers. */
function inertTriggers(isOnline: () => boolean): SyncTriggers {
  return { isOnline, onConnectivity: () => () => undefined, setInterval: () => () => undefined, setTimeout: () => () => undefined };
}

async function hasWork(db: RadicaDB): Promise<boolean> {
  const [outbox, files] = await Promise.all([db.outbox.count(), db.files.where('status').anyOf('pending', 'uploading').count()]);
  return outbox + files > 0;
}

export interface SentWhileClosed {
  cambios: number;
  rechazados: number;
  archivos: number;
  /** When the last of them was sent. */
  at: string;
}

async function syncOne(deps: BackgroundDeps, name: string, mode: 'push' | 'pull'): Promise<BackgroundReport> {
  const db = deps.openDb(name);
  try {
    const token = await getMeta(db, 'syncToken');
    if (!token || !tokenFitsDb(token, name)) return { dbName: name, outcome: 'skipped' };
    if (mode === 'push' && !(await hasWork(db))) return { dbName: name, outcome: 'nothing' };
    const engine = new SyncEngine({
      db,
      transport: deps.createTransport(token),
      triggers: inertTriggers(deps.isOnline ?? (() => true)),
      locks: deps.locks,
      waitForLock: true,
      now: deps.now,
    });
    await engine.sync({ force: true });
    const status = engine.getStatus();
    const { applied, rejected, uploaded } = engine.delivered;
    if (applied + rejected + uploaded > 0 && !(await deps.appOpen())) {
      await db.transaction('rw', db.meta, async () => {
        const before = (await getMeta(db, 'sentWhileClosed')) ?? { cambios: 0, rechazados: 0, archivos: 0, at: '' };
        await setMeta(db, 'sentWhileClosed', {
          cambios: before.cambios + applied,
          rechazados: before.rechazados + rejected,
          archivos: before.archivos + uploaded,
          at: new Date(deps.now?.() ?? Date.now()).toISOString(),
        });
      });
    }
    const report: BackgroundReport =
      status.state === 'idle'
        ? { dbName: name, outcome: 'ok' }
        : status.state === 'unauthenticated'
          ? { dbName: name, outcome: 'unauthenticated', message: status.message }
          : { dbName: name, outcome: 'failed', message: status.message };
    if (report.outcome === 'unauthenticated') await setMeta(db, 'syncToken', null);
    await setMeta(db, 'lastBackgroundSync', { at: new Date(deps.now?.() ?? Date.now()).toISOString(), outcome: report.outcome, message: report.message ?? null });
    return report;
  } finally {
    db.close();
  }
}

/**
 * Runs one background cycle over every user database of the origin; `push` only where something
 * is queued, `pull` wherever a token is kept. Throws when any database failed, so the browser
 * retries the event; answers the reports otherwise.
 */
export async function runBackgroundSync(deps: BackgroundDeps, mode: 'push' | 'pull'): Promise<BackgroundReport[]> {
  const names = (await deps.databaseNames()).filter((n) => USER_DB.test(n)).sort();
  const reports: BackgroundReport[] = [];
  for (const name of names) {
    try {
      reports.push(await syncOne(deps, name, mode));
    } catch (error) {
      reports.push({ dbName: name, outcome: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  }
  const failed = reports.filter((r) => r.outcome === 'failed');
  if (failed.length) throw new Error(`Sincronización en segundo plano fallida: ${failed.map((r) => `${r.dbName}: ${r.message ?? ''}`).join('; ')}`);
  return reports;
}
