/**
 * The per-application reads of hot paths go through an index, at any size: the public page's stage
 * files and the stage-upload budget read `documentos` by application, a record's observations by
 * application, an applicant's documents by applicant. With sequential scans disabled for the
 * statement's transaction, the planner still picks a sequential scan when no index serves the
 * condition, so each case fails if its index is dropped (on PGlite and on PostgreSQL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** The plan of `select id from <table> where <column> = <a uuid>`, sequential scans discouraged. */
async function plan(table: string, column: string): Promise<string> {
  return ctx.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const { rows } = (await tx.execute(
      sql`explain select id from ${sql.identifier(table)} where ${sql.identifier(column)} = ${randomUUID()}::uuid`,
    )) as unknown as { rows: Array<Record<string, string>> };
    return rows.map((r) => Object.values(r)[0]).join('\n');
  });
}

describe('indexes of per-application reads', () => {
  it.each([
    ['documentos', 'solicitud_id', 'documentos_solicitud_idx'],
    ['documentos', 'solicitante_id', 'documentos_solicitante_idx'],
    ['observaciones', 'solicitud_id', 'observaciones_solicitud_idx'],
  ])('%s by %s uses %s', async (table, column, index) => {
    const text = await plan(table, column);
    expect(text).toContain(index);
    expect(text).not.toMatch(/Seq Scan/);
  });
});
