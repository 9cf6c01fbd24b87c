/**
 * The public page's 'Última actualización' (`fecha_cambio`) moves only with what the applicant can
 * see there: a status, the bank, the product, a stage, a history line, a file added or removed.
 * Internal edits (a city, a phone number, an observation, the credit detail), by REST or by push,
 * leave it where it was, though they move `updated_at`.
 * Each case first sets every public time of the filing to one past moment, so "unchanged" is an
 * exact value. A visible change must then show its own stored time (its audit, stage or file row);
 * that time is then set to a later fixed moment and an internal edit follows, which must not move
 * the page past it: no dependence on the clock's resolution, and no case passes on `updated_at`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import { bearer, createTestContext, loginAs, type DemoUser, type TestContext } from './helpers';
import { solicitudes } from '../../server/src/db/schema';
import { ESTADOS_CERRADOS } from '../../src/domain/seguimiento';

let ctx: TestContext;
const PAST = '2026-01-01T00:00:00.000Z';
/** Where a visible change is moved to before the internal edit that follows it. */
const LATER = '2026-01-01T01:00:00.000Z';

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Filing = typeof solicitudes.$inferSelect;

/** Every time the page derives `fecha_cambio` from, for filing `id`, set to `at` (those after `after` only, when given). */
async function setPublicTimes(id: string, at: string, after?: string) {
  const db = ctx.database.db;
  const only = (col: string) => (after ? sql.raw(`and ${col} > '${after}'::timestamptz`) : sql``);
  await db.execute(sql`update seguimiento_etapas set fecha_actualizacion = ${at} where solicitud_id = ${id} ${only('fecha_actualizacion')}`);
  await db.execute(sql`update seguimiento_historial set fecha = ${at} where etapa_id in (select id from seguimiento_etapas where solicitud_id = ${id}) ${only('fecha')}`);
  await db.execute(sql`update documentos set created_at = ${at} where solicitud_id = ${id} ${only('created_at')}`);
  await db.execute(sql`update documentos set deleted_at = ${at} where solicitud_id = ${id} and deleted_at is not null ${only('deleted_at')}`);
  await db.execute(sql`update auditoria set fecha = ${at} where entidad = 'solicitud' and entidad_id = ${id}::text ${only('fecha')}`);
}

const used = new Set<string>();
/** An open filing of the demo company not used by another case, with its public times all at PAST. */
async function filing(filter: (s: Filing) => boolean = () => true) {
  const rows = await ctx.database.db
    .select()
    .from(solicitudes)
    .where(and(eq(solicitudes.empresaId, ctx.seeded.demo.id), notInArray(solicitudes.estado, [...ESTADOS_CERRADOS])));
  const s = rows.find((r) => !used.has(r.id) && filter(r))!;
  used.add(s.id);
  await ctx.database.db.execute(sql`update solicitudes set created_at = ${PAST}::timestamptz - interval '1 day', updated_at = ${PAST} where id = ${s.id}`);
  await setPublicTimes(s.id, PAST);
  return s;
}

async function lookup(radicado: string) {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/seguimiento/radicado/${radicado}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    fecha_cambio: string;
    producto_solicitado: string | null;
    etapas: Array<{ etapa: string; archivos: Array<{ id: string; nombre: string }> }>;
  };
}
const fechaCambio = async (radicado: string) => (await lookup(radicado)).fecha_cambio;

const updatedAt = async (id: string) => (await ctx.database.db.select().from(solicitudes).where(eq(solicitudes.id, id)))[0].updatedAt;

/** One stored time, as the API writes times (ISO, milliseconds). */
async function storedTime(query: ReturnType<typeof sql>): Promise<string> {
  const { rows } = (await ctx.database.db.execute(query)) as unknown as { rows: Array<{ at: string | Date | null }> };
  const at = rows[0]?.at;
  expect(at, 'the change left no stored time').toBeTruthy();
  return new Date(at!).toISOString();
}
const lastAudit = (id: string) => storedTime(sql`select max(fecha) as at from auditoria where entidad = 'solicitud' and entidad_id = ${id}::text`);
const stageTime = (id: string, etapa: string) =>
  storedTime(sql`select fecha_actualizacion as at from seguimiento_etapas where solicitud_id = ${id} and etapa = ${etapa}`);
const fileTime = (docId: string, col: 'created_at' | 'deleted_at') => storedTime(sql`select ${sql.raw(col)} as at from documentos where id = ${docId}`);

async function rest(who: DemoUser, method: 'PATCH' | 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>) {
  const res = await ctx.app.inject({ method, url, headers: bearer(await loginAs(ctx.app, who)), ...(payload && { payload }) });
  expect(res.statusCode, res.body).toBeLessThan(300);
}

let next = 0;
const clientId = randomUUID();
async function push(name: string, args: unknown) {
  next += 1;
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/sync/push',
    headers: bearer(await loginAs(ctx.app, 'supervisor')),
    payload: { clientId, mutations: [{ id: next, name, args, at: new Date().toISOString() }] },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data.results[0]).toMatchObject({ status: 'applied' });
}

/** Edits the applicant never sees: a city by REST, a phone number and an observation by push. */
async function internalEdits(s: Filing) {
  await rest('supervisor', 'PATCH', `/api/solicitudes/${s.id}`, { ciudad_solicitud: `Tunja ${next}` });
  await push('solicitud.editar', { solicitudId: s.id, changes: { 'solicitante.info_extra.celular': `300${String(next).padStart(7, '0')}` }, base: {} });
  await push('observacion.agregar', { solicitudId: s.id, observacionId: randomUUID(), observacion: 'Llamar el lunes', fecha_creacion: new Date().toISOString() });
}

/**
 * After a visible change: the page shows that change's own stored time (`changedAt`, read after
 * it); with the change then set at LATER, an internal edit leaves the page at LATER.
 */
async function showsChange(s: Filing, changedAt: () => Promise<string>) {
  const at = await changedAt();
  expect(Date.parse(at)).toBeGreaterThan(Date.parse(PAST));
  expect(await fechaCambio(s.radicado)).toBe(at);
  await setPublicTimes(s.id, LATER, PAST);
  await internalEdits(s);
  expect(await fechaCambio(s.radicado)).toBe(LATER);
}

async function uploadCedula(radicado: string) {
  const fd = new FormData();
  fd.append('id_radicado', radicado);
  fd.append('archivos', new Blob([new Uint8Array(Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'))], { type: 'application/pdf' }), 'cedula.pdf');
  const up = await ctx.app.inject({ method: 'POST', url: '/api/seguimiento/actualizar-documentos', payload: fd });
  expect(up.statusCode, up.body).toBe(200);
  const file = (await lookup(radicado)).etapas.flatMap((e) => e.archivos).find((a) => a.nombre === 'cedula.pdf');
  expect(file).toBeDefined();
  return file!.id;
}

describe("the public page's 'Última actualización'", () => {
  it('stays where it was after internal edits, by REST and by push, though the application was updated', async () => {
    const s = await filing((r) => r.tipoCredito !== 'vehicular');
    expect(await fechaCambio(s.radicado)).toBe(PAST);

    await internalEdits(s);
    await push('solicitud.editar', { solicitudId: s.id, changes: { 'solicitud.ciudad_solicitud': 'Neiva' }, base: {} });
    // The credit detail's own type is not what the page shows as the product (the column is).
    await push('solicitud.editar', { solicitudId: s.id, changes: { 'solicitud.detalle_credito.tipo_credito': 'vehicular' }, base: {} });
    expect((await updatedAt(s.id)).valueOf()).not.toBe(new Date(PAST).valueOf());
    const after = await lookup(s.radicado);
    expect(after.producto_solicitado).toBe(s.tipoCredito);
    expect(after.fecha_cambio).toBe(PAST);
  });

  it('moves with a status change, by REST and by push', async () => {
    const a = await filing((r) => r.estado !== 'En estudio');
    await rest('supervisor', 'PATCH', '/api/solicitudes/actualizar-estado', { id: a.id, estado: 'En estudio' });
    await showsChange(a, () => lastAudit(a.id));

    const b = await filing((r) => r.estado !== 'Aprobado');
    await push('solicitud.cambiarEstado', { solicitudId: b.id, estado: 'Aprobado', base: { estado: b.estado } });
    await showsChange(b, () => lastAudit(b.id));
  });

  it('moves with a change of bank or of product, by push and by REST', async () => {
    const a = await filing((r) => r.bancoNombre !== 'Davivienda');
    await push('solicitud.editar', { solicitudId: a.id, changes: { 'solicitud.banco_nombre': 'Davivienda' }, base: {} });
    await showsChange(a, () => lastAudit(a.id));

    const b = await filing((r) => r.tipoCredito !== 'vehicular');
    await rest('supervisor', 'PATCH', `/api/solicitudes/${b.id}`, { tipo_credito: 'vehicular' });
    expect((await lookup(b.radicado)).producto_solicitado).toBe('vehicular');
    await showsChange(b, () => lastAudit(b.id));
  });

  it('moves with a staff stage update', async () => {
    const s = await filing();
    await rest('admin', 'POST', '/api/seguimiento/actualizar-estado', {
      id_radicado: s.radicado,
      etapas: [{ etapa: 'banco', estado: 'En estudio', comentarios: 'En revisión por el banco' }],
    });
    await showsChange(s, () => stageTime(s.id, 'banco'));
  });

  it("moves with the applicant's upload", async () => {
    const s = await filing();
    const docId = await uploadCedula(s.radicado);
    // The upload's rows: the file, and the documentos stage's date with its history line (one time).
    await showsChange(s, async () => {
      const times = [await fileTime(docId, 'created_at'), await stageTime(s.id, 'documentos')];
      return new Date(Math.max(...times.map(Date.parse))).toISOString();
    });
  });

  it('moves when staff remove a file from a stage', async () => {
    const s = await filing();
    const docId = await uploadCedula(s.radicado);
    await setPublicTimes(s.id, PAST);
    expect(await fechaCambio(s.radicado)).toBe(PAST);

    await rest('supervisor', 'DELETE', `/api/documentos/${docId}`);
    expect((await lookup(s.radicado)).etapas.flatMap((e) => e.archivos).map((a) => a.id)).not.toContain(docId);
    await showsChange(s, () => fileTime(docId, 'deleted_at'));
  });
});
