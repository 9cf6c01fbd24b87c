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
 * - A reference's conflicts (referenceReplacement) follow the same rule; an edit of a reference
 *   someone deleted meanwhile, kept, is queued as its creation again, the one case where the
 *   replacement is another mutation.
 */
import { AppError } from '../domain/errors';
import type { CambiarEstadoArgs, EditarSolicitudArgs, EditarUsuarioArgs, MutationArgs } from '../domain/mutations';
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

/** A conflict's name for a reference's field (server/src/modules/registro/service.ts). */
const DETALLE = 'referencia.detalle_referencia.';
const TIPO = 'referencia.tipo_referencia';

/**
 * A reference's edit or deletion settled: an edit keeps the 'mine' fields with the server's value
 * as base and drops the 'theirs' ones; an edit of a reference deleted meanwhile, kept, creates it
 * again (`referencia.agregar`, same id) with what it held and the kept values on top; a deletion
 * kept is sent again with the server's values as base, and any 'theirs' keeps the reference.
 */
function referenceReplacement(problem: ProblemRow, choices: Record<string, ConflictChoice>): { name: string; args: unknown } | null {
  const fields = problem.conflict?.fields ?? {};
  const chosen = (field: string, value: unknown) => {
    const c = choices[field];
    return isMerged(c) && fields[field] ? c.value : value;
  };
  if (problem.name === 'referencia.eliminar') {
    const args = problem.args as MutationArgs<'referencia.eliminar'>;
    if (Object.keys(fields).some((f) => choices[f] !== 'mine')) return null;
    const detalle: Record<string, unknown> = { ...(args.base?.detalle_referencia ?? {}) };
    const base: NonNullable<typeof args.base> = { ...args.base };
    for (const [field, f] of Object.entries(fields)) {
      if (field === TIPO) base.tipo_referencia = typeof f.server === 'string' ? f.server : null;
      else if (field.startsWith(DETALLE)) detalle[field.slice(DETALLE.length)] = f.server ?? null;
    }
    if (args.base?.detalle_referencia || Object.keys(detalle).length) base.detalle_referencia = detalle;
    return { name: problem.name, args: { ...args, base } };
  }
  const args = problem.args as MutationArgs<'referencia.editar'>;
  const kept = (field: string) => !(fields[field] && choices[field] === 'theirs');
  const detalle: Record<string, string | number | boolean | null> = {};
  const base: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(args.detalle_referencia ?? {})) {
    const field = DETALLE + key;
    if (!kept(field)) continue;
    detalle[key] = chosen(field, value) as typeof value;
    if (fields[field]) base[key] = fields[field].server ?? null;
    else if (args.base?.detalle_referencia && Object.hasOwn(args.base.detalle_referencia, key)) base[key] = args.base.detalle_referencia[key];
  }
  const tipoKept = args.tipo_referencia !== undefined && kept(TIPO);
  const eliminada = problem.conflict?.referencia?.eliminada;
  if (eliminada) {
    if (!tipoKept && !Object.keys(detalle).length) return null;
    // Created again as it was, with what the person kept on top (the mutator and server clean it as any addition).
    const antes = Object.fromEntries(
      Object.entries(eliminada.detalle_referencia).filter(([, x]) => x === null || ['string', 'number', 'boolean'].includes(typeof x)),
    ) as Record<string, string | number | boolean | null>;
    const args2: MutationArgs<'referencia.agregar'> = {
      solicitudId: args.solicitudId,
      referenciaId: args.referenciaId,
      tipo_referencia: tipoKept ? (chosen(TIPO, args.tipo_referencia) as string | null) : eliminada.tipo_referencia,
      detalle_referencia: { ...antes, ...detalle },
    };
    return { name: 'referencia.agregar', args: args2 };
  }
  if (!tipoKept && !Object.keys(detalle).length) return null;
  const next: MutationArgs<'referencia.editar'> = { solicitudId: args.solicitudId, referenciaId: args.referenciaId };
  const nextBase: NonNullable<typeof next.base> = {};
  if (tipoKept) {
    next.tipo_referencia = chosen(TIPO, args.tipo_referencia) as string | null;
    const seen = fields[TIPO] ? fields[TIPO].server : args.base?.tipo_referencia;
    if (seen !== undefined) nextBase.tipo_referencia = typeof seen === 'string' ? seen : null;
  }
  if (Object.keys(detalle).length) {
    next.detalle_referencia = detalle;
    if (Object.keys(base).length) nextBase.detalle_referencia = base;
  }
  if (args.base) next.base = nextBase;
  return { name: problem.name, args: next };
}

function replacement(problem: ProblemRow, choices: Record<string, ConflictChoice>): { name: string; args: unknown } | null {
  const fields = problem.conflict?.fields ?? {};
  for (const name of Object.keys(fields)) {
    if (choices[name] !== 'mine' && choices[name] !== 'theirs' && !isMerged(choices[name])) {
      throw new AppError('VALIDATION', 'Elige qué valor conservar en cada campo en conflicto.');
    }
  }
  if (problem.name === 'referencia.editar' || problem.name === 'referencia.eliminar') return referenceReplacement(problem, choices);
  const args = replacementArgs(problem, choices);
  return args === null ? null : { name: problem.name, args };
}

function replacementArgs(problem: ProblemRow, choices: Record<string, ConflictChoice>): unknown {
  const fields = problem.conflict?.fields ?? {};
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
    const next = replacement(problem, choices);
    const newId = next === null ? null : await mutateByName(db, next.name, next.args);
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
