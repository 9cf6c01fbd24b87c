/**
 * A tus DataStore over PostgreSQL (or PGlite): uploads in `tus_uploads`, their bytes in
 * `tus_upload_chunks`, so any server process can answer HEAD and resume a PATCH another one began.
 * Invariants:
 * - `upload_offset` is the number of bytes stored, and the chunks cover exactly [0, upload_offset)
 *   without gaps: a piece is inserted in the same transaction that advances the offset, and only
 *   when the offset is still the one the writer started from. Two writers on one upload (a PATCH
 *   whose client has gone and its retry, on two processes) cannot both append: the second gets
 *   409 and the client asks for the offset again.
 * - What arrives is stored as it arrives (every FLUSH_BYTES and when the request ends or is cut),
 *   so a dropped connection resumes from the last stored byte, not from the last whole request.
 * - A row is created only inside an upload request context (`uploadContext`), which says whose it
 *   is (staff user or public filing); the routes check that context before tus sees the request.
 * - Expired uploads (not finished EXPIRATION_MS after creation) and finished ones older than that
 *   are deleted by `deleteExpired`, chunks included (ON DELETE CASCADE).
 * - A finished upload is never read back whole: the checks read it through `uploadSource`, and
 *   its chunks are copied into the document inside the database (lib/file-store.ts).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Readable } from 'node:stream';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import { DataStore, ERRORS, Upload } from '@tus/utils';
import type { Db, DbOrTx } from '../../db/client';
import type { ByteSource } from '../../../../src/domain/file-policy';
import { tusUploadChunks, tusUploads } from '../../db/schema';

/** An upload left unfinished this long is gone (410 on resume) and deleted by the cleanup. */
export const EXPIRATION_MS = 24 * 60 * 60 * 1000;
/** Bytes collected from a request before they are written as one piece. */
export const FLUSH_BYTES = 256 * 1024;

export interface UploadOwner {
  kind: 'staff' | 'public';
  empresaId: number;
  usuarioId: number | null;
  solicitudId: string;
  documentoId: string;
  nombre: string;
}

/** Who the current tus request acts for; set by the routes around `server.handle`. */
export interface UploadScope {
  /** Set for a creation: whose upload the new row is. */
  owner?: UploadOwner;
  /** What a finished upload becomes (a document of the staff user or of the public filing). */
  finish?: (id: string) => Promise<void>;
}
export const uploadContext = new AsyncLocalStorage<UploadScope>();

export class PgUploadStore extends DataStore {
  constructor(
    private readonly db: Db,
    private readonly expirationMs = EXPIRATION_MS,
  ) {
    super();
    this.extensions = ['creation', 'termination', 'expiration'];
  }

  async create(upload: Upload): Promise<Upload> {
    const owner = uploadContext.getStore()?.owner;
    if (!owner) throw ERRORS.UNKNOWN_ERROR; // the routes always set it; never create an orphan
    const [row] = await this.db
      .insert(tusUploads)
      .values({
        id: upload.id,
        kind: owner.kind,
        empresaId: owner.empresaId,
        usuarioId: owner.usuarioId,
        solicitudId: owner.solicitudId,
        documentoId: owner.documentoId,
        nombre: owner.nombre,
        size: upload.size ?? 0,
        metadata: upload.metadata ?? {},
      })
      .returning({ createdAt: tusUploads.createdAt });
    upload.creation_date = new Date(row.createdAt).toISOString();
    return upload;
  }

  async getUpload(id: string): Promise<Upload> {
    const [row] = await this.db.select().from(tusUploads).where(eq(tusUploads.id, id)).limit(1);
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    return new Upload({
      id: row.id,
      size: row.size,
      offset: row.uploadOffset,
      metadata: row.metadata,
      creation_date: new Date(row.createdAt).toISOString(),
      storage: { type: 'postgres', path: row.id },
    });
  }

  async write(readable: Readable, id: string, offset: number): Promise<number> {
    let position = offset;
    let pieces: Buffer[] = [];
    let collected = 0;
    const flush = async () => {
      if (collected === 0) return;
      const data = Buffer.concat(pieces, collected);
      pieces = [];
      collected = 0;
      await this.db.transaction(async (tx) => {
        const moved = await tx
          .update(tusUploads)
          .set({ uploadOffset: position + data.length })
          .where(and(eq(tusUploads.id, id), eq(tusUploads.uploadOffset, position)))
          .returning({ id: tusUploads.id });
        if (moved.length === 0) throw ERRORS.INVALID_OFFSET; // another request wrote meanwhile
        await tx.insert(tusUploadChunks).values({ uploadId: id, chunkOffset: position, data });
      });
      position += data.length;
    };
    try {
      for await (const chunk of readable) {
        const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
        pieces.push(buf);
        collected += buf.length;
        if (collected >= FLUSH_BYTES) await flush();
      }
    } finally {
      // The request ended or was cut: keep what arrived so the client resumes from here.
      await flush();
    }
    return position;
  }

  async remove(id: string): Promise<void> {
    const deleted = await this.db.delete(tusUploads).where(eq(tusUploads.id, id)).returning({ id: tusUploads.id });
    if (deleted.length === 0) throw ERRORS.FILE_NOT_FOUND;
  }

  async deleteExpired(now = Date.now()): Promise<number> {
    const before = new Date(now - this.expirationMs).toISOString();
    const deleted = await this.db.delete(tusUploads).where(lt(tusUploads.createdAt, before)).returning({ id: tusUploads.id });
    return deleted.length;
  }

  getExpiration(): number {
    return this.expirationMs;
  }
}

/**
 * The stored bytes of an upload as a ByteSource for the file checks, read from its chunks on
 * demand: `read` fetches only the ranges asked for (the magic bytes, a ZIP's end record and
 * central directory), `stream` one chunk at a time. Bytes travel as hex text (see
 * lib/file-store.ts: PGlite and bytea parameters). The whole file is never in memory at once.
 */
export async function uploadSource(db: DbOrTx, id: string): Promise<ByteSource> {
  const rows = await db
    .select({ offset: tusUploadChunks.chunkOffset, length: sql<string>`length(${tusUploadChunks.data})` })
    .from(tusUploadChunks)
    .where(eq(tusUploadChunks.uploadId, id))
    .orderBy(asc(tusUploadChunks.chunkOffset));
  const chunks = rows.map((r) => ({ offset: Number(r.offset), length: Number(r.length) }));
  const size = chunks.reduce((n, c) => n + c.length, 0);
  const slice = async (chunkOffset: number, from: number, length: number): Promise<Buffer> => {
    const [row] = await db
      .select({ hex: sql<string>`encode(substring(${tusUploadChunks.data} from ${from + 1}::integer for ${length}::integer), 'hex')` })
      .from(tusUploadChunks)
      .where(and(eq(tusUploadChunks.uploadId, id), eq(tusUploadChunks.chunkOffset, chunkOffset)));
    return Buffer.from(row?.hex ?? '', 'hex');
  };
  return {
    size,
    async read(offset, length) {
      const end = Math.min(size, offset + Math.max(0, length));
      const out = new Uint8Array(Math.max(0, end - offset));
      for (const c of chunks) {
        if (c.offset + c.length <= offset || c.offset >= end) continue;
        const from = Math.max(offset, c.offset);
        const to = Math.min(end, c.offset + c.length);
        out.set(await slice(c.offset, from - c.offset, to - from), from - offset);
      }
      return out;
    },
    stream() {
      let i = 0;
      return new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (i >= chunks.length) return controller.close();
          const c = chunks[i++];
          controller.enqueue(await slice(c.offset, 0, c.length));
        },
      });
    },
  };
}

/** Bytes stored for `id` according to its chunks (tests check it equals `upload_offset`). */
export async function storedBytes(db: Db, id: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(length(${tusUploadChunks.data})), 0)` })
    .from(tusUploadChunks)
    .where(eq(tusUploadChunks.uploadId, id));
  return Number(row?.n ?? 0);
}
