/**
 * Every filing is tracked (issue 29): the stages exist from creation (REST and sync), follow the
 * application's status, can be set by admin and supervisor (REST and the `etapa.actualizar`
 * mutation, with roles, tenancy and conflicts enforced by the server), and the migration gives
 * filings made before their stages with the same mapping as the code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { bearer, createTestContext, loginAs, type DemoUser, type TestContext } from './helpers';
import { freshRecordBody, multipart, PDF } from './security-fixtures';
import { auditoria, seguimientoEtapas, seguimientoHistorial, solicitudes } from '../../server/src/db/schema';
import { MIGRATIONS_FOLDER } from '../../server/src/db/client';
import { argsFromSpecBody } from '../../server/src/modules/formulario/routes';
import { ETAPAS, STAGE_FLOWS } from '../../src/domain/seguimiento';
import { ESTADOS_DEFAULT } from '../../src/domain/estados';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ seguimientoRateLimit: 10_000 });
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
type Sol = typeof solicitudes.$inferSelect;

async function call(who: DemoUser, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) {
  return ctx.app.inject({ method, url, headers: bearer(await loginAs(ctx.app, who)), ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function push(who: DemoUser, name: string, args: unknown) {
  const res = await call(who, 'POST', '/api/sync/push', { clientId: randomUUID(), mutations: [{ id: 1, name, args, at: new Date().toISOString() }] });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.results[0] as { status: string; code?: string; error?: string; conflict?: unknown };
}

const used = new Set<string>();
async function take(filter: (s: Sol) => boolean = () => true, empresaId = ctx.seeded.demo.id): Promise<Sol> {
  const rows = await db().select().from(solicitudes).where(and(eq(solicitudes.empresaId, empresaId), isNull(solicitudes.deletedAt)));
  const s = rows.find((r) => !used.has(r.id) && filter(r));
  if (!s) throw new Error('no demo application left for this filter');
  used.add(s.id);
  return s;
}

async function stages(solicitudId: string) {
  return db().select().from(seguimientoEtapas).where(eq(seguimientoEtapas.solicitudId, solicitudId)).orderBy(asc(seguimientoEtapas.orden));
}
const statuses = async (solicitudId: string) => Object.fromEntries((await stages(solicitudId)).map((e) => [e.etapa, e.estado]));

async function lookup(radicado: string) {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/seguimiento/radicado/${radicado}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { etapas: Array<{ etapa: string; estado: string; comentarios: string | null; historial: Array<{ estado: string; comentario: string | null }> }> };
}

async function uploadTo(radicado: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/seguimiento/actualizar-documentos',
    ...multipart({ id_radicado: radicado }, [{ field: 'archivos', name: 'cedula.pdf', data: PDF }]),
  });
}

async function radicadoOf(id: string) {
  const [s] = await db().select().from(solicitudes).where(eq(solicitudes.id, id));
  return s.radicado;
}

describe('a new filing is tracked at once', () => {
  it('crear-registro-completo: three stages with their first history row; the applicant can upload', async () => {
    const res = await call('asesor', 'POST', '/api/solicitantes/crear-registro-completo', freshRecordBody());
    expect(res.statusCode, res.body).toBe(200);
    const { radicado, solicitud_id } = res.json().data as { radicado: string; solicitud_id: string };
    const view = await lookup(radicado);
    expect(view.etapas.map((e) => [e.etapa, e.estado])).toEqual([
      ['documentos', 'Pendiente'],
      ['banco', 'Pendiente'],
      ['desembolso', 'Pendiente'],
    ]);
    for (const e of view.etapas) expect(e.historial).toEqual([expect.objectContaining({ estado: 'Pendiente', comentario: 'Etapa iniciada' })]);
    const up = await uploadTo(radicado);
    expect(up.statusCode, up.body).toBe(200);
    expect((await lookup(radicado)).etapas[0]).toMatchObject({ etapa: 'documentos' });
    expect((await stages(solicitud_id))).toHaveLength(3);
  });

  it('solicitud.crear through sync: the same stages', async () => {
    const args = argsFromSpecBody(freshRecordBody());
    expect(await push('asesor', 'solicitud.crear', args)).toMatchObject({ status: 'applied' });
    expect(await statuses(args.solicitudId)).toEqual({ documentos: 'Pendiente', banco: 'Pendiente', desembolso: 'Pendiente' });
    expect((await uploadTo(await radicadoOf(args.solicitudId))).statusCode).toBe(200);
  });

  it('a retried creation does not make a second set of stages', async () => {
    const body = freshRecordBody();
    expect((await call('asesor', 'POST', '/api/solicitantes/crear-registro-completo', body)).statusCode).toBe(200);
    expect((await call('asesor', 'POST', '/api/solicitantes/crear-registro-completo', body)).statusCode).toBe(200);
    expect(await stages(body.solicitudes[0].id)).toHaveLength(3);
  });
});

describe('stages follow the application status', () => {
  it('moves each stage as the mapping says, with a history row, over REST and sync', async () => {
    const s = await take((r) => r.estado === 'Pendiente');
    expect((await call('supervisor', 'PATCH', '/api/solicitudes/actualizar-estado', { id: s.id, estado: 'Aprobado' })).statusCode).toBe(200);
    expect(await statuses(s.id)).toEqual({ documentos: 'Aprobado', banco: 'Aprobado', desembolso: 'Pendiente' });
    const view = await lookup(s.radicado);
    expect(view.etapas[1].historial.at(-1)).toMatchObject({ estado: 'Aprobado', comentario: 'Estado de la solicitud: Aprobado' });

    // The field's one-statement path (a base equal to the stored status) moves them too.
    expect(await push('supervisor', 'solicitud.cambiarEstado', { solicitudId: s.id, estado: 'Desembolsado', base: { estado: 'Aprobado' } })).toMatchObject({ status: 'applied' });
    expect(await statuses(s.id)).toEqual({ documentos: 'Aprobado', banco: 'Aprobado', desembolso: 'Desembolsado' });
    // A stage that did not move gets no new history row.
    const docs = (await lookup(s.radicado)).etapas[0].historial;
    expect(docs.filter((h) => h.comentario?.startsWith('Estado de la solicitud'))).toHaveLength(1);
  });

  it("clears a moved stage's comment, written for its old status; it stays in the history", async () => {
    const s = await take((r) => r.estado === 'Pendiente');
    const falta = 'Falta el extracto bancario de los últimos 3 meses.';
    const set = await call('supervisor', 'PATCH', `/api/solicitudes/${s.id}/etapas/documentos`, { estado: 'Pendiente información adicional', comentarios: falta });
    expect(set.statusCode, set.body).toBe(200);
    expect((await call('supervisor', 'PATCH', '/api/solicitudes/actualizar-estado', { id: s.id, estado: 'Aprobado' })).statusCode).toBe(200);
    const [documentos] = (await lookup(s.radicado)).etapas;
    expect(documentos).toMatchObject({ etapa: 'documentos', estado: 'Aprobado', comentarios: null });
    expect(documentos.historial.map((h) => h.comentario)).toEqual(expect.arrayContaining([falta, 'Estado de la solicitud: Aprobado']));
  });

  it('a company status the mapping does not know leaves the stages as they are', async () => {
    const s = await take((r) => r.estado === 'En estudio', ctx.seeded.otra.id);
    const before = await statuses(s.id);
    expect((await call('otraAdmin', 'PATCH', '/api/solicitudes/actualizar-estado', { id: s.id, estado: 'Radicado en banco' })).statusCode).toBe(200);
    expect(await statuses(s.id)).toEqual(before);
  });
});

describe('staff set a stage', () => {
  it('admin and supervisor set status and comments over REST: history, audit, seq', async () => {
    const s = await take((r) => r.estado === 'Pendiente');
    const [before] = await db().select().from(solicitudes).where(eq(solicitudes.id, s.id));
    const res = await call('admin', 'PATCH', `/api/solicitudes/${s.id}/etapas/banco`, { estado: 'En estudio', comentarios: 'Enviado al banco' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ etapa: 'banco', estado: 'En estudio', comentarios: 'Enviado al banco', changed: true });
    const banco = (await lookup(s.radicado)).etapas.find((e) => e.etapa === 'banco')!;
    expect(banco).toMatchObject({ estado: 'En estudio', comentarios: 'Enviado al banco' });
    expect(banco.historial.at(-1)).toMatchObject({ estado: 'En estudio', comentario: 'Enviado al banco' });
    const [after] = await db().select().from(solicitudes).where(eq(solicitudes.id, s.id));
    expect(after.seq).toBeGreaterThan(before.seq);
    const etapaId = (await stages(s.id)).find((e) => e.etapa === 'banco')!.id;
    const audits = await db().select().from(auditoria).where(and(eq(auditoria.entidad, 'seguimiento_etapa'), eq(auditoria.entidadId, String(etapaId))));
    expect(audits.at(-1)!.cambios).toMatchObject({ estado: { new: 'En estudio' }, comentarios: { old: null, new: 'Enviado al banco' } });

    // The same values again change nothing.
    const again = await call('supervisor', 'PATCH', `/api/solicitudes/${s.id}/etapas/banco`, { estado: 'en estudio', comentarios: 'Enviado al banco' });
    expect(again.json().data.changed).toBe(false);
  });

  it('refuses other roles, other companies, unknown stages and statuses, changing nothing', async () => {
    const s = await take((r) => r.bancoNombre === 'Bancolombia');
    const url = `/api/solicitudes/${s.id}/etapas/desembolso`;
    const body = { estado: 'Desembolsado' };
    for (const who of ['manager', 'asesor', 'banco', 'user'] as const) expect((await call(who, 'PATCH', url, body)).statusCode, who).toBe(403);
    expect((await call('otraAdmin', 'PATCH', url, body)).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'PATCH', url, payload: body })).statusCode).toBe(401);
    const unknownStage = await call('admin', 'PATCH', `/api/solicitudes/${s.id}/etapas/notaria`, body);
    expect(unknownStage.statusCode).toBe(400);
    expect(unknownStage.json().error).toMatch(/no tiene la etapa/);
    const badStatus = await call('admin', 'PATCH', url, { estado: 'Congelado' });
    expect(badStatus.statusCode).toBe(400);
    expect((await call('admin', 'PATCH', url, {})).statusCode).toBe(400);
    expect((await call('admin', 'PATCH', `/api/solicitudes/${randomUUID()}/etapas/banco`, body)).statusCode).toBe(404);
    const otra = await take(() => true, ctx.seeded.otra.id);
    expect((await call('admin', 'PATCH', `/api/solicitudes/${otra.id}/etapas/banco`, body)).statusCode).toBe(404);
    expect((await statuses(s.id)).desembolso).not.toBe('Desembolsado');
  });

  it('etapa.actualizar through sync: applied for a supervisor, a stale base is a conflict, other roles rejected', async () => {
    const s = await take((r) => r.estado === 'Pendiente');
    const ok = await push('supervisor', 'etapa.actualizar', { solicitudId: s.id, etapa: 'documentos', estado: 'Aprobado', base: { estado: 'Pendiente' } });
    expect(ok).toMatchObject({ status: 'applied' });
    expect((await statuses(s.id)).documentos).toBe('Aprobado');

    // Someone saw 'Pendiente' (now stale) and wants 'Negado': a conflict with the three values.
    const stale = await push('admin', 'etapa.actualizar', { solicitudId: s.id, etapa: 'documentos', estado: 'Negado', base: { estado: 'Pendiente' } });
    expect(stale).toMatchObject({ status: 'rejected', code: 'CONFLICT', conflict: { fields: { estado: { base: 'Pendiente', server: 'Aprobado', mine: 'Negado' } } } });
    expect((await statuses(s.id)).documentos).toBe('Aprobado');

    expect(await push('manager', 'etapa.actualizar', { solicitudId: s.id, etapa: 'documentos', estado: 'Negado' })).toMatchObject({ status: 'rejected', code: 'FORBIDDEN' });
    expect(await push('otraAdmin', 'etapa.actualizar', { solicitudId: s.id, etapa: 'documentos', estado: 'Negado' })).toMatchObject({ status: 'rejected', code: 'NOT_FOUND' });
    expect((await statuses(s.id)).documentos).toBe('Aprobado');
  });
});

describe('migration for filings made before', () => {
  it('gives every filing without stages its three stages, as the code maps its status', async () => {
    const picked: Sol[] = [];
    for (const estado of ESTADOS_DEFAULT) picked.push(await take((r) => r.estado === estado));
    const custom = await take((r) => r.estado === 'Radicado en banco', ctx.seeded.otra.id).catch(() => null);
    if (custom) picked.push(custom);
    const ids = picked.map((p) => p.id);
    const etapaIds = (await db().select({ id: seguimientoEtapas.id }).from(seguimientoEtapas).where(inArray(seguimientoEtapas.solicitudId, ids))).map((e) => e.id);
    await db().execute(sql`update documentos set etapa_id = null where etapa_id in ${etapaIds.length ? sql`(${sql.join(etapaIds.map((i) => sql`${i}`), sql`, `)})` : sql`(null)`}`);
    await db().delete(seguimientoHistorial).where(inArray(seguimientoHistorial.etapaId, etapaIds));
    await db().delete(seguimientoEtapas).where(inArray(seguimientoEtapas.id, etapaIds));
    const total = async () => Number(((await db().execute(sql`select count(*)::int as n from seguimiento_etapas`)) as unknown as { rows: Array<{ n: number }> }).rows[0].n);
    const before = await total();

    const file = readFileSync(resolve(MIGRATIONS_FOLDER, '0007_etapas_para_todas.sql'), 'utf8');
    await db().execute(sql.raw(file));

    expect(await total()).toBe(before + 3 * picked.length);
    for (const p of picked) {
      const flow = STAGE_FLOWS[p.estado] ?? STAGE_FLOWS.Pendiente;
      const got = await stages(p.id);
      expect(got.map((e) => e.etapa)).toEqual([...ETAPAS]);
      expect(Object.fromEntries(got.map((e) => [e.etapa, e.estado])), p.estado).toEqual(flow);
      const hist = await db().select().from(seguimientoHistorial).where(inArray(seguimientoHistorial.etapaId, got.map((e) => e.id)));
      expect(hist.map((h) => h.comentario)).toEqual(['Etapa iniciada', 'Etapa iniciada', 'Etapa iniciada']);
    }
    // Run again: filings that have stages get none more.
    await db().execute(sql.raw(file));
    expect(await total()).toBe(before + 3 * picked.length);
  });
});
