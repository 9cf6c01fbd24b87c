import { useAtom } from 'jotai';
import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { interpretLogin, loginErrorMessage } from '../../domain/session';
import { sessionAtom, storeSession, clearStoredSession } from '../../state/session';

export default function LoginPage() {
  const [state, setState] = useAtom(sessionAtom);
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (state.status === 'authenticated') return <Navigate to="/" replace />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setLoading(true);
    try {
      const res = await fetch('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: email.trim(), password }),
      });
      let body: unknown;
      try {
        body = await res.json();
      } catch {
        body = null;
      }
      const session = interpretLogin(res.status, body);
      storeSession(session);
      setState({ status: 'authenticated', session });
      void navigate('/', { replace: true });
    } catch (err) {
      // A failed login clears the stored session (spec 01 §4).
      clearStoredSession();
      setError(loginErrorMessage(err));
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
        <form onSubmit={submit} className="space-y-4" noValidate={false}>
          <div>
            <label htmlFor="email" className="mb-1 block font-medium text-slate-800">
              Email
            </label>
            <input
              id="email"
              type="email"
              name="email"
              autoComplete="username"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              className="min-h-11 w-full rounded-md border border-slate-400 px-3 py-2"
            />
          </div>
          <div>
            <label htmlFor="password" className="mb-1 block font-medium text-slate-800">
              Contraseña
            </label>
            <input
              id="password"
              type="password"
              name="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              className="min-h-11 w-full rounded-md border border-slate-400 px-3 py-2"
            />
          </div>
          {error && (
            <p role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-800 ring-1 ring-red-200">
              {error}
            </p>
          )}
          <button
            type="submit"
            disabled={loading}
            className="min-h-11 w-full rounded-md bg-blue-800 px-4 py-2 font-semibold text-white hover:bg-blue-900 disabled:opacity-70"
          >
            {loading ? 'Iniciando sesión...' : 'Iniciar sesión'}
          </button>
        </form>
      </div>
    </main>
  );
}
