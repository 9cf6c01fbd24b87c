import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { eq } from 'drizzle-orm';
import { bearer, createTestContext, JWT_SECRET, loginAs, type TestContext } from './helpers';
import { usuarios } from '../../server/src/db/schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('POST /api/auth/login', () => {
  it('answers the spec shape and never a password hash', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'ADMIN@demo.co', password: 'demo1234' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.acceso).toBe('AUTORIZADO');
    expect(body.rol).toBe('admin');
    expect(body.empresa).toEqual({ id: ctx.seeded.demo.id, nombre: 'Demo Créditos', imagen: '/logo-demo.svg' });
    expect(body.usuario).toMatchObject({ nombre: 'Adriana', correo: 'admin@demo.co', empresa: 'Demo Créditos', rol: 'admin' });
    expect(body.access_token.split('.')).toHaveLength(3);
    expect(res.body).not.toMatch(/scrypt|password/i);
  });

  it('refuses a wrong password and an unknown e-mail alike with 401', async () => {
    for (const payload of [
      { email: 'admin@demo.co', password: 'nope' },
      { email: 'nadie@demo.co', password: 'demo1234' },
    ]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        ok: false,
        acceso: 'DENEGADO',
        code: 'UNAUTHENTICATED',
        error: 'Credenciales inválidas. Por favor, verifique su email y contraseña.',
      });
    }
  });

  it('answers missing fields and broken JSON with a Spanish 400', async () => {
    const missing = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@b.co' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ ok: false, code: 'VALIDATION' });
    expect(missing.json().fields.password).toBe('La contraseña es obligatoria');
    const broken = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ ok: false, code: 'VALIDATION', error: 'El cuerpo de la solicitud no es JSON válido.' });
  });
});

describe('login rate limit', () => {
  it('answers 429 with a Spanish message past the limit for one IP and e-mail', async () => {
    const limited = await createTestContext({ loginRateLimit: 3 });
    try {
      const attempt = () =>
        limited.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'admin@demo.co', password: 'x' } });
      for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
      const res = await attempt();
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ ok: false, code: 'RATE_LIMITED' });
      expect(res.json().error).toMatch(/Demasiadas solicitudes/);
      // Another e-mail from the same IP is a different key.
      const other = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'asesor@demo.co', password: 'demo1234' },
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('tokens', () => {
  it('GET /api/validate-token accepts a valid token and refuses a missing one', async () => {
    const token = await loginAs(ctx.app, 'asesor');
    const ok = await ctx.app.inject({ method: 'GET', url: '/api/validate-token', headers: bearer(token) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.usuario.correo).toBe('asesor@demo.co');
    const none = await ctx.app.inject({ method: 'GET', url: '/api/validate-token' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ ok: false, code: 'UNAUTHENTICATED' });
  });

  it('refuses tokens signed with another secret, with alg none, expired, or with the wrong audience', async () => {
    const key = new TextEncoder().encode(JWT_SECRET);
    const base = () => new SignJWT({ emp: 1, rol: 'admin', tv: 0 }).setSubject('1').setIssuer('radica');
    const tokens = [
      await base().setAudience('radica-web').setExpirationTime('1h').setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('otro-secreto-'.repeat(4))),
      await base().setAudience('otra-app').setExpirationTime('1h').setProtectedHeader({ alg: 'HS256' }).sign(key),
      await base().setAudience('radica-web').setExpirationTime(Math.floor(Date.now() / 1000) - 60).setProtectedHeader({ alg: 'HS256' }).sign(key),
      // alg none: header.payload. with an empty signature
      `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: '1', emp: 1, rol: 'admin', tv: 0, iss: 'radica', aud: 'radica-web', exp: Math.floor(Date.now() / 1000) + 3600 })).toString('base64url')}.`,
    ];
    for (const t of tokens) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/dashboard/tabla', headers: bearer(t) });
      expect(res.statusCode).toBe(401);
    }
  });

  it('refuses a token issued before the token version changed (password change)', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'manager@demo.co', password: 'demo1234' } });
    const token = res.json().access_token;
    expect((await ctx.app.inject({ method: 'GET', url: '/api/dashboard/tabla', headers: bearer(token) })).statusCode).toBe(200);
    await ctx.database.db.update(usuarios).set({ tokenVersion: 1 }).where(eq(usuarios.correo, 'manager@demo.co'));
    expect((await ctx.app.inject({ method: 'GET', url: '/api/dashboard/tabla', headers: bearer(token) })).statusCode).toBe(401);
  });
});
