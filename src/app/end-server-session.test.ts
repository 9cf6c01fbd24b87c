import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as fresh from './end-server-session';
import { LOGOUT_PATH, LOGOUT_RETRY_MS } from './end-server-session';

// Each test gets the module fresh: logouts waiting for the server live in its memory.
let m: typeof fresh;
beforeEach(async () => {
  vi.resetModules();
  m = await import('./end-server-session');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** A token shaped as the server's (header.payload.signature) expiring `inSeconds` from now. */
function token(name: string, inSeconds: number): string {
  const payload = Buffer.from(JSON.stringify({ sub: name, exp: Math.floor(Date.now() / 1000) + inSeconds })).toString('base64url');
  return `eyJhbGciOiJIUzI1NiJ9.${payload}.firma-${name}`;
}

const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
};
const offline = () => vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
const answer = (status: number, body: string) => vi.fn(() => Promise.resolve(new Response(body, { status })));

describe('endServerSession', () => {
  it('sends the token it is given to the logout route, without waiting for the answer', () => {
    const fetch = vi.fn(() => new Promise<Response>(() => undefined)); // never answers
    vi.stubGlobal('fetch', fetch);
    expect(m.endServerSession('el-token')).toBeUndefined();
    expect(fetch).toHaveBeenCalledTimes(1);
    const [path, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe(LOGOUT_PATH);
    expect(init.method).toBe('POST');
    expect(init.keepalive).toBe(true);
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer el-token');
  });

  it('never fails the logout: offline or refused, nothing is thrown or left unhandled', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
      m.endServerSession('sin-red');
      vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response('{"ok":false,"error":"x","code":"INTERNAL"}', { status: 500 }))));
      m.endServerSession('rechazado');
      await new Promise((r) => setTimeout(r, 0));
      await new Promise((r) => setImmediate(r));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('sends nothing for a session opened on this device without a token', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    m.endServerSession('');
    m.endServerSession(null);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('a logout made offline is sent again once the browser is back online, and then no more', async () => {
    const win = new EventTarget();
    vi.stubGlobal('window', win);
    vi.stubGlobal('fetch', offline());
    const t = token('offline', 3600);
    m.endServerSession(t);
    await settle();
    expect(m.pendingLogouts()).toBe(1);

    const back = answer(200, '{"ok":true,"data":{}}');
    vi.stubGlobal('fetch', back);
    win.dispatchEvent(new Event('online'));
    await settle();
    expect(back).toHaveBeenCalledTimes(1);
    expect(new Headers((back.mock.calls[0] as unknown as [string, RequestInit])[1].headers).get('authorization')).toBe(`Bearer ${t}`);
    expect(m.pendingLogouts()).toBe(0);
    m.retryPendingLogouts();
    await settle();
    expect(back).toHaveBeenCalledTimes(1);
  });

  it('a logout the server failed (5xx) is tried again every minute until it is taken', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    vi.stubGlobal('fetch', answer(503, '{"ok":false,"error":"Servicio no disponible","code":"INTERNAL"}'));
    m.endServerSession(token('caido', 3600));
    await settle();
    expect(m.pendingLogouts()).toBe(1);
    const back = answer(200, '{"ok":true,"data":{}}');
    vi.stubGlobal('fetch', back);
    vi.advanceTimersByTime(LOGOUT_RETRY_MS);
    await settle();
    expect(back).toHaveBeenCalledTimes(1);
    expect(m.pendingLogouts()).toBe(0);
  });

  it('a token the server refuses (already ended) or one already expired is not tried again', async () => {
    vi.stubGlobal('fetch', answer(401, '{"ok":false,"error":"Sesión expirada","code":"UNAUTHENTICATED"}'));
    m.endServerSession(token('terminado', 3600));
    await settle();
    expect(m.pendingLogouts()).toBe(0);

    vi.stubGlobal('fetch', offline());
    m.endServerSession(token('vencido', -10));
    await settle();
    expect(m.pendingLogouts()).toBe(0);
  });
});
