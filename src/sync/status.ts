/**
 * The sync status the shell shows (ARCHITECTURE.md §7) and how its counts are read.
 * Invariants: `pending` counts outbox entries plus attachments not yet uploaded; `problems`
 * counts rejected or conflicting changes the user has not resolved, retried or discarded, and
 * files the server refused (held only on this device until retried or discarded).
 * The type is plain data so it crosses the worker boundary by structured clone.
 */
import type { RadicaDB } from '../db/database';
import type { ErrorCode } from '../domain/errors';

export type SyncState = 'offline' | 'syncing' | 'idle' | 'error' | 'unauthenticated';

export interface SyncStatus {
  state: SyncState;
  pending: number;
  problems: number;
  lastSyncAt?: string;
  nextAttemptAt?: string;
  message?: string;
  /** The server's code of a refusal that paused sync (401: UNAUTHENTICATED or CUENTA_DESACTIVADA). */
  code?: ErrorCode;
  /**
   * During a first sync: applications written against those the server said it holds. Kept when
   * the sync fails half-way (the download is paused), dropped when a sync ends.
   */
  progress?: { done: number; total: number };
}

export const SESSION_EXPIRED_MESSAGE =
  'Tu sesión expiró. Inicia sesión para sincronizar.';
export const FORBIDDEN_SYNC_MESSAGE =
  'Estos datos locales pertenecen a otro usuario y no se pueden sincronizar.';
export const NETWORK_MESSAGE = 'No hay conexión con el servidor. Se reintentará automáticamente.';
export const RETRY_MESSAGE = 'No se pudo sincronizar. Se reintentará automáticamente.';

/** What is queued (outbox entries, files not yet uploaded) and the open problems (refused files included), in one read. */
export async function readQueue(db: RadicaDB): Promise<{ outbox: number; files: number; problems: number }> {
  return db.transaction('r', db.outbox, db.files, db.problems, async () => {
    const outbox = await db.outbox.count();
    const files = await db.files.where('status').anyOf('pending', 'uploading').count();
    const refusedFiles = await db.files.where('status').equals('error').count();
    const problems = (await db.problems.filter((p) => !p.resolvedAt).count()) + refusedFiles;
    return { outbox, files, problems };
  });
}

export function countsOf(queue: { outbox: number; files: number; problems: number }): Pick<SyncStatus, 'pending' | 'problems'> {
  return { pending: queue.outbox + queue.files, problems: queue.problems };
}

export async function readCounts(db: RadicaDB): Promise<Pick<SyncStatus, 'pending' | 'problems'>> {
  return countsOf(await readQueue(db));
}
