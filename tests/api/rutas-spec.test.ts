/**
 * The spec's paths and bodies as it writes them (issue 29): trailing slashes answered by the router
 * option, not by duplicate routes; references with the spec's bodies (spec 02 §7).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { bearer, createTestContext, loginAs, type DemoUser, type TestContext } from './helpers';
import { informacionFinanciera, referencias, solicitudes, ubicaciones, usuarios } from '../../server/src/db/schema';
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

async function cedulaOf(correo: string) {
  const [u] = await ctx.database.db.select().from(usuarios).where(eq(usuarios.correo, correo));
  return u.cedula;
}

describe('trailing slashes (ignoreTrailingSlash)', () => {
  it('answers the spec paths with and without the slash, each registered once', async () => {
    const cedula = await cedulaOf('admin@demo.co');
    const [sol] = await ctx.database.db
      .select()
      .from(solicitudes)
      .where(and(eq(solicitudes.empresaId, ctx.seeded.demo.id), isNull(solicitudes.deletedAt)))
      .limit(1);
    for (const url of ['/api/usuarios/', '/api/usuarios']) {
      const res = await call('admin', 'GET', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.json().data.length, url).toBeGreaterThan(0);
    }
    for (const url of ['/api/descargar-ventas/', '/api/descargar-ventas']) {
      const res = await call('admin', 'POST', url, { cedula });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/csv');
    }
    for (const [url, ciudad] of [['/api/edit-record/', 'Neiva'], ['/api/edit-record', 'Pasto']] as const) {
      const res = await call('admin', 'PUT', url, { cedula, solicitud: { id: sol.id, ciudad_solicitud: ciudad } });
      expect(res.statusCode, url).toBe(200);
      const [row] = await ctx.database.db.select().from(solicitudes).where(eq(solicitudes.id, sol.id));
      expect(row.ciudadSolicitud, url).toBe(ciudad);
    }
    // Roles still apply on both forms.
    expect((await call('user', 'POST', '/api/descargar-ventas', {})).statusCode).toBe(403);
    expect((await call(null, 'GET', '/api/usuarios/')).statusCode).toBe(401);
    const keys = ctx.app.routeTable.map((r) => `${r.method} ${r.url}`);
    expect(keys.filter((k) => k.startsWith('PUT /api/edit-record'))).toEqual(['PUT /api/edit-record/']);
    expect(keys.filter((k) => k.startsWith('POST /api/descargar-ventas'))).toEqual(['POST /api/descargar-ventas/']);
  });
});

type Sol = typeof solicitudes.$inferSelect;
const used = new Set<string>();
/** A live demo application of an applicant with no other live application, not used by another test. */
async function take(filter: (s: Sol) => boolean = () => true): Promise<Sol> {
  const rows = await ctx.database.db
    .select()
    .from(solicitudes)
    .where(and(eq(solicitudes.empresaId, ctx.seeded.demo.id), isNull(solicitudes.deletedAt)));
  const s = rows.find((r) => !used.has(r.id) && filter(r));
  if (!s) throw new Error('no demo application left');
  used.add(s.id);
  return s;
}
const refsOf = (solicitanteId: string) => ctx.database.db.select().from(referencias).where(eq(referencias.solicitanteId, solicitanteId));

describe('references with the spec bodies', () => {
  it('POST {solicitante_id, referencia} stores the merged fixed and detalle fields; PATCH and DELETE take the spec bodies', async () => {
    const s = await take();
    await ctx.database.db.delete(referencias).where(eq(referencias.solicitanteId, s.solicitanteId));
    const none = await call('manager', 'GET', `/api/referencias?solicitante_id=${s.solicitanteId}`);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ ok: false, code: 'NOT_FOUND', error: 'No hay referencias para este solicitante' });

    const added = await call('manager', 'POST', '/api/referencias', {
      solicitante_id: s.solicitanteId,
      referencia: { tipo_referencia: 'familiar', nombre_completo: 'Ana Ruiz', telefono_referencia: '3001234567', detalle_referencia: { parentesco: 'Prima' } },
    });
    expect(added.statusCode, added.body).toBe(200);
    const id = added.json().data.referencia_id as string;
    let [row] = await refsOf(s.solicitanteId);
    expect(row.id).toBe(id);
    expect(row.tipoReferencia).toBe('familiar');
    expect(row.detalleReferencia).toEqual({ nombre_completo: 'Ana Ruiz', telefono_referencia: '3001234567', parentesco: 'Prima' });
    const list = await call('manager', 'GET', `/api/referencias?solicitante_id=${s.solicitanteId}`);
    expect(list.json().data.map((r: { id: string }) => r.id)).toEqual([id]);

    const patched = await call('manager', 'PATCH', '/api/referencias', {
      solicitante_id: s.solicitanteId,
      referencia_id: id,
      updates: { tipo_referencia: 'personal', parentesco: 'Amiga' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    [row] = await refsOf(s.solicitanteId);
    expect(row.tipoReferencia).toBe('personal');
    expect(row.detalleReferencia).toMatchObject({ nombre_completo: 'Ana Ruiz', parentesco: 'Amiga' });

    // Another applicant's id with this reference: the reference is not that applicant's.
    const other = await take((r) => r.solicitanteId !== s.solicitanteId);
    const wrongOwner = await call('manager', 'DELETE', '/api/referencias', { solicitante_id: other.solicitanteId, referencia_id: id });
    expect(wrongOwner.statusCode).toBe(404);
    expect(wrongOwner.json().error).toBe(`La referencia ${id} no existe en el contenedor. Refresca e inténtalo de nuevo.`);
    // The spec's clients sent integer ids (0 as 1): such an id names no reference here.
    const legacy = await call('manager', 'PATCH', '/api/referencias', { solicitante_id: s.solicitanteId, referencia_id: 1, updates: { parentesco: 'x' } });
    expect(legacy.statusCode).toBe(404);
    expect(legacy.json().error).toBe('La referencia 1 no existe en el contenedor. Refresca e inténtalo de nuevo.');
    // Roles and tenancy.
    expect((await call('user', 'DELETE', '/api/referencias', { solicitante_id: s.solicitanteId, referencia_id: id })).statusCode).toBe(403);
    expect((await call('otraAdmin', 'DELETE', '/api/referencias', { solicitante_id: s.solicitanteId, referencia_id: id })).statusCode).toBe(404);
    expect((await call(null, 'DELETE', '/api/referencias', { solicitante_id: s.solicitanteId, referencia_id: id })).statusCode).toBe(401);
    expect(await refsOf(s.solicitanteId)).toHaveLength(1);

    const del = await call('manager', 'DELETE', '/api/referencias', { solicitante_id: s.solicitanteId, referencia_id: id });
    expect(del.statusCode, del.body).toBe(200);
    expect(await refsOf(s.solicitanteId)).toEqual([]);
  });

  it('a body that carries no data is a 400 and stores nothing', async () => {
    const s = await take();
    const before = await fingerprint(ctx);
    for (const body of [
      { solicitante_id: s.solicitanteId, referencia: {} },
      { solicitante_id: s.solicitanteId, referencia: { tipo_referencia: 'personal', nombre_completo: '  ', detalle_referencia: {} } },
      { solicitante_id: s.solicitanteId },
      { solicitud_id: s.id, tipo_referencia: 'personal' },
    ]) {
      const res = await call('manager', 'POST', '/api/referencias', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ ok: false, code: 'VALIDATION' });
    }
    const [ref] = await refsOf(s.solicitanteId);
    for (const body of [
      { solicitante_id: s.solicitanteId, referencia_id: ref?.id ?? '', updates: {} },
      { solicitante_id: s.solicitanteId, referencia_id: ref?.id ?? '' },
      { referencia_id: ref?.id ?? '', updates: { parentesco: 'x' } },
    ]) {
      const res = await call('manager', 'PATCH', '/api/referencias', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await call('manager', 'DELETE', '/api/referencias', { referencia_id: ref?.id ?? '' })).statusCode).toBe(400);
    expect(await fingerprint(ctx)).toEqual(before);
  });
});

describe('table names as aliases of the entities under /api/json and /api/schema', () => {
  it('GET /api/json/schema/solicitudes/detalle_credito answers the configured fields in data.campos_dinamicos', async () => {
    const key = 'seguro_deudor_alias';
    const saved = await call('admin', 'POST', '/api/json/definitions/solicitudes/detalle_credito', {
      definitions: [{ key, type: 'boolean', required: false, description: 'Seguro de deudor', order_index: 7 }],
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const res = await call('manager', 'GET', '/api/json/schema/solicitudes/detalle_credito');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ entidad: 'solicitud', json_column: 'detalle_credito' });
    expect(data.campos_dinamicos.map((f: { key: string }) => f.key)).toContain(key);
    // Spec 02's configuration call with the entity name reads a list of definitions.
    const list = await call('manager', 'GET', '/api/json/schema/solicitud/detalle_credito');
    expect(list.json().data.find((d: { key: string }) => d.key === key)).toMatchObject({ type: 'boolean', entity: 'solicitud' });
    expect((await call('manager', 'GET', '/api/schema/solicitudes')).json().data.campos_dinamicos.map((f: { key: string }) => f.key)).toContain(key);
    expect((await call('manager', 'GET', '/api/json/schema/solicitudes/info_extra')).statusCode).toBe(404);
    // Another company does not see this company's field under either name.
    const otra = await call('otraAdmin', 'GET', '/api/json/schema/solicitudes/detalle_credito');
    expect(otra.json().data.campos_dinamicos.map((f: { key: string }) => f.key)).not.toContain(key);

    const gone = await call('admin', 'DELETE', `/api/json/definitions/solicitudes/detalle_credito/${key}`);
    expect(gone.statusCode, gone.body).toBe(200);
    const after = await call('manager', 'GET', '/api/json/schema/solicitudes/detalle_credito');
    expect(after.json().data.campos_dinamicos.map((f: { key: string }) => f.key)).not.toContain(key);
  });
});

describe('spec texts of the server', () => {
  it("answers a request that names no user 'No hay usuario autenticado', and a bad or stale token the session message", async () => {
    for (const [method, url] of [['PUT', '/api/perfil'], ['GET', '/api/usuarios/'], ['GET', '/api/dashboard/tabla']] as const) {
      const res = await ctx.app.inject({ method, url, payload: method === 'PUT' ? { nombre: 'Ana' } : undefined });
      expect(res.statusCode, url).toBe(401);
      expect(res.json(), url).toMatchObject({ ok: false, code: 'UNAUTHENTICATED', error: 'No hay usuario autenticado' });
    }
    const bad = await ctx.app.inject({ method: 'PUT', url: '/api/perfil', headers: { authorization: 'Bearer a.b.c' }, payload: { nombre: 'Ana' } });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().error).toBe('Tu sesión no es válida o expiró. Inicia sesión de nuevo.');
  });
});

describe('legacy POST /api/{table}/ (spec 02 §7)', () => {
  it('creates a missing block of a visible applicant through the edit service, columns and JSON keys apart', async () => {
    const s = await take();
    await ctx.database.db.delete(ubicaciones).where(eq(ubicaciones.solicitanteId, s.solicitanteId));
    const res = await call('manager', 'POST', '/api/ubicaciones/', {
      solicitante_id: s.solicitanteId,
      ciudad_residencia: 'Manizales',
      barrio: 'Chipre',
      direccion_residencia: 'Calle 12 # 3-45',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ ciudad_residencia: 'Manizales', barrio: 'Chipre', detalle_direccion: { direccion_residencia: 'Calle 12 # 3-45' } });
    const rows = await ctx.database.db.select().from(ubicaciones).where(eq(ubicaciones.solicitanteId, s.solicitanteId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ciudadResidencia: 'Manizales', empresaId: ctx.seeded.demo.id });
    // Twice is a conflict, not a second location; without the slash the same route answers.
    const again = await call('manager', 'POST', '/api/ubicaciones', { solicitante_id: s.solicitanteId, barrio: 'Otro' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('El solicitante ya tiene ubicación; edítala en lugar de crear otra.');
  });

  it('applies the same validation, roles and tenancy, writing nothing on a refusal', async () => {
    const s = await take();
    await ctx.database.db.delete(informacionFinanciera).where(eq(informacionFinanciera.solicitanteId, s.solicitanteId));
    const before = await fingerprint(ctx);
    const bad = await call('manager', 'POST', '/api/informacion_financiera/', { solicitante_id: s.solicitanteId, total_activos: 'mucho' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION' });
    expect((await call('manager', 'POST', '/api/informacion_financiera/', { solicitante_id: s.solicitanteId })).statusCode).toBe(400);
    expect((await call('manager', 'POST', '/api/informacion_financiera/', { total_activos: 5 })).statusCode).toBe(400);
    expect((await call('user', 'POST', '/api/informacion_financiera/', { solicitante_id: s.solicitanteId, total_activos: 5 })).statusCode).toBe(403);
    expect((await call('otraAdmin', 'POST', '/api/informacion_financiera/', { solicitante_id: s.solicitanteId, total_activos: 5 })).statusCode).toBe(404);
    expect((await call(null, 'POST', '/api/informacion_financiera/', { solicitante_id: s.solicitanteId, total_activos: 5 })).statusCode).toBe(401);
    expect(await fingerprint(ctx)).toEqual(before);
    const ok = await call('manager', 'POST', '/api/informacion_financiera/', { solicitante_id: s.solicitanteId, total_activos: 85000000, ingresos_varios: 300000 });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data).toMatchObject({ total_activos: 85000000, detalle_financiera: { ingresos_varios: 300000 } });
  });

  it('POST /api/referencias/ takes the reference flat, as the legacy create sends it', async () => {
    const s = await take();
    await ctx.database.db.delete(referencias).where(eq(referencias.solicitanteId, s.solicitanteId));
    const res = await call('manager', 'POST', '/api/referencias/', { solicitante_id: s.solicitanteId, tipo_referencia: 'laboral', nombre_completo: 'Jorge Gil', ciudad_referencia: 'Pereira' });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await refsOf(s.solicitanteId);
    expect(row).toMatchObject({ tipoReferencia: 'laboral', detalleReferencia: { nombre_completo: 'Jorge Gil', ciudad_referencia: 'Pereira' } });
  });
});
