/**
 * What the user can do with a rejected or conflicting change (the sync panel).
 * Invariants:
 * - A problem is never deleted: retry, discard and resolve mark it `resolvedAt` (+ `resolution`),
 *   in the same transaction that queues its replacement, so it cannot be both open and re-queued.
 * - A replacement is a NEW mutation (new id) queued through `mutate`, with the same validation
 *   and optimistic effect as any local change; the old id is never reused.
 * - resolveConflict never drops a change silently: every conflicting field needs a choice, the
 *   non-conflicting changes of the same mutation are re-queued with their original base (the
 *   whole mutation was rejected), and 'mine' fields are re-queued with base = the server's current
 *   value so they apply; 'theirs' fields are dropped (the screen already shows the server value);
 *   `{ value }` re-queues a merged value (some leaves of a nested field kept, others taken from the
 *   server) with base = the server's current value, like 'mine'.
 */
import { AppError } from '../domain/errors';
import type { CambiarEstadoArgs, EditarSolicitudArgs, EditarUsuarioArgs } from '../domain/mutations';
import type { ProblemRow, RadicaDB } from '../db/database';
import { mutateByName } from '../db/mutate';

export type ConflictChoice = 'mine' | 'theirs' | { value: unknown };

const isMerged = (c: ConflictChoice | undefined): c is { value: unknown } => typeof c === 'object' && c !== null && 'value' in c;

/** Open problems, oldest first. */
export async function listProblems(db: RadicaDB): Promise<ProblemRow[]> {
  const rows = await db.problems.orderBy('id').toArray();
  return rows.filter((p) => !p.resolvedAt);
}

async function openProblem(db: RadicaDB, id: number): Promise<ProblemRow> {
  const problem = await db.problems.get(id);
  if (!problem || problem.resolvedAt)
    throw new AppError('NOT_FOUND', 'El cambio ya no está pendiente de revisión.');
  return problem;
}

async function close(
  db: RadicaDB,
  id: number,
  resolution: NonNullable<ProblemRow['resolution']>,
): Promise<void> {
  await db.problems.update(id, { resolvedAt: new Date().toISOString(), resolution });
}

/** Sends the same change again as a new mutation; returns its id. */
export async function retryProblem(db: RadicaDB, id: number): Promise<number> {
  return db.transaction('rw', db.tables, async () => {
    const problem = await openProblem(db, id);
    const newId = await mutateByName(db, problem.name, problem.args);
    await close(db, id, 'retried');
    return newId;
  });
}

/** Gives the change up (its optimistic effect was already rolled back). */
export async function discardProblem(db: RadicaDB, id: number): Promise<void> {
  await db.transaction('rw', db.problems, async () => {
    await openProblem(db, id);
    await close(db, id, 'discarded');
  });
}

function replacementArgs(problem: ProblemRow, choices: Record<string, ConflictChoice>): unknown {
  const fields = problem.conflict?.fields ?? {};
  for (const name of Object.keys(fields)) {
    if (choices[name] !== 'mine' && choices[name] !== 'theirs' && !isMerged(choices[name])) {
      throw new AppError('VALIDATION', 'Elige qué valor conservar en cada campo en conflicto.');
    }
  }
  if (problem.name === 'solicitud.cambiarEstado') {
    const args = problem.args as CambiarEstadoArgs;
    const [name] = Object.keys(fields);
    if (name === undefined || choices[name] !== 'mine') return null;
    const server = fields[name].server;
    return { ...args, base: { estado: typeof server === 'string' ? server : null } };
  }
  // Edits keyed by field with a base: applications and notifications alike.
  if (problem.name === 'solicitud.editar' || problem.name === 'notificacion.editar') {
    const args = problem.args as EditarSolicitudArgs;
    const changes: Record<string, unknown> = {};
    const base: Record<string, unknown> = {};
    for (const [path, value] of Object.entries(args.changes)) {
      const conflict = fields[path];
      const choice = choices[path];
      if (conflict && choice === 'theirs') continue;
      changes[path] = isMerged(choice) && conflict ? choice.value : value;
      if (conflict) base[path] = conflict.server;
      else if (Object.prototype.hasOwnProperty.call(args.base, path)) base[path] = args.base[path];
    }
    return Object.keys(changes).length ? { ...args, changes, base } : null;
  }
  if (problem.name === 'usuario.editar') {
    const args = problem.args as EditarUsuarioArgs;
    const changes: Record<string, unknown> = {};
    const base: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(args.changes)) {
      // The password was redacted when the change was rejected (never re-sent from storage).
      if (field === 'contraseña' || value === undefined) continue;
      const conflict = fields[field];
      const choice = choices[field];
      if (conflict && choice === 'theirs') continue;
      changes[field] = isMerged(choice) && conflict ? choice.value : value;
      const seen = (args.base as Record<string, unknown> | undefined)?.[field];
      if (conflict) base[field] = conflict.server;
      else if (seen !== undefined) base[field] = seen;
    }
    return Object.keys(changes).length ? { usuarioId: args.usuarioId, changes, base } : null;
  }
  throw new AppError(
    'VALIDATION',
    'Este cambio no se puede resolver por campos; reinténtalo o descártalo.',
  );
}

/**
 * Resolves a conflict field by field; returns the id of the re-queued mutation, or null when
 * the user kept the server's value everywhere (nothing left to send).
 */
export async function resolveConflict(
  db: RadicaDB,
  id: number,
  choices: Record<string, ConflictChoice>,
): Promise<number | null> {
  return db.transaction('rw', db.tables, async () => {
    const problem = await openProblem(db, id);
    if (problem.code !== 'CONFLICT' || !problem.conflict) {
      throw new AppError('VALIDATION', 'Este cambio no tiene un conflicto que resolver.');
    }
    const args = replacementArgs(problem, choices);
    const newId = args === null ? null : await mutateByName(db, problem.name, args);
    await close(db, id, 'resolved');
    return newId;
  });
}

/** Puts a failed attachment back in the upload queue. */
export async function retryFile(db: RadicaDB, fileId: string): Promise<void> {
  await db.files.update(fileId, { status: 'pending', error: undefined });
}

/** Drops an attachment that will not be sent. */
export async function discardFile(db: RadicaDB, fileId: string): Promise<void> {
  await db.files.delete(fileId);
}
