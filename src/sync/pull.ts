/**
 * Pull: mirrors the server's changes since the saved cursor, page by page.
 * Invariants:
 * - Each page is written in ONE transaction: rows put/deleted, cursor and lastMutationId saved,
 *   outbox entries with id ≤ lastMutationId dropped, then the rebase re-applies what is still
 *   pending on top. A crash mid-pull resumes from the last fully written page.
 * - Only entries the push of the same cycle already answered can be ≤ lastMutationId (push always
 *   runs first and a failed push aborts the cycle), so no rejection is lost by dropping them here.
 * - The cursor only moves forward; a page that claims `more` without advancing stops the loop.
 *   The one exception is a change of the user's visibility scope (role, or bank for banco): a page
 *   whose `scope` differs from the one the stored rows were pulled under is not applied; instead
 *   the mirror of the server's rows is emptied in the same transaction, the cursor goes back to 0
 *   and the pull starts again. The outbox, shadows, files, drafts and problems stay, so nothing
 *   unsent is lost and the rebase redraws what is still pending.
 * - A first sync (cursor 0, no pass finished) begins with the server's newest-first pass
 *   (server/src/modules/sync/pull-recent.ts): applications newest first, so the list's first page
 *   is right from the first page written. Each pass page saves the pass's position (`recent`) in
 *   its own transaction, so a stopped pass goes on where it was; once its position is null the
 *   pull goes on by cursor from 0 with the pass's floor. A scope change forgets the pass.
 *   A server that ignores the pass answers a page by cursor, which is written as any other.
 */
import {
  ENTITY_TABLES,
  getMeta,
  getMetas,
  mapRecord,
  normalizeKey,
  setMeta,
  shadowKey,
  type EntityTableName,
  type Id,
  type RadicaDB,
} from '../db/database';
import { rebase, syncPendingFlags } from '../db/tracked-tx';
import type { SolicitudRecord } from '../domain/solicitud';
import { PULL_PAGE_DEFAULT, type Change, type PullResponse, type RecentPass } from '../domain/sync-protocol';
import { runPass, type PassContext } from './pull-pass';
import { TransportError, type PullRequest, type SyncTransport } from './transport';

function serverRow(change: Change): unknown {
  if (change.op === 'del') return null;
  const row = change.row;
  if (!row || typeof row !== 'object') return undefined;
  return 'id' in row ? row : { ...row, id: change.id };
}

/**
 * Writes the server's rows of one page: the last change of a row wins; a row that pending
 * mutations touch only gets its shadow updated (the rebase redraws it); the rest go in bulk.
 */
async function writeServerRows(
  db: RadicaDB,
  changes: Change[],
  shadowed: ReadonlySet<string>,
): Promise<void> {
  const latest = new Map<string, { table: EntityTableName; id: Id; row: unknown }>();
  for (const change of changes) {
    const table = ENTITY_TABLES[change.entity];
    const row = serverRow(change);
    if (!table || row === undefined) continue;
    latest.set(shadowKey(table, change.id), { table, id: change.id, row });
  }
  const puts = new Map<EntityTableName, unknown[]>();
  const dels = new Map<EntityTableName, Id[]>();
  for (const [key, { table, id, row }] of latest) {
    if (shadowed.has(key)) {
      await db.shadows.update(key, { record: row });
    } else if (row === null) {
      dels.set(table, dels.get(table) ?? []);
      dels.get(table)!.push(normalizeKey(table, id));
    } else {
      const local = table === 'solicitudes' ? mapRecord(row as SolicitudRecord) : row;
      puts.set(table, puts.get(table) ?? []);
      puts.get(table)!.push(local);
    }
  }
  for (const [table, ids] of dels) await db.table(table).bulkDelete(ids);
  for (const [table, rows] of puts) await db.table(table).bulkPut(rows);
}

/** Local copies of what the server lets the user see: emptied when that changes. */
const MIRROR_TABLES = [...Object.values(ENTITY_TABLES), 'historial', 'stats'] as const;

/**
 * Writes one page in one transaction. False when the page was not applied because the user's
 * visibility scope changed: the mirror is empty again and the caller pulls from cursor 0.
 */
export async function applyPullPage(db: RadicaDB, page: PullResponse): Promise<boolean> {
  return db.transaction('rw', db.tables, async () => {
    // Shadows and outbox are small (only what is still pending): read their keys once.
    const [shadowKeys, outboxIds, cursor, lastMutationId, scope] = await Promise.all([
      db.shadows.toCollection().primaryKeys(),
      db.outbox.toCollection().primaryKeys(),
      getMeta(db, 'cursor'),
      getMeta(db, 'lastMutationId'),
      getMeta(db, 'scope'),
    ]);
    if (page.scope !== undefined && page.scope !== scope) {
      await setMeta(db, 'scope', page.scope);
      // A database from before scopes were sent keeps its rows: their scope is unknown.
      if (scope !== undefined && ((cursor ?? 0) > 0 || (await getMeta(db, 'recent')) !== undefined)) {
        await Promise.all(MIRROR_TABLES.map((t) => db.table(t).clear()));
        await setMeta(db, 'cursor', 0);
        await db.meta.delete('recent');
        await rebase(db);
        return false;
      }
    }
    if (page.recent) await setMeta(db, 'recent', { floor: page.recent.floor, before: page.recent.before });
    await writeServerRows(db, page.changes, new Set(shadowKeys));
    const last = Math.max(lastMutationId ?? 0, page.lastMutationId);
    await Promise.all([
      setMeta(db, 'cursor', Math.max(cursor ?? 0, page.cursor)),
      setMeta(db, 'lastMutationId', last),
    ]);
    const answered = outboxIds.filter((id) => id <= last);
    if (answered.length > 0) await db.outbox.bulkDelete(answered);
    // Nothing pending and nothing shadowed: the rebase would only clear stale pending flags.
    if (shadowKeys.length === 0 && answered.length === outboxIds.length) {
      await syncPendingFlags(db, new Set(), true);
    } else {
      await rebase(db);
    }
    return true;
  });
}

/** Where the pull stands (meta `cursor` and `recent`), when the caller has just read it. */
export interface PullPosition {
  cursor: number | undefined;
  recent: RecentPass | undefined;
}

/** Applications received against those the server said the pull holds ('Descargando N de M'). */
export interface PullProgress {
  done: number;
  total: number;
}

/**
 * Pulls every page since the saved cursor; on a first sync, the newest-first pass comes first
 * (src/sync/pull-pass.ts). By cursor, the next page is requested before the current one is
 * written, so the transfer of one page overlaps the write of the previous one. Pages are written
 * strictly in order, and a failure anywhere leaves the cursor (and the pass) at the last page
 * written, so a retry resumes there. `onProgress` follows a pass: its total comes from the server
 * on the pass's first request and on the first one by cursor after it. `known` is the position the
 * caller read in its own transaction (only the pull writes it), used instead of reading it again
 * before the first request.
 */
export async function pullAll(
  db: RadicaDB,
  transport: SyncTransport,
  clientId: string,
  limit: number = PULL_PAGE_DEFAULT,
  onProgress?: (progress: PullProgress) => void,
  known?: PullPosition,
): Promise<void> {
  const progress: PullProgress = { done: 0, total: 0 };
  const written = (page: PullResponse) => {
    if (page.total !== undefined) progress.total += page.total;
    if (progress.total === 0) return;
    progress.done += page.changes.filter((c) => c.entity === 'solicitud').length;
    onProgress?.({ done: Math.min(progress.done, progress.total), total: progress.total });
  };
  const apply = (page: PullResponse) => applyPullPage(db, page);
  for (let position = known; ; position = undefined) {
    const { cursor = 0, recent: pass } = position ?? (await getMetas(db, ['cursor', 'recent']));
    let fetched: PullResponse | undefined;
    let floor = pass?.floor;
    if (cursor === 0 && (!pass || pass.before !== null)) {
      if (pass?.before) progress.done = await db.solicitudes.count();
      const end = await runPass({ transport, clientId, limit, apply, written }, pass, true);
      if (end.end === 'restart') {
        progress.done = progress.total = 0;
        continue;
      }
      if (end.end === 'cursor') fetched = end.page;
      else floor = end.floor;
    }
    const by = { transport, clientId, limit, apply, written };
    if (await byCursor(by, cursor, floor, fetched, fetched === undefined && progress.total > 0)) return;
    progress.done = progress.total = 0;
  }
}

/**
 * Pages by cursor from `from` to the end; false when the user's scope changed (the mirror is
 * empty and the pull starts again from 0). `fetched` is a first page already answered.
 */
async function byCursor(
  ctx: Omit<PassContext, 'written'> & { written: (page: PullResponse) => void },
  from: number,
  floor: number | undefined,
  fetched: PullResponse | undefined,
  askTotal: boolean,
): Promise<boolean> {
  const request = (cursor: number, total: boolean): Promise<PullResponse> => {
    const next: PullRequest = { clientId: ctx.clientId, cursor, limit: ctx.limit };
    if (floor !== undefined && cursor < floor) next.floor = floor;
    if (total) next.total = true;
    const pending = ctx.transport.pull(next);
    // A prefetch abandoned because the loop stopped must not surface as an unhandled rejection.
    pending.catch(() => undefined);
    return pending;
  };
  let cursor = from;
  let next = fetched ? Promise.resolve(fetched) : request(cursor, askTotal);
  for (;;) {
    const page = await next;
    const advances = page.more && page.cursor > cursor;
    if (advances) next = request(page.cursor, false);
    if (!(await ctx.apply(page))) return false;
    ctx.written(page);
    if (!page.more) return true;
    if (!advances) {
      throw new TransportError(
        500,
        'El servidor devolvió cambios sin avanzar. Se reintentará.',
        'INTERNAL',
      );
    }
    cursor = page.cursor;
  }
}
