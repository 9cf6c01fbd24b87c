/**
 * The rows pulled apart from an application whose sight follows it: its reviews (revisiones/rows.ts
 * `canSeeRevision`) and its notifications (notificaciones/service.ts `canSeeNotificacion`).
 * Invariant: whenever who may see an application changes (deleted; moved to another bank, which a
 * banco user sees by), they join the change feed at the same seq as the application, so pull sends
 * their tombstones to the devices that lose the application and the rows themselves to those that
 * gain it (whose cursor is already past their old seq).
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notificaciones, revisiones } from '../../db/schema';

export async function moveDependentsToSeq(tx: DbOrTx, solicitudId: string, seq: number): Promise<void> {
  await tx.update(revisiones).set({ seq }).where(eq(revisiones.solicitudId, solicitudId));
  // Deleted notifications already went to every device that held them as tombstones.
  await tx
    .update(notificaciones)
    .set({ seq })
    .where(and(eq(notificaciones.solicitudId, solicitudId), isNull(notificaciones.deletedAt)));
}
