/**
 * 'Salir' ends the session on the server (POST /api/auth/logout): the token it carries is refused
 * from then on, by every server process on the database, while the user's other sessions (another
 * device) go on. Tokens from before tokens had an id (`jti`) keep working until they expire.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../server/src/app';
import { bearer, createTestContext, JWT_SECRET, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const UNAUTH = { ok: false, code: 'UNAUTHENTICATED', error: 'Tu sesión no es válida o expiró. Inicia sesión de nuevo.' };

/** A new session of `email` (never the helpers' cached token: these tests end sessions). */
async function login(email: string): Promise<string> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'demo1234' } });
  expect(res.statusCode).toBe(200);
  return res.json().access_token as string;
}

const tabla = (token: string, app = ctx.app) => app.inject({ method: 'GET', url: '/api/dashboard/tabla', headers: bearer(token) });
const logout = (headers: Record<string, string> = {}) => ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers });

/** The ended tokens' ids, each with its expiry in seconds since the epoch. */
async function revokedRows(): Promise<Array<{ jti: string; exp: number }>> {
  const res = (await ctx.database.db.execute(
    sql`select jti, extract(epoch from expira_en)::float8 as exp from sesiones_revocadas order by jti`,
  )) as unknown as { rows: Array<{ jti: string; exp: number | string }> };
  return res.rows.map((r) => ({ jti: r.jti, exp: Number(r.exp) }));
}

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, unknown>;

describe('POST /api/auth/logout', () => {
  it('ends the session of the token it carries: that token is then a 401 everywhere, the same user on another device goes on', async () => {
    const phone = await login('asesor@demo.co');
    const tablet = await login('asesor@demo.co');
    expect(claimsOf(phone).jti).toEqual(expect.any(String));
    expect(claimsOf(phone).jti).not.toBe(claimsOf(tablet).jti);
    expect((await tabla(phone)).statusCode).toBe(200);

    const res = await logout(bearer(phone));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });

    for (const url of ['/api/dashboard/tabla', '/api/validate-token', `/api/sync/pull?clientId=${crypto.randomUUID()}&cursor=0`]) {
      const refused = await ctx.app.inject({ method: 'GET', url, headers: bearer(phone) });
      expect(refused.statusCode, url).toBe(401);
      expect(refused.json(), url).toEqual(UNAUTH);
    }
    const push = await ctx.app.inject({ method: 'POST', url: '/api/sync/push', headers: bearer(phone), payload: { clientId: crypto.randomUUID(), mutations: [] } });
    expect(push.statusCode).toBe(401);

    // The advisor's tablet (pending work) was not signed out by leaving on the phone.
    expect((await tabla(tablet)).statusCode).toBe(200);
    const again = await ctx.app.inject({ method: 'GET', url: '/api/validate-token', headers: bearer(tablet) });
    expect(again.json().data.usuario.correo).toBe('asesor@demo.co');
  });

  it('holds in every server process on the database: the list is read from it, not from a process', async () => {
    const other = await buildApp({ db: ctx.database.db, jwtSecret: JWT_SECRET });
    await other.ready();
    try {
      const token = await login('supervisor@demo.co');
      expect((await tabla(token, other)).statusCode).toBe(200); // the other process has seen it valid
      expect((await logout(bearer(token))).statusCode).toBe(200);
      const refused = await tabla(token, other);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual(UNAUTH);
    } finally {
      await other.close();
    }
  });

  it('is idempotent: the same token again, an unknown or broken token, or none, answer 200 and change nothing else', async () => {
    const token = await login('manager@demo.co');
    expect((await logout(bearer(token))).statusCode).toBe(200);
    const rows = await revokedRows();
    expect(rows.map((r) => r.jti)).toContain(claimsOf(token).jti);
    for (const headers of [bearer(token), {}, { authorization: 'Bearer a.b.c' }, { authorization: 'Basic eDp5' }]) {
      const res = await logout(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
      expect(res.json()).toEqual({ ok: true });
    }
    expect(await revokedRows()).toEqual(rows);
    expect((await tabla(token)).statusCode).toBe(401);
  });

  it('keeps an ended token only until it would have expired anyway, and drops the rows past that at the next logout', async () => {
    const token = await login('banco@demo.co');
    await ctx.database.db.execute(sql`insert into sesiones_revocadas (jti, expira_en) values ('vencida', now() - interval '1 minute')`);
    await logout(bearer(token));
    const rows = await revokedRows();
    expect(rows.map((r) => r.jti)).not.toContain('vencida');
    const mine = rows.find((r) => r.jti === claimsOf(token).jti);
    expect(mine?.exp).toBe(claimsOf(token).exp);
  });

  it('accepts a token signed before tokens had an id until its exp (a logout cannot end it)', async () => {
    const [user] = (
      (await ctx.database.db.execute(sql`select id, empresa_id, rol, token_version from usuarios where correo = 'user@demo.co'`)) as unknown as {
        rows: Array<{ id: number; empresa_id: number; rol: string; token_version: number }>;
      }
    ).rows;
    const old = await new SignJWT({ emp: user.empresa_id, rol: user.rol, tv: user.token_version })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(user.id))
      .setIssuer('radica')
      .setAudience('radica-web')
      .setIssuedAt()
      .setExpirationTime('12h')
      .sign(new TextEncoder().encode(JWT_SECRET));
    expect(claimsOf(old).jti).toBeUndefined();
    expect((await tabla(old)).statusCode).toBe(200);
    const before = await revokedRows();
    expect((await logout(bearer(old))).statusCode).toBe(200);
    expect(await revokedRows()).toEqual(before);
    expect((await tabla(old)).statusCode).toBe(200);
  });
});
