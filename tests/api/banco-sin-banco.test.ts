/**
 * A banco user sees the applications addressed to its bank, so one with no bank sees none, over
 * REST and pull alike, even where an application's bank is an empty text (issue #30). An empty
 * bank name is stored as null, whichever path writes it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { bearer, createTestContext, loginAs, type TestContext } from './helpers';
import { solicitudes, usuarios } from '../../server/src/db/schema';
import { hashPassword } from '../../server/src/lib/password';

let ctx: TestContext;
let rows: Array<typeof solicitudes.$inferSelect>;
const tokens: string[] = [];

async function login(email: string) {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'clave-banco-1' } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().access_token as string;
}

beforeAll(async () => {
  ctx = await createTestContext();
  const empresaId = ctx.seeded.demo.id;
  rows = await ctx.database.db.select().from(solicitudes).where(eq(solicitudes.empresaId, empresaId)).limit(3);
  // Rows written before empty bank names became null: '' and blanks.
  await ctx.database.db.update(solicitudes).set({ bancoNombre: '' }).where(eq(solicitudes.id, rows[0].id));
  await ctx.database.db.update(solicitudes).set({ bancoNombre: '  ' }).where(eq(solicitudes.id, rows[1].id));
  const passwordHash = await hashPassword('clave-banco-1');
  const base = { empresaId, rol: 'banco', passwordHash, nombre: 'Banco', cedula: '70000001' };
  await ctx.database.db.insert(usuarios).values([
    { ...base, correo: 'sinbanco@demo.co', infoExtra: {} },
    // Written by hand (no route stores it so): a blank bank.
    { ...base, correo: 'bancoblanco@demo.co', cedula: '70000002', infoExtra: { banco_nombre: '  ' } },
  ]);
  tokens.push(await login('sinbanco@demo.co'), await login('bancoblanco@demo.co'));
});
afterAll(() => ctx.close());

describe('a banco user without a bank', () => {
  it('sees no application over REST', async () => {
    for (const token of tokens) {
      const tabla = await ctx.app.inject({ method: 'GET', url: '/api/dashboard/tabla', headers: bearer(token) });
      expect(tabla.statusCode).toBe(200);
      expect(tabla.json().data).toEqual([]);
      for (const r of rows.slice(0, 2)) {
        const one = await ctx.app.inject({ method: 'GET', url: `/api/solicitantes/${r.solicitanteId}/traer-todos-registros`, headers: bearer(token) });
        expect(one.statusCode, one.body).toBe(404);
      }
    }
  });

  it('pulls no application', async () => {
    for (const token of tokens) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/sync/pull?clientId=${randomUUID()}&cursor=0&limit=500`, headers: bearer(token) });
      expect(res.statusCode).toBe(200);
      const changes = res.json().data.changes as Array<{ entity: string; id: string }>;
      expect(changes.filter((c) => c.entity === 'solicitud')).toEqual([]);
    }
  });
});

describe('an empty bank name', () => {
  const bankOf = async (id: string) => (await ctx.database.db.select().from(solicitudes).where(eq(solicitudes.id, id)))[0].bancoNombre;

  it('is stored as null through REST and push', async () => {
    const admin = await loginAs(ctx.app, 'admin');
    const target = rows[2];
    const rest = await ctx.app.inject({ method: 'PATCH', url: `/api/solicitudes/${target.id}`, headers: bearer(admin), payload: { banco_nombre: '   ' } });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(await bankOf(target.id)).toBeNull();

    await ctx.database.db.update(solicitudes).set({ bancoNombre: 'Bancolombia' }).where(eq(solicitudes.id, target.id));
    const push = await ctx.app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: bearer(admin),
      payload: { clientId: randomUUID(), mutations: [{ id: 1, name: 'solicitud.editar', args: { solicitudId: target.id, changes: { 'solicitud.banco_nombre': '' }, base: {} } }] },
    });
    expect(push.json().data.results[0].status, push.body).toBe('applied');
    expect(await bankOf(target.id)).toBeNull();
  });
});
