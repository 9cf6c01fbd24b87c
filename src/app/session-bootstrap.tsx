import { useSetAtom } from 'jotai';
import { useEffect, type ReactNode } from 'react';
import { ApiError, apiJson } from '../lib/api';
import { readStoredSession, refreshSessionUser, sessionAtom, sessionExpiredAtom, storeSession } from '../state/session';

/**
 * Restores the stored session on load without needing the network (an advisor may open the app
 * offline). When online, the restored token is checked in the background; a refused token does not
 * log the user out (queued work must survive): it marks the session expired so sync pauses and the
 * shell asks for a new login.
 * Only a token restored from storage (a reload, a new tab) is checked: a token a login has just
 * issued is known good, and checking it would only delay a new device's first sync (issue 31).
 * An answer that comes after the stored token changed (a new login, a logout) is ignored.
 * The answer carries the user as the server has it now: a role, name or e-mail an admin changed
 * since the login replaces the stored one, so the badge, the menu and what the screens offer
 * follow the server (which already enforces the new role) without a new login.
 * A token of a deleted user (401 CUENTA_DESACTIVADA) is not an expired session: no login cures it.
 * The API client announces it and <CuentaDesactivada> (cuenta-desactivada.tsx) removes the company's
 * data and signs out, so nothing here asks for a password.
 */
export function SessionBootstrap({ children }: { children: ReactNode }) {
  const setState = useSetAtom(sessionAtom);
  const setExpired = useSetAtom(sessionExpiredAtom);

  useEffect(() => {
    const stored = readStoredSession();
    setState(stored ? { status: 'authenticated', session: stored } : { status: 'unauthenticated' });
    if (!stored || !navigator.onLine) return;
    const ctrl = new AbortController();
    const current = () => readStoredSession()?.token === stored.token;
    apiJson<{ usuario?: unknown }>('/api/validate-token', { token: stored.token, signal: ctrl.signal })
      .then((data) => {
        if (!current()) return;
        setExpired(false);
        const user = refreshSessionUser(stored.user, data?.usuario);
        if (user === stored.user) return;
        const session = { ...stored, user };
        storeSession(session);
        setState({ status: 'authenticated', session });
      })
      // Only a refused token expires the session; no answer (offline, a server down) changes nothing.
      .catch((err: unknown) => {
        if (err instanceof ApiError && err.status === 401 && err.code !== 'CUENTA_DESACTIVADA' && current()) setExpired(true);
      });
    return () => ctrl.abort();
  }, [setState, setExpired]);

  return children;
}
