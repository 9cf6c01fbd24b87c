/** POST /api/auth/login, read as a session; throws an Error whose message is the text to show. */
import { interpretLogin, type Session } from '../domain/session';

export async function serverLogin(email: string, password: string): Promise<Session> {
  const res = await fetch('/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body: unknown = await res.json().catch(() => null);
  return interpretLogin(res.status, body);
}
