/**
 * The company's change sequence. Invariant: `nextSeq` runs inside the writing transaction and takes
 * the company row lock until commit, so writes of one company commit in seq order and a puller that
 * has seen seq N never later finds an uncommitted write below N.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { empresas } from './schema';

/**
 * The `nextSeq` update as a statement, for a write that runs it inside its own WITH clause: its
 * row (none when `when` is false) has the new value in the column `change_seq`.
 */
export function nextSeqStatement(tx: DbOrTx, empresaId: number, when?: SQL) {
  return tx
    .update(empresas)
    .set({ changeSeq: sql`${empresas.changeSeq} + 1` })
    .where(and(eq(empresas.id, empresaId), when))
    .returning({ seq: empresas.changeSeq });
}

export async function nextSeq(tx: DbOrTx, empresaId: number): Promise<number> {
  const [row] = await nextSeqStatement(tx, empresaId);
  return row.seq;
}
