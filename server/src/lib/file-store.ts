/**
 * File bytes between the network and PostgreSQL, never whole in memory twice.
 * - An upload is read into parts of at most PART_BYTES as it arrives (each network chunk is copied
 *   once into the current part and dropped), with the size limit applied on the way: past the
 *   limit the rest of the stream is drained and discarded, and the answer is a 413.
 * - The type is checked on the parts themselves (src/domain/file-policy.ts `partsSource`).
 * - Each part is one row of documento_contenidos, written by its own INSERT whose bytes travel as
 *   hex text (`decode(…, 'hex')`): the drivers then never build a copy of the whole file, and
 *   PGlite never turns a large Uint8Array into an array of strings, which it does for bytea
 *   parameters. Reads come back the same way, one part per query, in order.
 * - Reading the parts of a document is done in the caller's snapshot (a transaction), so a
 *   concurrent delete never leaves a half-read file.
 * - A finished resumable upload is stored without its bytes entering Node: its chunks
 *   (tus_upload_chunks, in offset order) are copied into documento_contenidos by one
 *   INSERT … SELECT, one part per chunk (`Content` of kind `upload`).
 */
import type { Readable } from 'node:stream';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { documentoContenidos, tusUploadChunks } from '../db/schema';

export const PART_BYTES = 1024 * 1024;

/** Reads `stream` into parts; `over` is called (and the rest discarded) when it passes `limit`. */
export async function readParts(stream: Readable | AsyncIterable<Buffer>, limit: number): Promise<{ parts: Buffer[]; size: number; over: boolean }> {
  const parts: Buffer[] = [];
  let current = Buffer.allocUnsafe(0);
  let used = 0;
  let size = 0;
  let over = false;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    if (over) continue;
    size += chunk.length;
    if (size > limit) {
      over = true;
      parts.length = 0;
      current = Buffer.allocUnsafe(0);
      continue;
    }
    let at = 0;
    while (at < chunk.length) {
      if (used === current.length) {
        if (current.length) parts.push(current);
        current = Buffer.allocUnsafe(PART_BYTES);
        used = 0;
      }
      const take = Math.min(current.length - used, chunk.length - at);
      chunk.copy(current, used, at, at + take);
      used += take;
      at += take;
    }
  }
  if (!over && used) parts.push(current.subarray(0, used));
  return { parts, size, over };
}

/** Parts of a Buffer already in memory (views, no copy). */
export function splitParts(data: Buffer): Buffer[] {
  const out: Buffer[] = [];
  for (let at = 0; at < data.length; at += PART_BYTES) out.push(data.subarray(at, at + PART_BYTES));
  return out;
}

export const sizeOf = (parts: readonly Buffer[]) => parts.reduce((n, p) => n + p.length, 0);

/** A finished upload's bytes, still in its chunks: `size` is the upload's declared (and stored) length. */
export interface UploadContent {
  uploadId: string;
  size: number;
}
/** Bytes to store: one Buffer, parts already in memory, or a finished upload's chunks. */
export type Content = Buffer | readonly Buffer[] | UploadContent;

const isUpload = (c: Content): c is UploadContent => !Buffer.isBuffer(c) && !Array.isArray(c);

export function contentSize(c: Content): number {
  if (Buffer.isBuffer(c)) return c.length;
  return isUpload(c) ? c.size : sizeOf(c as readonly Buffer[]);
}

/** Stores `content` as the document's parts (inside the caller's transaction). */
export async function storeContent(tx: DbOrTx, documentoId: string, content: Content): Promise<void> {
  if (!isUpload(content)) {
    await writeContent(tx, documentoId, Buffer.isBuffer(content) ? splitParts(content) : (content as readonly Buffer[]));
    return;
  }
  // Copied inside the database: the bytes never travel to this process.
  await tx.execute(sql`
    insert into ${documentoContenidos} (documento_id, parte, data)
    select ${documentoId}::uuid, (row_number() over (order by ${tusUploadChunks.chunkOffset}) - 1)::integer, ${tusUploadChunks.data}
    from ${tusUploadChunks}
    where ${tusUploadChunks.uploadId} = ${content.uploadId}`);
}

/** Stores a document's bytes, one row per part (inside the caller's transaction). */
export async function writeContent(tx: DbOrTx, documentoId: string, parts: readonly Buffer[]): Promise<void> {
  for (let i = 0; i < parts.length; i++) {
    await tx.execute(sql`
      insert into ${documentoContenidos} (documento_id, parte, data)
      values (${documentoId}::uuid, ${i}::integer, decode(${parts[i].toString('hex')}, 'hex'))`);
  }
}

/**
 * A document's bytes as its parts, in order; empty when it has none. One query per part, so only
 * one part's text form is in memory at a time.
 */
export async function readContent(db: DbOrTx, documentoId: string): Promise<Buffer[]> {
  const list = await db
    .select({ parte: documentoContenidos.parte })
    .from(documentoContenidos)
    .where(eq(documentoContenidos.documentoId, documentoId))
    .orderBy(asc(documentoContenidos.parte));
  const parts: Buffer[] = [];
  for (const { parte } of list) {
    const [row] = await db
      .select({ hex: sql<string>`encode(${documentoContenidos.data}, 'hex')` })
      .from(documentoContenidos)
      .where(and(eq(documentoContenidos.documentoId, documentoId), eq(documentoContenidos.parte, parte)));
    if (row) parts.push(Buffer.from(row.hex, 'hex'));
  }
  return parts;
}
