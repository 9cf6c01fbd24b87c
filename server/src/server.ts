/**
 * Starts the server: reads PORT, DATA_DIR, DATABASE_URL and JWT_SECRET, opens the database
 * (applying migrations), seeds demo data on an empty database and listens. Stops gracefully on
 * SIGINT/SIGTERM.
 */
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from './db/client';
import { seedDemoIfEmpty } from './db/seed';
import { buildApp } from './app';

export interface StartOptions {
  port?: number;
  host?: string;
  dataDir?: string;
  databaseUrl?: string;
  jwtSecret?: string;
  distDir?: string;
  seed?: boolean;
  logger?: boolean;
}

export function resolveJwtSecret(dataDir: string, given?: string): string {
  if (given) return given;
  const file = resolve(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export async function startServer(opts: StartOptions = {}) {
  const dataDir = resolve(opts.dataDir ?? process.env.DATA_DIR ?? './data');
  mkdirSync(dataDir, { recursive: true });
  const databaseUrl = opts.databaseUrl ?? process.env.DATABASE_URL ?? undefined;
  const database = await openDatabase(
    databaseUrl ? { url: databaseUrl } : { pgliteDir: resolve(dataDir, 'pg') },
  );
  if (opts.seed !== false) await seedDemoIfEmpty(database.db);
  // PGlite runs no autovacuum, so the planner's statistics are gathered here, at each start;
  // without them aggregate queries (statistics) fall back to nested loops on large tables.
  if (database.kind === 'pglite') await database.db.execute(sql`analyze`);
  const app = await buildApp({
    db: database.db,
    jwtSecret: resolveJwtSecret(dataDir, opts.jwtSecret ?? process.env.JWT_SECRET),
    distDir: opts.distDir ?? resolve('dist'),
    logger: opts.logger ?? true,
    loginRateLimit: Number(process.env.LOGIN_RATE_LIMIT ?? 10),
  });
  const port = opts.port ?? Number(process.env.PORT ?? 3000);
  const host = opts.host ?? process.env.HOST ?? '0.0.0.0';
  await app.listen({ port, host });

  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await app.close();
    await database.close();
  };
  return { app, database, shutdown };
}
