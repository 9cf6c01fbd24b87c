/**
 * The device's one HTTP client for the direct API calls the UI makes (login, the session check,
 * statistics, the sales CSV, document downloads, the configuration screens, the public tracking
 * page, first-time loads); everything else goes through the local store and the sync worker (whose
 * transport and tus client are their own).
 *
 * Every failure is one `ApiError`: `status` is the HTTP status (0 when the server was not reached),
 * `code` is the server's code from its `{ok:false, error, code, fields?}` envelope (or NETWORK /
 * BAD_RESPONSE, decided here), `message` is a Spanish sentence for a person. Callers decide by
 * `status`/`code`/`network`, never by matching the text of an error.
 * A refusal with the code CUENTA_DESACTIVADA (the user was deleted) is also announced on `window`
 * as CUENTA_DESACTIVADA_EVENT, whichever screen made the call: the app then removes the company's
 * data from the device (src/app/cuenta-desactivada.tsx).
 */
import type { ErrorCode } from '../domain/errors';

/** The codes the client adds: the server was not reached, or answered something unreadable. */
export type ApiErrorCode = ErrorCode | 'NETWORK' | 'BAD_RESPONSE';

export const NETWORK_MESSAGE = 'No hay conexión con el servidor.';
export const BAD_RESPONSE_MESSAGE = 'Error en la respuesta del servidor';
export const CUENTA_DESACTIVADA_EVENT = 'radica:cuenta-desactivada';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: ApiErrorCode,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The server was not reached (offline, DNS, refused connection): nothing was decided. */
  get network(): boolean {
    return this.status === 0;
  }
}

export type ApiInit = RequestInit & { token?: string | null };

interface Envelope {
  ok?: boolean;
  error?: unknown;
  message?: unknown;
  code?: unknown;
  fields?: unknown;
  data?: unknown;
}

const isObject = (v: unknown): v is Envelope => !!v && typeof v === 'object' && !Array.isArray(v);

/** The ApiError for a refused answer, from the server's envelope when it sent one. */
function refusal(res: Response, body: unknown): ApiError {
  const b = isObject(body) ? body : {};
  const message = typeof b.error === 'string' && b.error ? b.error : typeof b.message === 'string' && b.message ? b.message : '';
  const fields = isObject(b.fields) ? (b.fields as Record<string, string>) : undefined;
  // No sentence from the server (a proxy's page, an empty body): the client names it.
  if (!message) return new ApiError(res.status, `${BAD_RESPONSE_MESSAGE} (${res.status})`, 'BAD_RESPONSE');
  const code = typeof b.code === 'string' ? (b.code as ApiErrorCode) : undefined;
  if (code === 'CUENTA_DESACTIVADA' && typeof window !== 'undefined') window.dispatchEvent(new Event(CUENTA_DESACTIVADA_EVENT));
  return new ApiError(res.status, message, code, fields);
}

/**
 * Sends the request with the session token; answers the Response when it is a 2xx. A network
 * failure is an ApiError with status 0 (an abort the caller asked for is rethrown as it is); a
 * non-2xx answer is an ApiError read from the server's envelope.
 */
export async function apiRequest(path: string, init: ApiInit = {}): Promise<Response> {
  const { token, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (token) headers.set('authorization', `Bearer ${token}`);
  if (typeof rest.body === 'string' && !headers.has('content-type')) headers.set('content-type', 'application/json');
  let res: Response;
  try {
    res = await fetch(path, { ...rest, headers });
  } catch (err) {
    if (rest.signal?.aborted) throw err;
    throw new ApiError(0, NETWORK_MESSAGE, 'NETWORK');
  }
  if (!res.ok) throw refusal(res, await res.json().catch(() => null));
  return res;
}

/** A JSON call: answers the envelope's `data` (or the whole body when it has none). */
export async function apiJson<T>(path: string, init: ApiInit = {}): Promise<T> {
  const res = await apiRequest(path, init);
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    throw new ApiError(res.status, BAD_RESPONSE_MESSAGE, 'BAD_RESPONSE');
  }
  if (isObject(body) && body.ok === false) throw refusal(res, body);
  return ((isObject(body) && body.data !== undefined ? body.data : body) as T);
}

/** A file download (CSV, a document): answers its bytes. */
export async function apiBlob(path: string, init: ApiInit = {}): Promise<Blob> {
  return (await apiRequest(path, init)).blob();
}

/** Offers a Blob to the user as a download named `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    a.style.display = 'none';
    document.body.appendChild(a);
    a.click();
    a.remove();
  } finally {
    // Revoke after the click has been handled, so the browser has started the download.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}
