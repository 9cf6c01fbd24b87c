/**
 * The device's file queue (src/sync/uploads.ts) through the real HttpTransport and tus client
 * against the real server on a socket: a queued file becomes one document; an upload the server
 * already holds part of is continued from the server's offset, not from zero; a refused file is
 * marked with the server's reason; a 401 leaves the file queued. In Node the tus client sends with
 * fetch, the HTTP stack the service worker uses too.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import Dexie from 'dexie';
import { bearer, createTestContext, loginAs, type TestContext } from './helpers';
import { documentos, solicitudes } from '../../server/src/db/schema';
import { readContent } from '../../server/src/lib/file-store';
import { RadicaDB, type FileRow } from '../../src/db/database';
import { HttpTransport } from '../../src/sync/http-transport';
import { uploadReadyFiles } from '../../src/sync/uploads';

let ctx: TestContext;
let base: string;
let token: string;
let solicitudId: string;
let db: RadicaDB;
beforeAll(async () => {
  ctx = await createTestContext();
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  token = await loginAs(ctx.app, 'admin');
  const [row] = await ctx.database.db
    .select()
    .from(solicitudes)
    .where(and(eq(solicitudes.empresaId, ctx.seeded.demo.id), isNull(solicitudes.deletedAt)))
    .limit(1);
  solicitudId = row.id;
  db = new RadicaDB(`radica-uploads-${randomUUID()}`);
});
afterAll(async () => {
  db.close();
  await Dexie.delete(db.name);
  await ctx.close();
});

const pdfOf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(size - 9)]);

async function queue(data: Buffer, extra: Partial<FileRow> = {}): Promise<FileRow> {
  const row: FileRow = {
    id: randomUUID(),
    blob: new Blob([new Uint8Array(data)], { type: 'application/pdf' }),
    nombre: 'extracto.pdf',
    mime: 'application/pdf',
    size: data.length,
    ownerSolicitudId: solicitudId,
    mutationId: 0,
    status: 'pending',
    ...extra,
  };
  await db.files.put(row);
  return row;
}

async function content(id: string): Promise<Buffer | null> {
  const parts = await readContent(ctx.database.db, id);
  return parts.length ? Buffer.concat(parts) : null;
}

/** Records the Upload-Offset of every PATCH the tus client sends while `work` runs. */
async function patchOffsets(work: () => Promise<unknown>): Promise<number[]> {
  const offsets: number[] = [];
  const real = globalThis.fetch;
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method === 'PATCH') offsets.push(Number((init.headers as Record<string, string>)['Upload-Offset']));
    return real(input, init);
  }) as typeof fetch;
  try {
    await work();
  } finally {
    globalThis.fetch = real;
  }
  return offsets;
}

describe('the file queue over tus', () => {
  it('uploads a queued file in pieces and it becomes one document with the same bytes', async () => {
    const data = pdfOf(2_500_000);
    const file = await queue(data);
    const transport = new HttpTransport({ token, baseUrl: base });
    const offsets = await patchOffsets(() => uploadReadyFiles(db, transport));
    expect(offsets).toEqual([0, 1_048_576, 2_097_152]);
    expect(await db.files.get(file.id)).toMatchObject({ status: 'uploaded', blob: null, sent: data.length });
    expect(Buffer.compare((await content(file.id))!, data)).toBe(0);
    expect(await ctx.database.db.select().from(documentos).where(eq(documentos.id, file.id))).toHaveLength(1);
  });

  it('continues an upload the server holds part of from its offset, not from zero', async () => {
    const data = pdfOf(2_000_000);
    const id = randomUUID();
    const meta = [`solicitud_id ${b64(solicitudId)}`, `filename ${b64('extracto.pdf')}`, `documento_id ${b64(id)}`].join(',');
    const headers = { ...bearer(token), 'tus-resumable': '1.0.0' };
    const created = await ctx.app.inject({ method: 'POST', url: '/api/uploads', headers: { ...headers, 'upload-length': String(data.length), 'upload-metadata': meta } });
    const location = String(created.headers.location);
    const part = await ctx.app.inject({
      method: 'PATCH',
      url: location,
      headers: { ...headers, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      payload: data.subarray(0, 1_300_000),
    });
    expect(part.statusCode).toBe(204);
    // The device kept the upload's URL from the attempt that was cut.
    const file = await queue(data, { id, uploadUrl: `${base}${location}` });
    const offsets = await patchOffsets(() => uploadReadyFiles(db, new HttpTransport({ token, baseUrl: base })));
    expect(offsets[0]).toBe(1_300_000);
    expect(offsets).not.toContain(0);
    expect(await db.files.get(file.id)).toMatchObject({ status: 'uploaded' });
    expect(Buffer.compare((await content(id))!, data)).toBe(0);
  });

  it("marks a file the server refuses with the server's reason and sends the next one", async () => {
    const exe = await queue(Buffer.concat([Buffer.from('MZ\x90\x00'), randomBytes(3000)]), { nombre: 'cedula.pdf' });
    const good = await queue(pdfOf(4000), { id: `ffffffff-${randomUUID().slice(9)}` });
    expect(await uploadReadyFiles(db, new HttpTransport({ token, baseUrl: base }))).toBe(1);
    expect(await db.files.get(exe.id)).toMatchObject({ status: 'error', error: expect.stringContaining('Tipo de archivo no permitido') });
    expect(await content(exe.id)).toBeNull();
    expect(await db.files.get(good.id)).toMatchObject({ status: 'uploaded' });
  });

  it('leaves the file queued on a 401 and tells the engine', async () => {
    const file = await queue(pdfOf(3000));
    await expect(uploadReadyFiles(db, new HttpTransport({ token: 'caducado', baseUrl: base }))).rejects.toMatchObject({ status: 401 });
    expect(await db.files.get(file.id)).toMatchObject({ status: 'pending' });
    expect(await uploadReadyFiles(db, new HttpTransport({ token, baseUrl: base }))).toBe(1);
    expect(await db.files.get(file.id)).toMatchObject({ status: 'uploaded' });
  });
});

function b64(s: string) {
  return Buffer.from(s).toString('base64');
}
