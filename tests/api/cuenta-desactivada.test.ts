/**
 * A deleted user's session: every authenticated route (REST, sync pull and push, validate-token)
 * answers 401 with the code CUENTA_DESACTIVADA, so the device knows no login can cure it and
 * removes the company's data (src/app/cuenta-desactivada.ts) instead of asking for a password
 * forever. A live user is unaffected, a token voided before the deletion learns nothing new, and
 * the deleted user's correct password answers exactly as an unknown e-mail (non-enumerating).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { bearer, createTestContext, loginAs, type TestContext } from './helpers';
import { CUENTA_DESACTIVADA_MESSAGE } from '../../src/domain/errors';
import { ApiError, apiJson, CUENTA_DESACTIVADA_EVENT } from '../../src/lib/api';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const login = (email: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

async function newAdvisor(): Promise<{ id: number; correo: string }> {
  const correo = `asesor.${randomUUID().slice(0, 8)}@demo.co`;
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/usuarios',
    headers: bearer(await loginAs(ctx.app, 'admin')),
    payload: { nombre: 'Asesora Borrada', cedula: `9${Date.now() % 1e9}`, correo, contraseña: 'secreta123', rol: 'asesor' },
  });
  expect(res.statusCode).toBe(201);
  return { id: res.json().data.id as number, correo };
}

async function remove(id: number) {
  const res = await ctx.app.inject({ method: 'DELETE', url: `/api/usuarios/${id}`, headers: bearer(await loginAs(ctx.app, 'admin')) });
  expect(res.statusCode).toBe(200);
}

/** One request of each kind the device makes with its session. */
function requests(token: string) {
  const headers = bearer(token);
  const clientId = randomUUID();
  return {
    pull: () => ctx.app.inject({ method: 'GET', url: `/api/sync/pull?clientId=${clientId}&cursor=0&limit=10`, headers }),
    push: () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/sync/push',
        headers,
        payload: { clientId, mutations: [{ id: 1, name: 'sync.omitir', args: {}, at: new Date().toISOString() }] },
      }),
    validate: () => ctx.app.inject({ method: 'GET', url: '/api/validate-token', headers }),
    rest: () => ctx.app.inject({ method: 'GET', url: '/api/dashboard/tabla', headers }),
  };
}

describe('a deleted user', () => {
  it('gets CUENTA_DESACTIVADA on pull, push, validate-token and a REST read; a live user is unaffected', async () => {
    const advisor = await newAdvisor();
    const signedIn = await login(advisor.correo, 'secreta123');
    expect(signedIn.statusCode).toBe(200);
    const calls = requests(signedIn.json().access_token as string);
    expect((await calls.pull()).statusCode).toBe(200);

    await remove(advisor.id);

    for (const [name, call] of Object.entries(calls)) {
      const res = await call();
      expect({ name, status: res.statusCode, body: res.json() as unknown }).toEqual({
        name,
        status: 401,
        body: { ok: false, code: 'CUENTA_DESACTIVADA', error: CUENTA_DESACTIVADA_MESSAGE },
      });
    }

    const live = requests(await loginAs(ctx.app, 'asesor'));
    for (const call of Object.values(live)) expect((await call()).statusCode).toBe(200);
  });

  it('a token voided before the deletion (a password change) stays an ordinary expired session', async () => {
    const advisor = await newAdvisor();
    const old = (await login(advisor.correo, 'secreta123')).json().access_token as string;
    const changed = await ctx.app.inject({
      method: 'POST',
      url: '/api/perfil/contrasena',
      headers: bearer(old),
      payload: { actual: 'secreta123', nueva: 'OtraClave2027', confirmacion: 'OtraClave2027' },
    });
    expect(changed.statusCode).toBe(200);
    const current = changed.json().data.access_token as string;
    await remove(advisor.id);

    expect((await requests(old).validate()).json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect((await requests(current).validate()).json()).toMatchObject({ code: 'CUENTA_DESACTIVADA' });
  });

  it("the correct password answers exactly as an unknown e-mail: the login reveals nothing", async () => {
    const advisor = await newAdvisor();
    await remove(advisor.id);
    const deleted = await login(advisor.correo, 'secreta123');
    const unknown = await login(`nadie.${randomUUID().slice(0, 8)}@demo.co`, 'secreta123');
    expect(deleted.statusCode).toBe(401);
    expect({ status: deleted.statusCode, body: deleted.json() as unknown }).toEqual({ status: unknown.statusCode, body: unknown.json() as unknown });
    expect(deleted.body).not.toContain('CUENTA_DESACTIVADA');
  });
});

describe("the device's HTTP client", () => {
  it('announces CUENTA_DESACTIVADA on window whichever REST call met it, and not an expired session', async () => {
    const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const heard: string[] = [];
    const target = new EventTarget();
    target.addEventListener(CUENTA_DESACTIVADA_EVENT, (e) => heard.push(e.type));
    const g = globalThis as { window?: unknown };
    g.window = target;
    try {
      const advisor = await newAdvisor();
      const token = (await login(advisor.correo, 'secreta123')).json().access_token as string;
      await expect(apiJson(`${base}/api/validate-token`, { token: 'a.b.c' })).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
      expect(heard).toEqual([]);
      await remove(advisor.id);
      const err = await apiJson(`${base}/api/dashboard/tabla`, { token }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ApiError);
      expect(err).toMatchObject({ status: 401, code: 'CUENTA_DESACTIVADA', message: CUENTA_DESACTIVADA_MESSAGE });
      expect(heard).toEqual([CUENTA_DESACTIVADA_EVENT]);
    } finally {
      delete g.window;
    }
  });
});
