import { useAtom, useSetAtom } from 'jotai';
import { useEffect, type ReactNode } from 'react';
import { ApiError, apiRequest } from '../lib/api';
import { readStoredSession, sessionAtom, sessionExpiredAtom } from '../state/session';

/**
 * Restores the stored session on load without needing the network (an advisor may open the app
 * offline). When online, the token is checked in the background; a refused token does not log the
 * user out (queued work must survive): it marks the session expired so sync pauses and the shell
 * asks for a new login.
 */
export function SessionBootstrap({ children }: { children: ReactNode }) {
  const [state, setState] = useAtom(sessionAtom);
  const setExpired = useSetAtom(sessionExpiredAtom);

  useEffect(() => {
    const stored = readStoredSession();
    setState(stored ? { status: 'authenticated', session: stored } : { status: 'unauthenticated' });
  }, [setState]);

  const token = state.status === 'authenticated' ? state.session.token : null;
  useEffect(() => {
    if (!token || !navigator.onLine) return;
    const ctrl = new AbortController();
    apiRequest('/api/validate-token', { token, signal: ctrl.signal })
      .then(() => setExpired(false))
      // Only a refused token expires the session; no answer (offline, a server down) changes nothing.
      .catch((err: unknown) => {
        if (err instanceof ApiError && err.status === 401) setExpired(true);
      });
    return () => ctrl.abort();
  }, [token, setExpired]);

  return children;
}
