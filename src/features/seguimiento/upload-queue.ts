/**
 * Files the applicant chose on the public tracking page, kept on the phone until the server has
 * them. A dedicated tiny database (`radica-seguimiento`), not the per-user one of src/db: this page
 * is public and has no user. Invariants:
 * - A file is written here before it is sent and deleted only when the server accepted it or
 *   refused it for good (4xx other than 429); a lost connection keeps it for the next flush.
 * - Every file carries its `upload_id` (UUIDv7) from the start, so resending it never duplicates.
 * - Each file is a resumable upload (tus, /api/seguimiento/uploads): its URL is kept with it as
 *   soon as the server creates it, so a dropped connection or a reload continues from the
 *   server's offset instead of sending the file again from the start.
 * - Flushes run one after another, each reading the queue afresh.
 */
import Dexie, { type Table } from 'dexie';
import { uuidv7 } from '../../domain/ids';
import { isTransient, TransportError } from '../../sync/transport';
import { tusUpload } from '../../sync/tus-client';

export interface PendingUpload {
  upload_id: string;
  radicado: string;
  blob: Blob;
  nombre: string;
  status: 'pendiente';
  created_at: number;
  /** The resumable upload on the server, once created. */
  upload_url?: string;
}

class SeguimientoDb extends Dexie {
  uploads!: Table<PendingUpload, string>;
  constructor() {
    super('radica-seguimiento');
    this.version(1).stores({ uploads: 'upload_id, radicado, created_at' });
  }
}

let db: SeguimientoDb | null = null;
const database = () => (db ??= new SeguimientoDb());

export const UPLOAD_ERROR = 'Error al subir los archivos';

export async function enqueueFiles(radicado: string, files: File[]): Promise<PendingUpload[]> {
  const now = Date.now();
  const rows = files.map((file, i) => ({
    upload_id: uuidv7(now + i),
    radicado,
    blob: file,
    nombre: file.name,
    status: 'pendiente' as const,
    created_at: now + i,
  }));
  await database().uploads.bulkAdd(rows);
  return rows;
}

export async function pendingFor(radicado: string): Promise<PendingUpload[]> {
  return database().uploads.where('radicado').equals(radicado).sortBy('created_at');
}

export class UploadError extends Error {
  constructor(
    message: string,
    /** The connection failed or the server was temporarily unable: keep the files and retry. */
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

/** One file as a resumable upload, continuing its earlier attempt when there was one. */
export async function sendFile(item: PendingUpload, onProgress: (sent: number, total: number) => void): Promise<void> {
  try {
    await tusUpload({
      endpoint: '/api/seguimiento/uploads',
      blob: item.blob,
      uploadUrl: item.upload_url,
      metadata: { radicado: item.radicado, filename: item.nombre, filetype: item.blob.type, documento_id: item.upload_id },
      onUrl: (url) => void database().uploads.update(item.upload_id, { upload_url: url }).catch(() => undefined),
      onProgress,
    });
  } catch (err) {
    const message = err instanceof TransportError && err.status !== 0 ? err.message : UPLOAD_ERROR;
    throw new UploadError(message, isTransient(err) || !(err instanceof TransportError));
  }
}

export interface FlushResult {
  radicado: string;
  subidos: number;
  /** A refusal by the server (the file was dropped) or a lost connection (the files were kept). */
  error?: UploadError;
}

/** Progress of one file being sent. */
export interface FileProgress {
  upload_id: string;
  nombre: string;
  sent: number;
  total: number;
}

let chain: Promise<unknown> = Promise.resolve();

/** Sends every queued file, oldest first; `onProgress` hears each file's bytes as they go. */
export function flushQueue(onProgress: (progress: FileProgress) => void = () => undefined): Promise<FlushResult[]> {
  const run = chain.then(() => flushOnce(onProgress));
  chain = run.catch(() => undefined);
  return run;
}

async function flushOnce(onProgress: (progress: FileProgress) => void): Promise<FlushResult[]> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return [];
  const all = await database().uploads.orderBy('created_at').toArray();
  const results = new Map<string, FlushResult>();
  for (const item of all) {
    const result = results.get(item.radicado) ?? { radicado: item.radicado, subidos: 0 };
    results.set(item.radicado, result);
    onProgress({ upload_id: item.upload_id, nombre: item.nombre, sent: 0, total: item.blob.size });
    try {
      await sendFile(item, (sent, total) => onProgress({ upload_id: item.upload_id, nombre: item.nombre, sent, total }));
      await database().uploads.delete(item.upload_id);
      result.subidos += 1;
    } catch (err) {
      const error = err instanceof UploadError ? err : new UploadError(UPLOAD_ERROR, true);
      result.error = error;
      if (error.retryable) return [...results.values()]; // the connection is gone: keep everything left
      await database().uploads.delete(item.upload_id); // refused for good (type, size, limits)
    }
  }
  return [...results.values()];
}
