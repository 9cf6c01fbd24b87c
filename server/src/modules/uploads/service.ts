/**
 * What a resumable upload is for: who may start one, and the document a finished one becomes.
 * Invariants:
 * - A staff upload is started only on an application the user may see and edit; it belongs to that
 *   user, and only that user reaches it again (any other id is the unknown upload's 404).
 * - A public upload is started only for a live filing (radicado) with a documents stage, within
 *   the filing's daily limits (PUBLIC_LIMITS). The quota counts only what the filing really holds
 *   or is really receiving: its documents of the last 24 hours (files and bytes) plus the bytes
 *   unfinished public uploads have actually stored (`upload_offset`). A declared Upload-Length
 *   reserves nothing: anyone who knows a radicado may create uploads, and if declarations counted,
 *   ten empty 5 MB creations would refuse the applicant's real file for a day. An unfinished upload
 *   is not a file of the day either (one byte each would otherwise fill the 20 places).
 * - Each PATCH of a public upload is checked against the same real bytes: what the filing holds,
 *   plus what its other unfinished uploads stored, plus this upload's whole length must fit. So the
 *   server stores hardly more than a day's quota per filing however many uploads are open, while
 *   an applicant's interrupted upload resumes (its own stored bytes are not counted twice). PATCHes
 *   of one filing arriving together each hold the rest of their length in this process while their
 *   bodies stream in (`receiving`), so they cannot all pass on the same figures. The
 *   last word is `storeDocuments` (seguimiento/service.ts), which counts the documents under the
 *   filing's row lock when a finished upload becomes one.
 * - Finishing is idempotent: the document id is fixed at creation (the client's documento_id or a
 *   server UUID), the document insert is a no-op for an id already stored, and `finished_at` is
 *   set in the same transaction that creates the document and drops the chunks.
 * - A finished upload that fails the file checks, or whose application is gone, is deleted with
 *   its bytes (the client gets the reason); a temporary failure keeps it for the next try.
 */
import { and, count, eq, gte, isNotNull, isNull, ne, sum } from 'drizzle-orm';
import { AppError, isTemporary } from '../../../../src/domain/errors';
import { recibeDocumentos, solicitudCerrada } from '../../../../src/domain/seguimiento';
import type { Db, DbOrTx } from '../../db/client';
import { documentos, solicitudes, tusUploadChunks, tusUploads } from '../../db/schema';
import type { AuthUser } from '../../plugins/auth';
import { guardarDocumento } from '../registro/service';
import { findByRadicado, storeDocuments } from '../seguimiento/service';
import { visibleSolicitudes } from '../solicitudes/visibility';
import { checkReceivedFile, policyOfUpload } from './file-check';
import { storedBytes, uploadSource } from './store';
import type { UploadContent } from '../../lib/file-store';

export const UPLOAD_NOT_FOUND = 'La carga no existe o ya no está disponible.';
export const uploadNotFound = () => new AppError('NOT_FOUND', UPLOAD_NOT_FOUND);

/** Per filing in any 24 hours, for what the public sends through the tracking page. */
export const PUBLIC_LIMITS = { filesPerDay: 20, bytesPerDay: 50 * 1024 * 1024 };
const DAY_MS = 24 * 60 * 60 * 1000;

export type UploadRow = typeof tusUploads.$inferSelect;

export async function readUploadRow(db: DbOrTx, id: string): Promise<UploadRow | null> {
  const [row] = await db.select().from(tusUploads).where(eq(tusUploads.id, id)).limit(1);
  return row ?? null;
}

/** The application of a new staff upload: visible to the user (else 404, ids do not leak). */
export async function checkStaffTarget(db: DbOrTx, user: AuthUser, solicitudId: string): Promise<void> {
  const [row] = await db
    .select({ id: solicitudes.id })
    .from(solicitudes)
    .where(and(eq(solicitudes.id, solicitudId), visibleSolicitudes(user), isNull(solicitudes.deletedAt)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'La solicitud no existe o no tienes acceso a ella.');
}

/**
 * What a filing really holds or is receiving in the 24 hours before `now` (see the header):
 * documents on its tracking stages, and bytes stored by its unfinished public uploads other than
 * `except`. Declared lengths are not counted.
 */
async function publicUsage(db: Db, solicitudId: string, now: number, except?: string) {
  const since = new Date(now - DAY_MS).toISOString();
  const [[stored], [receiving]] = await Promise.all([
    db
      .select({ files: count(), bytes: sum(documentos.fileSize) })
      .from(documentos)
      .where(and(eq(documentos.solicitudId, solicitudId), isNotNull(documentos.etapaId), gte(documentos.createdAt, since))),
    db
      .select({ bytes: sum(tusUploads.uploadOffset) })
      .from(tusUploads)
      .where(
        and(
          eq(tusUploads.kind, 'public'),
          eq(tusUploads.solicitudId, solicitudId),
          isNull(tusUploads.finishedAt),
          gte(tusUploads.createdAt, since),
          except ? ne(tusUploads.id, except) : undefined,
        ),
      ),
  ]);
  return { files: Number(stored.files), bytes: Number(stored.bytes ?? 0) + Number(receiving.bytes ?? 0) };
}

const filesRefused = () =>
  new AppError('RATE_LIMITED', `Este radicado ya recibió ${PUBLIC_LIMITS.filesPerDay} archivos hoy. Inténtalo de nuevo mañana.`);
const bytesRefused = () => new AppError('RATE_LIMITED', 'Este radicado ya recibió 50 MB de archivos hoy. Inténtalo de nuevo mañana.');

/** The filing of a new public upload, after its daily limits; answers its company and application. */
export async function checkPublicTarget(db: Db, radicado: string, size: number, now = Date.now()) {
  const sol = await findByRadicado(db, radicado);
  if (!recibeDocumentos(sol.estado)) throw new AppError('VALIDATION', solicitudCerrada(sol.estado));
  const used = await publicUsage(db, sol.id, now);
  if (used.files + 1 > PUBLIC_LIMITS.filesPerDay) throw filesRefused();
  if (used.bytes + size > PUBLIC_LIMITS.bytesPerDay) throw bytesRefused();
  return { empresaId: sol.empresaId, solicitudId: sol.id };
}

/**
 * The public PATCHes this process is receiving, by filing: each holds the rest of its upload's
 * length while its body streams in. Without it, PATCHes started together each read the others'
 * stored bytes as zero and all passed (fourteen 5 MB uploads stored 65 MB against the 50 MB).
 */
const receiving = new Map<string, Set<{ uploadId: string; bytes: number }>>();

/**
 * Before a PATCH stores bytes of a public upload: the filing's real bytes of the day, its other
 * unfinished uploads' stored bytes, what the filing's other PATCHes in flight here may still
 * store, and this upload's whole length must fit the daily quota. Answers the release of this
 * PATCH's hold, to call once its body has been stored or refused. Check and hold happen in one
 * step after the read, so two PATCHes of one filing cannot both pass on the same figures (bytes a
 * PATCH in flight already stored may count twice meanwhile: that only refuses earlier, and only then).
 */
export async function checkPublicWrite(db: Db, row: UploadRow, now = Date.now()): Promise<() => void> {
  if (row.finishedAt) return () => undefined;
  const used = await publicUsage(db, row.solicitudId, now, row.id);
  const holds = receiving.get(row.solicitudId) ?? new Set<{ uploadId: string; bytes: number }>();
  let held = 0;
  for (const h of holds) if (h.uploadId !== row.id) held += h.bytes;
  if (used.bytes + held + row.size > PUBLIC_LIMITS.bytesPerDay) throw bytesRefused();
  const hold = { uploadId: row.id, bytes: row.size - row.uploadOffset };
  holds.add(hold);
  receiving.set(row.solicitudId, holds);
  return () => {
    holds.delete(hold);
    if (holds.size === 0 && receiving.get(row.solicitudId) === holds) receiving.delete(row.solicitudId);
  };
}

/** Deletes an upload whose file can never become a document, and passes the reason on. */
async function dropOnPermanent<T>(db: Db, id: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError && !isTemporary(error.code)) {
      await db.delete(tusUploads).where(eq(tusUploads.id, id));
    }
    throw error;
  }
}

/**
 * A complete upload, checked: its stored length (summed in SQL) against the declared one, then its
 * type by content read from the chunks. Its bytes stay in the database (`content`).
 */
async function completeContent(db: Db, row: UploadRow, user: AuthUser | null): Promise<{ content: UploadContent; nombre: string; mime: string }> {
  if ((await storedBytes(db, row.id)) !== row.size) throw new AppError('INTERNAL', 'La carga está incompleta en el servidor. Se reintentará.');
  // The one file policy: the field's (`campo` metadata) for a staff upload, else the attachments'.
  const policy = await policyOfUpload(db, user, row.kind === 'staff' ? row.metadata.campo : null);
  const checked = await checkReceivedFile(await uploadSource(db, row.id), row.nombre, policy);
  return { content: { uploadId: row.id, size: row.size }, ...checked };
}

const markFinished = (tx: DbOrTx, id: string) =>
  tx.update(tusUploads).set({ finishedAt: new Date().toISOString() }).where(and(eq(tusUploads.id, id), isNull(tusUploads.finishedAt))).returning({ id: tusUploads.id });

/** Turns a complete staff upload into a document of its application (no-op once done). */
export async function finishStaffUpload(db: Db, user: AuthUser, id: string): Promise<void> {
  const row = await readUploadRow(db, id);
  if (!row) throw uploadNotFound();
  if (row.finishedAt) return;
  if (row.uploadOffset < row.size) throw new AppError('CONFLICT', 'La carga aún no está completa.');
  await dropOnPermanent(db, id, async () => {
    const file = await completeContent(db, row, user);
    await db.transaction(async (tx) => {
      if ((await markFinished(tx, id)).length === 0) return; // another request finished it
      await guardarDocumento(tx, user, { id: row.documentoId, solicitudId: row.solicitudId, nombre: file.nombre, mime: file.mime, data: file.content });
      await tx.delete(tusUploadChunks).where(eq(tusUploadChunks.uploadId, id));
    });
  });
}

/** Turns a complete public upload into a document of the filing's documents stage. */
export async function finishPublicUpload(db: Db, id: string): Promise<void> {
  const row = await readUploadRow(db, id);
  if (!row) throw uploadNotFound();
  if (row.finishedAt) return;
  if (row.uploadOffset < row.size) throw new AppError('CONFLICT', 'La carga aún no está completa.');
  await dropOnPermanent(db, id, async () => {
    const file = await completeContent(db, row, null);
    const [sol] = await db.select({ radicado: solicitudes.radicado }).from(solicitudes).where(eq(solicitudes.id, row.solicitudId)).limit(1);
    if (!sol?.radicado) throw new AppError('NOT_FOUND', 'No se encontró el radicado');
    const radicado = sol.radicado;
    // Its own transaction, idempotent by the document id: a crash before the mark below only
    // makes the next HEAD or PATCH finish again, which stores nothing twice.
    // The filing's daily quota is checked again where the bytes are stored (seguimiento/service.ts).
    await storeDocuments(db, radicado, [{ id: row.documentoId, nombre: file.nombre, mime: file.mime, data: file.content }], PUBLIC_LIMITS);
    await db.transaction(async (tx) => {
      await markFinished(tx, id);
      await tx.delete(tusUploadChunks).where(eq(tusUploadChunks.uploadId, id));
    });
  });
}
