/**
 * GET /api/sync/pull (ARCHITECTURE.md §6). Invariants:
 * - the cursor is the company's change sequence; a page holds the changes with seq > cursor in seq
 *   order, and never splits one seq value across two pages;
 * - a page holds only what the user may see: on the first pull (cursor 0) invisible rows
 *   (applications and notifications) are filtered in SQL; later, a changed row the user could see
 *   at some time but not now is sent as a tombstone (`del`), so a deleted application, or one
 *   moved to another bank, leaves the device. No pull carries the id of a row the user never saw;
 * - soft-deleted rows are sent as tombstones;
 * - every page carries the user's visibility scope (role, and bank for banco): a change of scope
 *   changes no row, so the device notices it by the scope and pulls again from 0;
 * - a page is read in ONE snapshot (a read-only REPEATABLE READ transaction). Writes of a company
 *   commit in seq order (src/db/change-seq.ts), so a snapshot holds every change up to the
 *   company's `change_seq` and none after it. Under READ COMMITTED each query would see its own
 *   moment: a write spanning two tables that committed between two of the page's queries would
 *   show in one and not the other, and the cursor would move past the row that was missed;
 * - the last page (`more` false) moves the cursor to the company's `change_seq` of that snapshot,
 *   so later pulls do not read again the changes this user may not see.
 */
import { and, asc, count, eq, gt, sql, type SQL } from 'drizzle-orm';
import { allQueries, readSnapshot, type DbOrTx } from '../../db/client';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  categorias,
  columnasTabla,
  definiciones,
  empresas,
  estadosEmpresa,
  notificaciones,
  solicitudes,
  syncClients,
  usuarios,
} from '../../db/schema';
import { AppError } from '../../../../src/domain/errors';
import { isAdminOrSupervisor } from '../../../../src/domain/roles';
import type { Change, PullResponse, SyncEntity } from '../../../../src/domain/sync-protocol';
import type { AuthUser } from '../../plugins/auth';
import { canSeeRow, everVisibleSolicitudes, visibilityScope, visibleSolicitudes } from '../solicitudes/visibility';
import { recordsJson } from './record-json';
import { canSeeNotificacion, everVisibleNotificaciones, notificacionRow, visibleNotificaciones } from '../notificaciones/service';
import { definicionRow } from '../configuracion/definiciones';
import { columnaRow } from '../configuracion/columnas';
import { categoriaRow } from '../configuracion/categorias';
import { canSeeRevision, revisionesForPull, revisionRows, type RevisionPullItem } from '../revisiones/rows';

type Source = (
  db: DbOrTx,
  user: AuthUser,
  cursor: number,
  limit: number,
  exactSeq?: number,
  floor?: number,
) => Promise<Array<{ seq: number; entity: SyncEntity; id: string; row: unknown }>>;

const seqFilter = (col: AnyPgColumn, cursor: number, exactSeq?: number): SQL =>
  exactSeq !== undefined ? eq(col, exactSeq) : gt(col, cursor);

/**
 * The applications a pull from `after` (the cursor, or the floor of a newest-first pass when
 * higher) considers: on a first pull those visible now and not deleted; later, those the user
 * could see at some time (the rest become tombstones).
 */
const solicitudScope = (user: AuthUser, after: number): SQL | undefined =>
  after === 0 ? and(visibleSolicitudes(user), sql`${solicitudes.deletedAt} is null`) : everVisibleSolicitudes(user);

const sources: Record<SyncEntity, Source> = {
  // After a newest-first pass (pull-recent.ts), the applications up to its floor are on the
  // device already: only later changes come by cursor, tombstones included.
  solicitud: async (db, user, cursor, limit, exactSeq, floor = 0) => {
    const after = Math.max(cursor, floor);
    if (exactSeq !== undefined && exactSeq <= after) return [];
    const where = and(
      eq(solicitudes.empresaId, user.empresaId),
      seqFilter(solicitudes.seq, after, exactSeq),
      solicitudScope(user, after),
    );
    // Only what decides put or tombstone: the page's records are built apart, as JSON text.
    const rows = await db
      .select({
        id: solicitudes.id,
        seq: solicitudes.seq,
        solicitanteId: solicitudes.solicitanteId,
        empresaId: solicitudes.empresaId,
        bancoNombre: solicitudes.bancoNombre,
        createdByUserId: solicitudes.createdByUserId,
        assignedToUserId: solicitudes.assignedToUserId,
        deletedAt: solicitudes.deletedAt,
      })
      .from(solicitudes)
      .where(where)
      .orderBy(asc(solicitudes.seq))
      .limit(limit);
    return rows.map((r) => ({ seq: r.seq, entity: 'solicitud' as const, id: r.id, row: r }));
  },
  notificacion: async (db, user, cursor, limit, exactSeq) => {
    const rows = await db
      .select({
        n: notificaciones,
        banco: solicitudes.bancoNombre,
        creator: solicitudes.createdByUserId,
        assigned: solicitudes.assignedToUserId,
        solDeleted: solicitudes.deletedAt,
      })
      .from(notificaciones)
      .leftJoin(solicitudes, eq(solicitudes.id, notificaciones.solicitudId))
      .where(
        and(
          eq(notificaciones.empresaId, user.empresaId),
          seqFilter(notificaciones.seq, cursor, exactSeq),
          // Like applications: a first pull holds no tombstones, later ones only those of
          // notifications the user could see at some time.
          cursor === 0 ? visibleNotificaciones(user) : everVisibleNotificaciones(user),
        ),
      )
      .orderBy(asc(notificaciones.seq))
      .limit(limit);
    return rows.map((r) => ({ seq: r.n.seq, entity: 'notificacion' as const, id: r.n.id, row: r }));
  },
  definicion: async (db, user, cursor, limit, exactSeq) => {
    const rows = await db
      .select()
      .from(definiciones)
      .where(
        and(
          eq(definiciones.empresaId, user.empresaId),
          seqFilter(definiciones.seq, cursor, exactSeq),
        ),
      )
      .orderBy(asc(definiciones.seq))
      .limit(limit);
    return rows.map((r) => ({
      seq: r.seq,
      entity: 'definicion' as const,
      id: String(r.id),
      row: r,
    }));
  },
  columna: async (db, user, cursor, limit, exactSeq) => {
    const rows = await db
      .select()
      .from(columnasTabla)
      .where(
        and(
          eq(columnasTabla.empresaId, user.empresaId),
          seqFilter(columnasTabla.seq, cursor, exactSeq),
        ),
      )
      .orderBy(asc(columnasTabla.seq))
      .limit(limit);
    return rows.map((r) => ({ seq: r.seq, entity: 'columna' as const, id: String(r.id), row: r }));
  },
  categoria: async (db, user, cursor, limit, exactSeq) => {
    const rows = await db
      .select()
      .from(categorias)
      .where(
        and(eq(categorias.empresaId, user.empresaId), seqFilter(categorias.seq, cursor, exactSeq)),
      )
      .orderBy(asc(categorias.seq))
      .limit(limit);
    return rows.map((r) => ({
      seq: r.seq,
      entity: 'categoria' as const,
      id: String(r.id),
      row: r,
    }));
  },
  estados: async (db, user, cursor, limit, exactSeq) => {
    const rows = await db
      .select()
      .from(estadosEmpresa)
      .where(
        and(
          eq(estadosEmpresa.empresaId, user.empresaId),
          seqFilter(estadosEmpresa.seq, cursor, exactSeq),
        ),
      )
      .limit(limit);
    return rows.map((r) => ({ seq: r.seq, entity: 'estados' as const, id: 'estados', row: r }));
  },
  usuario: async (db, user, cursor, limit, exactSeq) => {
    if (!isAdminOrSupervisor(user.rol)) return [];
    const rows = await db
      .select()
      .from(usuarios)
      .where(and(eq(usuarios.empresaId, user.empresaId), seqFilter(usuarios.seq, cursor, exactSeq)))
      .orderBy(asc(usuarios.seq))
      .limit(limit);
    return rows.map((r) => ({ seq: r.seq, entity: 'usuario' as const, id: String(r.id), row: r }));
  },
  revision: async (db, user, cursor, limit, exactSeq) => {
    const rows = await revisionesForPull(db, user, cursor, limit, exactSeq);
    return rows.map((r) => ({ seq: r.r.seq, entity: 'revision' as const, id: r.r.id, row: r }));
  },
};

type SolicitudHead = Pick<
  typeof solicitudes.$inferSelect,
  'id' | 'solicitanteId' | 'empresaId' | 'bancoNombre' | 'createdByUserId' | 'assignedToUserId' | 'deletedAt'
>;

/** A change of a page: an application's record is the JSON text the database built for it. */
export type PageChange = Change | { entity: 'solicitud'; id: string; op: 'put'; json: string };
export interface PullPage extends Omit<PullResponse, 'changes'> {
  changes: PageChange[];
}

async function toChanges(
  db: DbOrTx,
  user: AuthUser,
  items: Array<{ entity: SyncEntity; id: string; row: unknown }>,
): Promise<PageChange[]> {
  const visible = items
    .filter((i) => i.entity === 'solicitud')
    .map((i) => i.row as SolicitudHead)
    .filter((r) => !r.deletedAt && canSeeRow(user, r));
  const records = await recordsJson(db, visible, user);
  const revisionItems = items.filter((i) => i.entity === 'revision').map((i) => i.row as RevisionPullItem);
  const revisionesVisibles = new Map(
    (await revisionRows(db, user.empresaId, revisionItems.filter((r) => canSeeRevision(user, r)).map((r) => r.r))).map((r) => [r.id, r]),
  );
  return items.map((item): PageChange => {
    switch (item.entity) {
      case 'solicitud': {
        const json = records.get(item.id);
        return json !== undefined
          ? { entity: 'solicitud', id: item.id, op: 'put', json }
          : { entity: 'solicitud', id: item.id, op: 'del' };
      }
      case 'notificacion': {
        const r = item.row as {
          n: typeof notificaciones.$inferSelect;
          banco: string | null;
          creator: number | null;
          assigned: number | null;
          solDeleted: string | null;
        };
        const n = r.n;
        const visible = canSeeNotificacion(user, n, {
          bancoNombre: r.banco,
          createdByUserId: r.creator,
          assignedToUserId: r.assigned,
          deletedAt: r.solDeleted,
        });
        if (!visible) return { entity: 'notificacion', id: item.id, op: 'del' };
        return { entity: 'notificacion', id: item.id, op: 'put', row: notificacionRow(n) };
      }
      case 'definicion': {
        const d = item.row as typeof definiciones.$inferSelect;
        if (d.deletedAt) return { entity: 'definicion', id: item.id, op: 'del' };
        return { entity: 'definicion', id: item.id, op: 'put', row: definicionRow(d) };
      }
      case 'columna': {
        const c = item.row as typeof columnasTabla.$inferSelect;
        if (c.deletedAt) return { entity: 'columna', id: item.id, op: 'del' };
        return { entity: 'columna', id: item.id, op: 'put', row: columnaRow(c) };
      }
      case 'categoria': {
        const c = item.row as typeof categorias.$inferSelect;
        if (c.deletedAt) return { entity: 'categoria', id: item.id, op: 'del' };
        return { entity: 'categoria', id: item.id, op: 'put', row: categoriaRow(c) };
      }
      case 'estados': {
        const e = item.row as typeof estadosEmpresa.$inferSelect;
        return {
          entity: 'estados',
          id: 'estados',
          op: 'put',
          row: { id: 'estados', estados: e.estados },
        };
      }
      case 'revision': {
        const row = revisionesVisibles.get(item.id);
        return row ? { entity: 'revision', id: item.id, op: 'put', row } : { entity: 'revision', id: item.id, op: 'del' };
      }
      case 'usuario': {
        const u = item.row as typeof usuarios.$inferSelect;
        if (u.deletedAt) return { entity: 'usuario', id: item.id, op: 'del' };
        return {
          entity: 'usuario',
          id: item.id,
          op: 'put',
          row: {
            id: u.id,
            nombre: u.nombre,
            apellido: u.apellido,
            correo: u.correo,
            cedula: u.cedula,
            rol: u.rol,
            info_extra: u.infoExtra,
            created_at: u.createdAt,
          },
        };
      }
    }
  });
}

/**
 * How many application changes a pull from `after` (cursor or floor) sends, as of the
 * transaction's snapshot.
 */
export async function countSolicitudChanges(db: DbOrTx, user: AuthUser, after: number): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(solicitudes)
    .where(and(eq(solicitudes.empresaId, user.empresaId), gt(solicitudes.seq, after), solicitudScope(user, after)));
  return n;
}

/** The device's sync client row, refused when it belongs to another user. */
export async function syncClientOf(db: DbOrTx, user: AuthUser, clientId: string) {
  const [client] = await db.select().from(syncClients).where(eq(syncClients.clientId, clientId));
  if (client && client.usuarioId !== user.id) {
    throw new AppError('FORBIDDEN', 'Este dispositivo está registrado para otro usuario.');
  }
  return client;
}

export interface PullQuery {
  clientId: string;
  cursor: number;
  limit: number;
  /** Answer `total`. */
  total?: boolean;
  /** The floor of the newest-first pass this device made (pull-recent.ts); 0 when none. */
  floor?: number;
}

export async function pullPage(db: DbOrTx, user: AuthUser, q: PullQuery): Promise<PullPage> {
  const client = await syncClientOf(db, user, q.clientId);
  const floor = q.floor ?? 0;
  return readSnapshot(db, async (tx) => {
    // First statement: it fixes the snapshot every query below reads.
    const [{ changeSeq }] = await tx
      .select({ changeSeq: empresas.changeSeq })
      .from(empresas)
      .where(eq(empresas.id, user.empresaId));
    const fromEvery = (limit: number, exactSeq?: number) =>
      allQueries(tx, ...(Object.keys(sources) as SyncEntity[]).map((e) => () => sources[e](tx, user, q.cursor, limit, exactSeq, floor)));
    const fetched = (await fromEvery(q.limit + 1)).flat();
    fetched.sort((a, b) => a.seq - b.seq);
    let page = fetched.slice(0, q.limit);
    let more = fetched.length > q.limit;
    if (more) {
      // Never split one seq value between pages.
      const boundary = page[page.length - 1].seq;
      if (fetched[q.limit].seq === boundary) {
        const trimmed = page.filter((p) => p.seq < boundary);
        if (trimmed.length > 0) page = trimmed;
        else {
          page = (await fromEvery(100_000, boundary)).flat();
        }
        more = true;
      }
    }
    const total = q.total ? await countSolicitudChanges(tx, user, Math.max(q.cursor, floor)) : undefined;
    const changes = await toChanges(tx, user, page);
    const last = page.length ? page[page.length - 1].seq : q.cursor;
    const cursor = more ? last : Math.max(last, changeSeq, q.cursor);
    return { cursor, more, lastMutationId: client?.lastMutationId ?? 0, scope: visibilityScope(user), total, changes };
  });
}

/**
 * The answer's text, `{"ok":true,"data":{...}}`: every part but the records goes through
 * JSON.stringify, and each record's JSON text is copied in as the database wrote it.
 */
export function pullBody(page: PullPage): string {
  const { changes, ...head } = page;
  const parts = changes.map((c) =>
    'json' in c ? `{"entity":"solicitud","id":${JSON.stringify(c.id)},"op":"put","row":${c.json}}` : JSON.stringify(c),
  );
  const meta = JSON.stringify(head);
  return `{"ok":true,"data":${meta.slice(0, -1)}${meta.length > 2 ? ',' : ''}"changes":[${parts.join(',')}]}}`;
}

/** The page as the device reads it (tests and tools; the route sends `pullBody`). */
export async function pull(db: DbOrTx, user: AuthUser, q: PullQuery): Promise<PullResponse> {
  return (JSON.parse(pullBody(await pullPage(db, user, q))) as { data: PullResponse }).data;
}
