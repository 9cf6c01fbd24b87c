import { describe, expect, it } from 'vitest';
import { HttpTransport } from './http-transport';
import { TransportError } from './transport';

function fakeFetch(respond: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const calls: { url: string; init: RequestInit }[] = [];
  const impl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), init: init ?? {} });
    return respond(String(input), init ?? {});
  }) as typeof fetch;
  return { impl, calls };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('HttpTransport', () => {
  it("keeps the code of a deleted account's 401, on pull and push alike", async () => {
    const f = fakeFetch(() => json(401, { ok: false, code: 'CUENTA_DESACTIVADA', error: 'Tu cuenta fue desactivada.' }));
    const t = new HttpTransport({ token: 'abc', fetch: f.impl });
    for (const call of [() => t.pull({ clientId: 'c', cursor: 0, limit: 10 }), () => t.push({ clientId: 'c', mutations: [] })]) {
      const error = await call().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TransportError);
      expect(error).toMatchObject({ status: 401, code: 'CUENTA_DESACTIVADA', message: 'Tu cuenta fue desactivada.' });
    }
  });

  it('pushes with the bearer token and returns data', async () => {
    const f = fakeFetch(() => json(200, { ok: true, data: { lastMutationId: 1, results: [] } }));
    const t = new HttpTransport({ token: 'abc', baseUrl: 'https://x.co/', fetch: f.impl });
    const body = { clientId: crypto.randomUUID(), mutations: [] };
    expect(await t.push(body)).toEqual({ lastMutationId: 1, results: [] });
    expect(f.calls[0].url).toBe('https://x.co/api/sync/push');
    expect((f.calls[0].init.headers as Record<string, string>).Authorization).toBe('Bearer abc');
    t.setToken('def');
    await t.push(body);
    expect((f.calls[1].init.headers as Record<string, string>).Authorization).toBe('Bearer def');
  });

  it('pulls with clientId, cursor and limit in the query', async () => {
    const f = fakeFetch(() =>
      json(200, { ok: true, data: { cursor: 3, more: false, lastMutationId: 0, changes: [] } }),
    );
    const t = new HttpTransport({ token: 'abc', fetch: f.impl });
    await t.pull({ clientId: 'c1', cursor: 7, limit: 500 });
    expect(f.calls[0].url).toBe('/api/sync/pull?clientId=c1&cursor=7&limit=500');
  });

  it("maps a refusal to TransportError with the server's Spanish message and code", async () => {
    const f = fakeFetch(() =>
      json(403, { ok: false, error: 'No tienes permiso.', code: 'FORBIDDEN' }),
    );
    const t = new HttpTransport({ token: 'abc', fetch: f.impl });
    const error = await t.pull({ clientId: 'c', cursor: 0, limit: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject({ status: 403, code: 'FORBIDDEN', message: 'No tienes permiso.' });
  });

  it('reports no answer as status 0 and a non-JSON 503 with a Spanish message', async () => {
    const down = new HttpTransport({
      token: 'a',
      fetch: (async () => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch,
    });
    await expect(down.pull({ clientId: 'c', cursor: 0, limit: 1 })).rejects.toMatchObject({
      status: 0,
    });
    const busy = new HttpTransport({
      token: 'a',
      fetch: fakeFetch(() => new Response('<html>', { status: 503 })).impl,
    });
    await expect(busy.pull({ clientId: 'c', cursor: 0, limit: 1 })).rejects.toMatchObject({
      status: 503,
      message: 'El servidor no está disponible en este momento.',
    });
  });
});
