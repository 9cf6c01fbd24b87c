/**
 * The JSON-column routes of spec 02 §7: `/api/json/{entity}/{recordId}/{jsonColumn}` read, written
 * by keys ({value}, {path, value}, the fallback's {datos}) with PATCH, PUT or POST, validated against
 * the definitions on ?validate=true, a key cleared by DELETE ?path=; audited like any edit, and
 * reached only through an application the caller may see.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { bearer, createTestContext, loginAs, type DemoUser, type TestContext } from './helpers';
import { auditoria, referencias, solicitantes, solicitudes, ubicaciones } from '../../server/src/db/schema';
import { fingerprint } from './security-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function call(who: DemoUser | null, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) {
  return ctx.app.inject({
    method,
    url,
    headers: who ? bearer(await loginAs(ctx.app, who)) : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

type Sol = typeof solicitudes.$inferSelect;
const used = new Set<string>();
async function take(): Promise<Sol> {
  const rows = await ctx.database.db
    .select()
    .from(solicitudes)
    .where(and(eq(solicitudes.empresaId, ctx.seeded.demo.id), isNull(solicitudes.deletedAt)));
  const s = rows.find((r) => !used.has(r.id) && !rows.some((o) => o.id !== r.id && o.solicitanteId === r.solicitanteId));
  if (!s) throw new Error('no demo application left');
  used.add(s.id);
  return s;
}
const solicitud = async (id: string) => (await ctx.database.db.select().from(solicitudes).where(eq(solicitudes.id, id)))[0];
const lastAudit = async (entidadId: string) =>
  (await ctx.database.db.select().from(auditoria).where(eq(auditoria.entidadId, entidadId)).orderBy(desc(auditoria.id)).limit(1))[0];

describe('/api/json/{entity}/{recordId}/{jsonColumn}', () => {
  it('reads the column or one key, and writes keys with PATCH {value}, PUT {path, value} and POST {datos}, audited', async () => {
    const s = await take();
    const url = `/api/json/solicitud/${s.id}/detalle_credito`;
    const read = await call('manager', 'GET', url);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data).toEqual(s.detalleCredito);
    // The table name is an alias of the entity.
    expect((await call('manager', 'GET', `/api/json/solicitudes/${s.id}/detalle_credito`)).json().data).toEqual(s.detalleCredito);

    const patched = await call('manager', 'PATCH', url, { value: { nota_json: 'Cliente prefiere llamada', cuotas_extra: 2 } });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().data).toMatchObject({ ...s.detalleCredito, nota_json: 'Cliente prefiere llamada', cuotas_extra: 2 });
    expect((await solicitud(s.id)).detalleCredito).toMatchObject({ nota_json: 'Cliente prefiere llamada', cuotas_extra: 2 });
    const audit = await lastAudit(s.id);
    expect(audit).toMatchObject({ entidad: 'solicitud', accion: 'editar' });
    expect(audit.cambios['solicitud.detalle_credito.nota_json']).toEqual({ old: null, new: 'Cliente prefiere llamada' });

    expect((await call('manager', 'PUT', url, { path: 'nota_json', value: 'Llamar en la tarde' })).statusCode).toBe(200);
    expect((await call('manager', 'GET', `${url}?path=nota_json`)).json().data).toBe('Llamar en la tarde');
    expect((await call('manager', 'POST', url, { entidad: 'solicitud', recordId: s.id, campoJson: 'detalle_credito', datos: { canal: 'whatsapp' } })).statusCode).toBe(200);
    expect((await solicitud(s.id)).detalleCredito).toMatchObject({ nota_json: 'Llamar en la tarde', canal: 'whatsapp', cuotas_extra: 2 });

    const del = await call('manager', 'DELETE', `${url}?path=canal`);
    expect(del.statusCode, del.body).toBe(200);
    expect((await call('manager', 'GET', `${url}?path=canal`)).json().data).toBeNull();
    expect((await solicitud(s.id)).detalleCredito).toMatchObject({ nota_json: 'Llamar en la tarde', cuotas_extra: 2 });
  });

  it('writes the applicant, location and reference columns by their own record ids', async () => {
    const s = await take();
    const info = await call('admin', 'PATCH', `/api/json/solicitantes/${s.solicitanteId}/info_extra`, { path: 'profesion', value: 'Contadora' });
    expect(info.statusCode, info.body).toBe(200);
    const [sol] = await ctx.database.db.select().from(solicitantes).where(eq(solicitantes.id, s.solicitanteId));
    expect(sol.infoExtra).toMatchObject({ profesion: 'Contadora' });

    const [ubi] = await ctx.database.db.select().from(ubicaciones).where(eq(ubicaciones.solicitanteId, s.solicitanteId));
    if (ubi) {
      const res = await call('admin', 'PATCH', `/api/json/ubicacion/${ubi.id}/detalle_direccion`, { value: { direccion_residencia: 'Calle 10 # 4-21' } });
      expect(res.statusCode, res.body).toBe(200);
      const [after] = await ctx.database.db.select().from(ubicaciones).where(eq(ubicaciones.id, ubi.id));
      expect(after.detalleDireccion).toMatchObject({ direccion_residencia: 'Calle 10 # 4-21' });
    }

    const added = await call('admin', 'POST', '/api/referencias', { solicitante_id: s.solicitanteId, referencia: { nombre: 'Rosa Díaz', tipo_referencia: 'personal' } });
    const refId = added.json().data.id as string;
    const ref = await call('admin', 'PUT', `/api/json/referencias/${refId}/detalle_referencia`, { path: 'ciudad', value: 'Cali' });
    expect(ref.statusCode, ref.body).toBe(200);
    const [r] = await ctx.database.db.select().from(referencias).where(eq(referencias.id, refId));
    expect(r.detalleReferencia).toEqual({ nombre: 'Rosa Díaz', ciudad: 'Cali' });
    expect(await lastAudit(refId)).toMatchObject({ entidad: 'referencia', accion: 'editar' });
  });

  it('?validate=true coerces by the field definitions and refuses what the form refuses, naming the field', async () => {
    const s = await take();
    const saved = await call('admin', 'POST', '/api/json/definitions/solicitud/detalle_credito', {
      definitions: [{ key: 'cuotas_pagadas', type: 'integer', required: false, description: 'Cuotas pagadas', order_index: 9 }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const url = `/api/json/solicitud/${s.id}/detalle_credito?validate=true`;
    const before = await fingerprint(ctx);
    const bad = await call('admin', 'PATCH', url, { value: { cuotas_pagadas: 'doce' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION', error: 'Cuotas pagadas: debe ser un número entero', fields: { cuotas_pagadas: 'Cuotas pagadas: debe ser un número entero' } });
    expect(await fingerprint(ctx)).toEqual(before);
    const good = await call('admin', 'PATCH', url, { value: { cuotas_pagadas: '12' } });
    expect(good.statusCode, good.body).toBe(200);
    expect((await solicitud(s.id)).detalleCredito).toMatchObject({ cuotas_pagadas: 12 });
  });

  it('refuses bad bodies, unknown columns, other roles and other companies, changing nothing', async () => {
    const s = await take();
    const url = `/api/json/solicitud/${s.id}/detalle_credito`;
    const before = await fingerprint(ctx);
    for (const body of [{}, { value: 'texto' }, { value: [1] }, { path: 'a.b.c', value: 1 }, { path: 'nota' }, { value: {} }]) {
      const res = await call('admin', 'PATCH', url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().ok).toBe(false);
    }
    expect((await call('admin', 'DELETE', url)).statusCode).toBe(400);
    expect((await call('admin', 'GET', `/api/json/solicitud/${s.id}/info_extra`)).statusCode).toBe(404);
    expect((await call('admin', 'GET', `/api/json/cosas/${s.id}/detalle_credito`)).statusCode).toBe(404);
    expect((await call('admin', 'GET', `/api/json/solicitud/no-es-un-id/detalle_credito`)).statusCode).toBe(404);
    expect((await call('user', 'PATCH', url, { value: { nota: 'x' } })).statusCode).toBe(403);
    expect((await call(null, 'GET', url)).statusCode).toBe(401);
    const foreign = await call('otraAdmin', 'PATCH', url, { value: { nota: 'x' } });
    expect(foreign.statusCode).toBe(404);
    expect((await call('otraAdmin', 'GET', url)).statusCode).toBe(404);
    expect(await fingerprint(ctx)).toEqual(before);
  });
});
