/**
 * The first sync's newest-first pass (GET /api/sync/pull?recent=1): a device with nothing yet
 * gets the applications it may see newest first, page by page, so the list's first page is right
 * from the first page written, and then pulls everything else by cursor from 0 with the pass's
 * floor. Invariants:
 * - a page holds applications only, each visible to the user and not deleted in the page's
 *   snapshot (a read-only REPEATABLE READ transaction), in (created_at, id) descending order,
 *   after the `before` position of the previous page; no tombstones;
 * - the first page fixes the floor: the company's change seq of its snapshot. Every application
 *   changed after it (created, edited, deleted or moved out of sight during the pass, or after
 *   it) has a seq above the floor, so the pull by cursor that follows, which skips applications
 *   at or below the floor and sends tombstones above it (pull.ts), brings the device to the
 *   server's state. An application at or below the floor is unchanged since the first page, so
 *   the pass sent it exactly when it was visible then;
 * - a page's `before` is where the pass goes on (the applications before it remain): its last
 *   application's when it is full, the lower bound of a range (`from`) that it holds whole, or
 *   null when a page without lower bound is not full: the pass is over. The device keeps `floor`
 *   and `before` with the rows of the page, so a pass stopped half-way goes on from there;
 * - a page without lower bound that is full also gives the pass's `stops`: the oldest application
 *   of each next page of the same size. The device asks for those ranges several at once; a range
 *   holds the applications from its stop (inclusive) to the one before (exclusive), whatever was
 *   written meanwhile, so consecutive ranges leave no gap. One that grew past twice the page size
 *   comes cut, at its last application (its `before`), and the device asks for the rest.
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { readSnapshot, type DbOrTx } from '../../db/client';
import { empresas, solicitudes } from '../../db/schema';
import type { RecentPosition } from '../../../../src/domain/sync-protocol';
import type { AuthUser } from '../../plugins/auth';
import { canSeeRow, visibilityScope, visibleSolicitudes } from '../solicitudes/visibility';
import { countSolicitudChanges, syncClientOf, type PageChange, type PullPage } from './pull';
import { recordsJson } from './record-json';

export interface RecentQuery {
  clientId: string;
  limit: number;
  /** The floor the first page gave; absent on the first page. */
  floor?: number;
  /** The last application of the previous page; absent on the first page. */
  before?: RecentPosition;
  /** A range's lower bound, inclusive (one of the pass's stops). */
  from?: RecentPosition;
  total?: boolean;
}

/**
 * The oldest application of each next page of `size` after `last`, newest first, and how many of
 * those after `last` the pull's total counts (seq above 0, as countSolicitudChanges): the same
 * scan gives both, so a first page does not read every application twice.
 */
async function stops(
  tx: DbOrTx,
  user: AuthUser,
  last: RecentPosition,
  size: number,
): Promise<{ stops: RecentPosition[]; counted: number }> {
  const numbered = tx
    .select({
      createdAt: solicitudes.createdAt,
      id: solicitudes.id,
      n: sql<number>`row_number() over (order by ${solicitudes.createdAt} desc, ${solicitudes.id} desc)`.as('n'),
      counted: sql<number>`count(*) filter (where ${solicitudes.seq} > 0) over ()`.as('counted'),
    })
    .from(solicitudes)
    .where(
      and(
        visibleSolicitudes(user),
        isNull(solicitudes.deletedAt),
        sql`(${solicitudes.createdAt}, ${solicitudes.id}) < (${last.created_at}::timestamptz, ${last.id}::uuid)`,
      ),
    )
    .as('numbered');
  // The first row carries the count also when no page follows.
  const rows = await tx
    .select({ created_at: numbered.createdAt, id: numbered.id, n: numbered.n, counted: numbered.counted })
    .from(numbered)
    .where(sql`${numbered.n} % ${size} = 0 or ${numbered.n} = 1`)
    .orderBy(numbered.n);
  return {
    stops: rows.filter((r) => Number(r.n) % size === 0).map(({ created_at, id }) => ({ created_at, id })),
    counted: rows.length > 0 ? Number(rows[0].counted) : 0,
  };
}

export async function pullRecentPage(db: DbOrTx, user: AuthUser, q: RecentQuery): Promise<PullPage> {
  const client = await syncClientOf(db, user, q.clientId);
  return readSnapshot(db, async (tx) => {
    // First statement: it fixes the snapshot every query below reads.
    const [{ changeSeq }] = await tx
      .select({ changeSeq: empresas.changeSeq })
      .from(empresas)
      .where(eq(empresas.id, user.empresaId));
    const key = sql`(${solicitudes.createdAt}, ${solicitudes.id})`;
    const at = (p: RecentPosition) => sql`(${p.created_at}::timestamptz, ${p.id}::uuid)`;
    const where = and(
      visibleSolicitudes(user),
      isNull(solicitudes.deletedAt),
      q.before ? sql`${key} < ${at(q.before)}` : undefined,
      q.from ? sql`${key} >= ${at(q.from)}` : undefined,
    );
    const cap = q.from ? 2 * q.limit : q.limit;
    const heads = await tx
      .select({
        id: solicitudes.id,
        solicitanteId: solicitudes.solicitanteId,
        seq: solicitudes.seq,
        createdAt: solicitudes.createdAt,
        empresaId: solicitudes.empresaId,
        bancoNombre: solicitudes.bancoNombre,
        createdByUserId: solicitudes.createdByUserId,
        assignedToUserId: solicitudes.assignedToUserId,
      })
      .from(solicitudes)
      .where(where)
      .orderBy(desc(solicitudes.createdAt), desc(solicitudes.id))
      .limit(cap);
    const visible = heads.filter((h) => canSeeRow(user, h));
    const records = await recordsJson(tx, visible, user);
    const changes = visible.flatMap(({ id }): PageChange[] => {
      const json = records.get(id);
      return json === undefined ? [] : [{ entity: 'solicitud', id, op: 'put', json }];
    });
    const full = heads.length === cap;
    const last: RecentPosition | null = full ? { created_at: heads[cap - 1].createdAt, id: heads[cap - 1].id } : null;
    const planned = last && !q.from ? await stops(tx, user, last, q.limit) : undefined;
    // The first page's total: this page's applications and those after it, counted by the stops'
    // scan (only a first page has no `before`; a later one that asks for it is counted apart).
    let total: number | undefined;
    if (q.total) {
      total = planned && !q.before ? heads.filter((h) => h.seq > 0).length + planned.counted : await countSolicitudChanges(tx, user, 0);
    }
    return {
      cursor: 0,
      more: true,
      lastMutationId: client?.lastMutationId ?? 0,
      scope: visibilityScope(user),
      total,
      recent: {
        floor: q.floor ?? changeSeq,
        before: last ?? q.from ?? null,
        stops: planned?.stops,
      },
      changes,
    };
  });
}
