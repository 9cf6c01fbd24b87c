/**
 * POST /api/auth/login through the one HTTP client, read as a session. Every failure is an
 * ApiError whose message is the exact text to show (spec 01 §8) and whose code decides:
 * UNAUTHENTICATED = the credentials were refused; `network` = the server was not reached.
 */
import { interpretLogin, LOGIN_ERRORS, LoginFailure, type Session } from '../domain/session';
import { ApiError, apiRequest } from './api';

export async function serverLogin(email: string, password: string): Promise<Session> {
  let res: Response;
  try {
    res = await apiRequest('/api/auth/login', { method: 'POST', body: JSON.stringify({ email, password }) });
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    if (err.network) throw new ApiError(0, LOGIN_ERRORS.network, 'NETWORK');
    if (err.status === 401 || err.status === 403) throw new ApiError(err.status, LOGIN_ERRORS.denied, 'UNAUTHENTICATED');
    if (err.code === 'BAD_RESPONSE') throw new ApiError(err.status, LOGIN_ERRORS.unknown, 'BAD_RESPONSE');
    throw new ApiError(err.status, `Error: ${err.message}`, err.code, err.fields);
  }
  const body: unknown = await res.json().catch(() => null);
  try {
    return interpretLogin(res.status, body);
  } catch (err) {
    if (!(err instanceof LoginFailure)) throw err;
    throw new ApiError(res.status, err.message, err.kind === 'denied' ? 'UNAUTHENTICATED' : 'BAD_RESPONSE');
  }
}

/** The server refused these credentials (as opposed to not answering, or failing). */
export function isLoginDenied(err: unknown): boolean {
  return err instanceof ApiError && err.code === 'UNAUTHENTICATED';
}

/** The server was not reached: this device's verifier may decide instead. */
export function isUnreached(err: unknown): boolean {
  return err instanceof ApiError && err.network;
}
