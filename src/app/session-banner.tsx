/**
 * The banner above every signed-in screen while nothing can be sent: a login verified only on this
 * device (offline: the work goes on and is sent when the connection returns), or a token the
 * server refused (the queue waits; logging in again resumes it). Nothing queued is lost either way.
 */
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Button } from '../components/ui/button';
import { TextField } from '../components/ui/text-field';
import { DEVICE_LOGIN_OFFLINE, LOGIN_ERRORS, loginErrorMessage } from '../domain/session';
import { ApiError } from '../lib/api';
import { isLoginDenied, serverLogin } from '../lib/login';
import { useOnline } from '../lib/use-online';
import { flushDraftsNow } from '../lib/use-flush-on-leave';
import { forgetDeviceLogin, rememberDeviceLogin } from '../state/device-login';
import { forgetHeldLogin, heldServerLogin } from '../state/device-session';
import { clearStoredSession, loginNoticeAtom, sessionAtom, sessionExpiredAtom, storeSession } from '../state/session';
import type { Session } from '../domain/session';

export const SESSION_EXPIRED_TEXT = 'Tu sesión expiró. Inicia sesión para sincronizar.';
export const DEVICE_LOGIN_ONLINE_TEXT = 'Inicia sesión en el servidor para enviar tus cambios.';
const RETRY_MS = 30_000;

function useAdoptSession() {
  const setState = useSetAtom(sessionAtom);
  const setExpired = useSetAtom(sessionExpiredAtom);
  return useCallback(
    (session: Session, password: string) => {
      forgetHeldLogin();
      storeSession(session);
      setExpired(false);
      setState({ status: 'authenticated', session });
      void rememberDeviceLogin(session.user.correo, password, session.user).catch(() => undefined);
    },
    [setExpired, setState],
  );
}

/**
 * A device login sends the credentials it holds to the server as soon as there is a connection
 * (and every 30 s while the server cannot answer); a refusal closes the session with the spec's
 * message, as at the login page.
 */
export function DeviceLoginResume() {
  const [state, setState] = useAtom(sessionAtom);
  const setNotice = useSetAtom(loginNoticeAtom);
  const online = useOnline();
  const adopt = useAdoptSession();
  const deviceOnly = state.status === 'authenticated' && state.session.token === '';
  const userId = state.status === 'authenticated' ? state.session.user.id : null;

  useEffect(() => {
    if (!deviceOnly || !online) return;
    let live = true;
    const attempt = async () => {
      const held = heldServerLogin();
      if (!held) return;
      try {
        const session = await serverLogin(held.email, held.password);
        if (!live) return;
        if (session.user.id !== userId) throw new ApiError(401, LOGIN_ERRORS.denied, 'UNAUTHENTICATED');
        adopt(session, held.password);
      } catch (err) {
        if (!live || !isLoginDenied(err)) return;
        flushDraftsNow();
        forgetHeldLogin();
        forgetDeviceLogin(held.email);
        clearStoredSession();
        setNotice(LOGIN_ERRORS.denied);
        setState({ status: 'unauthenticated' });
      }
    };
    void attempt();
    const timer = setInterval(() => void attempt(), RETRY_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [deviceOnly, online, userId, adopt, setNotice, setState]);
  return null;
}

export function SessionBanner() {
  const expired = useAtomValue(sessionExpiredAtom);
  const state = useAtomValue(sessionAtom);
  const online = useOnline();
  if (state.status !== 'authenticated') return null;
  const deviceOnly = state.session.token === '';
  if (deviceOnly && !online) {
    return (
      <p role="status" className="mb-4 rounded-lg bg-amber-50 p-3 font-medium text-amber-950 ring-1 ring-amber-300" data-testid="aviso-sesion">
        {DEVICE_LOGIN_OFFLINE}
      </p>
    );
  }
  if (deviceOnly && heldServerLogin()) {
    return (
      <p role="status" className="mb-4 rounded-lg bg-blue-50 p-3 text-blue-950 ring-1 ring-blue-200" data-testid="aviso-sesion">
        Conectando con el servidor para enviar tus cambios…
      </p>
    );
  }
  if (!deviceOnly && !expired) return null;
  return <LoginAgain title={deviceOnly ? DEVICE_LOGIN_ONLINE_TEXT : SESSION_EXPIRED_TEXT} session={state.session} />;
}

function LoginAgain({ title, session }: { title: string; session: Session }) {
  const adopt = useAdoptSession();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const correo = session.user.correo;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const next = await serverLogin(correo, password);
      if (next.user.id !== session.user.id) throw new Error('Inicia sesión con el mismo usuario.');
      adopt(next, password);
      setPassword('');
    } catch (err) {
      setError(loginErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div role="alert" className="mb-4 rounded-lg bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-300">
      <p className="font-semibold">{title}</p>
      <p className="text-sm">Tus cambios pendientes están guardados en este dispositivo.</p>
      <form onSubmit={(e) => void submit(e)} className="mt-2 flex flex-wrap items-end gap-2">
        <TextField
          label={`Contraseña de ${correo}`}
          type="password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete="current-password"
          error={error}
        />
        <Button type="submit" variant="primary" busy={busy} busyLabel="Iniciando sesión...">
          Iniciar sesión
        </Button>
      </form>
    </div>
  );
}
