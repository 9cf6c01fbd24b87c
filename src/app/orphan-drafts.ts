/**
 * 'Editar Registro' drafts left without their application: the server deleted it, or it moved out
 * of what this user may see (another bank for a `banco` user, a role change), and the pull took it
 * off the device. The draft (record-draft.ts) stays: it is the advisor's typed work. Here it is
 * found and described for 'Cambios pendientes', named as the device last knew the application
 * (the draft's own `record`), each change by its field label, so the person can read or copy it
 * and then discard it on purpose.
 * Invariants:
 * - A draft counts as left without its application only once the device holds every application
 *   the user may see: after the first sync's newest-first pass (or, for a database pulled before
 *   the pass existed, after any pull by cursor). While a first sync or the re-pull after a scope
 *   change is under way the applications are still arriving, and no draft is called orphaned.
 * - Drafts of applications still on the device are not listed here: they behave as before.
 */
import type { DraftRow, RadicaDB } from '../db/database';
import { getMetas } from '../db/database';
import type { UnsentItem } from '../db/device-data';
import { parseRecordDraft } from '../features/registro/record-draft';
import type { Subjects } from './change-description';
import { recordDraftItem } from './unsent-work';

export const ORPHAN_DRAFT_REASON =
  'La solicitud se eliminó en el servidor o ya no tienes acceso a ella: estos cambios ya no se pueden guardar y solo están en este dispositivo.';

/** A draft left without its application, described as 'Cambios pendientes' shows it. */
export interface OrphanDraft {
  /** The draft's row id (`registro:<solicitudId>`). */
  id: string;
  updatedAt: string;
  item: UnsentItem;
}

/** Whether the device holds every application the user may see (see the header). */
export async function mirrorComplete(db: RadicaDB): Promise<boolean> {
  const { cursor, recent } = await getMetas(db, ['cursor', 'recent']);
  return recent ? recent.before === null : (cursor ?? 0) > 0;
}

/** The 'registro' drafts whose application is no longer on this device (none while it is still arriving). */
export async function orphanRecordDrafts(db: RadicaDB): Promise<DraftRow[]> {
  const drafts = (await db.drafts.where('kind').equals('registro').toArray()).flatMap((row) => {
    const saved = parseRecordDraft(row);
    return saved ? [{ row, solicitudId: saved.draft.solicitudId }] : [];
  });
  if (!drafts.length || !(await mirrorComplete(db))) return [];
  const present = await db.solicitudes.bulkGet(drafts.map((d) => d.solicitudId));
  return drafts.filter((_, i) => !present[i]).map((d) => d.row);
}

/** Each orphaned draft described (labels, money and dates formatted), oldest first. */
export function describeOrphanDrafts(rows: readonly DraftRow[], subjects: Subjects): OrphanDraft[] {
  return [...rows]
    .sort((a, b) => a.updatedAt.localeCompare(b.updatedAt))
    .flatMap((row) => {
      const item = recordDraftItem(row, subjects);
      return item ? [{ id: row.id, updatedAt: row.updatedAt, item }] : [];
    });
}

/** The changes as one line each ('Barrio: Chapinero Alto'). */
export function orphanDraftLines(draft: OrphanDraft): string[] {
  return Object.entries(draft.item.campos).map(([label, value]) => `${label}: ${value}`);
}

/** What 'Copiar cambios' puts on the clipboard: whom it was about, when, and every change. */
export function orphanDraftText(draft: OrphanDraft): string {
  return [
    `${draft.item.tipo}${draft.item.asunto ? ` · ${draft.item.asunto}` : ''}`,
    `Guardado en este dispositivo: ${draft.item.guardado}`,
    ORPHAN_DRAFT_REASON,
    ...orphanDraftLines(draft),
  ].join('\n');
}

/** 'Descartar', once confirmed: the draft goes from the device. */
export function discardOrphanDraft(db: RadicaDB, id: string): Promise<void> {
  return db.drafts.delete(id);
}
