/**
 * The fetch-based SyncTransport: /api/sync/push, /api/sync/pull, and files as resumable uploads
 * (tus) to /api/uploads.
 * Invariants:
 * - Every request carries `Authorization: Bearer <token>`; the token can be replaced in place.
 * - A non-OK answer (HTTP or `{ok:false}`) becomes a TransportError with the HTTP status and the
 *   server's Spanish `error` and stable `code`; no answer at all (offline, timeout) is status 0.
 * - Nothing is retried here; the engine decides.
 */
import { ERROR_CODES, type ErrorCode } from '../domain/errors';
import type { PullResponse, PushBody, PushResponse } from '../domain/sync-protocol';
import {
  TransportError,
  type PullRequest,
  type SyncTransport,
  type UploadEvents,
  type UploadRequest,
} from './transport';
import { tusUpload } from './tus-client';

export interface HttpTransportOptions {
  token: string;
  /** Origin prefix, '' for same origin. */
  baseUrl?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const NO_ANSWER = 'No hay conexión con el servidor.';
const BAD_ANSWER = 'El servidor respondió de forma inesperada.';

function asCode(value: unknown): ErrorCode | undefined {
  return (ERROR_CODES as readonly unknown[]).includes(value) ? (value as ErrorCode) : undefined;
}

function defaultMessage(status: number): string {
  if (status === 401) return 'Tu sesión ha expirado. Inicia sesión de nuevo.';
  if (status === 403) return 'No tienes permiso para realizar esta acción.';
  if (status === 413) return 'El envío es demasiado grande.';
  if (status === 429) return 'Demasiadas solicitudes. Espera un momento.';
  if (status >= 500) return 'El servidor no está disponible en este momento.';
  return BAD_ANSWER;
}

/** The query string of GET /api/sync/pull for `request`. */
export function pullQuery({ clientId, cursor, limit, total, recent, floor }: PullRequest): string {
  const query = new URLSearchParams({ clientId, cursor: String(cursor), limit: String(limit) });
  if (total) query.set('total', '1');
  if (recent) {
    query.set('recent', '1');
    if (recent.floor !== undefined) query.set('floor', String(recent.floor));
    if (recent.before) {
      query.set('before', recent.before.created_at);
      query.set('beforeId', recent.before.id);
    }
    if (recent.from) {
      query.set('from', recent.from.created_at);
      query.set('fromId', recent.from.id);
    }
  } else if (floor !== undefined) {
    query.set('floor', String(floor));
  }
  return query.toString();
}

export class HttpTransport implements SyncTransport {
  private token: string;
  private readonly baseUrl: string;
  private readonly fetchImpl: typeof fetch;
  private readonly timeoutMs: number;

  constructor(options: HttpTransportOptions) {
    this.token = options.token;
    this.baseUrl = (options.baseUrl ?? '').replace(/\/+$/, '');
    this.fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
    this.timeoutMs = options.timeoutMs ?? 30_000;
  }

  setToken(token: string): void {
    this.token = token;
  }

  push(body: PushBody): Promise<PushResponse> {
    return this.request<PushResponse>('/api/sync/push', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  pull(request: PullRequest): Promise<PullResponse> {
    return this.request<PullResponse>(`/api/sync/pull?${pullQuery(request)}`, { method: 'GET' });
  }

  /** Resumable: continues `file.uploadUrl` when given; the document id makes the finish idempotent. */
  upload(file: UploadRequest, events: UploadEvents = {}): Promise<void> {
    return tusUpload({
      endpoint: `${this.baseUrl}/api/uploads`,
      blob: file.blob,
      uploadUrl: file.uploadUrl,
      metadata: {
        solicitud_id: file.solicitudId,
        filename: file.nombre,
        filetype: file.mime,
        documento_id: file.id,
        ...(file.campo ? { campo: file.campo } : {}),
      },
      token: () => this.token,
      onUrl: (url) => events.onUrl?.(url),
      onProgress: (sent, total) => events.onProgress?.(sent, total),
    });
  }

  private async request<T>(
    path: string,
    init: RequestInit,
    timeoutMs = this.timeoutMs,
  ): Promise<T> {
    let response: Response;
    try {
      response = await this.fetchImpl(`${this.baseUrl}${path}`, {
        ...init,
        headers: {
          ...(init.headers as Record<string, string> | undefined),
          Authorization: `Bearer ${this.token}`,
        },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      throw new TransportError(0, NO_ANSWER);
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      if (!response.ok) throw new TransportError(response.status, defaultMessage(response.status));
      throw new TransportError(response.status || 500, BAD_ANSWER, 'INTERNAL');
    }
    const answer = (body ?? {}) as {
      ok?: unknown;
      data?: unknown;
      error?: unknown;
      code?: unknown;
    };
    if (response.ok && answer.ok === true) return answer.data as T;
    const status = response.ok ? 500 : response.status;
    const message =
      typeof answer.error === 'string' && answer.error ? answer.error : defaultMessage(status);
    throw new TransportError(status, message, asCode(answer.code));
  }
}

export function createHttpTransport(options: HttpTransportOptions): HttpTransport {
  return new HttpTransport(options);
}
