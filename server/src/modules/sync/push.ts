/**
 * POST /api/sync/push (ARCHITECTURE.md §6). Invariants:
 * - a clientId is bound to the user of its first push; another user's clientId is a 403;
 * - each mutation runs in its own transaction that also stores last_mutation_id and its result,
 *   with the client row locked, so two processes or tabs can never apply the same id twice;
 * - an id ≤ last is `skipped` with its stored result; a gap is a 400;
 * - a permanent failure is `rejected`, recorded, and advances the counter (its writes are rolled
 *   back to a savepoint); a temporary failure stops the batch with 503.
 * `faultPoint` calls are test-only hooks (lib/faults.ts), inert unless RADICA_FAULT is set.
 */
import { and, eq, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Db, DbOrTx } from '../../db/client';
import { syncClients, syncResults } from '../../db/schema';
import { AppError, isTemporary, type ErrorCode } from '../../../../src/domain/errors';
import { isMutationName, MUTATION_SCHEMAS, type MutationName } from '../../../../src/domain/mutations';
import type { MutationEnvelope, MutationResult, PushBody } from '../../../../src/domain/sync-protocol';
import type { AuthUser } from '../../plugins/auth';
import { parseInput } from '../../lib/validation';
import { faultPoint } from '../../lib/faults';
import { dataError } from '../../plugins/errors';
import { MUTATION_HANDLERS } from './handlers';

export async function bindClient(db: DbOrTx, user: AuthUser, clientId: string) {
  await db
    .insert(syncClients)
    .values({ clientId, usuarioId: user.id, empresaId: user.empresaId })
    .onConflictDoNothing();
  const [client] = await db.select().from(syncClients).where(eq(syncClients.clientId, clientId));
  if (client.usuarioId !== user.id) {
    throw new AppError('FORBIDDEN', 'Este dispositivo está registrado para otro usuario.');
  }
  return client;
}

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

async function applyOne(tx: DbOrTx, user: AuthUser, m: MutationEnvelope): Promise<MutationResult> {
  try {
    if (!isMutationName(m.name)) {
      throw new AppError('VALIDATION', `Operación desconocida: ${m.name.slice(0, 60)}`);
    }
    const args = parseInput(MUTATION_SCHEMAS[m.name] as v.GenericSchema, m.args);
    // A savepoint: a permanent failure undoes the mutation's own writes but keeps the bookkeeping.
    await tx.transaction(async (sp) => {
      await MUTATION_HANDLERS[m.name as MutationName](sp, user, args as never);
    });
    return { id: m.id, status: 'applied' };
  } catch (caught) {
    // Bad bytes or out-of-range values in the args are permanent, like a validation failure.
    const err = dataError(caught) ?? caught;
    if (err instanceof AppError && !isTemporary(err.code)) {
      return { id: m.id, status: 'rejected', code: err.code, error: err.message, ...(err.conflict ? { conflict: err.conflict } : {}) };
    }
    throw err;
  }
}

export async function push(db: Db, user: AuthUser, body: PushBody) {
  await bindClient(db, user, body.clientId);
  const results: MutationResult[] = [];
  let last = 0;
  for (const m of body.mutations) {
    const outcome = await db.transaction(async (tx) => {
      const [client] = await tx
        .select()
        .from(syncClients)
        .where(eq(syncClients.clientId, body.clientId))
        .for('update');
      if (m.id <= client.lastMutationId) {
        return { result: await storedResult(tx, body.clientId, m.id), last: client.lastMutationId };
      }
      if (m.id !== client.lastMutationId + 1) {
        throw new AppError(
          'VALIDATION',
          `Falta la operación ${client.lastMutationId + 1}: se recibió la ${m.id}. Reenvía la cola en orden.`,
        );
      }
      const result = await applyOne(tx, user, m);
      await tx
        .update(syncClients)
        .set({ lastMutationId: m.id, updatedAt: sql`now()` })
        .where(eq(syncClients.clientId, body.clientId));
      await tx.insert(syncResults).values({
        clientId: body.clientId,
        mutationId: m.id,
        status: result.status,
        code: result.code ?? null,
        error: result.error ?? null,
        conflict: result.conflict ?? null,
      });
      await faultPoint('before-commit');
      return { result, last: m.id, fresh: true };
    });
    if ('fresh' in outcome) await faultPoint('after-commit');
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
