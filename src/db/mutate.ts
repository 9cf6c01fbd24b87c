/**
 * Local mutations: the only way the UI changes data.
 * Invariants:
 * - Args are validated with the same valibot schema the server uses before anything is written;
 *   invalid args throw AppError('VALIDATION') and write nothing.
 * - The optimistic change, the outbox entry, the next mutation id (meta.lastQueuedId) and the
 *   `pending` flags are written in ONE Dexie transaction: all or nothing (also on a full disk).
 * - Mutation ids are consecutive from 1 and never reused (the server rejects gaps).
 * - A file is checked with the one file policy (src/domain/file-policy.ts: type by content, size)
 *   before it is stored.
 */
import * as v from 'valibot';
import { AppError } from '../domain/errors';
import { ATTACHMENTS_POLICY, blobSource, checkFile, type FilePolicy } from '../domain/file-policy';
import { isMutationName, MUTATION_SCHEMAS, type MutationName } from '../domain/mutations';
import { getMeta, setMeta, type FileRow, type RadicaDB } from './database';
import { applyMutation } from './mutators';
import { LiveTx, syncPendingFlags } from './tracked-tx';

export const QUOTA_MESSAGE =
  'No hay espacio suficiente en el dispositivo. Libera espacio y vuelve a intentarlo.';

type Listener = (mutationId: number) => void;
const queuedListeners = new Set<Listener>();

/** Called after every committed mutation or queued file (the sync client uses it to wake the worker). */
export function onMutationQueued(listener: Listener): () => void {
  queuedListeners.add(listener);
  return () => queuedListeners.delete(listener);
}

function isQuotaError(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const e = error as { name?: unknown; inner?: unknown; cause?: unknown };
  if (e.name === 'QuotaExceededError') return true;
  return isQuotaError(e.inner, depth + 1) || isQuotaError(e.cause, depth + 1);
}

/** Maps a storage failure to a Spanish AppError; other errors pass through unchanged. */
export function mapStorageError(error: unknown): unknown {
  if (isQuotaError(error)) return new AppError('TOO_LARGE', QUOTA_MESSAGE);
  return error;
}

function validationError(issues: readonly v.BaseIssue<unknown>[]): AppError {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = v.getDotPath(issue) ?? '';
    fields[path || '_'] ??= issue.message;
  }
  return new AppError(
    'VALIDATION',
    'Los datos del cambio no son válidos. Revisa los campos e inténtalo de nuevo.',
    {
      fields,
    },
  );
}

export type MutationInput<N extends MutationName> = v.InferInput<(typeof MUTATION_SCHEMAS)[N]>;

/** Queues a local mutation (optimistic change + outbox entry, atomically); returns its id. */
export async function mutate<N extends MutationName>(
  db: RadicaDB,
  name: N,
  args: MutationInput<N>,
): Promise<number> {
  return mutateByName(db, name, args);
}

/** Same as `mutate` for a name only known at run time (retrying a stored problem). */
export async function mutateByName(db: RadicaDB, name: string, args: unknown): Promise<number> {
  if (!isMutationName(name)) throw new AppError('VALIDATION', `La operación «${name}» no existe.`);
  const parsed = v.safeParse(MUTATION_SCHEMAS[name], args);
  if (!parsed.success) throw validationError(parsed.issues);
  const at = new Date().toISOString();
  let id: number;
  try {
    id = await db.transaction('rw', db.tables, async () => {
      const last = Math.max(
        (await getMeta(db, 'lastQueuedId')) ?? 0,
        (await getMeta(db, 'lastMutationId')) ?? 0,
      );
      const next = last + 1;
      const tx = new LiveTx(db);
      await applyMutation(tx, name, parsed.output);
      await db.outbox.add({
        id: next,
        name,
        args: parsed.output,
        at,
        status: 'pending',
        attempts: 0,
      });
      await setMeta(db, 'lastQueuedId', next);
      await syncPendingFlags(db, tx.touched, false);
      return next;
    });
  } catch (error) {
    throw mapStorageError(error);
  }
  emitQueued(id);
  return id;
}

function emitQueued(id: number): void {
  for (const listener of queuedListeners) {
    try {
      listener(id);
    } catch {
      // A listener's failure must not undo a committed write.
    }
  }
}

// ---- files ----------------------------------------------------------------------------------

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface QueueFileInput {
  id: string;
  blob: Blob;
  nombre: string;
  mime?: string;
  ownerSolicitudId: string;
  ownerSolicitanteId?: string;
  /** The mutation that creates the owner; 0 when the owner is already on the server. */
  mutationId: number;
  /** The file field it belongs to (`entity.key`), whose file_config the server applies; none = attachments. */
  campo?: string | null;
  /** That field's policy (src/domain/file-policy.ts); default: the attachments'. */
  policy?: FilePolicy;
  /** The size before the device made the file lighter (a photo re-encoded before queueing). */
  originalSize?: number;
}

/** Stores an attachment for upload once its owner is on the server. */
export async function queueFile(db: RadicaDB, input: QueueFileInput): Promise<void> {
  if (!UUID.test(input.id))
    throw new AppError('VALIDATION', 'Identificador de documento inválido.');
  const nombre = input.nombre.trim();
  // The same policy, by content, as the server's: a file queued here is one it accepts.
  const type = await checkFile(blobSource(input.blob), { nombre, mime: input.mime || input.blob.type }, input.policy ?? ATTACHMENTS_POLICY);
  const row: FileRow = {
    id: input.id,
    blob: input.blob,
    nombre,
    mime: type.mime,
    size: input.blob.size,
    ownerSolicitudId: input.ownerSolicitudId,
    ownerSolicitanteId: input.ownerSolicitanteId,
    campo: input.campo ?? null,
    mutationId: input.mutationId,
    status: 'pending',
    ...(input.originalSize ? { originalSize: input.originalSize } : {}),
  };
  try {
    await db.transaction('rw', db.files, async () => {
      await db.files.put(row);
    });
  } catch (error) {
    throw mapStorageError(error);
  }
  emitQueued(input.mutationId);
}
