/**
 * What the sync engine needs from the network, so the engine can be tested with a model server.
 * Invariants: a transport never retries by itself (the engine owns backoff); every failure is a
 * TransportError whose `status` is the HTTP status (0 = no answer: offline, timeout, DNS) and whose
 * `message` is the server's Spanish `error` when it sent one.
 */
import type { ErrorCode } from '../domain/errors';
import type { PullResponse, PushBody, PushResponse, RecentPosition } from '../domain/sync-protocol';

export interface UploadRequest {
  id: string;
  blob: Blob;
  nombre: string;
  mime: string;
  solicitudId: string;
  solicitanteId?: string;
  /** The resumable upload's URL from an earlier attempt (tus): continue it. */
  uploadUrl?: string;
  /** The file field (`entity.key`) it belongs to, when it is not an attachment: its policy applies. */
  campo?: string | null;
}

export interface UploadEvents {
  /** A new resumable upload's URL, to keep with the file for the next attempt. */
  onUrl?(url: string): void;
  /** Bytes sent so far of `total`. */
  onProgress?(sent: number, total: number): void;
}

export interface PullRequest {
  clientId: string;
  cursor: number;
  limit: number;
  /** Ask for the page's `total` of application changes. */
  total?: boolean;
  /**
   * A first sync's newest-first pass: `{}` starts it, `{ floor, before }` goes on after the last
   * application of the previous page (PullResponse.recent); with `from`, only the applications
   * from it (inclusive) up to `before` (a range between two of the pass's stops).
   */
  recent?: { floor?: number; before?: RecentPosition; from?: RecentPosition };
  /** After a pass, by cursor: applications changed at or before the pass's floor are skipped. */
  floor?: number;
}

export interface SyncTransport {
  push(body: PushBody): Promise<PushResponse>;
  pull(request: PullRequest): Promise<PullResponse>;
  upload(file: UploadRequest, events?: UploadEvents): Promise<void>;
  /** Replaces the bearer token after the user logs in again. */
  setToken?(token: string): void;
}

export class TransportError extends Error {
  readonly status: number;
  readonly code?: ErrorCode;
  /** The server said a retry cures it (an upload's moved offset or expiry). */
  readonly retryable: boolean;
  constructor(status: number, message: string, code?: ErrorCode, retryable = false) {
    super(message);
    this.name = 'TransportError';
    this.status = status;
    this.code = code;
    this.retryable = retryable;
  }
}

/** Failures a later retry may cure: no answer, overload, a locked resource, server trouble. */
export function isTransient(error: unknown): boolean {
  if (!(error instanceof TransportError)) return false;
  if (error.retryable) return true;
  return error.status === 0 || error.status === 408 || error.status === 423 || error.status === 429 || error.status >= 500;
}
