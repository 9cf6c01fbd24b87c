/**
 * Local mutations: the only way the UI changes data.
 * Invariants:
 * - Args are validated with the same valibot schema the server uses before anything is written;
 *   invalid args throw AppError('VALIDATION') and write nothing.
 * - The optimistic change, the outbox entry, the next mutation id (meta.lastQueuedId) and the
 *   `pending` flags are written in ONE Dexie transaction: all or nothing (also on a full disk).
 * - Mutation ids are consecutive from 1 and never reused (the server rejects gaps).
 * - A file is checked (type by extension and MIME, size) before it is stored.
 */
import * as v from 'valibot';
import { AppError } from '../domain/errors';
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

export const DEFAULT_MAX_FILE_BYTES = 5 * 1024 * 1024;
export const MAX_FILE_BYTES_CEILING = 100 * 1024 * 1024;

const MIME_BY_EXTENSION: Record<string, readonly string[]> = {
  pdf: ['application/pdf'],
  doc: ['application/msword'],
  docx: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  jpg: ['image/jpeg', 'image/jpg', 'image/pjpeg'],
  jpeg: ['image/jpeg', 'image/jpg', 'image/pjpeg'],
  png: ['image/png'],
};
export const ALLOWED_EXTENSIONS = Object.keys(MIME_BY_EXTENSION);
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
  /** Size limit of the field (default 5 MB, never above 100 MB). */
  maxBytes?: number;
  /** The size before the device made the file lighter (a photo re-encoded before queueing). */
  originalSize?: number;
}

/** Throws a Spanish AppError when the file may not be attached. */
export function checkFile(
  input: Pick<QueueFileInput, 'blob' | 'nombre' | 'mime' | 'maxBytes'>,
): string {
  const ext = /\.([a-z0-9]+)$/i.exec(input.nombre.trim())?.[1]?.toLowerCase() ?? '';
  const allowed = MIME_BY_EXTENSION[ext];
  if (!allowed) {
    throw new AppError(
      'UNSUPPORTED_TYPE',
      'Tipo de archivo no permitido. Solo se aceptan PDF, DOC, DOCX, JPG, JPEG y PNG.',
    );
  }
  for (const declared of [input.mime, input.blob.type]) {
    if (declared && !allowed.includes(declared.toLowerCase())) {
      throw new AppError('UNSUPPORTED_TYPE', 'El tipo del archivo no coincide con su extensión.');
    }
  }
  const limit = Math.min(input.maxBytes ?? DEFAULT_MAX_FILE_BYTES, MAX_FILE_BYTES_CEILING);
  if (input.blob.size === 0) throw new AppError('VALIDATION', 'El archivo está vacío.');
  if (input.blob.size > limit) {
    const mb = Math.round((limit / (1024 * 1024)) * 10) / 10;
    throw new AppError('TOO_LARGE', `El archivo supera el tamaño máximo permitido (${mb} MB).`);
  }
  return allowed[0];
}

/** Stores an attachment for upload once its owner is on the server. */
export async function queueFile(db: RadicaDB, input: QueueFileInput): Promise<void> {
  if (!UUID.test(input.id))
    throw new AppError('VALIDATION', 'Identificador de documento inválido.');
  const mime = checkFile(input);
  const row: FileRow = {
    id: input.id,
    blob: input.blob,
    nombre: input.nombre.trim(),
    mime: input.blob.type || input.mime || mime,
    size: input.blob.size,
    ownerSolicitudId: input.ownerSolicitudId,
    ownerSolicitanteId: input.ownerSolicitanteId,
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
