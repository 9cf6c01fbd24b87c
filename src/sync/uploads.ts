/**
 * Uploads queued attachments once their owner is on the server, as resumable uploads (tus).
 * Invariants:
 * - A file is sent only when its owner mutation id ≤ meta.lastMutationId (the server answered it).
 * - The document UUID is the upload's documento_id, so re-sending after a lost answer is a no-op
 *   server-side; the upload's URL is kept on the file row as soon as the server creates it, so the
 *   next attempt (another cycle, a reload, the service worker) resumes from the server's offset.
 * - Progress (`sent`) is written at most every PROGRESS_EVERY_MS, and the row is re-read before
 *   each write: a file deleted meanwhile is not brought back.
 * - Uploaded files drop their blob; a temporary failure leaves the file 'pending' (retried next
 *   cycle, with the reason in `error`); a permanent one marks it 'error' (retry from the panel).
 * - A 401 is rethrown so the engine pauses; nothing is lost.
 * - Answers how many files reached the server in this call.
 */
import { getMeta, type FileRow, type RadicaDB } from '../db/database';
import { isTransient, TransportError, type SyncTransport } from './transport';

export const PROGRESS_EVERY_MS = 250;

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'No se pudo subir el archivo.';
}

/** Updates the row only while it still exists (Dexie's update never creates one). */
const patchFile = (db: RadicaDB, id: string, changes: Partial<FileRow>) => db.files.update(id, changes);

export async function uploadReadyFiles(db: RadicaDB, transport: SyncTransport, now: () => number = Date.now): Promise<number> {
  const last = (await getMeta(db, 'lastMutationId')) ?? 0;
  const ready = await db.files
    .where('status')
    .anyOf('pending', 'uploading')
    .filter((f) => f.mutationId <= last && f.blob !== null)
    .toArray();
  ready.sort((a, b) => a.mutationId - b.mutationId || a.id.localeCompare(b.id));
  let uploaded = 0;
  for (const file of ready) {
    await patchFile(db, file.id, { status: 'uploading' });
    let lastWrite = 0;
    let writes = Promise.resolve<unknown>(undefined);
    const write = (changes: Partial<FileRow>) => {
      writes = writes.then(() => patchFile(db, file.id, changes)).catch(() => undefined);
    };
    try {
      await transport.upload(
        {
          id: file.id,
          blob: file.blob as Blob,
          nombre: file.nombre,
          mime: file.mime,
          solicitudId: file.ownerSolicitudId,
          solicitanteId: file.ownerSolicitanteId,
          uploadUrl: file.uploadUrl,
          campo: file.campo ?? null,
        },
        {
          onUrl: (url) => write({ uploadUrl: url }),
          onProgress: (sent) => {
            if (now() - lastWrite < PROGRESS_EVERY_MS && sent < file.size) return;
            lastWrite = now();
            write({ sent });
          },
        },
      );
      await writes;
      await patchFile(db, file.id, { status: 'uploaded', blob: null, error: undefined, sent: file.size, uploadUrl: undefined });
      uploaded += 1;
    } catch (error) {
      await writes;
      if (error instanceof TransportError && error.status === 401) {
        await patchFile(db, file.id, { status: 'pending' });
        throw error;
      }
      if (isTransient(error) || !(error instanceof TransportError)) {
        await patchFile(db, file.id, { status: 'pending', error: messageOf(error) });
        return uploaded; // the server or the network is down: the other files wait for the next cycle
      }
      await patchFile(db, file.id, { status: 'error', error: messageOf(error), uploadUrl: undefined, sent: 0 });
    }
  }
  return uploaded;
}
