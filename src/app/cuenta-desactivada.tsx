/**
 * A deactivated account (the server answered 401 CUENTA_DESACTIVADA: an administrator deleted the
 * user). No login can cure it, so instead of asking for a password forever the device:
 * 1. stops the sync worker;
 * 2. empties the company's data from the user's database and keeps the user's own unsent work
 *    (queued and refused changes, drafts, files still to upload), described by field labels
 *    while the labels are still there (src/db/device-data.ts keepOnlyUnsentWork, unsent-work.ts);
 *    with nothing unsent the database goes entirely (deleteUserDb, as 'Borrar datos de este
 *    dispositivo');
 * 3. forgets the device login of that e-mail (so the account opens nothing offline any more),
 *    records the account as deactivated (state/device-login.ts) and signs out.
 * The login screen then says so and offers the unsent work as a file, or to delete it after a
 * confirmation (features/login/cuentas-desactivadas.tsx). Nothing unsent is lost by one tap.
 *
 * Where the code comes from: any REST call (src/lib/api.ts announces it on `window`, which covers
 * GET /api/validate-token at start) and the sync worker's push or pull (its status carries the
 * code). It runs once per session; the steps are idempotent, so a reload mid-way starts again from
 * the stored token, which the server refuses the same way.
 */
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { openUserDb } from '../db/database';
import { deleteUserDb, keepOnlyUnsentWork } from '../db/device-data';
import { CUENTA_DESACTIVADA_EVENT } from '../lib/api';
import { retireDeviceLogin } from '../state/device-login';
import { forgetHeldLogin } from '../state/device-session';
import { localDbAtom, syncClientAtom, syncStatusAtom } from '../state/local-data';
import { readErrorsAtom } from '../state/read-errors';
import { sessionAtom, sessionExpiredAtom } from '../state/session';
import { forgetUserOnDevice } from './forget-user';
import { unsentWorkDescriber } from './unsent-work';
import { flushDraftsNow } from '../lib/use-flush-on-leave';

export function CuentaDesactivada() {
  const session = useAtomValue(sessionAtom);
  const db = useAtomValue(localDbAtom);
  const client = useAtomValue(syncClientAtom);
  const status = useAtomValue(syncStatusAtom);
  const setSession = useSetAtom(sessionAtom);
  const setExpired = useSetAtom(sessionExpiredAtom);
  const setReadErrors = useSetAtom(readErrorsAtom);
  const navigate = useNavigate();
  const [announced, setAnnounced] = useState(false);
  const running = useRef(false);

  useEffect(() => {
    const on = () => setAnnounced(true);
    window.addEventListener(CUENTA_DESACTIVADA_EVENT, on);
    return () => window.removeEventListener(CUENTA_DESACTIVADA_EVENT, on);
  }, []);

  const fromSync = status?.state === 'unauthenticated' && status.code === 'CUENTA_DESACTIVADA';
  const user = session.status === 'authenticated' && session.session.token ? session.session.user : null;

  useEffect(() => {
    if (!announced && !fromSync) return;
    if (!user) {
      setAnnounced(false);
      return;
    }
    if (running.current) return;
    running.current = true;
    // The last keystrokes of a form on screen go into its draft first, so they are described and kept.
    flushDraftsNow();
    void (async () => {
      await client?.dispose().catch(() => undefined);
      const own = db ?? openUserDb(user.empresa_id, user.id);
      const name = own.name;
      const kept = await keepOnlyUnsentWork(own, { correo: user.correo, nombre: user.nombre }, unsentWorkDescriber(own));
      // Every queued or refused change, draft and file is an item (a 'sync.omitir' no-op is not).
      if (kept.items.length === 0) {
        await deleteUserDb(own, { discardUnsent: true });
      } else if (!db) {
        own.close();
      }
      retireDeviceLogin({ db: name, correo: user.correo, nombre: user.nombre, pendientes: kept.items.length, at: kept.at });
      forgetHeldLogin();
      forgetUserOnDevice(user);
      setReadErrors([]);
      setExpired(false);
      setSession({ status: 'unauthenticated' });
      void navigate('/login', { replace: true });
    })()
      .catch(() => {
        // The data could not be emptied (storage failing): start again from the stored token,
        // which the server refuses the same way.
        window.location.reload();
      })
      .finally(() => {
        running.current = false;
        setAnnounced(false);
      });
  }, [announced, fromSync, user, db, client, navigate, setSession, setExpired, setReadErrors]);

  return null;
}
