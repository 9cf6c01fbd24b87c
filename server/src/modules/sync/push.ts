/**
 * POST /api/sync/push (ARCHITECTURE.md §6). Invariants:
 * - a clientId is bound to the user of its first push; another user's clientId is a 403;
 * - each mutation runs in its own transaction that also stores last_mutation_id and its result,
 *   with the client row locked, so two processes or tabs can never apply the same id twice;
 * - an id ≤ last is `skipped` with its stored result; a gap is a 400;
 * - a permanent failure is `rejected`, recorded, and advances the counter (its own writes are
 *   rolled back); a temporary failure stops the batch with 503;
 * - a guard (the route's rate limits, e.g. perfil.editar's e-mail questions) is asked before a new
 *   mutation's transaction; its refusal is an ordinary rejection, recorded like any other;
 * - no password is hashed inside a transaction: a mutation's passwords are hashed before its own
 *   transaction opens, and between two mutations' transactions other requests get the database.
 * `faultPoint` calls are test-only hooks (lib/faults.ts), inert unless RADICA_FAULT is set.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { syncClients, syncResults } from '../../db/schema';
import { AppError, isTemporary, type ErrorCode } from '../../../../src/domain/errors';
import * as v from 'valibot';
import { isMutationName, MUTATION_SCHEMAS, secretValues } from '../../../../src/domain/mutations';
import type { MutationEnvelope, MutationResult, PushBody } from '../../../../src/domain/sync-protocol';
import type { AuthUser } from '../../plugins/auth';
import { refuseMalformedJson } from '../../lib/validation';
import { faultPoint } from '../../lib/faults';
import { staffHashKey, withHashedPasswords } from '../../lib/password';
import { dataError } from '../../plugins/errors';
import { runMutation } from './handlers';

export async function bindClient(db: DbOrTx, user: AuthUser, clientId: string, firstId?: number) {
  const owned = (client: typeof syncClients.$inferSelect) => {
    if (client.usuarioId !== user.id) throw new AppError('FORBIDDEN', 'Este dispositivo está registrado para otro usuario.');
    return client;
  };
  const [known] = await db.select().from(syncClients).where(eq(syncClients.clientId, clientId));
  if (known) return owned(known);
  // A new device starts at mutation 1; a push that would be refused for a gap registers nothing.
  if (firstId !== undefined && firstId !== 1) throw gap(0, firstId);
  await db
    .insert(syncClients)
    .values({ clientId, usuarioId: user.id, empresaId: user.empresaId })
    .onConflictDoNothing();
  const [client] = await db.select().from(syncClients).where(eq(syncClients.clientId, clientId));
  return owned(client);
}

const gap = (last: number, got: number) =>
  new AppError('VALIDATION', `Falta la operación ${last + 1}: se recibió la ${got}. Reenvía la cola en orden.`);

async function storedResult(tx: DbOrTx, clientId: string, id: number): Promise<MutationResult> {
  const [row] = await tx
    .select()
    .from(syncResults)
    .where(and(eq(syncResults.clientId, clientId), eq(syncResults.mutationId, id)));
  if (!row) return { id, status: 'skipped' };
  const r: MutationResult = { id, status: 'skipped' };
  if (row.status === 'rejected') {
    r.code = (row.code ?? undefined) as ErrorCode | undefined;
    r.error = row.error ?? undefined;
    if (row.conflict) r.conflict = row.conflict as MutationResult['conflict'];
  }
  return r;
}

/** A permanent failure of a mutation: its transaction is rolled back, then the rejection is recorded. */
class Rejection {
  constructor(readonly result: MutationResult) {}
}

async function runHandler(tx: DbOrTx, user: AuthUser, m: MutationEnvelope, refusal?: AppError): Promise<void> {
  try {
    if (!isMutationName(m.name)) {
      throw new AppError('VALIDATION', `Operación desconocida: ${m.name.slice(0, 60)}`);
    }
    if (refusal) throw refusal;
    refuseMalformedJson(m.args);
    await runMutation(tx, user, m.name, m.args);
  } catch (caught) {
    // Bad bytes or out-of-range values in the args are permanent, like a validation failure.
    const err = dataError(caught) ?? caught;
    if (err instanceof AppError && !isTemporary(err.code)) {
      throw new Rejection({ id: m.id, status: 'rejected', code: err.code, error: err.message, ...(err.conflict ? { conflict: err.conflict } : {}) });
    }
    throw err;
  }
}

interface Outcome {
  result: MutationResult;
  last: number;
  fresh?: true;
}

/**
 * Locks the client row and checks `m.id` against its counter: the stored result of an id already
 * processed, a 400 for a gap, or null when `m` is the next one.
 */
async function lockAndCheck(tx: DbOrTx, clientId: string, m: MutationEnvelope): Promise<Outcome | null> {
  const [client] = await tx.select().from(syncClients).where(eq(syncClients.clientId, clientId)).for('update');
  if (m.id <= client.lastMutationId) {
    return { result: await storedResult(tx, clientId, m.id), last: client.lastMutationId };
  }
  if (m.id !== client.lastMutationId + 1) throw gap(client.lastMutationId, m.id);
  return null;
}

/** Advances the counter and stores the result, in one statement. */
async function record(tx: DbOrTx, clientId: string, result: MutationResult): Promise<void> {
  const conflict = result.conflict ? JSON.stringify(result.conflict) : null;
  await tx.execute(sql`
    with advanced as (
      update ${syncClients} set last_mutation_id = ${result.id}, updated_at = now()
      where client_id = ${clientId}
    )
    insert into ${syncResults} (client_id, mutation_id, status, code, error, conflict)
    values (${clientId}, ${result.id}, ${result.status}, ${result.code ?? null}, ${result.error ?? null}, ${conflict}::jsonb)`);
}

/**
 * Claims `id` as applied when it is the next one: the counter advances, the row is locked until
 * commit and the result is stored, all in one statement. False when `id` is not the next one (or
 * the client row changed meanwhile): nothing is written then.
 */
async function claim(tx: DbOrTx, clientId: string, id: number): Promise<boolean> {
  const { rows } = (await tx.execute(sql`
    with advanced as (
      update ${syncClients} set last_mutation_id = ${id}, updated_at = now()
      where client_id = ${clientId} and last_mutation_id = ${id - 1}
      returning client_id
    )
    insert into ${syncResults} (client_id, mutation_id, status)
    select client_id, ${id}, 'applied' from advanced
    returning mutation_id`)) as unknown as { rows: unknown[] };
  return rows.length === 1;
}

/**
 * One mutation, exactly once. The common path is one transaction: claim the id, apply, commit. A
 * claim that fails locks the client row and answers the stored result or the gap; if another
 * process made `m` the next id in between, the claim is taken again under that lock. A permanent
 * failure rolls the transaction back (so the mutation's own writes and the claim are undone) and
 * records the rejection in a second one, which checks the counter again: another process may have
 * taken the id in between.
 */
async function pushOne(db: Db, user: AuthUser, clientId: string, m: MutationEnvelope, refusal?: AppError): Promise<Outcome> {
  try {
    return await db.transaction(async (tx) => {
      while (!(await claim(tx, clientId, m.id))) {
        const done = await lockAndCheck(tx, clientId, m);
        if (done) return done;
      }
      await runHandler(tx, user, m, refusal);
      await faultPoint('before-commit');
      return { result: { id: m.id, status: 'applied' } satisfies MutationResult, last: m.id, fresh: true as const };
    });
  } catch (err) {
    if (!(err instanceof Rejection)) throw err;
    return db.transaction(async (tx) => {
      const done = await lockAndCheck(tx, clientId, m);
      if (done) return done;
      await record(tx, clientId, err.result);
      await faultPoint('before-commit');
      return { result: err.result, last: m.id, fresh: true as const };
    });
  }
}

/**
 * The passwords a valid mutation carries, hashed before its transaction opens (scrypt holds a core
 * for a few hundred ms; on PGlite an open transaction holds everyone's only connection). Invalid
 * args hash nothing: their transaction rejects them.
 */
function passwordsOf(m: MutationEnvelope): string[] {
  if (!isMutationName(m.name)) return [];
  const secrets = secretValues(m.name, m.args);
  if (!secrets.length) return [];
  try {
    refuseMalformedJson(m.args);
  } catch {
    return [];
  }
  return v.is(MUTATION_SCHEMAS[m.name], m.args) ? secrets : [];
}

/**
 * Asked before a new mutation's transaction opens (rate limits that need the request): an AppError
 * it throws rejects the mutation like a handler's would, without running it.
 */
export type PushGuard = (m: MutationEnvelope) => Promise<void>;

/** The guard's refusal of `m`, if any; a temporary failure (the limits' store away) stops the batch. */
async function refusalOf(guard: PushGuard | undefined, m: MutationEnvelope): Promise<AppError | undefined> {
  if (!guard) return undefined;
  try {
    await guard(m);
    return undefined;
  } catch (err) {
    if (err instanceof AppError && !isTemporary(err.code)) return err;
    throw err;
  }
}

export async function push(db: Db, user: AuthUser, body: PushBody, guard?: PushGuard) {
  const first = body.mutations[0]?.id;
  if (body.mutations.some((m, i) => m.id !== first + i)) {
    throw new AppError('VALIDATION', 'Las operaciones de un envío deben ir numeradas en orden, sin saltos.');
  }
  const client = await bindClient(db, user, body.clientId, first);
  const results: MutationResult[] = [];
  let last = 0;
  for (const m of body.mutations) {
    // Between two mutations' transactions, let the event loop serve other requests: PGlite answers
    // queries without ever leaving the microtask queue, so a push would otherwise hold the process
    // (sockets unread, answers unsent) until its last mutation.
    if (m !== body.mutations[0]) await new Promise((resolve) => setImmediate(resolve));
    // A replay of an id processed before this push is answered from its stored result: not asked again.
    const refusal = m.id > client.lastMutationId ? await refusalOf(guard, m) : undefined;
    const outcome = await withHashedPasswords(passwordsOf(m), () => pushOne(db, user, body.clientId, m, refusal), staffHashKey(user));
    if (outcome.fresh) await faultPoint('after-commit');
    results.push(outcome.result);
    last = outcome.last;
  }
  if (body.mutations.length === 0) {
    const [client] = await db.select().from(syncClients).where(eq(syncClients.clientId, body.clientId));
    last = client.lastMutationId;
  }
  await faultPoint('before-response');
  return { lastMutationId: last, results };
}
