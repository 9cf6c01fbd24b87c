/**
 * Optimistic mutators: mutation name -> a plain function that applies the change locally.
 * Invariants:
 * - A mutator reads and writes only through the `MutatorTx` it is given, never through the
 *   database directly, so the writes are recorded (shadows, `pending`) and can be rebased.
 * - A mutator is deterministic in (state, args); it runs once when queued and again on every
 *   rebase, always on top of the server state, so it must not read clocks or random numbers.
 * - A mutator may throw (for example an AppError('VALIDATION')); in `mutate` that aborts the
 *   whole transaction, during rebase the entry simply has no optimistic effect.
 * - A mutator stores what the server's handler stores, normalised the same way (the shared rules
 *   of src/domain), and writes nothing where the server writes nothing (a value equal to the stored
 *   one in another spelling): the server then never sends the row back, so any difference would
 *   stay on the device for good (tests/api/mutation-parity.test.ts, src/db/mutators-noop.test.ts).
 * - Every mutation of src/domain/mutations.ts has exactly one mutator in `MUTATORS` (tsc checks).
 * To add a mutation: add it to the table in src/domain/mutations.ts and its mutator here.
 */
import { AppError } from '../domain/errors';
import { isMutationName, type MutationArgs, type MutationName } from '../domain/mutations';
import { mismoValorGuardado, parseFieldPath, readPath, withJsonValue, type SolicitudRecord } from '../domain/solicitud';
import { valorGuardado } from '../domain/edit-values';
import { ESTADOS_DEFAULT, normalizeEstado } from '../domain/estados';
import type { EntityRow, EntityTableName, Id, NotificacionRow } from './database';
import { USUARIO_MUTATORS } from './mutators-usuarios';
import { crearSolicitudMutator } from './mutators-formulario';
import { NOTIFICACION_MUTATORS } from './mutators-notificaciones';
import { REGISTRO_MUTATORS } from './mutators-registro';
import { REVISION_MUTATORS } from './mutators-revision';
import type { Revision } from '../domain/revision';

export interface EntityRecords {
  solicitudes: SolicitudRecord;
  notificaciones: NotificacionRow;
  definiciones: EntityRow;
  columnas: EntityRow;
  categorias: EntityRow;
  estados: EntityRow;
  usuarios: EntityRow;
  revisiones: Revision;
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

export type Mutator<A> = (tx: MutatorTx, args: A) => Promise<void>;

/** The client mutator of every mutation of the table in src/domain/mutations.ts. */
export type MutatorTable = { readonly [N in MutationName]: Mutator<MutationArgs<N>> };
/** Part of that table (a file's mutators), checked by `satisfies` where it is written. */
export type MutatorsFor<K extends MutationName> = Pick<MutatorTable, K>;

/** Solicitudes a mutation declares it touches (args.solicitudId), for the `pending` badge. */
export function declaredSolicitudIds(args: unknown): string[] {
  const id = (args as { solicitudId?: unknown } | null)?.solicitudId;
  return typeof id === 'string' ? [id] : [];
}

/**
 * Applies one queued mutation through `tx`: its mutator plus its declared touches. `args` are
 * those `mutate` validated with the mutation's schema before queueing them (the outbox holds
 * nothing else); a name this version does not know applies nothing optimistically.
 */
export async function applyMutation(tx: MutatorTx, name: string, args: unknown): Promise<void> {
  for (const id of declaredSolicitudIds(args)) await tx.touch('solicitudes', id);
  if (isMutationName(name)) await runMutator(tx, name, args as MutationArgs<typeof name>);
}

function runMutator<N extends MutationName>(tx: MutatorTx, name: N, args: MutationArgs<N>): Promise<void> {
  const mutator: Mutator<MutationArgs<N>> = TABLE[name];
  return mutator(tx, args);
}

// ---- built-in mutators ----------------------------------------------------------------------

/**
 * The company's status list as the server reads it (`estadosPermitidos`): the stored one, else
 * the eight defaults.
 */
async function estadosPermitidos(tx: MutatorTx): Promise<string[]> {
  const list = (await tx.get('estados', 'estados'))?.estados;
  return Array.isArray(list) && list.length ? (list as string[]) : [...ESTADOS_DEFAULT];
}

/**
 * The status as the server stores it: normalised against the company's list ('aprobado' is
 * 'Aprobado'); a status that already is the current one (in any spelling) changes nothing, as on
 * the server, which then writes nothing and never sends the row back.
 */
const cambiarEstado: Mutator<MutationArgs<'solicitud.cambiarEstado'>> = async (tx, args) => {
  const record = await tx.get('solicitudes', args.solicitudId);
  if (!record) return;
  const allowed = await estadosPermitidos(tx);
  const estado = normalizeEstado(args.estado, allowed);
  if (normalizeEstado(record.solicitud.estado, allowed) === estado) return;
  await tx.put('solicitudes', {
    ...record,
    solicitud: { ...record.solicitud, estado },
  });
};

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
    next = { ...block, [p.column]: withJsonValue(block[p.column] as Record<string, unknown> | null, p.key, p.sub, value) };
  }
  return { ...record, [p.block]: next };
}

/** The day of a stored time, ISO or as PostgreSQL writes it ('2026-11-26 22:00:00.1+00'). */
const diaDe = (t: unknown): string | null => (typeof t === 'string' ? (/^\d{4}-\d{2}-\d{2}/.exec(t)?.[0] ?? null) : null);

/**
 * Each path's value as the server stores it (src/domain/edit-values.ts: texts trimmed, a phone's
 * digits, an amount written as text read as pesos, '' or blanks as none…); a path whose stored
 * value it equals is left alone, as the server leaves it. An edit that changes nothing writes
 * nothing, as on the server, which then never sends the row back. The birth date's age rule is
 * judged on the record's last change, not the clock (mutators are deterministic): it only
 * decides whether the value is normalised here; the server judges it again.
 */
const editar: Mutator<MutationArgs<'solicitud.editar'>> = async (tx, args) => {
  const paths = Object.keys(args.changes);
  for (const path of paths) {
    if (!parseFieldPath(path))
      throw new AppError('VALIDATION', `El campo ${path} no se puede editar.`);
  }
  const record = await tx.get('solicitudes', args.solicitudId);
  if (!record) return;
  const today = diaDe(record.solicitud.updated_at) ?? diaDe(record.solicitud.created_at) ?? '2000-01-01';
  let next = record;
  for (const path of paths) {
    const value = valorGuardado(path, args.changes[path], record, today);
    if (mismoValorGuardado(readPath(record, path), value)) continue;
    next = setPath(next, path, value);
  }
  if (next !== record) await tx.put('solicitudes', next);
};

/**
 * Tracking stages are not mirrored on the device (the public page reads them from the server), so
 * a stage update changes nothing locally: it is queued and sent, and marks its application pending.
 */
const actualizarEtapa: Mutator<MutationArgs<'etapa.actualizar'>> = async () => undefined;

/**
 * Every mutation's client mutator. `satisfies` makes a missing, extra or swapped one fail `tsc`
 * (tests/types/mutation-tables.ts). Exported mutable only so a test can spy on one.
 */
export const MUTATORS = {
  'solicitud.crear': crearSolicitudMutator,
  'solicitud.cambiarEstado': cambiarEstado,
  'solicitud.editar': editar,
  ...REGISTRO_MUTATORS,
  ...USUARIO_MUTATORS,
  ...NOTIFICACION_MUTATORS,
  ...REVISION_MUTATORS,
  'etapa.actualizar': actualizarEtapa,
  // Never queued by `mutate`: push sends it in place of a change given up (src/sync/push.ts).
  'sync.omitir': async () => undefined,
} satisfies MutatorTable;
const TABLE: MutatorTable = MUTATORS;
