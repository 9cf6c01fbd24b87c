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
 * - a page's `before` is its last application's position, or null once a page is not full: the
 *   pass is over. The device keeps `floor` and `before` with the rows of the page, so a pass
 *   stopped half-way goes on from there.
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
  total?: boolean;
}

export async function pullRecentPage(db: DbOrTx, user: AuthUser, q: RecentQuery): Promise<PullPage> {
  const client = await syncClientOf(db, user, q.clientId);
  return readSnapshot(db, async (tx) => {
    // First statement: it fixes the snapshot every query below reads.
    const [{ changeSeq }] = await tx
      .select({ changeSeq: empresas.changeSeq })
      .from(empresas)
      .where(eq(empresas.id, user.empresaId));
    const before = q.before
      ? sql`(${solicitudes.createdAt}, ${solicitudes.id}) < (${q.before.created_at}::timestamptz, ${q.before.id}::uuid)`
      : undefined;
    const heads = await tx
      .select({
        id: solicitudes.id,
        createdAt: solicitudes.createdAt,
        empresaId: solicitudes.empresaId,
        bancoNombre: solicitudes.bancoNombre,
        createdByUserId: solicitudes.createdByUserId,
        assignedToUserId: solicitudes.assignedToUserId,
      })
      .from(solicitudes)
      .where(and(visibleSolicitudes(user), isNull(solicitudes.deletedAt), before))
      .orderBy(desc(solicitudes.createdAt), desc(solicitudes.id))
      .limit(q.limit);
    const visible = heads.filter((h) => canSeeRow(user, h)).map((h) => h.id);
    const records = await recordsJson(tx, visible);
    const changes = visible.flatMap((id): PageChange[] => {
      const json = records.get(id);
      return json === undefined ? [] : [{ entity: 'solicitud', id, op: 'put', json }];
    });
    const last = heads[heads.length - 1];
    return {
      cursor: 0,
      more: true,
      lastMutationId: client?.lastMutationId ?? 0,
      scope: visibilityScope(user),
      total: q.total ? await countSolicitudChanges(tx, user, 0) : undefined,
      recent: {
        floor: q.floor ?? changeSeq,
        before: heads.length === q.limit ? { created_at: last.createdAt, id: last.id } : null,
      },
      changes,
    };
  });
}
