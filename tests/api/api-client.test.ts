/**
 * The device's HTTP client (src/lib/api.ts, src/lib/login.ts) against the real server on a socket:
 * a 2xx answers the envelope's data; a refusal is one ApiError with the server's status, code,
 * Spanish message and field messages; a server that is not there is status 0 / NETWORK; a body
 * that is not JSON is BAD_RESPONSE; a download answers the bytes; the login failures carry the
 * code the login screen decides by (never the text).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import { createTestContext, loginAs, type TestContext } from './helpers';
import { ApiError, apiBlob, apiJson, apiRequest, NETWORK_MESSAGE } from '../../src/lib/api';
import { isLoginDenied, isUnreached, serverLogin } from '../../src/lib/login';
import { LOGIN_ERRORS } from '../../src/domain/session';

let ctx: TestContext;
let base: string;
let token: string;
const realFetch = globalThis.fetch;
beforeAll(async () => {
  ctx = await createTestContext();
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  token = await loginAs(ctx.app, 'manager');
});
afterAll(async () => {
  globalThis.fetch = realFetch;
  await ctx.close();
});

async function failure(p: Promise<unknown>): Promise<ApiError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

/** A port nothing listens on: a server taken down after binding. */
async function deadBase(): Promise<string> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as { port: number };
  await new Promise((r) => s.close(r));
  return `http://127.0.0.1:${port}`;
}

describe('apiJson', () => {
  it('answers the data of a 2xx envelope, with the session token', async () => {
    const data = await apiJson<{ valid: boolean; usuario: { correo: string } }>(`${base}/api/validate-token`, { token });
    expect(data.valid).toBe(true);
    expect(data.usuario.correo).toBe('manager@demo.co');
  });

  it('turns a refusal into an ApiError with the server status, code and Spanish message', async () => {
    const err = await failure(apiJson(`${base}/api/validate-token`, { token: 'a.b.c' }));
    expect(err.status).toBe(401);
    expect(err.code).toBe('UNAUTHENTICATED');
    expect(err.network).toBe(false);
    const body = (await (await realFetch(`${base}/api/validate-token`, { headers: { authorization: 'Bearer a.b.c' } })).json()) as {
      error: string;
    };
    expect(err.message).toBe(body.error);
  });

  it('carries the field messages of a validation refusal', async () => {
    const err = await failure(
      apiJson(`${base}/api/perfil/contrasena`, {
        method: 'POST',
        token,
        body: JSON.stringify({ actual: 'demo1234', nueva: 'OtraClave2027', confirmacion: 'OtraClave2028' }),
      }),
    );
    expect(err.status).toBe(400);
    expect(err.code).toBe('VALIDATION');
    expect(Object.keys(err.fields ?? {})).toEqual(['confirmacion']);
    expect(err.fields?.confirmacion).toMatch(/contraseñas/i);
  });

  it('says NETWORK with status 0 when the server is not reached', async () => {
    const err = await failure(apiJson(`${await deadBase()}/api/health`));
    expect(err).toMatchObject({ status: 0, code: 'NETWORK', message: NETWORK_MESSAGE });
    expect(err.network).toBe(true);
  });

  it('rethrows an abort the caller asked for as it is', async () => {
    const ctrl = new AbortController();
    ctrl.abort();
    const err = await apiRequest(`${base}/api/health`, { signal: ctrl.signal }).catch((e: unknown) => e);
    expect(err).not.toBeInstanceOf(ApiError);
    expect((err as Error).name).toBe('AbortError');
  });

  it('says BAD_RESPONSE for a 2xx that is not JSON, and apiBlob answers its bytes', async () => {
    const path = `${base}/api/descargar-ventas/`;
    const admin = await apiJson<{ usuario: { cedula: string } }>(`${base}/api/validate-token`, { token: await loginAs(ctx.app, 'admin') });
    const init = { method: 'POST', token: await loginAs(ctx.app, 'admin'), body: JSON.stringify({ cedula: admin.usuario.cedula }) };
    const err = await failure(apiJson(path, init));
    expect(err.code).toBe('BAD_RESPONSE');
    expect(err.status).toBe(200);
    const csv = await (await apiBlob(path, init)).text();
    expect(csv).toContain('Radicado;Fecha;Nombre;');
  });
});

describe('serverLogin', () => {
  it('answers the session for good credentials', async () => {
    globalThis.fetch = (input, init) => realFetch(typeof input === 'string' && input.startsWith('/') ? base + input : input, init);
    try {
      const session = await serverLogin('asesor@demo.co', 'demo1234');
      expect(session.user.rol).toBe('asesor');
      expect(session.token.split('.')).toHaveLength(3);
    } finally {
      globalThis.fetch = realFetch;
    }
  });

  it('marks refused credentials UNAUTHENTICATED with the spec message', async () => {
    globalThis.fetch = (input, init) => realFetch(typeof input === 'string' && input.startsWith('/') ? base + input : input, init);
    try {
      const err = await failure(serverLogin('asesor@demo.co', 'equivocada'));
      expect(err.message).toBe(LOGIN_ERRORS.denied);
      expect(isLoginDenied(err)).toBe(true);
      expect(isUnreached(err)).toBe(false);
    } finally {
      globalThis.fetch = realFetch;
    }
  });

  it('marks an unreachable server as such, with the connection message, not as refused', async () => {
    const dead = await deadBase();
    globalThis.fetch = (input, init) => realFetch(typeof input === 'string' && input.startsWith('/') ? dead + input : input, init);
    try {
      const err = await failure(serverLogin('asesor@demo.co', 'demo1234'));
      expect(err.message).toBe(LOGIN_ERRORS.network);
      expect(isUnreached(err)).toBe(true);
      expect(isLoginDenied(err)).toBe(false);
    } finally {
      globalThis.fetch = realFetch;
    }
  });
});
