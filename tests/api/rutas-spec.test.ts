/**
 * The spec's paths as it writes them (issue 29): trailing slashes answered by the router option,
 * not by duplicate routes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { bearer, createTestContext, loginAs, type DemoUser, type TestContext } from './helpers';
import { solicitudes, usuarios } from '../../server/src/db/schema';

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
