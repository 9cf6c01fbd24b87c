/**
 * 'Borrar datos de este dispositivo': what keeps a user's local database from being wiped, and
 * the wipe itself. Invariants:
 * - a database is deleted only when nothing of the user is left to send: an empty outbox, no file
 *   still to upload (pending, uploading or failed) and no unresolved rejected change;
 * - the check and the deletion concern one user's database only (`radica-<empresa>-<usuario>`);
 *   other users' databases on the device are never touched;
 * - the caller stops the sync worker first, so no connection keeps the database open.
 */
import Dexie from 'dexie';
import type { RadicaDB } from './database';

export interface WipeBlockers {
  outbox: number;
  files: number;
  problems: number;
}

export async function wipeBlockers(db: RadicaDB): Promise<WipeBlockers> {
  return db.transaction('r', [db.outbox, db.files, db.problems], async () => {
    const [outbox, files, problems] = await Promise.all([
      db.outbox.count(),
      db.files.filter((f) => f.status !== 'uploaded').count(),
      db.problems.filter((p) => !p.resolvedAt).count(),
    ]);
    return { outbox, files, problems };
  });
}

/** Why the wipe is not offered yet, in Spanish; null when everything is synced. */
export function wipeBlockedReason(b: WipeBlockers): string | null {
  const parts: string[] = [];
  if (b.outbox) parts.push(b.outbox === 1 ? '1 cambio sin enviar' : `${b.outbox} cambios sin enviar`);
  if (b.files) parts.push(b.files === 1 ? '1 archivo sin subir' : `${b.files} archivos sin subir`);
  if (b.problems) parts.push(b.problems === 1 ? '1 cambio con problemas sin resolver' : `${b.problems} cambios con problemas sin resolver`);
  if (!parts.length) return null;
  return `No se puede borrar todavía: hay ${parts.join(', ')}. Sincroniza o resuelve los cambios primero.`;
}

/** Deletes the user's database after checking again that nothing is left to send. */
export async function deleteUserDb(db: RadicaDB): Promise<void> {
  const reason = wipeBlockedReason(await wipeBlockers(db));
  if (reason) throw new Error(reason);
  const name = db.name;
  db.close();
  await Dexie.delete(name);
}
