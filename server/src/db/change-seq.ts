/**
 * The company's change sequence. Invariant: `nextSeq` runs inside the writing transaction and takes
 * the company row lock until commit, so writes of one company commit in seq order and a puller that
 * has seen seq N never later finds an uncommitted write below N.
 */
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { empresas } from './schema';

/**
 * The `nextSeq` update as a statement, for a write that runs it inside its own WITH clause: its
 * single row has the new value in the column `change_seq`.
 */
export function nextSeqStatement(tx: DbOrTx, empresaId: number) {
  return tx
    .update(empresas)
    .set({ changeSeq: sql`${empresas.changeSeq} + 1` })
    .where(eq(empresas.id, empresaId))
    .returning({ seq: empresas.changeSeq });
}

export async function nextSeq(tx: DbOrTx, empresaId: number): Promise<number> {
  const [row] = await nextSeqStatement(tx, empresaId);
  return row.seq;
}
