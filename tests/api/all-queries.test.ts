import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allQueries, type Db } from '../../server/src/db/client';
import { freshDatabase } from './helpers';

let db: Db;
let drop: () => Promise<void>;
let close: () => Promise<void>;

beforeAll(async () => {
  const fresh = await freshDatabase();
  db = fresh.database.db;
  close = fresh.database.close;
  drop = fresh.drop;
});

afterAll(async () => {
  await close();
  await drop();
});

/** Three queries that note when each starts and ends, on `on` (the pool or a transaction). */
function noted(on: Pick<Db, 'execute'>, log: string[]) {
  return ['a', 'b', 'c'].map((name, i) => async () => {
    log.push(`${name}:start`);
    const result = await on.execute(sql`select ${i + 1}::int as n`);
    log.push(`${name}:end`);
    return (result as unknown as { rows: { n: number }[] }).rows[0].n;
  });
}

describe('allQueries', () => {
  it('runs the queries one after another inside a transaction, results in order', async () => {
    const log: string[] = [];
    const result = await db.transaction((tx) => {
      const [a, b, c] = noted(tx, log);
      return allQueries(tx, a, b, c);
    });
    expect(result).toEqual([1, 2, 3]);
    expect(log).toEqual(['a:start', 'a:end', 'b:start', 'b:end', 'c:start', 'c:end']);
  });

  it('starts them all at once on the pool, results in order', async () => {
    const log: string[] = [];
    const [a, b, c] = noted(db, log);
    expect(await allQueries(db, a, b, c)).toEqual([1, 2, 3]);
    expect(log.slice(0, 3)).toEqual(['a:start', 'b:start', 'c:start']);
  });
});
