/**
 * The users form's server side (issue 28): every role the signed-in user may grant
 * (roles.ts rolesAsignables) and no other, the bank chosen from the company's list, and a taken
 * e-mail answered as a field error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { bearer, createTestContext, loginAs, type DemoUser, type TestContext } from './helpers';
import { categorias, usuarios } from '../../server/src/db/schema';
import { ROLES, rolesAsignables } from '../../src/domain/roles';
import { BANCO_NO_EN_LISTA, correoDuplicado } from '../../src/domain/usuario';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function call(who: DemoUser, method: 'POST' | 'PUT', url: string, payload: unknown) {
  return ctx.app.inject({ method, url, headers: bearer(await loginAs(ctx.app, who)), payload: payload as object });
}
const nuevo = (extra: Record<string, unknown> = {}) => ({
  nombre: 'Persona Nueva',
  cedula: String(Math.floor(1e7 + Math.random() * 9e7)),
  correo: `nueva.${randomUUID().slice(0, 8)}@demo.co`,
  contraseña: 'secreta123',
  rol: 'asesor',
  info_extra: {},
  ...extra,
});
const countUsers = async () => (await ctx.database.db.select({ n: count() }).from(usuarios))[0].n;

describe('roles a user may grant', () => {
  it('an admin gives every role (Gerente and Usuario too); a supervisor every role but admin', async () => {
    expect(rolesAsignables('admin')).toEqual(['admin', 'supervisor', 'manager', 'asesor', 'banco', 'user']);
    expect(rolesAsignables('supervisor')).not.toContain('admin');
    for (const rol of ROLES) {
      const res = await call('admin', 'POST', '/api/usuarios', nuevo({ rol, info_extra: rol === 'banco' ? { banco_nombre: 'BBVA' } : {} }));
      expect(res.statusCode, rol).toBe(201);
      expect(res.json().data.rol).toBe(rol);
    }
    for (const rol of rolesAsignables('supervisor')) {
      expect((await call('supervisor', 'POST', '/api/usuarios', nuevo({ rol }))).statusCode, rol).toBe(201);
    }
  });

  it('a supervisor cannot give admin, by REST or push, on creation or edit; nothing is written', async () => {
    const before = await countUsers();
    const rest = await call('supervisor', 'POST', '/api/usuarios', nuevo({ rol: 'admin' }));
    expect(rest.statusCode).toBe(403);
    const push = await call('supervisor', 'POST', '/api/sync/push', {
      clientId: randomUUID(),
      mutations: [{ id: 1, name: 'usuario.crear', args: { ...nuevo({ rol: 'admin' }), tempId: randomUUID() }, at: new Date().toISOString() }],
    });
    expect(push.json().data.results[0]).toMatchObject({ status: 'rejected', code: 'FORBIDDEN' });
    expect(await countUsers()).toBe(before);
    const [asesor] = await ctx.database.db.select().from(usuarios).where(eq(usuarios.correo, 'asesor@demo.co'));
    expect((await call('supervisor', 'PUT', `/api/usuarios/${asesor.id}`, { rol: 'admin' })).statusCode).toBe(403);
    const [after] = await ctx.database.db.select().from(usuarios).where(eq(usuarios.id, asesor.id));
    expect(after.rol).toBe('asesor');
  });
});

describe('the bank of a user', () => {
  it('must be in the company list; it is stored with the list spelling', async () => {
    const bad = await call('admin', 'POST', '/api/usuarios', nuevo({ rol: 'banco', info_extra: { banco_nombre: 'Banco Inventado' } }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION', fields: { 'info_extra.banco_nombre': BANCO_NO_EN_LISTA } });
    const ok = await call('admin', 'POST', '/api/usuarios', nuevo({ rol: 'banco', info_extra: { banco_nombre: 'banco de bogota' } }));
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.info_extra).toEqual({ banco_nombre: 'Banco de Bogotá' });
  });

  it("follows the company's own list (categoría 'bancos'), and an edit that keeps an old bank is not refused", async () => {
    await ctx.database.db
      .update(categorias)
      .set({ configuracion: ['Banco Propio', 'Cooperativa Local'] })
      .where(and(eq(categorias.empresaId, ctx.seeded.demo.id), eq(categorias.categoria, 'bancos')));
    expect((await call('admin', 'POST', '/api/usuarios', nuevo({ rol: 'banco', info_extra: { banco_nombre: 'BBVA' } }))).statusCode).toBe(400);
    expect((await call('admin', 'POST', '/api/usuarios', nuevo({ rol: 'banco', info_extra: { banco_nombre: 'Cooperativa Local' } }))).statusCode).toBe(201);
    // banco@demo.co keeps 'Bancolombia', no longer in the list: editing its name is fine…
    const [banco] = await ctx.database.db.select().from(usuarios).where(eq(usuarios.correo, 'banco@demo.co'));
    const rename = await call('admin', 'PUT', `/api/usuarios/${banco.id}`, { nombre: 'Beatriz L.', info_extra: { banco_nombre: 'Bancolombia', ciudad: 'Medellín' } });
    expect(rename.statusCode).toBe(200);
    // …moving it to a bank outside the list is not.
    const move = await call('admin', 'PUT', `/api/usuarios/${banco.id}`, { info_extra: { banco_nombre: 'Davivienda' } });
    expect(move.statusCode).toBe(400);
    expect(move.json().fields).toEqual({ 'info_extra.banco_nombre': BANCO_NO_EN_LISTA });
  });
});

describe('a taken e-mail', () => {
  it('is a field error on correo, case aside', async () => {
    const res = await call('admin', 'POST', '/api/usuarios', nuevo({ correo: 'Supervisor@Demo.co' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', fields: { correo: correoDuplicado('supervisor@demo.co') } });
  });
});
