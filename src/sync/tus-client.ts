/**
 * One resumable upload with tus-js-client, as a promise, for every place that sends files: the
 * sync engine (worker, service worker, Node tests) and the public tracking page.
 * Invariants:
 * - Resuming is by URL: a known `uploadUrl` is asked for its offset (HEAD) and continued from
 *   there; `onUrl` hands a new one to the caller to keep with the file, so a reload, another
 *   cycle or the service worker resume the same upload instead of starting again.
 * - The HTTP stack is XMLHttpRequest where it exists (upload progress events) and fetch elsewhere
 *   (a service worker has no XMLHttpRequest); the file is read as Blob slices in both.
 * - tus-js-client retries by itself only what a retry cures: no answer, 5xx, 423 and the
 *   server's protocol errors marked `retry` (an offset that moved, an expired upload). A refusal
 *   (validation, type, size, permission, 401) is not retried. Retries are capped per call.
 * - No progress for STALL_MS aborts the request: a half-open connection must not hold the sync.
 * - Every failure is a TransportError (status 0 = no answer) with the server's Spanish message.
 */
import { Upload, type HttpRequest, type HttpResponse, type HttpStack } from 'tus-js-client';
import { ERROR_CODES, type ErrorCode } from '../domain/errors';
import { TransportError } from './transport';

export const UPLOAD_CHUNK_BYTES = 1024 * 1024;
export const STALL_MS = 60_000;
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000];
const MAX_RETRIES = 12;
const NO_ANSWER = 'No hay conexión con el servidor.';

export interface TusUploadOptions {
  endpoint: string;
  blob: Blob;
  metadata: Record<string, string>;
  /** A URL from an earlier attempt at the same file. */
  uploadUrl?: string | null;
  /** Bearer token, read before every request (it may change during a long upload). */
  token?: () => string | null;
  onUrl?: (url: string) => void;
  /** Bytes sent so far (while a request runs) and the total. */
  onProgress?: (sent: number, total: number) => void;
  chunkSize?: number;
  stallMs?: number;
}

class FetchRequest implements HttpRequest {
  private readonly headers: Record<string, string> = {};
  private readonly controller = new AbortController();
  private progress: ((sent: number) => void) | null = null;
  constructor(
    private readonly method: string,
    private readonly url: string,
  ) {}
  getMethod() {
    return this.method;
  }
  getURL() {
    return this.url;
  }
  setHeader(header: string, value: string) {
    this.headers[header] = value;
  }
  getHeader(header: string) {
    return this.headers[header];
  }
  setProgressHandler(handler: (sent: number) => void) {
    this.progress = handler;
  }
  async send(body: Blob | null = null): Promise<HttpResponse> {
    const res = await fetch(this.url, { method: this.method, headers: this.headers, body, signal: this.controller.signal });
    const text = await res.text();
    if (body) this.progress?.(body.size); // fetch reports no upload progress: all at once
    return {
      getStatus: () => res.status,
      getHeader: (name: string) => res.headers.get(name) ?? undefined,
      getBody: () => text,
      getUnderlyingObject: () => res,
    };
  }
  abort() {
    this.controller.abort();
    return Promise.resolve();
  }
  getUnderlyingObject() {
    return this.controller;
  }
}

const fetchStack: HttpStack = { createRequest: (method, url) => new FetchRequest(method, url), getName: () => 'FetchHttpStack' };

/** Blob slices for any environment (tus-js-client's Node build reads only Buffers and streams). */
/** tus-js-client does not export its FileReader interface: read it off the Upload's options. */
type TusFileReader = NonNullable<ConstructorParameters<typeof Upload>[1]['fileReader']>;
const blobReader: TusFileReader = {
  openFile: (input: Blob) =>
    Promise.resolve({
      size: input.size,
      slice: (start: number, end: number) => Promise.resolve({ value: input.slice(start, end), done: end >= input.size }),
      close: () => undefined,
    }),
};

interface ErrorBody {
  error?: unknown;
  code?: unknown;
  retry?: unknown;
}

function parseBody(res: HttpResponse | null | undefined): ErrorBody {
  try {
    const body = JSON.parse(res?.getBody() ?? '') as unknown;
    return body && typeof body === 'object' ? (body as ErrorBody) : {};
  } catch {
    return {};
  }
}

const asCode = (value: unknown): ErrorCode | undefined =>
  (ERROR_CODES as readonly unknown[]).includes(value) ? (value as ErrorCode) : undefined;

/** Whether tus-js-client should try the same upload again by itself. */
export function shouldRetryUpload(status: number, body: ErrorBody): boolean {
  if (status === 0 || status >= 500 || status === 423) return true;
  return (status === 409 || status === 410) && body.retry === true;
}

function toTransportError(error: unknown): TransportError {
  const res = (error as { originalResponse?: HttpResponse | null }).originalResponse;
  const status = res?.getStatus() ?? 0;
  if (!status) return new TransportError(0, NO_ANSWER);
  const body = parseBody(res);
  const message = typeof body.error === 'string' && body.error ? body.error : 'No se pudo subir el archivo.';
  return new TransportError(status, message, asCode(body.code), shouldRetryUpload(status, body));
}

/** tus-js-client resolves the server's Location against the endpoint, which must be absolute. */
function absolute(url: string): string {
  const here = (globalThis as { location?: { href?: string } }).location?.href;
  return here ? new URL(url, here).href : url;
}

/** Uploads `blob` (or finishes an earlier upload of it); resolves once the server has it all. */
export function tusUpload(options: TusUploadOptions): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let retries = 0;
    let stall: ReturnType<typeof setTimeout> | null = null;
    const stallMs = options.stallMs ?? STALL_MS;
    const settle = (fn: () => void) => {
      if (stall) clearTimeout(stall);
      stall = null;
      fn();
    };
    const watch = () => {
      if (stall) clearTimeout(stall);
      stall = setTimeout(() => {
        void upload.abort().then(() => settle(() => reject(new TransportError(0, NO_ANSWER))));
      }, stallMs);
    };
    const upload = new Upload(options.blob, {
      endpoint: absolute(options.endpoint),
      uploadUrl: options.uploadUrl ?? null,
      metadata: options.metadata,
      chunkSize: options.chunkSize ?? UPLOAD_CHUNK_BYTES,
      retryDelays: RETRY_DELAYS,
      storeFingerprintForResuming: false,
      removeFingerprintOnSuccess: false,
      fingerprint: () => Promise.resolve(options.metadata.documento_id ?? ''),
      // tus-js-client's own stack is XMLHttpRequest; an `undefined` here would replace it.
      ...(typeof XMLHttpRequest === 'function' ? {} : { httpStack: fetchStack }),
      fileReader: blobReader,
      onBeforeRequest: (req) => {
        watch();
        const token = options.token?.();
        if (token) req.setHeader('Authorization', `Bearer ${token}`);
      },
      onShouldRetry: (err) => {
        if (retries >= MAX_RETRIES) return false;
        if (typeof navigator !== 'undefined' && navigator.onLine === false) return false; // the engine waits for 'online'
        const res = err.originalResponse;
        const retry = shouldRetryUpload(res?.getStatus() ?? 0, parseBody(res));
        if (retry) retries += 1;
        return retry;
      },
      onUploadUrlAvailable: () => {
        if (upload.url) options.onUrl?.(upload.url);
      },
      onProgress: (sent, total) => {
        watch();
        options.onProgress?.(sent, total);
      },
      onSuccess: () => settle(resolve),
      onError: (error) => settle(() => reject(toTransportError(error))),
    });
    upload.start();
  });
}
