import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq, ne, notInArray, sql } from 'drizzle-orm';
import { bearer, createTestContext, loginAs, type TestContext } from './helpers';
import { buildApp } from '../../server/src/app';
import { categorias, documentoContenidos, documentos, estadosEmpresa, solicitantes, solicitudes } from '../../server/src/db/schema';
import { ESTADOS_DEFAULT } from '../../src/domain/estados';
import { ESTADOS_CERRADOS } from '../../src/domain/seguimiento';
import { DEMO_CONTACTO, ESTADOS_OTRA } from '../../server/src/db/seed';
import { recibidos } from '../../server/src/modules/seguimiento/service';

let ctx: TestContext;
let radicado: string;
let solicitud: typeof solicitudes.$inferSelect;

beforeAll(async () => {
  ctx = await createTestContext();
  // An open filing: a closed one (Negado, Desistido, Pagado) takes no documents.
  const rows = await ctx.database.db.select().from(solicitudes).where(and(eq(solicitudes.empresaId, ctx.seeded.demo.id), notInArray(solicitudes.estado, [...ESTADOS_CERRADOS]))).limit(1);
  solicitud = rows[0];
  radicado = solicitud.radicado;
});
afterAll(() => ctx.close());

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const NOT_FOUND = { ok: false, code: 'NOT_FOUND', error: 'No se encontró el radicado' };

type Etapa = {
  etapa: string;
  estado: string;
  archivos: Array<{ id: string; nombre: string; estado: string; url: string }>;
  historial: Array<{ estado: string; comentario: string | null; fecha: string }>;
};

const lookup = (n: string, app = ctx.app) => app.inject({ method: 'GET', url: `/api/seguimiento/radicado/${n}?empresa_id=99` });

function upload(files: Array<{ data: Buffer; name: string; uploadId?: string }>, rad = radicado) {
  const fd = new FormData();
  fd.append('id_radicado', rad);
  for (const f of files) {
    if (f.uploadId) fd.append('upload_id', f.uploadId);
    fd.append('archivos', new Blob([new Uint8Array(f.data)], { type: 'application/pdf' }), f.name);
  }
  return ctx.app.inject({ method: 'POST', url: '/api/seguimiento/actualizar-documentos', payload: fd });
}

describe('public lookup', () => {
  it("the demo data's dates are all past, and an application was last updated by its last stage", async () => {
    // Seeded minutes ago: a recent application's stages must not read as updated tomorrow.
    const result = (await ctx.database.db.execute(sql`
      select s.id, s.created_at <= s.updated_at as ordered, s.updated_at <= now() as past,
        s.updated_at = max(e.fecha_actualizacion) as by_last_stage,
        max(e.fecha_actualizacion) <= now() as stages_past,
        bool_and(h.fecha <= now() and h.fecha >= s.created_at) as history_in_range
      from solicitudes s
      join seguimiento_etapas e on e.solicitud_id = s.id
      join seguimiento_historial h on h.etapa_id = e.id
      where s.empresa_id = ${ctx.seeded.demo.id}
      group by s.id`)) as unknown as { rows: Array<Record<string, unknown>> };
    const list = result.rows;
    expect(list.length).toBeGreaterThan(100);
    expect(list.filter((r) => !(r.ordered && r.past && r.by_last_stage && r.stages_past && r.history_in_range))).toEqual([]);
  });

  it('answers the filing with its ordered stages and history, without personal data', async () => {
    const res = await lookup(radicado.toLowerCase());
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ id_radicado: radicado, banco: solicitud.bancoNombre, producto_solicitado: solicitud.tipoCredito, estado_global: solicitud.estado });
    expect(Object.keys(data).sort()).toEqual(['banco', 'empresa', 'estado_global', 'etapas', 'fecha_cambio', 'id_radicado', 'producto_solicitado']);
    // The company: its name and public contact, nothing else.
    expect(data.empresa).toEqual({ nombre: 'Demo Créditos', contacto: DEMO_CONTACTO.demo });
    expect((data.etapas as Etapa[]).map((e) => e.etapa)).toEqual(['documentos', 'banco', 'desembolso']);
    expect((data.etapas as Etapa[])[0].historial[0]).toMatchObject({ estado: 'Pendiente', comentario: 'Etapa iniciada' });

    const [persona] = await ctx.database.db.select().from(solicitantes).where(eq(solicitantes.id, solicitud.solicitanteId));
    for (const secret of [persona.nombres, persona.numeroDocumento, solicitud.id, solicitud.solicitanteId]) {
      expect(res.body).not.toContain(secret);
    }
    const { empresa: _empresa, ...rest } = data as Record<string, unknown>;
    expect(JSON.stringify(rest)).not.toMatch(/empresa|solicitante|celular|correo/i);
  });

  it("names the filing's own company and only the public keys of its 'contacto' category", async () => {
    const db = ctx.database.db;
    const where = and(eq(categorias.empresaId, ctx.seeded.demo.id), eq(categorias.categoria, 'contacto'));
    const [ajena] = await db.select().from(solicitudes).where(eq(solicitudes.empresaId, ctx.seeded.otra.id)).limit(1);
    expect((await lookup(ajena.radicado)).json().data.empresa).toEqual({ nombre: 'Otra Financiera', contacto: DEMO_CONTACTO.otra });

    await db.update(categorias).set({ configuracion: { correo: ' pqr@demo.co ', nit: '900.123.456-7', clave: 'secreta', telefono: 3001234567 } }).where(where);
    const res = await lookup(radicado);
    expect(res.json().data.empresa).toEqual({ nombre: 'Demo Créditos', contacto: { correo: 'pqr@demo.co' } });
    for (const secret of ['900.123.456-7', 'secreta', '3001234567']) expect(res.body).not.toContain(secret);

    await db.update(categorias).set({ activo: false }).where(where);
    expect((await lookup(radicado)).json().data.empresa).toEqual({ nombre: 'Demo Créditos', contacto: null });
    await db.update(categorias).set({ activo: true, configuracion: DEMO_CONTACTO.demo }).where(where);
  });

  it('answers the same 404 for an unknown or malformed radicado', async () => {
    for (const n of ['RAD-ZZZZZZZZ', 'RAD-1', 'hola', "RAD-'%20or%201=1"]) {
      const res = await lookup(n);
      expect(res.statusCode, n).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
  });

  it('finds the filing however the applicant types its number, and the same 404 for anything else', async () => {
    const code = radicado.slice(4);
    for (const typed of [radicado.toLowerCase(), ` RAD ${code} `, `RAD${code}`, code, code.toLowerCase()]) {
      const res = await lookup(encodeURIComponent(typed));
      expect(res.statusCode, typed).toBe(200);
      expect(res.json().data.id_radicado).toBe(radicado);
    }
    for (const typed of [code.slice(1), `${code}X`, `X${radicado}`, `RAD-${code.slice(1)}`]) {
      const res = await lookup(encodeURIComponent(typed));
      expect(res.statusCode, typed).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
  });

  it("answers the status list of the filing's own company, and the same 404 for a miss", async () => {
    const propios = ['Pendiente', 'Radicado en banco', 'Aprobado', 'Negado'];
    await ctx.database.db.update(estadosEmpresa).set({ estados: propios }).where(eq(estadosEmpresa.empresaId, ctx.seeded.demo.id));
    const [ajena] = await ctx.database.db.select().from(solicitudes).where(eq(solicitudes.empresaId, ctx.seeded.otra.id)).limit(1);
    try {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/seguimiento/radicado/${radicado.toLowerCase()}/estados` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true, data: { estados: propios } });
      const otra = await ctx.app.inject({ method: 'GET', url: `/api/seguimiento/radicado/${ajena.radicado}/estados` });
      expect(otra.json().data.estados).toEqual(ESTADOS_OTRA);
      for (const n of ['RAD-ZZZZZZZZ', 'hola']) {
        const miss = await ctx.app.inject({ method: 'GET', url: `/api/seguimiento/radicado/${n}/estados` });
        expect(miss.statusCode, n).toBe(404);
        expect(miss.json()).toEqual(NOT_FOUND);
      }
    } finally {
      await ctx.database.db.update(estadosEmpresa).set({ estados: [...ESTADOS_DEFAULT] }).where(eq(estadosEmpresa.empresaId, ctx.seeded.demo.id));
    }
  });

  it('limits requests per IP with 429', async () => {
    const app = await buildApp({ db: ctx.database.db, jwtSecret: 'x'.repeat(40), seguimientoRateLimit: 3 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) codes.push((await lookup(radicado, app)).statusCode);
      expect(codes).toEqual([200, 200, 200, 429]);
      expect((await lookup(radicado, app)).json()).toMatchObject({ ok: false, code: 'RATE_LIMITED' });
    } finally {
      await app.close();
    }
  });

  it('counts every request that names a filing number in one budget per address: lookup, its HEAD, stages, upload creation, actualizar-documentos', async () => {
    const app = await buildApp({ db: ctx.database.db, jwtSecret: 'x'.repeat(40), seguimientoRateLimit: 5 });
    try {
      const from = (remoteAddress: string) => ({
        lookup: (n: string) => app.inject({ method: 'GET', url: `/api/seguimiento/radicado/${n}`, remoteAddress }),
        head: (n: string) => app.inject({ method: 'HEAD', url: `/api/seguimiento/radicado/${n}`, remoteAddress }),
        estados: (n: string) => app.inject({ method: 'GET', url: `/api/seguimiento/radicado/${n}/estados`, remoteAddress }),
        creation: (n: string) =>
          app.inject({
            method: 'POST',
            url: '/api/seguimiento/uploads',
            remoteAddress,
            headers: {
              'tus-resumable': '1.0.0',
              'upload-length': '10',
              'upload-metadata': `radicado ${Buffer.from(n).toString('base64')},filename ${Buffer.from('a.pdf').toString('base64')},filetype ${Buffer.from('application/pdf').toString('base64')}`,
            },
          }),
        form: (n: string) => {
          const fd = new FormData();
          fd.append('id_radicado', n);
          fd.append('archivos', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'a.pdf');
          return app.inject({ method: 'POST', url: '/api/seguimiento/actualizar-documentos', payload: fd, remoteAddress });
        },
      });
      const guesser = from('10.9.9.9');
      // Before, each route (and each HEAD) had its own 30 a minute: six times the budget.
      const codes = [
        (await guesser.lookup('RAD-ZZZZZZZZ')).statusCode,
        (await guesser.head('RAD-ZZZZZZZY')).statusCode,
        (await guesser.estados('RAD-ZZZZZZZX')).statusCode,
        (await guesser.creation('RAD-ZZZZZZZW')).statusCode,
        (await guesser.form('RAD-ZZZZZZZV')).statusCode,
      ];
      expect(codes).toEqual([404, 404, 404, 404, 404]);
      for (const next of [guesser.lookup, guesser.head, guesser.estados, guesser.creation, guesser.form]) {
        const answer = await next(radicado);
        expect(answer.statusCode).toBe(429);
        expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      }
      // Another address has its own budget.
      expect((await from('10.9.9.8').lookup(radicado)).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('document upload', () => {
  it('refuses a disguised executable, an oversize file and an empty upload', async () => {
    const exe = await upload([{ data: Buffer.concat([Buffer.from('MZ\x90\x00'), Buffer.alloc(200)]), name: 'cedula.pdf' }]);
    expect(exe.statusCode).toBe(415);
    expect(exe.json()).toMatchObject({ code: 'UNSUPPORTED_TYPE', error: 'Tipo de archivo no permitido: cedula.pdf. Solo se aceptan PDF, JPG, JPEG, PNG, DOC y DOCX.' });

    const big = await upload([{ data: Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]), name: 'grande.pdf' }]);
    expect(big.statusCode).toBe(413);
    expect(big.json().error).toBe('El archivo grande.pdf supera el tamaño máximo de 5 MB');

    const fd = new FormData();
    fd.append('id_radicado', radicado);
    const none = await ctx.app.inject({ method: 'POST', url: '/api/seguimiento/actualizar-documentos', payload: fd });
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe('Por favor seleccione al menos un archivo');

    const unknown = await upload([{ data: PDF, name: 'a.pdf' }], 'RAD-ZZZZZZZZ');
    expect(unknown.statusCode).toBe(404);
  });

  it('stores a valid PDF in the documents stage, serves it back, and a retried upload_id stays one document', async () => {
    const seqBefore = solicitud.seq;
    const uploadId = randomUUID();
    const res = await upload([{ data: PDF, name: '../../etc/extracto.pdf', uploadId }]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, data: { subidos: 1 } });
    const again = await upload([{ data: PDF, name: 'extracto.pdf', uploadId }]);
    expect(again.statusCode).toBe(200);

    const rows = await ctx.database.db.select().from(documentos).where(eq(documentos.id, uploadId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ solicitanteId: solicitud.solicitanteId, solicitudId: solicitud.id, nombre: 'extracto.pdf', estado: 'Recibido', mime: 'application/pdf' });
    const [content] = await ctx.database.db.select().from(documentoContenidos).where(eq(documentoContenidos.documentoId, uploadId));
    expect(Buffer.from(content.data as Uint8Array).equals(PDF)).toBe(true);
    const [after] = await ctx.database.db.select().from(solicitudes).where(eq(solicitudes.id, solicitud.id));
    expect(after.seq).toBeGreaterThan(seqBefore);

    const etapas = (await lookup(radicado)).json().data.etapas as Etapa[];
    const docs = etapas.find((e) => e.etapa === 'documentos')!;
    expect(docs.archivos.filter((a) => a.id === uploadId)).toHaveLength(1);
    expect(docs.historial.filter((h) => h.comentario === 'Documento recibido: extracto.pdf')).toHaveLength(1);
    expect(recibidos(['cedula.pdf', 'extracto.pdf'])).toBe('Documentos recibidos (2): cedula.pdf, extracto.pdf');

    const file = await ctx.app.inject({ method: 'GET', url: docs.archivos[0].url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toContain(`attachment; filename="extracto.pdf"`);
    expect(file.rawPayload.equals(PDF)).toBe(true);

    const [other] = await ctx.database.db.select().from(solicitudes).where(and(eq(solicitudes.empresaId, ctx.seeded.demo.id), ne(solicitudes.id, solicitud.id))).limit(1);
    const wrong = await ctx.app.inject({ method: 'GET', url: `/api/seguimiento/archivo/${uploadId}?radicado=${other.radicado}` });
    expect(wrong.statusCode).toBe(404);
  });
});

describe('a closed filing', () => {
  it('takes no documents, by form or resumable upload, and says why; its page still answers', async () => {
    const [cerrada] = await ctx.database.db
      .select()
      .from(solicitudes)
      .where(and(eq(solicitudes.empresaId, ctx.seeded.demo.id), eq(solicitudes.estado, 'Negado')))
      .limit(1);
    const message = 'Esta solicitud está cerrada (Negado): ya no recibe documentos. Si necesitas enviar algo, comunícate con la entidad que la atiende.';
    const form = await upload([{ data: PDF, name: 'tarde.pdf' }], cerrada.radicado!);
    expect(form.statusCode).toBe(400);
    expect(form.json()).toMatchObject({ ok: false, code: 'VALIDATION', error: message });
    const tus = await ctx.app.inject({
      method: 'POST',
      url: '/api/seguimiento/uploads',
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': String(PDF.length),
        'upload-metadata': `radicado ${Buffer.from(cerrada.radicado!).toString('base64')},filename ${Buffer.from('tarde.pdf').toString('base64')}`,
      },
    });
    expect(tus.statusCode).toBe(400);
    expect(tus.json().error).toBe(message);
    const docs = await ctx.database.db.select().from(documentos).where(and(eq(documentos.solicitudId, cerrada.id), eq(documentos.nombre, 'tarde.pdf')));
    expect(docs).toHaveLength(0);
    expect((await lookup(cerrada.radicado!)).statusCode).toBe(200);
  });
});

describe('stage status change', () => {
  const body = () => ({ id_radicado: radicado, etapas: [{ etapa: 'banco', estado: 'Aprobado', comentarios: 'Aprobado por el comité' }] });

  it('needs a token with change_status of the same company', async () => {
    const url = '/api/seguimiento/actualizar-estado';
    expect((await ctx.app.inject({ method: 'POST', url, payload: body() })).statusCode).toBe(401);
    const asesor = await ctx.app.inject({ method: 'POST', url, payload: body(), headers: bearer(await loginAs(ctx.app, 'asesor')) });
    expect(asesor.statusCode).toBe(403);
    const otra = await ctx.app.inject({ method: 'POST', url, payload: body(), headers: bearer(await loginAs(ctx.app, 'otraAdmin')) });
    expect(otra.statusCode).toBe(404);
    expect(otra.json()).toEqual(NOT_FOUND);

    const admin = await ctx.app.inject({ method: 'POST', url, payload: body(), headers: bearer(await loginAs(ctx.app, 'admin')) });
    expect(admin.statusCode).toBe(200);
    expect(admin.json()).toEqual({ ok: true });
    const banco = ((await lookup(radicado)).json().data.etapas as Etapa[]).find((e) => e.etapa === 'banco')!;
    expect(banco).toMatchObject({ estado: 'Aprobado', comentarios: 'Aprobado por el comité' });
    expect(banco.historial.at(-1)).toMatchObject({ estado: 'Aprobado', comentario: 'Aprobado por el comité' });
  });

  it('follows the rule of PATCH /etapas: only admin and supervisor, a status of the company, all stages or none', async () => {
    const url = '/api/seguimiento/actualizar-estado';
    const stage = async () => ((await lookup(radicado)).json().data.etapas as Etapa[]).find((e) => e.etapa === 'banco')!;
    const before = await stage();
    const change = { id_radicado: radicado, etapas: [{ etapa: 'banco', estado: 'Rechazado', comentarios: 'Decidido por el banco' }] };
    for (const role of ['banco', 'manager'] as const) {
      const res = await ctx.app.inject({ method: 'POST', url, payload: change, headers: bearer(await loginAs(ctx.app, role)) });
      expect(res.statusCode, role).toBe(403);
    }
    const admin = bearer(await loginAs(ctx.app, 'admin'));
    const unknownStatus = await ctx.app.inject({
      method: 'POST',
      url,
      headers: admin,
      payload: { id_radicado: radicado, etapas: [{ etapa: 'banco', estado: 'Regalado' }] },
    });
    expect(unknownStatus.statusCode).toBe(400);
    expect(unknownStatus.json().error).toBe('El estado "Regalado" no está permitido para esta empresa.');
    const oneBadStage = await ctx.app.inject({
      method: 'POST',
      url,
      headers: admin,
      payload: { id_radicado: radicado, etapas: [{ etapa: 'banco', estado: 'Rechazado' }, { etapa: 'inventada', estado: 'Aprobado' }] },
    });
    expect(oneBadStage.statusCode).toBe(400);
    expect(await stage()).toEqual(before);
  });

  it('names what is wrong with a stage change in words, field by field', async () => {
    const admin = bearer(await loginAs(ctx.app, 'admin'));
    const send = (etapa: Record<string, unknown>) =>
      ctx.app.inject({ method: 'POST', url: '/api/seguimiento/actualizar-estado', headers: admin, payload: { id_radicado: radicado, etapas: [etapa] } });
    const long = await send({ etapa: 'banco', estado: 'Aprobado', comentarios: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ error: 'Datos inválidos: Los comentarios no pueden tener más de 2000 caracteres.' });
    const blank = await send({ etapa: ' ', estado: 'Aprobado' });
    expect(blank.json()).toMatchObject({ error: 'Datos inválidos: El nombre de la etapa es obligatorio' });
  });
});
