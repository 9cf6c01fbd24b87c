/**
 * Files the applicant chose on the public tracking page, kept on the phone until the server has
 * them. A dedicated tiny database (`radica-seguimiento`), not the per-user one of src/db: this page
 * is public and has no user. Invariants:
 * - A file is written here before it is sent and deleted only when the server accepted it or
 *   refused it for good (4xx other than 429); a lost connection keeps it for the next flush.
 * - Every file carries its `upload_id` (UUIDv7) from the start, so resending it never duplicates.
 * - Flushes run one after another, each reading the queue afresh.
 */
import Dexie, { type Table } from 'dexie';
import { uuidv7 } from '../../domain/ids';

export interface PendingUpload {
  upload_id: string;
  radicado: string;
  blob: Blob;
  nombre: string;
  status: 'pendiente';
  created_at: number;
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

export const MAX_FILES_PER_REQUEST = 10;
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

/** One multipart request, with upload progress (fetch has none), answering how many were accepted. */
export function postFiles(
  radicado: string,
  items: PendingUpload[],
  onProgress: (fraction: number) => void,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append('id_radicado', radicado);
    for (const item of items) {
      form.append('upload_id', item.upload_id); // the server pairs the n-th id with the n-th file
      form.append('archivos', item.blob, item.nombre);
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/seguimiento/actualizar-documentos');
    xhr.responseType = 'json';
    xhr.timeout = 120_000;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new UploadError(UPLOAD_ERROR, true));
    xhr.ontimeout = () => reject(new UploadError(UPLOAD_ERROR, true));
    xhr.onload = () => {
      const body = xhr.response as { ok?: boolean; error?: string; data?: { subidos?: number } } | null;
      if (xhr.status >= 200 && xhr.status < 300 && body?.ok) {
        resolve(body.data?.subidos ?? items.length);
        return;
      }
      const retryable = xhr.status === 0 || xhr.status === 429 || xhr.status >= 500;
      reject(new UploadError(body?.error || UPLOAD_ERROR, retryable));
    };
    xhr.send(form);
  });
}

export interface FlushResult {
  radicado: string;
  subidos: number;
  /** A refusal by the server (the files were dropped) or a lost connection (the files were kept). */
  error?: UploadError;
}

let chain: Promise<unknown> = Promise.resolve();

/** Sends every queued file, grouped by radicado, in requests of at most ten files. */
export function flushQueue(onProgress: (fraction: number) => void = () => undefined): Promise<FlushResult[]> {
  const run = chain.then(() => flushOnce(onProgress));
  chain = run.catch(() => undefined);
  return run;
}

async function flushOnce(onProgress: (fraction: number) => void): Promise<FlushResult[]> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return [];
  const all = await database().uploads.orderBy('created_at').toArray();
  if (!all.length) return [];
  const totalBytes = all.reduce((sum, f) => sum + f.blob.size, 0) || 1;
  let sentBytes = 0;
  const results: FlushResult[] = [];
  const byRadicado = new Map<string, PendingUpload[]>();
  for (const item of all) byRadicado.set(item.radicado, [...(byRadicado.get(item.radicado) ?? []), item]);

  for (const [radicado, items] of byRadicado) {
    const result: FlushResult = { radicado, subidos: 0 };
    results.push(result);
    for (let i = 0; i < items.length; i += MAX_FILES_PER_REQUEST) {
      const chunk = items.slice(i, i + MAX_FILES_PER_REQUEST);
      const chunkBytes = chunk.reduce((sum, f) => sum + f.blob.size, 0);
      try {
        result.subidos += await postFiles(radicado, chunk, (f) => onProgress((sentBytes + f * chunkBytes) / totalBytes));
        await database().uploads.bulkDelete(chunk.map((c) => c.upload_id));
        sentBytes += chunkBytes;
      } catch (err) {
        const error = err instanceof UploadError ? err : new UploadError(UPLOAD_ERROR, true);
        result.error = error;
        if (error.retryable) return results; // the connection is gone: keep everything left
        await database().uploads.bulkDelete(chunk.map((c) => c.upload_id));
      }
    }
  }
  return results;
}
