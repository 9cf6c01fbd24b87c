/**
 * Uploads queued attachments once their owner is on the server.
 * Invariants:
 * - A file is sent only when its owner mutation id ≤ meta.lastMutationId (the server answered it).
 * - The document UUID is the upload's id, so re-sending after a lost answer is a no-op server-side.
 * - Uploaded files drop their blob; a temporary failure leaves the file 'pending' (retried next
 *   cycle, with the reason in `error`); a permanent one marks it 'error' (retry from the panel).
 * - A 401 is rethrown so the engine pauses; nothing is lost.
 */
import { getMeta, type RadicaDB } from '../db/database';
import { isTransient, TransportError, type SyncTransport } from './transport';

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'No se pudo subir el archivo.';
}

export async function uploadReadyFiles(db: RadicaDB, transport: SyncTransport): Promise<void> {
  const last = (await getMeta(db, 'lastMutationId')) ?? 0;
  const ready = await db.files
    .where('status')
    .anyOf('pending', 'uploading')
    .filter((f) => f.mutationId <= last && f.blob !== null)
    .toArray();
  ready.sort((a, b) => a.mutationId - b.mutationId || a.id.localeCompare(b.id));
  for (const file of ready) {
    await db.files.update(file.id, { status: 'uploading' });
    try {
      await transport.upload({
        id: file.id,
        blob: file.blob as Blob,
        nombre: file.nombre,
        mime: file.mime,
        solicitudId: file.ownerSolicitudId,
        solicitanteId: file.ownerSolicitanteId,
      });
      await db.files.update(file.id, { status: 'uploaded', blob: null, error: undefined });
    } catch (error) {
      if (error instanceof TransportError && error.status === 401) {
        await db.files.update(file.id, { status: 'pending' });
        throw error;
      }
      if (isTransient(error) || !(error instanceof TransportError)) {
        await db.files.update(file.id, { status: 'pending', error: messageOf(error) });
        return; // the server or the network is down: the other files wait for the next cycle
      }
      await db.files.update(file.id, { status: 'error', error: messageOf(error) });
    }
  }
}
