import { and, eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solicitudes, usuarios } from '../../server/src/db/schema';
import { bearer, createTestContext, DEMO_USERS, loginAs, type DemoUser, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Row = { solicitud: { id: string; banco: string | null; created_at: string } };
const tabla = async (who: DemoUser, extra: { url?: string; headers?: Record<string, string | undefined> } = {}) => {
  const token = await loginAs(ctx.app, who);
  return ctx.app.inject({
    method: 'GET',
    url: extra.url ?? '/api/dashboard/tabla',
    headers: { ...bearer(token), ...(extra.headers as Record<string, string>) },
  });
};

/** The ids of the applications `who` created or is assigned to, in its own company. */
const ownIds = async (who: DemoUser): Promise<string[]> => {
  const db = ctx.database.db;
  const [u] = await db.select().from(usuarios).where(eq(usuarios.correo, DEMO_USERS[who]));
  const rows = await db
    .select({ id: solicitudes.id })
    .from(solicitudes)
    .where(and(eq(solicitudes.empresaId, u.empresaId), or(eq(solicitudes.createdByUserId, u.id), eq(solicitudes.assignedToUserId, u.id))));
  return rows.map((r) => String(r.id)).sort();
};

describe('tenancy', () => {
  it('refuses an empresa_id, X-Empresa-Id or X-User-Id that differs from the token with 403', async () => {
    for (const extra of [
      { url: '/api/dashboard/tabla?empresa_id=2' },
      { headers: { 'x-empresa-id': '2' } },
      { headers: { 'x-user-id': '999' } },
    ]) {
      const res = await tabla('admin', extra);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ ok: false, code: 'FORBIDDEN' });
      expect(res.body).not.toContain('solicitante');
    }
    const same = await tabla('admin', { url: `/api/dashboard/tabla?empresa_id=${ctx.seeded.demo.id}` });
    expect(same.statusCode).toBe(200);
  });

  it('never shows one company the rows of another', async () => {
    const demoIds = new Set(((await tabla('admin')).json().data as Row[]).map((r) => r.solicitud.id));
    const otra = (await tabla('otraAdmin')).json().data as Row[];
    expect(otra.length).toBe(24);
    expect(demoIds.size).toBeGreaterThanOrEqual(150);
    for (const r of otra) expect(demoIds.has(r.solicitud.id)).toBe(false);
  });

  it('answers in the spec row shape, newest first, with every status present', async () => {
    const rows = (await tabla('admin')).json().data as Array<Row & Record<string, unknown>>;
    const first = rows[0];
    for (const key of ['solicitante', 'ubicacion', 'actividad_economica', 'informacion_financiera', 'solicitud', 'estado_solicitud', 'celular', 'nombre_completo', 'correo_electronico', 'numero_celular', 'banco']) {
      expect(first).toHaveProperty(key);
    }
    const dates = rows.map((r) => r.solicitud.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    const estados = new Set(rows.map((r) => r.estado_solicitud));
    expect(estados.size).toBe(8);
  });

  it('shows the asesor and the user exactly the applications they created or are assigned to, the banco only its bank', async () => {
    const all = (await tabla('admin')).json().data as Row[];
    const asesor = (await tabla('asesor')).json().data as Row[];
    const banco = (await tabla('banco')).json().data as Row[];
    const user = (await tabla('user')).json().data as Row[];
    expect(asesor.length).toBeGreaterThan(0);
    expect(asesor.length).toBeLessThan(all.length);
    expect(banco.length).toBeGreaterThan(0);
    expect(banco.every((r) => r.solicitud.banco === 'Bancolombia')).toBe(true);
    expect(banco.length).toBe(all.filter((r) => r.solicitud.banco === 'Bancolombia').length);
    expect(user.length).toBeGreaterThan(0);
    // Exactly the rows each one created or is assigned to, read from the database itself.
    const ids = (rows: Row[]) => rows.map((r) => r.solicitud.id).sort();
    expect(ids(asesor)).toEqual(await ownIds('asesor'));
    expect(ids(user)).toEqual(await ownIds('user'));
    const asesorIds = new Set(asesor.map((r) => r.solicitud.id));
    expect(user.some((r) => asesorIds.has(r.solicitud.id))).toBe(false);
  });
});
