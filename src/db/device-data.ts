/**
 * 'Borrar datos de este dispositivo': what keeps a user's local database from being wiped, and
 * the wipe itself; and the partial wipe of a deactivated account (`keepOnlyUnsentWork`).
 * Invariants:
 * - a database is deleted only when nothing of the user is left to send: an empty outbox, no file
 *   still to upload (pending, uploading or failed) and no unresolved rejected change;
 * - the check and the deletion concern one user's database only (`radica-<empresa>-<usuario>`);
 *   other users' databases on the device are never touched;
 * - the caller stops the sync worker first, so no connection keeps the database open.
 * - A deactivated account (the server answered CUENTA_DESACTIVADA) keeps only its author's own
 *   unsent work: outbox entries, unresolved rejected changes, drafts and the files not yet
 *   uploaded. Everything the company owns (records, notifications, schemas, users, reviews,
 *   history, statistics, lists, the search log, the shadows of edited rows) and the sync meta
 *   (cursor, scope, the service worker's token) go in ONE transaction, in which the work is also
 *   described for a person (labels and subjects are read before the company's rows go) and the
 *   description stored in meta `cuentaDesactivada`. An 'Editar Registro' draft (kind 'registro')
 *   holds a copy of the company's record it was begun on: it is described and then goes too.
 *   Only `deleteUserDb(db, { discardUnsent })`
 *   removes that work, after the person confirmed it.
 */
import Dexie from 'dexie';
import type { DraftRow, FileRow, MetaKey, OutboxRow, ProblemRow, RadicaDB } from './database';

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

/**
 * Deletes the user's database after checking again that nothing is left to send; with
 * `discardUnsent` (a deactivated account's 'Borrar cambios sin enviar', confirmed) also what is.
 */
export async function deleteUserDb(db: RadicaDB, options: { discardUnsent?: boolean } = {}): Promise<void> {
  const reason = options.discardUnsent ? null : wipeBlockedReason(await wipeBlockers(db));
  if (reason) throw new Error(reason);
  const name = db.name;
  db.close();
  await Dexie.delete(name);
}

/** The author's own work a deactivated account leaves on the device, as read before the wipe. */
export interface UnsentWork {
  outbox: OutboxRow[];
  problems: ProblemRow[];
  drafts: DraftRow[];
  files: FileRow[];
}

/** One unsent change as a person (a supervisor typing it in again) reads it. */
export interface UnsentItem {
  /** 'Nueva solicitud', 'Edición de solicitud', 'Borrador de nueva solicitud'… */
  tipo: string;
  /** Whom it is about: 'Ana Pérez · sin radicar'. */
  asunto: string | null;
  /** When it was saved on the device, dd/mm/yyyy hh:mm. */
  guardado: string;
  /** Set for a change the server refused: its reason. */
  rechazo?: string;
  /** Field label -> value as typed ('Monto solicitado' -> '$ 180.000.000'). */
  campos: Record<string, string>;
  /** Names of the files it carries. */
  archivos: string[];
}

export interface CuentaDesactivada {
  correo: string;
  nombre: string;
  /** When the device learned it (ISO). */
  at: string;
  items: UnsentItem[];
}

/** Meta kept by the partial wipe: the ids of the queue (never reused) and the description. */
const KEPT_META: readonly MetaKey[] = ['clientId', 'lastMutationId', 'lastQueuedId', 'cuentaDesactivada'];
/** The author's work; every other table is the company's or the sync's. */
const WORK_TABLES = ['outbox', 'problems', 'drafts', 'files', 'meta'];

/**
 * Empties everything the company owns from a deactivated account's database and keeps the
 * author's unsent work, described by `describe` in the same transaction (it may read the
 * company's labels and records, which are still there). Answers what was kept.
 */
export async function keepOnlyUnsentWork(
  db: RadicaDB,
  account: { correo: string; nombre: string },
  describe: (work: UnsentWork) => Promise<UnsentItem[]> | UnsentItem[],
): Promise<CuentaDesactivada> {
  return db.transaction('rw', db.tables, async () => {
    const [outbox, allProblems, drafts, allFiles] = await Promise.all([
      db.outbox.orderBy('id').toArray(),
      db.problems.toArray(),
      db.drafts.toArray(),
      db.files.toArray(),
    ]);
    const problems = allProblems.filter((p) => !p.resolvedAt);
    const files = allFiles.filter((f) => f.status !== 'uploaded' && f.blob !== null);
    const items = await describe({ outbox, problems, drafts, files });
    const kept: CuentaDesactivada = { ...account, at: new Date().toISOString(), items };

    // One by one, the search log last: clearing the applications logs a reset row in it.
    for (const table of db.tables.filter((t) => !WORK_TABLES.includes(t.name) && t.name !== 'searchLog')) await table.clear();
    await db.searchLog.clear();
    await db.drafts.bulkDelete(drafts.filter((d) => d.kind === 'registro').map((d) => d.id));
    await db.problems.bulkDelete(allProblems.filter((p) => p.resolvedAt).map((p) => p.id));
    const keptFiles = new Set(files.map((f) => f.id));
    await db.files.bulkDelete(allFiles.filter((f) => !keptFiles.has(f.id)).map((f) => f.id));
    const metaKeys = await db.meta.toCollection().primaryKeys();
    await db.meta.bulkDelete(metaKeys.filter((k) => !KEPT_META.includes(k)));
    await db.meta.put({ key: 'cuentaDesactivada', value: kept });
    return kept;
  });
}
