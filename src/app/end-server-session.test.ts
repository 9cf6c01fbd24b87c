import { afterEach, describe, expect, it, vi } from 'vitest';
import { endServerSession, LOGOUT_PATH } from './end-server-session';

afterEach(() => vi.unstubAllGlobals());

describe('endServerSession', () => {
  it('sends the token it is given to the logout route, without waiting for the answer', () => {
    const fetch = vi.fn(() => new Promise<Response>(() => undefined)); // never answers
    vi.stubGlobal('fetch', fetch);
    expect(endServerSession('el-token')).toBeUndefined();
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
      endServerSession('sin-red');
      vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response('{"ok":false,"error":"x","code":"INTERNAL"}', { status: 500 }))));
      endServerSession('rechazado');
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
    endServerSession('');
    endServerSession(null);
    expect(fetch).not.toHaveBeenCalled();
  });
});
