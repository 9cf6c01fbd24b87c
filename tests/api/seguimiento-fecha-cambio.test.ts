/**
 * The public page's 'Última actualización' (`fecha_cambio`) moves only with what the applicant can
 * see there: a status, the bank, a stage, a history line, a file. Internal edits (a city, an
 * observation), by REST or by push, leave it where it was, though they move `updated_at`.
 * Each case first sets every public time of the filing to one past moment, so "unchanged" is an
 * exact value and "moved" is any later one, with no dependence on the clock's resolution.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import { bearer, createTestContext, loginAs, type DemoUser, type TestContext } from './helpers';
import { solicitudes } from '../../server/src/db/schema';
import { ESTADOS_CERRADOS } from '../../src/domain/seguimiento';

let ctx: TestContext;
const PAST = '2026-01-01T00:00:00.000Z';

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const used = new Set<string>();
/** An open filing of the demo company not used by another case, with its public times all at PAST. */
async function filing(filter: (s: typeof solicitudes.$inferSelect) => boolean = () => true) {
  const rows = await ctx.database.db
    .select()
    .from(solicitudes)
    .where(and(eq(solicitudes.empresaId, ctx.seeded.demo.id), notInArray(solicitudes.estado, [...ESTADOS_CERRADOS])));
  const s = rows.find((r) => !used.has(r.id) && filter(r))!;
  used.add(s.id);
  const db = ctx.database.db;
  await db.execute(sql`update solicitudes set created_at = ${PAST}::timestamptz - interval '1 day', updated_at = ${PAST} where id = ${s.id}`);
  await db.execute(sql`update seguimiento_etapas set fecha_actualizacion = ${PAST} where solicitud_id = ${s.id}`);
  await db.execute(sql`update seguimiento_historial set fecha = ${PAST} where etapa_id in (select id from seguimiento_etapas where solicitud_id = ${s.id})`);
  await db.execute(sql`update documentos set created_at = ${PAST} where solicitud_id = ${s.id}`);
  await db.execute(sql`update auditoria set fecha = ${PAST} where entidad = 'solicitud' and entidad_id = ${s.id}::text`);
  return s;
}

const fechaCambio = async (radicado: string): Promise<string> => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/seguimiento/radicado/${radicado}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.fecha_cambio as string;
};

const updatedAt = async (id: string) => (await ctx.database.db.select().from(solicitudes).where(eq(solicitudes.id, id)))[0].updatedAt;

async function rest(who: DemoUser, method: 'PATCH' | 'POST', url: string, payload: Record<string, unknown>) {
  const res = await ctx.app.inject({ method, url, headers: bearer(await loginAs(ctx.app, who)), payload });
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

const moved = (fecha: string) => expect(Date.parse(fecha)).toBeGreaterThan(Date.parse(PAST));

describe("the public page's 'Última actualización'", () => {
  it('stays where it was after internal edits, by REST and by push, though the application was updated', async () => {
    const s = await filing();
    expect(await fechaCambio(s.radicado)).toBe(PAST);

    await rest('supervisor', 'PATCH', `/api/solicitudes/${s.id}`, { ciudad_solicitud: 'Tunja' });
    await push('solicitud.editar', { solicitudId: s.id, changes: { 'solicitud.ciudad_solicitud': 'Neiva' }, base: { 'solicitud.ciudad_solicitud': 'Tunja' } });
    await push('observacion.agregar', { solicitudId: s.id, observacionId: randomUUID(), observacion: 'Llamar el lunes', fecha_creacion: new Date().toISOString() });
    expect((await updatedAt(s.id)).valueOf()).not.toBe(new Date(PAST).valueOf());
    expect(await fechaCambio(s.radicado)).toBe(PAST);
  });

  it('moves with a status change, by REST and by push', async () => {
    const a = await filing((r) => r.estado !== 'En estudio');
    await rest('supervisor', 'PATCH', '/api/solicitudes/actualizar-estado', { id: a.id, estado: 'En estudio' });
    moved(await fechaCambio(a.radicado));

    const b = await filing((r) => r.estado !== 'Aprobado');
    await push('solicitud.cambiarEstado', { solicitudId: b.id, estado: 'Aprobado', base: { estado: b.estado } });
    moved(await fechaCambio(b.radicado));
  });

  it('moves with a change of bank or of product', async () => {
    const a = await filing((r) => r.bancoNombre !== 'Davivienda');
    await push('solicitud.editar', { solicitudId: a.id, changes: { 'solicitud.banco_nombre': 'Davivienda' }, base: {} });
    moved(await fechaCambio(a.radicado));

    const b = await filing((r) => r.tipoCredito !== 'Vehicular');
    await rest('supervisor', 'PATCH', `/api/solicitudes/${b.id}`, { tipo_credito: 'Vehicular' });
    moved(await fechaCambio(b.radicado));
  });

  it("moves with a staff stage update and with the applicant's upload", async () => {
    const a = await filing();
    await rest('admin', 'POST', '/api/seguimiento/actualizar-estado', {
      id_radicado: a.radicado,
      etapas: [{ etapa: 'banco', estado: 'En estudio', comentarios: 'En revisión por el banco' }],
    });
    moved(await fechaCambio(a.radicado));

    const b = await filing();
    const fd = new FormData();
    fd.append('id_radicado', b.radicado);
    fd.append('archivos', new Blob([new Uint8Array(Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'))], { type: 'application/pdf' }), 'cedula.pdf');
    const up = await ctx.app.inject({ method: 'POST', url: '/api/seguimiento/actualizar-documentos', payload: fd });
    expect(up.statusCode, up.body).toBe(200);
    moved(await fechaCambio(b.radicado));
  });
});
