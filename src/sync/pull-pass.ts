/**
 * A first sync's newest-first pass (server/src/modules/sync/pull-recent.ts), from the device.
 * Invariants:
 * - Pages are written strictly in the order of the pass, each in its own transaction with the
 *   pass's position (applyPullPage), so a pass stopped anywhere goes on after the last page
 *   written; a page asked for but not written is asked again.
 * - Once the server has given the pass's stops, up to PASS_DEPTH ranges are asked for at once:
 *   the server builds the next pages while this device writes one (with PostgreSQL, on several
 *   connections), instead of waiting for each answer before asking again.
 * - A range that comes cut (it grew past what one page holds) has its rest asked for and written
 *   before the ranges after it.
 * - A server that does not know the pass answers a page by cursor: the pass ends there and the
 *   caller writes that page as any other.
 */
import type { PullResponse, RecentPass, RecentPosition } from '../domain/sync-protocol';
import { TransportError, type PullRequest, type SyncTransport } from './transport';

/** Requests in flight at most during a pass. */
export const PASS_DEPTH = 3;

export interface PassContext {
  transport: SyncTransport;
  /** Writes a page (src/sync/pull.ts applyPullPage); false when the user's scope changed. */
  apply: (page: PullResponse) => Promise<boolean>;
  clientId: string;
  limit: number;
  /** Called with each page written (`total` set on the page that answered it). */
  written: (page: PullResponse) => void;
}

export type PassEnd =
  | { end: 'done'; floor: number }
  /** The user's scope changed: the mirror is empty and the pull starts again from 0. */
  | { end: 'restart' }
  /** A server without the pass answered a page by cursor (not written yet). */
  | { end: 'cursor'; page: PullResponse };

const same = (a: RecentPosition | null | undefined, b: RecentPosition | null | undefined) =>
  !!a && !!b && a.id === b.id && a.created_at === b.created_at;

/** Runs the pass from `at` (absent: from the start) to its end. */
export async function runPass(ctx: PassContext, at: RecentPass | undefined, askTotal: boolean): Promise<PassEnd> {
  const send = (recent: NonNullable<PullRequest['recent']>, total = false) => {
    const request: PullRequest = { clientId: ctx.clientId, cursor: 0, limit: ctx.limit, recent, ...(total ? { total } : {}) };
    const response = ctx.transport.pull(request);
    // An answer abandoned because the pass stopped must not surface as an unhandled rejection.
    response.catch(() => undefined);
    return { request, response };
  };
  const open = (floor: number | undefined, before: RecentPosition | null | undefined) =>
    send({ ...(floor === undefined ? {} : { floor }), ...(before ? { before } : {}) }, askTotal);
  const inFlight = [open(at?.floor, at?.before)];
  /** Ranges between the stops, not asked for yet. */
  let planned: Array<NonNullable<PullRequest['recent']>> = [];
  let position = at?.before ?? null;
  for (;;) {
    const { request, response } = inFlight.shift()!;
    const page = await response;
    const recent = page.recent;
    if (!recent) return { end: 'cursor', page };
    askTotal = false;
    const asked = request.recent!;
    if (recent.before && same(recent.before, position)) {
      throw new TransportError(500, 'El servidor devolvió cambios sin avanzar. Se reintentará.', 'INTERNAL');
    }
    if (recent.stops?.length && recent.before) {
      const bounds = [recent.before, ...recent.stops];
      planned = bounds.map((before, i) => ({ floor: recent.floor, before, ...(i + 1 < bounds.length ? { from: bounds[i + 1] } : {}) }));
    } else if (asked.from && recent.before && !same(recent.before, asked.from)) {
      // A range that grew past one page: its rest comes next.
      inFlight.unshift(send({ floor: recent.floor, before: recent.before, from: asked.from }));
    } else if (!asked.from && recent.before && inFlight.length === 0 && planned.length === 0) {
      // A full page without stops (an older server, or the last range grew): go on after it.
      inFlight.push(open(recent.floor, recent.before));
    }
    while (inFlight.length < PASS_DEPTH && planned.length > 0) inFlight.push(send(planned.shift()!));
    if (!(await ctx.apply(page))) return { end: 'restart' };
    ctx.written(page);
    position = recent.before;
    if (recent.before === null) return { end: 'done', floor: recent.floor };
  }
}
