/**
 * The company's change sequence. Invariant: `nextSeq` runs inside the writing transaction and takes
 * the company row lock until commit, so writes of one company commit in seq order and a puller that
 * has seen seq N never later finds an uncommitted write below N.
 */
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { empresas } from './schema';

export async function nextSeq(tx: DbOrTx, empresaId: number): Promise<number> {
  const [row] = await tx
    .update(empresas)
    .set({ changeSeq: sql`${empresas.changeSeq} + 1` })
    .where(eq(empresas.id, empresaId))
    .returning({ seq: empresas.changeSeq });
  return row.seq;
}
