/**
 * Opens the database: embedded PGlite in DATA_DIR/pg by default, a PostgreSQL server when
 * DATABASE_URL is set. Both are driven through the same drizzle `Db` type, and migrations generated
 * by drizzle-kit are applied before the server serves (under an advisory lock on PostgreSQL, so
 * several processes can start at once).
 */
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { PgTransaction, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { fileURLToPath } from 'node:url';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/**
 * Runs independent queries: at once on the pool, one after another inside a transaction, whose
 * single connection runs one query at a time (node-postgres warns about overlapping queries on one
 * client, and its next major version refuses them).
 */
export async function allQueries<T extends unknown[]>(
  db: DbOrTx,
  ...queries: { [K in keyof T]: () => PromiseLike<T[K]> }
): Promise<T> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(queries.map((q) => q()))) as T;
  const out: unknown[] = [];
  for (const q of queries) out.push(await q());
  return out as T;
}

/**
 * Runs `work` in ONE read-only REPEATABLE READ transaction: every query sees the same snapshot,
 * taken at the first one. For reads that combine several queries (an application and its child
 * tables, a pull page, statistics): under READ COMMITTED, or on the pool where `allQueries` runs
 * them on different connections, a write committing between two of them would show in one and
 * not in the other.
 */
export function readSnapshot<T>(db: DbOrTx, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(work, { isolationLevel: 'repeatable read', accessMode: 'read only' });
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

export async function openDatabase(opts: {
  url?: string;
  /** Folder for PGlite; undefined = in memory. */
  pgliteDir?: string;
  /** An in-memory PGlite starts from this dump of a data directory (`dumpDataDir`), not an empty one. */
  loadDataDir?: Blob;
}): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    // An idle connection ended by the server (restart, failover, admin termination) is emitted
    // here; unhandled it would crash the process. The pool replaces it on the next query, and
    // queries that fail meanwhile answer 503 through the error handler.
    pool.on('error', (err) => {
      process.emitWarning(`Conexión de PostgreSQL cerrada: ${err.message}`);
    });
    // The pool listens only to idle connections: one ended while checked out between two queries
    // (an open transaction waiting on the handler) would emit an unhandled 'error' and kill the
    // process. Its next query fails instead, the request answers 503, and the pool drops it.
    pool.on('connect', (client) => {
      client.on('error', (err) => {
        process.emitWarning(`Conexión de PostgreSQL en uso cerrada: ${err.message}`);
      });
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock(727274)');
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query('select pg_advisory_unlock(727274)').catch(() => undefined);
      client.release();
    }
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  const client = opts.pgliteDir ? new PGlite(opts.pgliteDir) : new PGlite(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {});
  await client.waitReady;
  const pdb = drizzlePglite(client, { schema });
  await migratePglite(pdb, { migrationsFolder: MIGRATIONS_FOLDER });
  return { db: pdb as unknown as Db, kind: 'pglite', close: () => client.close() };
}
