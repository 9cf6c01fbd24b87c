/**
 * Logins cannot be starved (issue #30): a per-address limit across all e-mails besides the
 * per-address-and-e-mail one; password hashes pass a gate (few at once, four places per address),
 * so a burst of bogus logins from one address gets 429 with Retry-After while a real login from
 * another address goes through; limits follow X-Forwarded-For only with TRUST_PROXY; counters
 * kept in the database are shared by every server on it. A signed-in session's hashes (password set
 * or checked) hold four places per user, and its current-password checks meet the hourly limit too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestContext, JWT_SECRET, type TestContext } from './helpers';
import { buildApp, type AppOptions } from '../../server/src/app';
import { passwordGate } from '../../server/src/lib/password';

let ctx: TestContext;
const apps: FastifyInstance[] = [];
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await ctx.close();
});

async function app(opts: Partial<AppOptions>) {
  const a = await buildApp({ db: ctx.database.db, jwtSecret: JWT_SECRET, loginRateLimit: 1000, ...opts });
  apps.push(a);
  return a;
}

const login = (a: FastifyInstance, email: string, password: string, from: string, headers: Record<string, string> = {}) =>
  a.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: from, headers });
const bogus = (a: FastifyInstance, i: number, from: string, headers: Record<string, string> = {}) =>
  login(a, `nadie${i}.${Math.random().toString(36).slice(2)}@ejemplo.co`, 'no-es-la-clave', from, headers);

function expect429(res: Awaited<ReturnType<typeof login>>) {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.json()).toMatchObject({ ok: false, code: 'RATE_LIMITED' });
  expect(res.json().error).toMatch(/Espera un momento/);
  expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
}

describe('per-address limit across e-mails', () => {
  it('refuses the address past the limit, whichever e-mail it tries; other addresses still log in', async () => {
    const a = await app({ loginIpRateLimit: 5 });
    for (let i = 0; i < 5; i++) expect((await bogus(a, i, '10.1.1.1')).statusCode).toBe(401);
    expect429(await login(a, 'admin@demo.co', 'demo1234', '10.1.1.1'));
    expect((await login(a, 'admin@demo.co', 'demo1234', '10.1.1.2')).statusCode).toBe(200);
  });
});

describe('concurrent password hashes', () => {
  it('answers a burst of 40 bogus logins from one address with 429 past its places, while a real login from another address succeeds', async () => {
    const a = await app({ loginIpRateLimit: 1000, hashConcurrency: 2 });
    let maxRunning = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        maxRunning = Math.max(maxRunning, passwordGate.stats().running);
        await new Promise((r) => setTimeout(r, 2));
      }
    })();
    const burst = Array.from({ length: 40 }, (_, i) => bogus(a, i, '10.2.2.2'));
    const real = login(a, 'supervisor@demo.co', 'demo1234', '10.3.3.3');
    const answers = await Promise.all(burst);
    const realAnswer = await real;
    sampling = false;
    await sampler;

    expect(realAnswer.statusCode, realAnswer.body).toBe(200);
    const codes = answers.map((r) => r.statusCode);
    expect(codes.every((c) => c === 401 || c === 429), codes.join(',')).toBe(true);
    // The address holds four places (running or waiting): nearly all of the burst is refused at once.
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(30);
    expect(codes.filter((c) => c === 401).length).toBeGreaterThanOrEqual(2);
    for (const r of answers.filter((x) => x.statusCode === 429)) expect429(r);
    expect(maxRunning).toBeLessThanOrEqual(2);
    expect(passwordGate.stats()).toEqual({ running: 0, waiting: 0 });
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default: X-Forwarded-For does not change the address limits count', async () => {
    const a = await app({ loginIpRateLimit: 2 });
    for (let i = 0; i < 2; i++) expect((await bogus(a, i, '10.4.4.4', { 'x-forwarded-for': `198.51.100.${i}` })).statusCode).toBe(401);
    expect429(await bogus(a, 3, '10.4.4.4', { 'x-forwarded-for': '198.51.100.99' }));
  });

  it('on, the limits count per client address behind the load balancer', async () => {
    const a = await app({ loginIpRateLimit: 2, trustProxy: true });
    for (let i = 0; i < 2; i++) expect((await bogus(a, i, '10.5.5.5', { 'x-forwarded-for': '198.51.100.7' })).statusCode).toBe(401);
    expect429(await bogus(a, 3, '10.5.5.5', { 'x-forwarded-for': '198.51.100.7' }));
    expect((await bogus(a, 4, '10.5.5.5', { 'x-forwarded-for': '198.51.100.8' })).statusCode).toBe(401);
  });

  it('as a number of proxies, takes the address that many hops back', async () => {
    const a = await app({ loginIpRateLimit: 1, trustProxy: 1 });
    // One proxy: the client is the last address it appended; what the client wrote before is ignored.
    expect((await bogus(a, 1, '10.6.6.6', { 'x-forwarded-for': '1.1.1.1, 198.51.100.20' })).statusCode).toBe(401);
    expect429(await bogus(a, 2, '10.6.6.6', { 'x-forwarded-for': '2.2.2.2, 198.51.100.20' }));
  });
});

describe('counters in the database', () => {
  it('are shared by two servers on the same database', async () => {
    const one = await app({ loginIpRateLimit: 4, rateLimitStore: 'database' });
    const two = await app({ loginIpRateLimit: 4, rateLimitStore: 'database' });
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await bogus(i % 2 ? two : one, i, '10.7.7.7')).statusCode);
    expect(codes).toEqual([401, 401, 401, 401]);
    expect429(await bogus(one, 5, '10.7.7.7'));
    expect429(await bogus(two, 6, '10.7.7.7'));
    // The tracking routes' limit is kept there too.
    const s1 = await app({ seguimientoRateLimit: 2, rateLimitStore: 'database' });
    const s2 = await app({ seguimientoRateLimit: 2, rateLimitStore: 'database' });
    const get = (a: FastifyInstance) => a.inject({ method: 'GET', url: '/api/seguimiento/radicado/RAD-ZZZZZZZZ', remoteAddress: '10.8.8.8' });
    expect([(await get(s1)).statusCode, (await get(s2)).statusCode, (await get(s1)).statusCode]).toEqual([404, 404, 429]);
  });
});

describe('password hashes asked by a signed-in session', () => {
  const token = async (a: FastifyInstance, email: string) => (await login(a, email, 'demo1234', '10.4.4.1')).json().access_token as string;

  it("hold at most four places per user, from any address: a supervisor's burst of password changes cannot keep another company's admin from logging in", async () => {
    const a = await app({ loginIpRateLimit: 1000, hashConcurrency: 2 });
    const sup = await token(a, 'supervisor@demo.co');
    const auth = { authorization: `Bearer ${sup}` };
    const created = await a.inject({
      method: 'POST',
      url: '/api/usuarios',
      headers: auth,
      payload: { nombre: 'Relleno Gate', cedula: '55123111', correo: `gate.${Math.random().toString(36).slice(2, 8)}@demo.co`, contraseña: 'clave-inicial-1', rol: 'asesor', info_extra: {} },
      remoteAddress: '10.4.4.2',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    // Before, these hashes had no key: the burst filled the queue and the login below waited or got 429.
    const burst = Array.from({ length: 30 }, (_, i) =>
      a.inject({ method: 'PUT', url: `/api/usuarios/${id}`, headers: auth, payload: { contraseña: `Relleno-${i}-clave` }, remoteAddress: `10.5.${i}.1` }),
    );
    const other = login(a, 'admin@otra.co', 'demo1234', '10.6.6.6');
    const answers = await Promise.all(burst);
    const otherAnswer = await other;
    expect(otherAnswer.statusCode, otherAnswer.body).toBe(200);
    const codes = answers.map((r) => r.statusCode);
    expect(codes.every((c) => c === 200 || c === 429), codes.join(',')).toBe(true);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(20);
    for (const r of answers.filter((x) => x.statusCode === 429)) expect429(r);
    expect(passwordGate.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it("limit a session's guesses of its current password per hour like a login's, whatever the address", async () => {
    const a = await app({ loginRateLimit: 1000, loginIpRateLimit: 1000, loginHourlyLimit: 3 });
    const auth = { authorization: `Bearer ${await token(a, 'manager@demo.co')}` };
    const guess = (i: number) =>
      a.inject({
        method: 'POST',
        url: '/api/perfil/contrasena',
        headers: auth,
        payload: { actual: `adivina-${i}`, nueva: 'Nueva-clave-123456', confirmacion: 'Nueva-clave-123456' },
        remoteAddress: `10.7.${i}.1`,
      });
    for (let i = 0; i < 3; i++) expect((await guess(i)).statusCode).toBe(400);
    // Before: only the per-minute limit (per address and user), so a new address or minute went on guessing.
    expect429(await guess(3));
    expect429(await guess(4));
  });
});
