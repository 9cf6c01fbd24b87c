import { useAtom, useSetAtom } from 'jotai';
import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { DEVICE_WRONG_PASSWORD, loginErrorMessage, type SessionUser } from '../../domain/session';
import { isLoginDenied, isUnreached, serverLogin } from '../../lib/login';
import {
  clearStoredSession,
  loginNoticeAtom,
  sessionAtom,
  sessionExpiredAtom,
  storeSession,
} from '../../state/session';
import { forgetDeviceLogin, hasDeviceLogin, isRetiredAccount, rememberDeviceLogin, verifyDeviceLogin } from '../../state/device-login';
import { forgetHeldLogin, holdForServerLogin } from '../../state/device-session';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { CUENTA_DESACTIVADA_OFFLINE, CuentasDesactivadas } from './cuentas-desactivadas';

export default function LoginPage() {
  const [state, setState] = useAtom(sessionAtom);
  const setExpired = useSetAtom(sessionExpiredAtom);
  const [notice, setNotice] = useAtom(loginNoticeAtom);
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (state.status === 'authenticated') return <Navigate to="/" replace />;
  const shown = error ?? notice;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setNotice(null);
    setLoading(true);
    const mail = email.trim();
    // The server and this device's verifier race: a device that already holds the user's data
    // opens it at once (also offline), and the server's answer then completes or undoes that.
    let answered = false;
    let openedLocally = false;
    const openLocally = (user: SessionUser) => {
      openedLocally = true;
      setState({ status: 'authenticated', session: { token: '', user } });
      void navigate('/', { replace: true });
    };
    const server = serverLogin(mail, password).finally(() => {
      answered = true;
    });
    const local = verifyDeviceLogin(mail, password);
    void local.then((user) => {
      if (user && !answered) openLocally(user);
    });
    try {
      const session = await server;
      forgetHeldLogin();
      storeSession(session);
      setExpired(false);
      setState({ status: 'authenticated', session });
      void rememberDeviceLogin(mail, password, session.user).catch(() => undefined);
      if (!openedLocally) void navigate('/', { replace: true });
    } catch (err) {
      const message = loginErrorMessage(err);
      const denied = isLoginDenied(err);
      if (!denied && !openedLocally) {
        // The server could not be asked (offline, or failing): this device's verifier decides.
        const user = await local;
        if (user) openLocally(user);
      }
      if (openedLocally && !denied) {
        // Opened from this device: the work goes on locally and the same credentials are sent to
        // the server when the connection returns (held in memory only, see device-session.ts).
        holdForServerLogin(mail, password);
      } else {
        // A failed login clears the stored session (spec 01 §4); refused credentials also drop
        // this device's verifier and close what it opened.
        clearStoredSession();
        forgetHeldLogin();
        if (denied) forgetDeviceLogin(mail);
        if (openedLocally) {
          setNotice(message);
          setState({ status: 'unauthenticated' });
        } else if (isUnreached(err) && isRetiredAccount(mail)) {
          // This device knows the account was deactivated (its device login is gone).
          setError(CUENTA_DESACTIVADA_OFFLINE);
        } else if (isUnreached(err) && hasDeviceLogin(mail)) {
          // Offline, this device knows the user: the password is what did not match.
          setError(DEVICE_WRONG_PASSWORD);
        } else {
          setError(message);
        }
      }
    } finally {
      setLoading(false);
    }
  };

  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-blue-950 to-blue-800 p-4">
      <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-xl">
        <div className="mb-6 text-center">
          <img src="/favicon.svg" alt="" className="mx-auto h-14 w-14" />
          <h1 className="mt-3 text-2xl font-bold text-slate-900">Radica</h1>
          <p className="text-slate-600">Solicitudes de crédito</p>
        </div>
        <CuentasDesactivadas />
        <form onSubmit={submit} className="space-y-4" noValidate={false}>
          <TextField
            id="email"
            label="Email"
            type="email"
            name="email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <TextField
            id="password"
            label="Contraseña"
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          {shown && (
            <p role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-800 ring-1 ring-red-200">
              {shown}
            </p>
          )}
          <Button type="submit" variant="primary" className="w-full" busy={loading} busyLabel="Iniciando sesión...">
            Iniciar sesión
          </Button>
        </form>
      </div>
    </main>
  );
}
