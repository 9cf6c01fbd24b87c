/**
 * POST /api/perfil/contrasena: current password + the new one twice; a wrong current one is a
 * clear Spanish field error; success ends every other session (token version) and answers a new
 * token for the one that made the change; tries are limited like the login, and so are profile
 * edits (PUT /api/perfil), whose answer tells whether an e-mail is taken.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bearer, createTestContext, type TestContext } from './helpers';
import { auditoria, usuarios } from '../../server/src/db/schema';
import { CONTRASENA_ACTUAL_INCORRECTA, CONTRASENA_IGUAL, CONTRASENAS_NO_COINCIDEN } from '../../src/domain/usuario';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ loginRateLimit: 5 });
});
afterAll(() => ctx.close());

async function login(email: string, password = 'demo1234') {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  return { status: res.statusCode, token: res.json().access_token as string | undefined };
}
const change = (token: string, body: Record<string, string>, ip = '10.0.0.1') =>
  ctx.app.inject({ method: 'POST', url: '/api/perfil/contrasena', headers: bearer(token), payload: body, remoteAddress: ip });
const validate = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/validate-token', headers: bearer(token) });

describe('changing one\'s own password', () => {
  it('refuses a wrong current password with a Spanish field error and changes nothing', async () => {
    const { token } = await login('manager@demo.co');
    const [before] = await ctx.database.db.select().from(usuarios).where(eq(usuarios.correo, 'manager@demo.co'));
    const res = await change(token!, { actual: 'equivocada', nueva: 'OtraClave2027', confirmacion: 'OtraClave2027' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ok: false, code: 'VALIDATION', error: CONTRASENA_ACTUAL_INCORRECTA, fields: { actual: CONTRASENA_ACTUAL_INCORRECTA } });
    const [after] = await ctx.database.db.select().from(usuarios).where(eq(usuarios.id, before.id));
    expect(after.passwordHash).toBe(before.passwordHash);
    expect(after.tokenVersion).toBe(before.tokenVersion);
    expect((await validate(token!)).statusCode).toBe(200);
  });

  it('refuses a new password typed differently twice, too short, or equal to the current one', async () => {
    const { token } = await login('manager@demo.co');
    const mismatch = await change(token!, { actual: 'demo1234', nueva: 'OtraClave2027', confirmacion: 'OtraClave2028' }, '10.0.0.2');
    expect(mismatch.json().fields).toEqual({ confirmacion: CONTRASENAS_NO_COINCIDEN });
    const short = await change(token!, { actual: 'demo1234', nueva: 'corta', confirmacion: 'corta' }, '10.0.0.2');
    expect(short.json().fields.nueva).toBe('La contraseña debe tener al menos 8 caracteres');
    const same = await change(token!, { actual: 'demo1234', nueva: 'demo1234', confirmacion: 'demo1234' }, '10.0.0.2');
    expect(same.json().fields).toEqual({ nueva: CONTRASENA_IGUAL });
  });

  it('ends the other sessions and keeps this one with the new token; the new password logs in, the old does not', async () => {
    const here = await login('user@demo.co');
    const elsewhere = await login('user@demo.co');
    const audits = (await ctx.database.db.select().from(auditoria)).length;
    const res = await change(here.token!, { actual: 'demo1234', nueva: 'ClaveNueva2027', confirmacion: 'ClaveNueva2027' }, '10.0.0.3');
    expect(res.statusCode).toBe(200);
    const fresh = res.json().data.access_token as string;
    expect(fresh).toBeTruthy();
    expect(JSON.stringify(res.json())).not.toContain('ClaveNueva2027');
    expect((await validate(fresh)).statusCode).toBe(200);
    expect((await validate(elsewhere.token!)).statusCode).toBe(401);
    expect((await validate(here.token!)).statusCode).toBe(401);
    expect((await login('user@demo.co')).status).toBe(401);
    expect((await login('user@demo.co', 'ClaveNueva2027')).status).toBe(200);
    const rows = await ctx.database.db.select().from(auditoria);
    expect(rows.length).toBe(audits + 1);
    // The audit row says the password changed, never what it is (secrets are redacted).
    expect(rows.at(-1)).toMatchObject({ accion: 'cambiarContrasena', entidad: 'usuario' });
    expect(Object.keys(rows.at(-1)!.cambios as object)).toEqual(['contraseña']);
    expect(JSON.stringify(rows.at(-1))).not.toContain('ClaveNueva2027');
  });

  it('is rate-limited like the login: past the limit, 429 with a Spanish message', async () => {
    const { token } = await login('asesor@demo.co');
    const body = { actual: 'equivocada', nueva: 'OtraClave2027', confirmacion: 'OtraClave2027' };
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await change(token!, body, '10.0.0.9')).statusCode);
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    const limited = await change(token!, body, '10.0.0.9');
    expect(limited.json()).toMatchObject({ ok: false, code: 'RATE_LIMITED' });
    expect(limited.json().error).toMatch(/^Demasiadas solicitudes/);
  });

  it('limits profile edits the same way, so a session cannot test addresses of other companies at will', async () => {
    const own = await createTestContext({ loginRateLimit: 5 });
    const token = (await own.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'user@demo.co', password: 'demo1234' } })).json().access_token as string;
    const probe = (correo: string) =>
      own.app.inject({ method: 'PUT', url: '/api/perfil', headers: bearer(token), payload: { nombre: 'Ulises', correo }, remoteAddress: '10.0.0.7' });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await probe(i % 2 ? 'admin@otra.co' : `libre-${i}@demo.co`)).statusCode);
    expect(statuses).toEqual([200, 400, 200, 400, 200, 429, 429]);
    expect((await probe('admin@otra.co')).json()).toMatchObject({ ok: false, code: 'RATE_LIMITED' });
    await own.close();
  });

  it('needs a session', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/perfil/contrasena', payload: { actual: 'demo1234', nueva: 'x'.repeat(10), confirmacion: 'x'.repeat(10) } });
    expect(res.statusCode).toBe(401);
  });
});
