import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, type ReactNode } from 'react';
import { openUserDb } from '../db/database';
import { createSyncClient } from '../workers/sync-client';
import { sessionAtom, sessionExpiredAtom } from '../state/session';
import { localDbAtom, syncClientAtom, syncStatusAtom } from '../state/local-data';
import { FullPageLoading } from '../components/ui/spinner';
import { requestPeriodicPull } from '../sw/register';
import { useSentWhileClosedNotice } from './sent-while-closed-notice';

/**
 * Opens the signed-in user's local database and starts the sync worker for it (once there is a
 * token: a device login opens the data first). One database per user and company, so another user
 * on the same device never sees these rows or queued changes.
 * Storage persistence is requested once signed in (browsers may then keep the data for longer).
 */
export function SyncProvider({ children }: { children: ReactNode }) {
  const state = useAtomValue(sessionAtom);
  const db = useAtomValue(localDbAtom);
  const setDb = useSetAtom(localDbAtom);
  const setClient = useSetAtom(syncClientAtom);
  const setStatus = useSetAtom(syncStatusAtom);
  const setExpired = useSetAtom(sessionExpiredAtom);

  const user = state.status === 'authenticated' ? state.session.user : null;
  const token = state.status === 'authenticated' ? state.session.token : null;
  const userKey = user ? `${user.empresa_id}:${user.id}` : null;

  // The database opens with the user, also for a device login that has no token yet.
  useEffect(() => {
    if (!userKey) return;
    const [empresaId, userId] = userKey.split(':').map(Number);
    const localDb = openUserDb(empresaId, userId);
    setDb(localDb);
    return () => {
      localDb.close();
      setDb(null);
    };
  }, [userKey, setDb]);

  // The sync worker needs a token: it starts when the server has accepted a login.
  const hasToken = Boolean(token);
  useEffect(() => {
    if (!userKey || !hasToken) return;
    const [empresaId, userId] = userKey.split(':').map(Number);
    const client = createSyncClient();
    setClient(client);
    const unsubscribe = client.subscribe((status) => {
      setStatus(status);
      setExpired(status.state === 'unauthenticated');
    });
    client.init({ empresaId, userId, token: token! }).catch(() => undefined);
    requestPeriodicPull();
    if (navigator.storage?.persist) navigator.storage.persist().catch(() => undefined);
    return () => {
      unsubscribe();
      void client.dispose();
      setClient(null);
      setStatus(null);
    };
    // The token is handed over separately below; a new token must not restart the engine.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userKey, hasToken]);

  useSentWhileClosedNotice(db);

  const client = useAtomValue(syncClientAtom);
  useEffect(() => {
    if (client && token) void client.setToken(token);
  }, [client, token]);

  // The page hears connectivity changes reliably; a dedicated worker may not, so it is told.
  useEffect(() => {
    if (!client) return;
    const online = () => void client.syncNow().catch(() => undefined);
    const visible = () => document.visibilityState === 'visible' && client.notify();
    window.addEventListener('online', online);
    document.addEventListener('visibilitychange', visible);
    return () => {
      window.removeEventListener('online', online);
      document.removeEventListener('visibilitychange', visible);
    };
  }, [client]);

  if (user && !db) return <FullPageLoading />;
  return children;
}
