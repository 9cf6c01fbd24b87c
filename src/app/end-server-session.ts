/**
 * 'Salir' and 'Borrar datos de este dispositivo' also end the session on the server
 * (POST /api/auth/logout), so a copy of the token (a shared tablet left open, a log) stops working
 * then instead of at its expiry; the user's other devices stay signed in. The device signs out at
 * once whatever happens, offline or with the server down. A logout the server did not hear about
 * (no connection, or the server failed) is tried again while the page stays open: when the browser
 * says it is back online and every minute, until the server takes it or the token expires. The
 * token is kept for that in this page's memory only, never written to the device, so a tablet
 * signed out offline holds no copy of it. `keepalive` lets the call finish while the page goes on
 * to the login screen (or a reload).
 */
import { ApiError, apiRequest } from '../lib/api';

export const LOGOUT_PATH = '/api/auth/logout';
/** How often a logout the server has not heard about is tried again while the page is open. */
export const LOGOUT_RETRY_MS = 60_000;

/** Tokens signed out on this page whose logout has not reached the server yet. */
const pending = new Set<string>();
let timer: ReturnType<typeof setInterval> | null = null;
let listening = false;

/** The token's expiry in ms, from its payload's `exp` (null when unreadable: then it is tried until the page closes). */
function expiresAt(token: string): number | null {
  try {
    const payload = token.split('.')[1] ?? '';
    const exp = (JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/** The server did not decide (unreachable, or it failed): worth trying again. A 401/403 means the token is already dead. */
const undecided = (err: unknown): boolean => !(err instanceof ApiError) || err.network || err.status >= 500;

function send(token: string): void {
  apiRequest(LOGOUT_PATH, { method: 'POST', token, keepalive: true }).then(
    () => forget(token),
    (err: unknown) => (undecided(err) ? remember(token) : forget(token)),
  );
}

function remember(token: string): void {
  const exp = expiresAt(token);
  if (exp !== null && exp <= Date.now()) return forget(token);
  pending.add(token);
  if (timer === null) timer = setInterval(retryPendingLogouts, LOGOUT_RETRY_MS);
  if (!listening && typeof window !== 'undefined') {
    window.addEventListener('online', retryPendingLogouts);
    listening = true;
  }
}

function forget(token: string): void {
  pending.delete(token);
  if (pending.size === 0 && timer !== null) {
    clearInterval(timer);
    timer = null;
  }
}

/** Tries again every logout the server has not heard about (the 'online' event and the timer call it). */
export function retryPendingLogouts(): void {
  for (const token of [...pending]) {
    const exp = expiresAt(token);
    if (exp !== null && exp <= Date.now()) forget(token);
    else send(token);
  }
}

/** How many logouts wait for the server (for tests and diagnostics). */
export const pendingLogouts = (): number => pending.size;

/** Asks the server to end the session of `token` (none for a device login: nothing to end). Never waits, never fails. */
export function endServerSession(token: string | null | undefined): void {
  if (!token) return;
  send(token);
}
