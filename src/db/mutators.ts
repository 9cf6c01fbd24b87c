/**
 * Optimistic mutators: mutation name -> a plain function that applies the change locally.
 * Invariants:
 * - A mutator reads and writes only through the `MutatorTx` it is given, never through the
 *   database directly, so the writes are recorded (shadows, `pending`) and can be rebased.
 * - A mutator is deterministic in (state, args); it runs once when queued and again on every
 *   rebase, always on top of the server state, so it must not read clocks or random numbers.
 * - A mutator may throw (for example an AppError('VALIDATION')); in `mutate` that aborts the
 *   whole transaction, during rebase the entry simply has no optimistic effect.
 * - A name without a mutator applies nothing optimistically but is still queued and sent.
 * To add a mutation: add its schema to src/domain/mutations.ts and `registerMutator` here.
 */
import { AppError } from '../domain/errors';
import type { MutationArgs, MutationName } from '../domain/mutations';
import { parseFieldPath, type SolicitudRecord } from '../domain/solicitud';
import type { EntityRow, EntityTableName, Id, NotificacionRow } from './database';
import { USUARIO_MUTATORS } from './mutators-usuarios';
import { crearSolicitudMutator } from './mutators-formulario';
import { NOTIFICACION_MUTATORS } from './mutators-notificaciones';
import { registerRegistroMutators } from './mutators-registro';

export interface EntityRecords {
  solicitudes: SolicitudRecord;
  notificaciones: NotificacionRow;
  definiciones: EntityRow;
  columnas: EntityRow;
  categorias: EntityRow;
  estados: EntityRow;
  usuarios: EntityRow;
}

export interface MutatorTx {
  get<T extends EntityTableName>(table: T, id: Id): Promise<EntityRecords[T] | undefined>;
  put<T extends EntityTableName>(table: T, record: EntityRecords[T]): Promise<void>;
  delete(table: EntityTableName, id: Id): Promise<void>;
  /**
   * Writes a row that exists only while its mutation is pending (a record whose server id is not
   * known yet, e.g. a user created offline under a temporary key). Folding the applied mutation
   * into the server state skips it: the server's row arrives with the pull under its real id.
   */
  putLocal<T extends EntityTableName>(table: T, record: EntityRecords[T]): Promise<void>;
  /** Marks a row as touched by the current mutation without writing it. */
  touch(table: EntityTableName, id: Id): Promise<void>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each mutator narrows its own args
export type Mutator<A = any> = (tx: MutatorTx, args: A) => Promise<void>;

const registry = new Map<string, Mutator>();

/** Registers (or replaces) the mutator of `name`; returns a function that restores the previous one. */
export function registerMutator<N extends MutationName>(
  name: N,
  fn: Mutator<MutationArgs<N>>,
): () => void {
  const previous = registry.get(name);
  registry.set(name, fn);
  return () => {
    if (previous) registry.set(name, previous);
    else registry.delete(name);
  };
}

export function getMutator(name: string): Mutator | undefined {
  return registry.get(name);
}

/** Solicitudes a mutation declares it touches (args.solicitudId), for the `pending` badge. */
export function declaredSolicitudIds(args: unknown): string[] {
  const id = (args as { solicitudId?: unknown } | null)?.solicitudId;
  return typeof id === 'string' ? [id] : [];
}

/** Applies one queued mutation through `tx`: its mutator (if any) plus its declared touches. */
export async function applyMutation(tx: MutatorTx, name: string, args: unknown): Promise<void> {
  for (const id of declaredSolicitudIds(args)) await tx.touch('solicitudes', id);
  const fn = registry.get(name);
  if (fn) await fn(tx, args);
}

// ---- built-in mutators ----------------------------------------------------------------------

registerMutator('solicitud.cambiarEstado', async (tx, args) => {
  const record = await tx.get('solicitudes', args.solicitudId);
  if (!record) return;
  await tx.put('solicitudes', {
    ...record,
    solicitud: { ...record.solicitud, estado: args.estado },
  });
});

/** Sets one editable path on a copy of the record; a missing optional block is left alone. */
export function setPath(record: SolicitudRecord, path: string, value: unknown): SolicitudRecord {
  const p = parseFieldPath(path);
  if (!p) throw new AppError('VALIDATION', `El campo ${path} no se puede editar.`);
  const block = record[p.block] as unknown as Record<string, unknown> | null;
  if (!block) return record;
  let next: Record<string, unknown>;
  if (p.key === null) {
    next = { ...block, [p.column]: value };
  } else {
    const json = (block[p.column] as Record<string, unknown> | null) ?? {};
    next = { ...block, [p.column]: { ...json, [p.key]: value } };
  }
  return { ...record, [p.block]: next };
}

registerMutator('solicitud.editar', async (tx, args) => {
  const paths = Object.keys(args.changes);
  for (const path of paths) {
    if (!parseFieldPath(path))
      throw new AppError('VALIDATION', `El campo ${path} no se puede editar.`);
  }
  const record = await tx.get('solicitudes', args.solicitudId);
  if (!record) return;
  let next = record;
  for (const path of paths) next = setPath(next, path, args.changes[path]);
  await tx.put('solicitudes', next);
});

for (const [name, fn] of Object.entries(USUARIO_MUTATORS)) registry.set(name, fn);
registerMutator('solicitud.crear', crearSolicitudMutator);
for (const [name, fn] of Object.entries(NOTIFICACION_MUTATORS)) registry.set(name, fn as Mutator);
registerRegistroMutators(registerMutator);
