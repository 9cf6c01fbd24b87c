/**
 * 'Salir' and 'Borrar datos de este dispositivo' also end the session on the server
 * (POST /api/auth/logout), so a copy of the token (a shared tablet left open, a log) stops working
 * then instead of at its expiry; the user's other devices stay signed in. Best effort: the device
 * signs out at once whatever happens, offline or with the server down, and a token the server
 * never hears about just lives until it expires. `keepalive` lets the call finish while the page
 * goes on to the login screen (or a reload).
 */
import { apiRequest } from '../lib/api';

export const LOGOUT_PATH = '/api/auth/logout';

/** Asks the server to end the session of `token` (none for a device login: nothing to end). Never waits, never fails. */
export function endServerSession(token: string | null | undefined): void {
  if (!token) return;
  apiRequest(LOGOUT_PATH, { method: 'POST', token, keepalive: true }).catch(() => undefined);
}
