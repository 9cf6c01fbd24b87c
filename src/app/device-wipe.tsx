/**
 * 'Borrar datos de este dispositivo' (shared tablets): offered in the 'Cambios pendientes' panel,
 * enabled only when nothing is left to send. After confirmation it stops the sync worker, deletes
 * the signed-in user's IndexedDB database (records, cached history, drafts, files, outbox) and the
 * user's keys in localStorage, and logs out (ending the session on the server too); the next login
 * starts from an empty store and pulls.
 */
import { useAtomValue, useSetAtom } from 'jotai';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { WIPED_TOAST_ID } from './session-toasts';
import { Button } from '../components/ui/button';
import { ConfirmDialog } from '../components/ui/confirm-dialog';
import { deleteUserDb, wipeBlockedReason, wipeBlockers, type WipeBlockers } from '../db/device-data';
import { localDbAtom, syncClientAtom } from '../state/local-data';
import { readErrorsAtom } from '../state/read-errors';
import { sessionAtom, sessionExpiredAtom } from '../state/session';
import { forgetDeviceLogin } from '../state/device-login';
import { forgetUserOnDevice } from './forget-user';
import { endServerSession } from './end-server-session';
import { useOnline } from '../lib/use-online';

export const WIPE_LABEL = 'Borrar datos de este dispositivo';

/**
 * The confirmation's text. Offline it also says that signing in again will need a connection:
 * with the data gone, this device cannot check the password by itself any more.
 */
export function wipeQuestion(nombre: string, online: boolean): string {
  const base = `Se borrarán de este dispositivo las solicitudes, el historial, los borradores y los demás datos guardados de ${nombre}. Los datos del servidor no cambian. Se cerrará la sesión.`;
  const offline = online ? '' : ' Sin conexión: para volver a entrar en este dispositivo necesitarás conexión.';
  return `${base}${offline} ¿Continuar?`;
}

export function DeviceWipe({ blockers }: { blockers: WipeBlockers | null }) {
  const db = useAtomValue(localDbAtom);
  const client = useAtomValue(syncClientAtom);
  const session = useAtomValue(sessionAtom);
  const setSession = useSetAtom(sessionAtom);
  const setExpired = useSetAtom(sessionExpiredAtom);
  const setReadErrors = useSetAtom(readErrorsAtom);
  const navigate = useNavigate();
  const reasonId = useId();
  const online = useOnline();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const reason = blockers ? wipeBlockedReason(blockers) : 'Comprobando los cambios pendientes...';
  const nombre = session.status === 'authenticated' ? session.session.user.nombre : '';

  const wipe = async () => {
    if (!db) return;
    setBusy(true);
    const again = wipeBlockedReason(await wipeBlockers(db));
    if (again) {
      toast.error(again);
      setBusy(false);
      setConfirming(false);
      return;
    }
    try {
      await client?.dispose(); // no worker may write or hold the database open meanwhile
      await deleteUserDb(db);
    } catch (e) {
      toast.error('No se pudieron borrar los datos de este dispositivo', { description: e instanceof Error ? e.message : undefined });
      window.location.reload(); // the worker was stopped: start again from what is left
      return;
    }
    if (session.status === 'authenticated') {
      endServerSession(session.session.token); // best effort, before the token is dropped
      forgetDeviceLogin(session.session.user.correo);
    }
    forgetUserOnDevice(session.status === 'authenticated' ? session.session.user : null);
    setReadErrors([]);
    setExpired(false);
    setSession({ status: 'unauthenticated' });
    toast.success('Se borraron los datos de este dispositivo.', { id: WIPED_TOAST_ID });
    void navigate('/login', { replace: true });
  };

  return (
    <section aria-label="Este dispositivo" className="mt-4 border-t border-slate-200 pt-4">
      <h3 className="font-semibold">Este dispositivo</h3>
      <p className="mt-1 text-sm text-slate-700">
        En una tableta compartida, borra tus datos guardados aquí cuando termines. Se cierra la sesión y el próximo inicio vuelve a descargar todo.
      </p>
      <Button
        variant="danger-outline"
        className="mt-2"
        disabled={!!reason || busy}
        aria-describedby={reason ? reasonId : undefined}
        onClick={() => setConfirming(true)}
      >
        {WIPE_LABEL}
      </Button>
      {reason && (
        <p id={reasonId} className="mt-1 text-sm text-amber-900" data-testid="borrar-datos-motivo">
          {reason}
        </p>
      )}
      {confirming && (
        <ConfirmDialog
          title={WIPE_LABEL}
          message={wipeQuestion(nombre, online)}
          confirmLabel="Borrar datos"
          busy={busy}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void wipe()}
        />
      )}
    </section>
  );
}
