/**
 * POST /api/documentos under the one file policy (issue 29 'One file policy', issue 30's file-type
 * point): several files per request with only solicitante_id (spec 02 §7), the field's file_config
 * (`campo`) deciding types and size, types by content (a ZIP holding an executable named .docx is
 * a 415, here and on the tracking upload), and large files stored and served in parts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { bearer, createTestContext, loginAs, type DemoUser, type TestContext } from './helpers';
import { multipart } from './security-fixtures';
import { documentos, solicitudes } from '../../server/src/db/schema';
import { docx, fakeDocx, JPEG, PDF, PNG, TXT, xlsx, zipWithExe } from '../../src/test-utils/office-files';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ seguimientoRateLimit: 10_000 });
  // A file field the company configures: spreadsheets and PDFs up to 1 MB, several per application.
  const res = await call('admin', 'POST', '/api/json/definitions/solicitud/detalle_credito', {
    definitions: [
      { key: 'extractos', type: 'file', description: 'Extractos bancarios', list_values: { file_config: { allowed_types: ['pdf', 'xlsx'], max_size_mb: 1, multiple: true } } },
      { key: 'notas', type: 'file', description: 'Notas', list_values: { file_config: { allowed_types: ['txt'], max_size_mb: 1, multiple: false } } },
    ],
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
type Sol = typeof solicitudes.$inferSelect;
const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function call(who: DemoUser, method: 'GET' | 'POST', url: string, payload?: unknown) {
  return ctx.app.inject({ method, url, headers: bearer(await loginAs(ctx.app, who)), ...(payload === undefined ? {} : { payload: payload as object }) });
}

type FileSpec = { name: string; data: Buffer; type?: string };
async function upload(who: DemoUser, fields: Record<string, string | string[]>, files: FileSpec[], field = 'file') {
  const flat: Record<string, string> = {};
  const repeated: Array<[string, string]> = [];
  for (const [k, v] of Object.entries(fields)) {
    if (Array.isArray(v)) for (const x of v) repeated.push([k, x]);
    else flat[k] = v;
  }
  // `multipart` takes one value per field name: repeated ids go in as their own parts, in order.
  const mp = multipart(flat, files.map((f) => ({ field, name: f.name, data: f.data, type: f.type ?? 'application/octet-stream' })));
  const extra = repeated.map(([k, v]) => `--${mp.headers['content-type'].split('boundary=')[1]}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join('');
  const payload = Buffer.concat([Buffer.from(extra), mp.payload]);
  return ctx.app.inject({ method: 'POST', url: '/api/documentos', payload, headers: { ...mp.headers, ...bearer(await loginAs(ctx.app, who)) } });
}

const used = new Set<string>();
async function take(filter: (s: Sol) => boolean = () => true): Promise<Sol> {
  const rows = await db().select().from(solicitudes).where(and(eq(solicitudes.empresaId, ctx.seeded.demo.id), isNull(solicitudes.deletedAt)));
  const s = rows.find((r) => !used.has(r.id) && filter(r));
  if (!s) throw new Error('no demo application left');
  used.add(s.id);
  return s;
}

const parts = async (id: string) =>
  Number(((await db().execute(sql`select count(*)::int as n from documento_contenidos where documento_id = ${id}::uuid`)) as unknown as { rows: Array<{ n: number }> }).rows[0].n);

describe('POST /api/documentos', () => {
  it("takes several files with only solicitante_id, attaching them to the applicant's newest application", async () => {
    const s = await take();
    const ids: string[] = [randomUUID(), randomUUID(), randomUUID()];
    const res = await upload('admin', { solicitante_id: s.solicitanteId, id: ids }, [
      { name: 'cedula.pdf', data: PDF, type: 'application/pdf' },
      { name: 'carta.docx', data: docx() },
      { name: 'foto.jpg', data: JPEG, type: 'image/jpeg' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as Array<{ id: string; nombre: string; mime: string }>;
    expect(data.map((d) => d.id)).toEqual(ids);
    expect(data.map((d) => d.mime)).toEqual(['application/pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'image/jpeg']);
    const [newest] = await db()
      .select()
      .from(solicitudes)
      .where(and(eq(solicitudes.solicitanteId, s.solicitanteId), isNull(solicitudes.deletedAt)))
      .orderBy(desc(solicitudes.createdAt))
      .limit(1);
    const stored = await db().select().from(documentos).where(eq(documentos.solicitanteId, s.solicitanteId));
    expect(stored.filter((d) => ids.includes(d.id)).every((d) => d.solicitudId === newest.id)).toBe(true);

    // Served back byte for byte, with the type its bytes prove.
    const back = await call('admin', 'GET', `/api/documentos/${ids[1]}`);
    expect(back.statusCode).toBe(200);
    expect(back.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(back.rawPayload.equals(docx())).toBe(true);

    // The same ids again: nothing stored twice.
    expect((await upload('admin', { solicitante_id: s.solicitanteId, id: ids }, [
      { name: 'cedula.pdf', data: PDF },
      { name: 'carta.docx', data: docx() },
      { name: 'foto.jpg', data: JPEG },
    ])).statusCode).toBe(200);
    expect((await db().select().from(documentos).where(eq(documentos.solicitanteId, s.solicitanteId))).filter((d) => ids.includes(d.id))).toHaveLength(3);
  });

  it("applies the field's file_config (campo): a type the company allows is taken, others are refused", async () => {
    const s = await take();
    const who: DemoUser = 'manager';
    const res = await upload(who, { solicitud_id: s.id, campo: 'solicitud.extractos' }, [{ name: 'extracto.xlsx', data: xlsx() }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ nombre: 'extracto.xlsx', mime: XLSX_MIME });

    // Without the field the attachments' defaults apply: no spreadsheets.
    const plain = await upload(who, { solicitud_id: s.id }, [{ name: 'extracto.xlsx', data: xlsx() }]);
    expect(plain.statusCode).toBe(415);
    expect(plain.json().error).toBe('Tipo de archivo no permitido: extracto.xlsx. Solo se aceptan PDF, JPG, JPEG, PNG, DOC y DOCX.');
    // The field allows pdf and xlsx only, up to 1 MB.
    const png = await upload(who, { solicitud_id: s.id, campo: 'solicitud.extractos' }, [{ name: 'foto.png', data: PNG }]);
    expect(png.statusCode).toBe(415);
    expect(png.json().error).toBe('Tipo de archivo no permitido: foto.png. Solo se aceptan PDF y XLSX.');
    const big = await upload(who, { solicitud_id: s.id, campo: 'solicitud.extractos' }, [{ name: 'grande.pdf', data: Buffer.concat([PDF, Buffer.alloc(1024 * 1024)]) }]);
    expect(big.statusCode).toBe(413);
    expect(big.json().error).toBe('El archivo grande.pdf supera el tamaño máximo de 1 MB');
    // A field that does not exist (or is not a file field) names itself.
    const unknown = await upload(who, { solicitud_id: s.id, campo: 'solicitud.no_existe' }, [{ name: 'a.pdf', data: PDF }]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe('No se encontró la definición del campo no_existe en el esquema');
    // A single-file field takes one file; text by content for a .txt field.
    const notes = await upload(who, { solicitud_id: s.id, campo: 'solicitud.notas' }, [{ name: 'notas.txt', data: TXT }]);
    expect(notes.statusCode, notes.body).toBe(200);
    expect(notes.json().data.mime).toBe('text/plain; charset=utf-8');
    const two = await upload(who, { solicitud_id: s.id, campo: 'solicitud.notas' }, [{ name: 'a.txt', data: TXT }, { name: 'b.txt', data: TXT }]);
    expect(two.statusCode).toBe(400);
    const binary = await upload(who, { solicitud_id: s.id, campo: 'solicitud.notas' }, [{ name: 'notas.txt', data: Buffer.from([1, 2, 3, 0, 4]) }]);
    expect(binary.statusCode).toBe(415);
  });

  it('refuses a ZIP holding only an executable named .docx (and one that only claims to be Word) with 415, storing nothing', async () => {
    const s = await take();
    const before = (await db().select().from(documentos).where(eq(documentos.solicitudId, s.id))).length;
    for (const data of [zipWithExe(), fakeDocx()]) {
      const res = await upload('admin', { solicitud_id: s.id }, [{ name: 'factura.docx', data }]);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ ok: false, code: 'UNSUPPORTED_TYPE' });
    }
    // One bad file in a request refuses the whole request.
    const mixed = await upload('admin', { solicitud_id: s.id }, [{ name: 'cedula.pdf', data: PDF }, { name: 'factura.docx', data: zipWithExe() }]);
    expect(mixed.statusCode).toBe(415);
    expect((await db().select().from(documentos).where(eq(documentos.solicitudId, s.id))).length).toBe(before);

    // The public tracking upload applies the same check.
    const track = await ctx.app.inject({
      method: 'POST',
      url: '/api/seguimiento/actualizar-documentos',
      ...multipart({ id_radicado: s.radicado }, [{ field: 'archivos', name: 'factura.docx', data: zipWithExe(), type: 'application/octet-stream' }]),
    });
    expect(track.statusCode).toBe(415);
    const trackOk = await ctx.app.inject({
      method: 'POST',
      url: '/api/seguimiento/actualizar-documentos',
      ...multipart({ id_radicado: s.radicado }, [{ field: 'archivos', name: 'carta.docx', data: docx(), type: 'application/octet-stream' }]),
    });
    expect(trackOk.statusCode, trackOk.body).toBe(200);
  });

  it('stores a large file in 1 MiB parts and serves it back byte for byte', async () => {
    const s = await take();
    const big = Buffer.concat([PDF, randomBytes(Math.floor(3.5 * 1024 * 1024))]);
    const id = randomUUID();
    const res = await upload('admin', { solicitud_id: s.id, id }, [{ name: 'escrituras.pdf', data: big }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id, file_size: big.length });
    expect(await parts(id)).toBe(4);
    const back = await call('admin', 'GET', `/api/documentos/${id}`);
    expect(back.statusCode).toBe(200);
    expect(back.rawPayload.equals(big)).toBe(true);
  });

  it('needs solicitante_id or solicitud_id of an application the user may see, and one id per file', async () => {
    const s = await take();
    const none = await upload('admin', {}, [{ name: 'a.pdf', data: PDF }]);
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe('ID del solicitante no encontrado');
    const foreign = await upload('otraAdmin', { solicitante_id: s.solicitanteId }, [{ name: 'a.pdf', data: PDF }]);
    expect(foreign.statusCode).toBe(404);
    const mismatch = await upload('admin', { solicitud_id: s.id, solicitante_id: (await take()).solicitanteId }, [{ name: 'a.pdf', data: PDF }]);
    expect(mismatch.statusCode).toBe(400);
    const ids = await upload('admin', { solicitud_id: s.id, id: [randomUUID()] }, [{ name: 'a.pdf', data: PDF }, { name: 'b.pdf', data: PDF }]);
    expect(ids.statusCode).toBe(400);
    expect((await db().select().from(documentos).where(eq(documentos.solicitudId, s.id))).filter((d) => !d.etapaId)).toHaveLength(0);
  });
});
