/**
 * Resumable uploads (tus 1.0.0) at /api/uploads and /api/seguimiento/uploads: the protocol,
 * auth and tenancy, resuming after a cut connection on a real socket, the document a finished
 * upload becomes (checked by content, idempotent by documento_id), expiry and the public limits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import net from 'node:net';
import { and, eq, isNull, notInArray } from 'drizzle-orm';
import { bearer, createTestContext, loginAs, type DemoUser, type TestContext } from './helpers';
import { documentos, seguimientoEtapas, solicitudes, tusUploadChunks, tusUploads } from '../../server/src/db/schema';
import { readContent } from '../../server/src/lib/file-store';
import { PgUploadStore, storedBytes } from '../../server/src/modules/uploads/store';
import { PUBLIC_LIMITS } from '../../server/src/modules/uploads/service';
import { xlsx, zipWithExe } from '../../src/test-utils/office-files';
import { ESTADOS_CERRADOS } from '../../src/domain/seguimiento';

let ctx: TestContext;
let demo: typeof solicitudes.$inferSelect;
let otra: typeof solicitudes.$inferSelect;
beforeAll(async () => {
  ctx = await createTestContext({ seguimientoRateLimit: 100_000 });
  const db = ctx.database.db;
  // An open filing: a closed one (Negado, Desistido, Pagado) takes no documents.
  [demo] = await db.select().from(solicitudes).where(and(eq(solicitudes.empresaId, ctx.seeded.demo.id), isNull(solicitudes.deletedAt), notInArray(solicitudes.estado, [...ESTADOS_CERRADOS]))).limit(1);
  [otra] = await db.select().from(solicitudes).where(eq(solicitudes.empresaId, ctx.seeded.otra.id)).limit(1);
});
afterAll(() => ctx.close());

const TUS = { 'tus-resumable': '1.0.0' };
/** A PDF of `size` bytes: a real header, then filler. */
const pdfOf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(size - 9)]);
const b64 = (s: string) => Buffer.from(s).toString('base64');
const metadata = (m: Record<string, string>) =>
  Object.entries(m)
    .map(([k, v]) => `${k} ${b64(v)}`)
    .join(',');

async function auth(who: DemoUser | null) {
  return who ? bearer(await loginAs(ctx.app, who)) : {};
}

async function create(who: DemoUser | null, size: number, meta: Record<string, string>, path = '/api/uploads') {
  return ctx.app.inject({
    method: 'POST',
    url: path,
    headers: { ...TUS, ...(await auth(who)), 'upload-length': String(size), 'upload-metadata': metadata(meta) },
  });
}

async function patch(who: DemoUser | null, location: string, offset: number, data: Buffer) {
  return ctx.app.inject({
    method: 'PATCH',
    url: location,
    headers: { ...TUS, ...(await auth(who)), 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    payload: data,
  });
}

async function head(who: DemoUser | null, location: string) {
  return ctx.app.inject({ method: 'HEAD', url: location, headers: { ...TUS, ...(await auth(who)) } });
}

const staffMeta = (extra: Record<string, string> = {}) => ({ solicitud_id: demo.id, filename: 'extracto.pdf', filetype: 'application/pdf', ...extra });
const docsOf = (id: string) => ctx.database.db.select().from(documentos).where(eq(documentos.id, id));

describe('staff uploads (/api/uploads)', () => {
  it('creates, resumes from the stored offset and ends as one document with the same bytes', async () => {
    const documentoId = randomUUID();
    const file = pdfOf(700_000);
    const created = await create('admin', file.length, staffMeta({ documento_id: documentoId }));
    expect(created.statusCode).toBe(201);
    expect(created.headers['tus-resumable']).toBe('1.0.0');
    const location = String(created.headers.location);
    expect(location).toMatch(/^\/api\/uploads\/[0-9a-f]{32}$/);

    const first = await patch('admin', location, 0, file.subarray(0, 300_000));
    expect(first.statusCode).toBe(204);
    expect(first.headers['upload-offset']).toBe('300000');
    const probe = await head('admin', location);
    expect(probe.statusCode).toBe(200);
    expect(probe.headers).toMatchObject({ 'upload-offset': '300000', 'upload-length': String(file.length), 'cache-control': 'no-store' });
    expect(await docsOf(documentoId)).toHaveLength(0);

    const rest = await patch('admin', location, 300_000, file.subarray(300_000));
    expect(rest.statusCode).toBe(204);
    expect(rest.headers['upload-offset']).toBe(String(file.length));
    const [doc] = await docsOf(documentoId);
    expect(doc).toMatchObject({ solicitudId: demo.id, nombre: 'extracto.pdf', mime: 'application/pdf', fileSize: file.length });
    const served = await ctx.app.inject({ method: 'GET', url: `/api/documentos/${documentoId}`, headers: await auth('admin') });
    expect(Buffer.compare(served.rawPayload, file)).toBe(0);
    // The bytes moved to the document: no chunk is kept, the finished upload still answers HEAD.
    const id = location.split('/').pop()!;
    expect(await storedBytes(ctx.database.db, id)).toBe(0);
    expect((await head('admin', location)).headers['upload-offset']).toBe(String(file.length));
  });

  it('stores a large upload byte-identical, its chunks copied into the document inside the database', async () => {
    const def = await ctx.app.inject({
      method: 'POST',
      url: '/api/json/definitions/solicitud/detalle_credito',
      headers: await auth('admin'),
      payload: { definitions: [{ key: 'soportes_grandes', type: 'file', list_values: { file_config: { allowed_types: ['pdf'], max_size_mb: 30 } } }] },
    });
    expect(def.statusCode, def.body).toBeLessThan(300);
    const documentoId = randomUUID();
    const file = pdfOf(12 * 1024 * 1024 + 12_345);
    const created = await create('admin', file.length, staffMeta({ documento_id: documentoId, campo: 'solicitud.soportes_grandes' }));
    expect(created.statusCode, created.body).toBe(201);
    const location = String(created.headers.location);
    const step = 3 * 1024 * 1024;
    const last = 12_345;
    for (let at = 0; at < file.length - last; at += step) {
      const res = await patch('admin', location, at, file.subarray(at, Math.min(at + step, file.length - last)));
      expect(res.statusCode, res.body).toBe(204);
    }
    const id = location.split('/').pop()!;
    const chunks = await ctx.database.db
      .select({ offset: tusUploadChunks.chunkOffset, data: tusUploadChunks.data })
      .from(tusUploadChunks)
      .where(eq(tusUploadChunks.uploadId, id))
      .orderBy(tusUploadChunks.chunkOffset);
    expect(await docsOf(documentoId)).toHaveLength(0);
    const end = await patch('admin', location, file.length - last, file.subarray(file.length - last));
    expect(end.statusCode, end.body).toBe(204);

    const [doc] = await docsOf(documentoId);
    expect(doc).toMatchObject({ mime: 'application/pdf', fileSize: file.length });
    const parts = await readContent(ctx.database.db, documentoId);
    expect(Buffer.compare(Buffer.concat(parts), file)).toBe(0);
    // The document's parts are the upload's stored chunks as they were (copied inside the
    // database), not pieces cut from the whole file read back into this process.
    expect(parts.map((p) => p.length)).toEqual([...chunks.map((c) => c.data.length), last]);
    expect(await storedBytes(ctx.database.db, id)).toBe(0);
    const served = await ctx.app.inject({ method: 'GET', url: `/api/documentos/${documentoId}`, headers: await auth('admin') });
    expect(served.statusCode).toBe(200);
    expect(createHash('sha256').update(served.rawPayload).digest('hex')).toBe(createHash('sha256').update(file).digest('hex'));
  });

  it('makes one document per documento_id however many uploads carry it', async () => {
    const documentoId = randomUUID();
    const file = pdfOf(2000);
    for (let i = 0; i < 2; i++) {
      const created = await create('admin', file.length, staffMeta({ documento_id: documentoId }));
      expect((await patch('admin', String(created.headers.location), 0, file)).statusCode).toBe(204);
    }
    expect(await docsOf(documentoId)).toHaveLength(1);
  });

  it('refuses a file whose content is not an accepted type, and keeps nothing of it', async () => {
    const documentoId = randomUUID();
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00'), randomBytes(2000)]);
    const created = await create('admin', exe.length, staffMeta({ documento_id: documentoId, filename: 'cedula.pdf' }));
    const res = await patch('admin', String(created.headers.location), 0, exe);
    expect(res.statusCode).toBe(415);
    expect(JSON.parse(res.body)).toMatchObject({ ok: false, code: 'UNSUPPORTED_TYPE', error: expect.stringContaining('Tipo de archivo no permitido') });
    expect(await docsOf(documentoId)).toHaveLength(0);
    const id = String(created.headers.location).split('/').pop()!;
    expect(await ctx.database.db.select().from(tusUploads).where(eq(tusUploads.id, id))).toHaveLength(0);
  });

  it('refuses at creation what can never pass: bad metadata, type, size, target', async () => {
    expect((await create('admin', 10, { filename: 'a.pdf' })).json()).toMatchObject({ ok: false, code: 'VALIDATION', fields: { solicitud_id: 'ID de la solicitud no encontrado' } });
    expect((await create('admin', 10, staffMeta({ filename: 'macro.exe' }))).statusCode).toBe(415);
    expect((await create('admin', 5 * 1024 * 1024 + 1, staffMeta())).json()).toMatchObject({ code: 'TOO_LARGE' });
    expect((await create('admin', 0, staffMeta())).json()).toMatchObject({ code: 'VALIDATION', error: 'El archivo extracto.pdf está vacío.' });
    expect((await create('admin', 10, staffMeta({ documento_id: 'nope' }))).json()).toMatchObject({ code: 'VALIDATION' });
    const noLength = await ctx.app.inject({ method: 'POST', url: '/api/uploads', headers: { ...TUS, ...(await auth('admin')), 'upload-metadata': metadata(staffMeta()) } });
    expect(noLength.statusCode).toBe(400);
    const noTus = await ctx.app.inject({ method: 'POST', url: '/api/uploads', headers: { ...(await auth('admin')), 'upload-length': '10', 'upload-metadata': metadata(staffMeta()) } });
    expect(noTus.statusCode).toBe(412);
    expect(noTus.json()).toMatchObject({ ok: false, code: 'VALIDATION' });
    expect(await ctx.database.db.select().from(tusUploads).where(eq(tusUploads.solicitudId, otra.id))).toHaveLength(0);
  });

  it("applies the one file policy: the field's file_config with `campo`, the attachments' without, content by structure", async () => {
    // A file field the company configures: spreadsheets and PDFs up to 1 MB.
    const def = await ctx.app.inject({
      method: 'POST',
      url: '/api/json/definitions/solicitud/detalle_credito',
      headers: await auth('admin'),
      payload: { definitions: [{ key: 'extractos_tus', type: 'file', list_values: { file_config: { allowed_types: ['pdf', 'xlsx'], max_size_mb: 1 } } }] },
    });
    expect(def.statusCode, def.body).toBeLessThan(300);
    const sheet = xlsx();
    const xlsxMeta = (extra: Record<string, string>) => staffMeta({ filename: 'extracto.xlsx', filetype: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ...extra });

    // Without `campo` the attachments' defaults apply: no spreadsheets, refused before any byte.
    const plain = await create('admin', sheet.length, xlsxMeta({}));
    expect(plain.statusCode).toBe(415);
    expect(plain.json().error).toBe('Tipo de archivo no permitido: extracto.xlsx. Solo se aceptan PDF, JPG, JPEG, PNG, DOC y DOCX.');
    // The field's limit (1 MB), not the attachments' 5 MB.
    expect((await create('admin', 1024 * 1024 + 1, staffMeta({ campo: 'solicitud.extractos_tus' }))).json()).toMatchObject({
      code: 'TOO_LARGE',
      error: 'El archivo extracto.pdf supera el tamaño máximo de 1 MB',
    });
    // An unknown field names itself.
    expect((await create('admin', 10, staffMeta({ campo: 'solicitud.no_existe' }))).json()).toMatchObject({
      code: 'VALIDATION',
      error: 'No se encontró la definición del campo no_existe en el esquema',
    });

    // With the field, a real xlsx becomes a document of that type.
    const documentoId = randomUUID();
    const ok = await create('admin', sheet.length, xlsxMeta({ campo: 'solicitud.extractos_tus', documento_id: documentoId }));
    expect(ok.statusCode, ok.body).toBe(201);
    expect((await patch('admin', String(ok.headers.location), 0, sheet)).statusCode).toBe(204);
    expect(await docsOf(documentoId)).toMatchObject([{ nombre: 'extracto.xlsx', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }]);

    // A ZIP holding only an executable, named .xlsx, is refused once its bytes are in.
    const fakeId = randomUUID();
    const fake = zipWithExe();
    const created = await create('admin', fake.length, xlsxMeta({ campo: 'solicitud.extractos_tus', documento_id: fakeId }));
    expect(created.statusCode).toBe(201);
    const res = await patch('admin', String(created.headers.location), 0, fake);
    expect(res.statusCode).toBe(415);
    expect(await docsOf(fakeId)).toHaveLength(0);
  });

  it('applies auth, roles and tenancy like /api/documentos', async () => {
    expect((await create(null, 10, staffMeta())).statusCode).toBe(401);
    expect((await create('user', 10, staffMeta())).statusCode).toBe(403);
    // Another company's application is unknown, and an empresa_id other than the token's is refused.
    expect((await create('admin', 10, { ...staffMeta(), solicitud_id: otra.id })).statusCode).toBe(404);
    expect((await create('otraAdmin', 10, staffMeta())).statusCode).toBe(404);
    const claimed = await ctx.app.inject({
      method: 'POST',
      url: `/api/uploads?empresa_id=${ctx.seeded.otra.id}`,
      headers: { ...TUS, ...(await auth('admin')), 'upload-length': '10', 'upload-metadata': metadata(staffMeta()) },
    });
    expect(claimed.statusCode).toBe(403);
    expect(await ctx.database.db.select().from(tusUploads).where(eq(tusUploads.solicitudId, otra.id))).toHaveLength(0);
  });

  it("reaches an upload only as the user who started it, never through the public path", async () => {
    const file = pdfOf(1000);
    const created = await create('admin', file.length, staffMeta());
    const location = String(created.headers.location);
    const id = location.split('/').pop()!;
    for (const who of ['supervisor', 'otraAdmin'] as const) {
      expect((await head(who, location)).statusCode).toBe(404);
      expect((await patch(who, location, 0, file)).statusCode).toBe(404);
      const del = await ctx.app.inject({ method: 'DELETE', url: location, headers: { ...TUS, ...(await auth(who)) } });
      expect(del.statusCode).toBe(404);
    }
    expect((await head(null, `/api/seguimiento/uploads/${id}`)).statusCode).toBe(404);
    expect((await patch(null, `/api/seguimiento/uploads/${id}`, 0, file)).statusCode).toBe(404);
    expect(await storedBytes(ctx.database.db, id)).toBe(0);
    // Termination by its owner removes it.
    const del = await ctx.app.inject({ method: 'DELETE', url: location, headers: { ...TUS, ...(await auth('admin')) } });
    expect(del.statusCode).toBe(204);
    expect((await head('admin', location)).statusCode).toBe(404);
  });

  it('answers an offset that is not the stored one with 409 and a Spanish message, storing nothing', async () => {
    const file = pdfOf(1000);
    const location = String((await create('admin', file.length, staffMeta())).headers.location);
    const res = await patch('admin', location, 10, file.subarray(10));
    expect(res.statusCode).toBe(409);
    expect(JSON.parse(res.body)).toMatchObject({ ok: false, code: 'CONFLICT' });
    expect((await head('admin', location)).headers['upload-offset']).toBe('0');
    const wrongType = await ctx.app.inject({
      method: 'PATCH',
      url: location,
      headers: { ...TUS, ...(await auth('admin')), 'upload-offset': '0', 'content-type': 'application/json' },
      payload: JSON.stringify({ a: 1 }),
    });
    expect(wrongType.statusCode).toBe(415);
  });

  it('finishes on HEAD an upload whose last byte arrived but whose document was not made yet', async () => {
    const documentoId = randomUUID();
    const file = pdfOf(5000);
    const location = String((await create('admin', file.length, staffMeta({ documento_id: documentoId }))).headers.location);
    const id = location.split('/').pop()!;
    // As after a PATCH whose finishing step failed (the database went away): all bytes, no document.
    await ctx.database.db.insert(tusUploadChunks).values({ uploadId: id, chunkOffset: 0, data: file });
    await ctx.database.db.update(tusUploads).set({ uploadOffset: file.length }).where(eq(tusUploads.id, id));
    expect(await docsOf(documentoId)).toHaveLength(0);
    const res = await head('admin', location);
    expect(res.statusCode).toBe(200);
    expect(res.headers['upload-offset']).toBe(String(file.length));
    expect(await docsOf(documentoId)).toHaveLength(1);
  });

  it('resumes over a real connection cut mid-body from the bytes the server stored', async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const token = await loginAs(ctx.app, 'admin');
    const documentoId = randomUUID();
    const file = pdfOf(1_200_000);
    const location = String((await create('admin', file.length, staffMeta({ documento_id: documentoId }))).headers.location);
    const cut = 700_000;
    // A raw PATCH announcing the whole file, of which only `cut` bytes are sent before the socket dies.
    await new Promise<void>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `PATCH ${location} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nTus-Resumable: 1.0.0\r\n` +
            `Upload-Offset: 0\r\nContent-Type: application/offset+octet-stream\r\nContent-Length: ${file.length}\r\n\r\n`,
        );
        socket.write(file.subarray(0, cut), () => setTimeout(() => socket.destroy(), 200));
      });
      socket.on('close', () => resolve());
      socket.on('error', reject);
    });
    let offset = 0;
    for (let i = 0; i < 100 && offset < cut; i++) {
      offset = Number((await head('admin', location)).headers['upload-offset']);
      if (offset < cut) await new Promise((r) => setTimeout(r, 100));
    }
    expect(offset).toBe(cut);
    const id = location.split('/').pop()!;
    expect(await storedBytes(ctx.database.db, id)).toBe(cut);
    const rest = await patch('admin', location, cut, file.subarray(cut));
    expect(rest.statusCode).toBe(204);
    // Stored in 1 MiB parts (server/src/lib/file-store.ts), the same bytes in order.
    expect(Buffer.compare(Buffer.concat(await readContent(ctx.database.db, documentoId)), file)).toBe(0);
  });

  it('expires unfinished uploads: 410 on resume after the expiry, deleted by the cleanup', async () => {
    const file = pdfOf(1000);
    const location = String((await create('admin', file.length, staffMeta())).headers.location);
    const id = location.split('/').pop()!;
    await patch('admin', location, 0, file.subarray(0, 400));
    const old = new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString();
    await ctx.database.db.update(tusUploads).set({ createdAt: old }).where(eq(tusUploads.id, id));
    const res = await head('admin', location);
    expect(res.statusCode).toBe(410);
    const removed = await new PgUploadStore(ctx.database.db).deleteExpired();
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(await ctx.database.db.select().from(tusUploads).where(eq(tusUploads.id, id))).toHaveLength(0);
    expect(await storedBytes(ctx.database.db, id)).toBe(0);
  });
});

describe('public uploads (/api/seguimiento/uploads)', () => {
  const publicMeta = (extra: Record<string, string> = {}) => ({ radicado: demo.radicado!, filename: 'soporte.pdf', filetype: 'application/pdf', ...extra });

  it('turns a finished upload into a document of the filing, shown on the tracking page', async () => {
    const documentoId = randomUUID();
    const file = pdfOf(3000);
    const created = await create(null, file.length, publicMeta({ documento_id: documentoId }), '/api/seguimiento/uploads');
    expect(created.statusCode).toBe(201);
    const location = String(created.headers.location);
    expect(location).toMatch(/^\/api\/seguimiento\/uploads\/[0-9a-f]{32}$/);
    expect((await patch(null, location, 0, file)).statusCode).toBe(204);
    const [doc] = await docsOf(documentoId);
    expect(doc).toMatchObject({ solicitudId: demo.id, fileSize: file.length });
    expect(doc.etapaId).not.toBeNull();
    const tracking = await ctx.app.inject({ method: 'GET', url: `/api/seguimiento/radicado/${demo.radicado}` });
    const files = (tracking.json().data.etapas as Array<{ archivos: Array<{ id: string }> }>).flatMap((e) => e.archivos);
    expect(files.map((f) => f.id)).toContain(documentoId);
    // A public upload is not reachable through the staff path, even by the filing's company.
    expect((await head('admin', location.replace('/api/seguimiento/uploads', '/api/uploads'))).statusCode).toBe(404);
  });

  it('answers the unknown radicado 404 and keeps nothing', async () => {
    const res = await create(null, 100, publicMeta({ radicado: 'RAD-ZZZZZZZZ' }), '/api/seguimiento/uploads');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ ok: false, code: 'NOT_FOUND', error: 'No se encontró el radicado' });
  });

  it('answers over-long metadata in Spanish, naming the field (public and staff)', async () => {
    const refusal = async (res: Awaited<ReturnType<typeof create>>, field: string, error: string) => {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ ok: false, code: 'VALIDATION', error, fields: { [field]: error } });
      expect(res.body).not.toMatch(/Invalid|Expected|received/);
    };
    const pub = (extra: Record<string, string>) => create(null, 100, publicMeta(extra), '/api/seguimiento/uploads');
    await refusal(await pub({ filename: `${'a'.repeat(260)}.pdf` }), 'filename', 'El nombre del archivo no puede tener más de 255 caracteres.');
    await refusal(await pub({ filetype: `application/${'x'.repeat(200)}` }), 'filetype', 'El tipo de archivo no puede tener más de 200 caracteres.');
    await refusal(await pub({ radicado: `RAD-${'A'.repeat(40)}` }), 'radicado', 'El radicado no puede tener más de 40 caracteres.');
    await refusal(await create('admin', 100, staffMeta({ campo: `solicitudes.${'c'.repeat(120)}` })), 'campo', 'El campo del archivo no puede tener más de 120 caracteres.');
  });

  const MB = 1024 * 1024;
  const filings = (offset: number, limit: number) =>
    ctx.database.db
      .select()
      .from(solicitudes)
      .where(and(eq(solicitudes.empresaId, ctx.seeded.demo.id), isNull(solicitudes.deletedAt), notInArray(solicitudes.estado, [...ESTADOS_CERRADOS])))
      .orderBy(solicitudes.id)
      .offset(offset)
      .limit(limit);
  const upTo = (sol: typeof demo, size: number, extra: Record<string, string> = {}) =>
    create(null, size, { radicado: sol.radicado!, filename: 'hoja.pdf', ...extra }, '/api/seguimiento/uploads');

  it("does not let declared-but-empty uploads use up a filing's quota: the applicant's real file still goes", async () => {
    const [sol] = await filings(5, 1);
    // Anyone who knows the radicado: 25 creations declaring 5 MB each (125 MB, 25 files), no bytes.
    for (let i = 0; i < 25; i++) expect((await upTo(sol, 5 * MB)).statusCode).toBe(201);
    const documentoId = randomUUID();
    const file = pdfOf(3000);
    const created = await upTo(sol, file.length, { documento_id: documentoId });
    expect(created.statusCode).toBe(201);
    expect((await patch(null, String(created.headers.location), 0, file)).statusCode).toBe(204);
    expect(await docsOf(documentoId)).toMatchObject([{ solicitudId: sol.id, fileSize: file.length }]);
  });

  it('holds a filing to 20 files a day by the documents it holds', async () => {
    const [sol] = await filings(6, 1);
    for (let i = 0; i < PUBLIC_LIMITS.filesPerDay; i++) {
      const file = pdfOf(200);
      const created = await upTo(sol, file.length);
      expect(created.statusCode).toBe(201);
      expect((await patch(null, String(created.headers.location), 0, file)).statusCode).toBe(204);
    }
    const tooMany = await upTo(sol, 10);
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json()).toMatchObject({ ok: false, code: 'RATE_LIMITED', error: `Este radicado ya recibió ${PUBLIC_LIMITS.filesPerDay} archivos hoy. Inténtalo de nuevo mañana.` });
  });

  it('holds a filing to 50 MB a day when PATCHes arrive at once: each holds its length while its body streams in', async () => {
    const db = ctx.database.db;
    const [sol] = await filings(8, 1);
    const [etapa] = await db.select().from(seguimientoEtapas).where(and(eq(seguimientoEtapas.solicitudId, sol.id), eq(seguimientoEtapas.etapa, 'documentos')));
    // 42 MB the filing already holds today: room for one more 5 MB file.
    await db.insert(documentos).values({ id: randomUUID(), empresaId: sol.empresaId, solicitanteId: sol.solicitanteId, solicitudId: sol.id, etapaId: etapa.id, nombre: 'previo.pdf', mime: 'application/pdf', fileSize: 42 * MB });
    const size = 5 * MB;
    const locations: string[] = [];
    for (let i = 0; i < 3; i++) {
      const created = await upTo(sol, size);
      expect(created.statusCode).toBe(201);
      locations.push(String(created.headers.location));
    }
    // One byte short each: the uploads stay unfinished, so only the quota's check stands in the way.
    // Before, every PATCH read the others' stored bytes as zero and all three stored theirs.
    const answers = await Promise.all(locations.map((l) => patch(null, l, 0, pdfOf(size - 1))));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([204, 429, 429]);
    let stored = 0;
    for (const l of locations) stored += await storedBytes(db, l.split('/').pop()!);
    expect(42 * MB + stored).toBeLessThanOrEqual(PUBLIC_LIMITS.bytesPerDay);
  });

  it('holds a filing to 50 MB a day by the bytes it holds and really receives, and an interrupted upload resumes', async () => {
    const db = ctx.database.db;
    const [sol] = await filings(7, 1);
    const [etapa] = await db.select().from(seguimientoEtapas).where(and(eq(seguimientoEtapas.solicitudId, sol.id), eq(seguimientoEtapas.etapa, 'documentos')));
    // 42 MB the filing already holds today (the quota reads the documents' sizes).
    await db.insert(documentos).values({ id: randomUUID(), empresaId: sol.empresaId, solicitanteId: sol.solicitanteId, solicitudId: sol.id, etapaId: etapa.id, nombre: 'previo.pdf', mime: 'application/pdf', fileSize: 42 * MB });
    const over = 'Este radicado ya recibió 50 MB de archivos hoy. Inténtalo de nuevo mañana.';

    const file = pdfOf(5 * MB);
    const documentoId = randomUUID();
    const applicant = String((await upTo(sol, file.length, { documento_id: documentoId })).headers.location);
    const idle = String((await upTo(sol, 5 * MB)).headers.location); // declared, nothing sent yet
    // The applicant's connection drops after 4 MB: 46 MB real.
    expect((await patch(null, applicant, 0, file.subarray(0, 4 * MB))).statusCode).toBe(204);

    const tooBig = await upTo(sol, 5 * MB); // 46 + 5 > 50
    expect(tooBig.statusCode).toBe(429);
    expect(tooBig.json()).toMatchObject({ ok: false, code: 'RATE_LIMITED', error: over });
    expect((await upTo(sol, 3 * MB)).statusCode).toBe(201); // 46 + 3 fits; declared, it reserves nothing

    // An upload whose bytes would pass the day's real bytes stores none of them.
    const refused = await patch(null, idle, 0, pdfOf(5 * MB));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ ok: false, code: 'RATE_LIMITED', error: over });
    expect(await storedBytes(db, idle.split('/').pop()!)).toBe(0);

    // The applicant resumes from the stored offset and the file becomes a document (42 + 5 MB).
    expect(Number((await head(null, applicant)).headers['upload-offset'])).toBe(4 * MB);
    expect((await patch(null, applicant, 4 * MB, file.subarray(4 * MB))).statusCode).toBe(204);
    expect(await docsOf(documentoId)).toMatchObject([{ solicitudId: sol.id, fileSize: file.length }]);
  });
});
