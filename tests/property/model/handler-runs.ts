/**
 * How many times each mutation's server handler ran in a transaction that COMMITTED, in any server
 * process: the model test of sync (tests/property/sync-devices.property.test.ts) wraps every
 * handler of MUTATION_HANDLERS so that, once the handler returns, it inserts one row into the
 * test-only table `modelo_handler_runs` in the handler's own transaction. The row commits exactly
 * when the mutation's writes commit: a transaction rolled back (a rejection, a fault, a process
 * killed before its commit) leaves none, and one committed by a process killed right after leaves
 * its row. So "applied exactly once" is observed on the database itself, not inferred from the
 * `sync_results` rows that the mechanism under test writes.
 * The table lives in the test's own database (created before the server snapshot, so every run
 * starts with it empty); the server knows nothing of it. Used in-process by the test and in the
 * killed server processes (model/server-process.ts).
 */
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../server/src/db/client';
import { MUTATION_HANDLERS } from '../../../server/src/modules/sync/handlers';

/** One key per mutation: user, name and args (a password aside, as the server never keeps it). */
export function handlerKey(userId: number, name: string, args: unknown): string {
  const { contraseña: _secret, ...rest } = (args ?? {}) as Record<string, unknown>;
  return `${userId} ${name} ${JSON.stringify(rest)}`;
}

export async function createRunsTable(db: Db): Promise<void> {
  await db.execute(sql`create table if not exists modelo_handler_runs (id bigserial primary key, key text not null)`);
}

/** Wraps every handler (once per process); the returned function puts the originals back. */
export function countHandlerRuns(): () => void {
  const table = MUTATION_HANDLERS as unknown as Record<string, (tx: DbOrTx, user: { id: number }, args: unknown) => Promise<unknown>>;
  const original = { ...table };
  for (const [name, handler] of Object.entries(original)) {
    table[name] = async (tx, user, args) => {
      const out = await handler(tx, user, args);
      await tx.execute(sql`insert into modelo_handler_runs (key) values (${handlerKey(user.id, name, args)})`);
      return out;
    };
  }
  return () => Object.assign(table, original);
}

/** Committed handler runs by key, as of now. */
export async function handlerRuns(db: Db): Promise<Map<string, number>> {
  const { rows } = (await db.execute(sql`select key, count(*)::int as n from modelo_handler_runs group by key`)) as unknown as { rows: Array<{ key: string; n: number }> };
  return new Map(rows.map((r) => [r.key, Number(r.n)]));
}
