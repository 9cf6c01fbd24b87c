/**
 * Reading reviews (issue 34): the wire row (src/domain/revision.ts `Revision`, pulled as entity
 * `revision` and answered by GET /api/solicitudes/{id}/revisiones) and who may see one.
 * Invariants:
 * - a review is seen exactly by those who may see its application (solicitudes/visibility.ts):
 *   pull sends it then, and a tombstone when its application was deleted or left the user's sight;
 * - the people's names are read when the row is built (a renamed user shows the new name): so a
 *   rename moves every review naming that user to the rename's seq (`touchRevisionesOf`), and pull
 *   sends them again;
 * - dates leave as ISO strings.
 */
import { and, asc, desc, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { revisiones, solicitudes, usuarios } from '../../db/schema';
import type { CampoRevision, Revision } from '../../../../src/domain/revision';
import { AppError } from '../../../../src/domain/errors';
import type { AuthUser } from '../../plugins/auth';
import { canSeeRow, everVisibleSolicitudes, visibleSolicitudes } from '../solicitudes/visibility';
import { isoTime } from '../../lib/iso-time';

export type RevisionDb = typeof revisiones.$inferSelect;

/** Full names of the given users of the company, by id. */
async function nombres(db: DbOrTx, empresaId: number, ids: Array<number | null>): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((x): x is number => x !== null))];
  if (!wanted.length) return new Map();
  const rows = await db
    .select({ id: usuarios.id, nombre: usuarios.nombre, apellido: usuarios.apellido })
    .from(usuarios)
    .where(and(eq(usuarios.empresaId, empresaId), inArray(usuarios.id, wanted)));
  return new Map(rows.map((r) => [r.id, [r.nombre, r.apellido].filter((x) => x && x.trim()).join(' ')]));
}

/** After user `usuarioId` was renamed at `seq`: the reviews that name that user join the change feed at it. */
export async function touchRevisionesOf(tx: DbOrTx, empresaId: number, usuarioId: number, seq: number): Promise<void> {
  await tx
    .update(revisiones)
    .set({ seq })
    .where(
      and(
        eq(revisiones.empresaId, empresaId),
        or(eq(revisiones.devueltaPor, usuarioId), eq(revisiones.respondidaPor, usuarioId), eq(revisiones.cerradaPor, usuarioId)),
      ),
    );
}

/** The wire rows of `rows` (one query for the names). */
export async function revisionRows(db: DbOrTx, empresaId: number, rows: RevisionDb[]): Promise<Revision[]> {
  const names = await nombres(db, empresaId, rows.flatMap((r) => [r.devueltaPor, r.respondidaPor, r.cerradaPor]));
  const name = (id: number | null) => (id === null ? null : (names.get(id) ?? ''));
  return rows.map((r) => ({
    id: r.id,
    solicitud_id: r.solicitudId,
    estado: r.estado,
    mensaje: r.mensaje,
    campos: r.campos as unknown as CampoRevision[],
    ronda: r.ronda,
    devuelta_por: r.devueltaPor,
    devuelta_por_nombre: name(r.devueltaPor) ?? '',
    devuelta_en: isoTime(r.devueltaEn),
    respondida_por: r.respondidaPor,
    respondida_por_nombre: name(r.respondidaPor),
    respondida_en: isoTime(r.respondidaEn),
    cerrada_por: r.cerradaPor,
    cerrada_por_nombre: name(r.cerradaPor),
    cerrada_en: isoTime(r.cerradaEn),
  }));
}

/** The reviews of one application the user may see, newest first; NOT_FOUND for any other. */
export async function listRevisiones(db: DbOrTx, user: AuthUser, solicitudId: string): Promise<Revision[]> {
  const [sol] = await db
    .select({ id: solicitudes.id })
    .from(solicitudes)
    .where(and(eq(solicitudes.id, solicitudId), visibleSolicitudes(user), sql`${solicitudes.deletedAt} is null`))
    .limit(1);
  if (!sol) throw new AppError('NOT_FOUND', 'La solicitud no existe o no tienes acceso a ella.');
  const rows = await db
    .select()
    .from(revisiones)
    .where(and(eq(revisiones.empresaId, user.empresaId), eq(revisiones.solicitudId, solicitudId)))
    .orderBy(desc(revisiones.devueltaEn), desc(revisiones.id));
  return revisionRows(db, user.empresaId, rows);
}

/**
 * The reviews a pull from `cursor` considers (seq > cursor, or = exactSeq), with what decides put
 * or tombstone: on a first pull only those of applications visible now and not deleted; later,
 * those of applications the user could see at some time.
 */
export async function revisionesForPull(db: DbOrTx, user: AuthUser, cursor: number, limit: number, exactSeq?: number) {
  const scope: SQL | undefined = cursor === 0
    ? and(visibleSolicitudes(user), sql`${solicitudes.deletedAt} is null`)
    : everVisibleSolicitudes(user);
  return db
    .select({
      r: revisiones,
      sol: {
        empresaId: solicitudes.empresaId,
        bancoNombre: solicitudes.bancoNombre,
        createdByUserId: solicitudes.createdByUserId,
        assignedToUserId: solicitudes.assignedToUserId,
        deletedAt: solicitudes.deletedAt,
      },
    })
    .from(revisiones)
    .innerJoin(solicitudes, eq(solicitudes.id, revisiones.solicitudId))
    .where(
      and(
        eq(revisiones.empresaId, user.empresaId),
        exactSeq !== undefined ? eq(revisiones.seq, exactSeq) : gt(revisiones.seq, cursor),
        scope,
      ),
    )
    .orderBy(asc(revisiones.seq))
    .limit(limit);
}

export type RevisionPullItem = Awaited<ReturnType<typeof revisionesForPull>>[number];

/** Whether pull sends the review (else a tombstone). */
export function canSeeRevision(user: AuthUser, item: RevisionPullItem): boolean {
  return !item.sol.deletedAt && canSeeRow(user, item.sol);
}
