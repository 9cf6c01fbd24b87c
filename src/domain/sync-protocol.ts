/**
 * Wire shapes of the sync protocol (ARCHITECTURE.md §6), shared by the worker and the server.
 * Invariant: mutation ids are 1, 2, 3… per clientId with no gaps; the server answers each with a
 * result that it stores, so a retried push gets the same answer without re-applying anything.
 */
import * as v from 'valibot';
import type { ConflictDetail, ErrorCode } from './errors';

/** Entities mirrored by pull. */
export const SYNC_ENTITIES = [
  'solicitud',
  'notificacion',
  'definicion',
  'columna',
  'categoria',
  'estados',
  'usuario',
  'revision',
] as const;
export type SyncEntity = (typeof SYNC_ENTITIES)[number];

export const MutationEnvelopeSchema = v.object({
  id: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2_147_483_647, 'Número de operación fuera de rango.')),
  name: v.pipe(v.string(), v.maxLength(100)),
  args: v.unknown(),
  at: v.optional(v.pipe(v.string(), v.maxLength(40))),
});
export type MutationEnvelope = v.InferOutput<typeof MutationEnvelopeSchema>;

export const PushBodySchema = v.object({
  clientId: v.pipe(v.string(), v.uuid('clientId inválido')),
  mutations: v.pipe(
    v.array(MutationEnvelopeSchema),
    v.maxLength(500, 'Demasiadas mutaciones en un solo envío (máximo 500).'),
  ),
});
export type PushBody = v.InferOutput<typeof PushBodySchema>;

export type MutationStatus = 'applied' | 'rejected' | 'skipped';
export interface MutationResult {
  id: number;
  status: MutationStatus;
  code?: ErrorCode;
  error?: string;
  conflict?: ConflictDetail;
}
export interface PushResponse {
  lastMutationId: number;
  results: MutationResult[];
}

export interface Change {
  entity: SyncEntity;
  id: string;
  op: 'put' | 'del';
  row?: unknown;
}
/** An application's place in the newest-first order of a first sync's pass. */
export interface RecentPosition {
  /** The server's text of `solicitud.created_at`, as the record carries it. */
  created_at: string;
  id: string;
}

/**
 * Where a first sync's newest-first pass stands (`GET /api/sync/pull?recent=1`): the device asks
 * for the applications before `before` until it is null, then pulls by cursor from 0 with `floor`
 * (applications changed at or before it came with the pass).
 */
export interface RecentPass {
  floor: number;
  before: RecentPosition | null;
  /**
   * On a page asked without a lower bound, when more follow: where each next page of the same
   * size ends (its oldest application, inclusive), so the device can ask for several at once.
   */
  stops?: RecentPosition[];
}

export interface PullResponse {
  cursor: number;
  more: boolean;
  lastMutationId: number;
  /**
   * What the user's sight depends on (role, and bank for banco). A device whose rows were pulled
   * under another scope empties its mirror and pulls again from 0.
   */
  scope?: string;
  /**
   * Sent when the request asks for it (`total=1`): how many application changes the pull sends
   * from the requested cursor on, this page's included, as of this page's snapshot. The device
   * shows 'Descargando N de M solicitudes' with it.
   */
  total?: number;
  /** Present on the pages of a newest-first pass (which hold applications only). */
  recent?: RecentPass;
  changes: Change[];
}

export const PULL_PAGE_MAX = 2000;
/**
 * The engine pulls the largest pages the server serves: each page is one IndexedDB transaction,
 * and a first sync of 50,000 applications took about 17 s in pages of 500 against about 14 s in
 * pages of 2,000 (bench/, headless Chromium, transfer and write overlapped). A page of 2,000 is
 * about 4 MB of JSON, well under 1 MB gzipped on the wire.
 */
export const PULL_PAGE_DEFAULT = PULL_PAGE_MAX;
export const PUSH_BATCH = 100;
