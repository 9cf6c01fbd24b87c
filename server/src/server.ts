/**
 * Starts the server: takes its settings from the validated config (server/src/config.ts; options
 * given here win), opens the database (applying migrations), seeds the demo data into an empty
 * database only when asked (`seed`, default SEED_DEMO), and listens. With SMTP_URL and MAIL_FROM
 * it also runs the e-mail relay (every process may). The caller stops it with the returned
 * `shutdown`.
 */
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from './db/client';
import { isEmpty, seedDemoIfEmpty } from './db/seed';
import { buildApp } from './app';
import { loadConfig, type Config } from './config';
import { identidadOperador } from './modules/legal/identidad';
import { mailConfigFrom, startEmailRelay } from './modules/email/transport';
import type { RelayTuning } from './modules/email/relay';

export interface StartOptions {
  port?: number;
  host?: string;
  dataDir?: string;
  databaseUrl?: string;
  jwtSecret?: string;
  distDir?: string;
  /** Seed the demo data when the database is empty. Default: the config's SEED_DEMO. */
  seed?: boolean;
  logger?: boolean;
  /** The validated environment; default: `loadConfig()` of process.env. */
  config?: Config;
  /** Relay timings (tests shorten the lease and the polling). */
  emailRelay?: Partial<RelayTuning>;
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
  const config = opts.config ?? loadConfig();
  const seedDemo = opts.seed ?? config.SEED_DEMO;
  // Checked first: a partial LEGAL_* set stops the start before anything opens. The demo start
  // (the one that seeds demo data) shows the demo operator unless LEGAL_* are set.
  const legal = identidadOperador(config, { demo: seedDemo });
  // Checked before anything opens: SMTP_URL without MAIL_FROM stops the start with its message.
  const mail = mailConfigFrom(config);
  const dataDir = resolve(opts.dataDir ?? config.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const databaseUrl = opts.databaseUrl ?? config.DATABASE_URL;
  const database = await openDatabase(
    databaseUrl ? { url: databaseUrl } : { pgliteDir: resolve(dataDir, 'pg') },
  );
  if (seedDemo) await seedDemoIfEmpty(database.db);
  else if (await isEmpty(database.db)) {
    console.warn(
      'La base de datos no tiene empresas ni usuarios. Para datos de demostración inicie con --demo o SEED_DEMO=1. / ' +
        'The database holds no company or user; start with --demo or SEED_DEMO=1 for demo data.',
    );
  }
  // PGlite runs no autovacuum, so the planner's statistics are gathered here, at each start;
  // without them aggregate queries (statistics) fall back to nested loops on large tables.
  if (database.kind === 'pglite') await database.db.execute(sql`analyze`);
  const app = await buildApp({
    db: database.db,
    jwtSecret: resolveJwtSecret(dataDir, opts.jwtSecret ?? config.JWT_SECRET),
    distDir: opts.distDir ?? resolve('dist'),
    logger: opts.logger ?? config.LOG,
    loginRateLimit: config.LOGIN_RATE_LIMIT,
    loginIpRateLimit: config.LOGIN_IP_RATE_LIMIT,
    seguimientoRateLimit: config.SEGUIMIENTO_RATE_LIMIT,
    descargasRateLimit: config.DESCARGAS_RATE_LIMIT,
    hashConcurrency: config.PASSWORD_HASH_CONCURRENCY,
    // Several processes share one PostgreSQL: their limits count in it, not in each process.
    rateLimitStore: database.kind === 'postgres' ? 'database' : 'memory',
    trustProxy: config.TRUST_PROXY,
    legal,
    metricsToken: config.METRICS_TOKEN,
  });
  const port = opts.port ?? config.PORT;
  const host = opts.host ?? config.HOST;
  await app.listen({ port, host });
  const relay = mail
    ? startEmailRelay({ db: database.db, config: mail, log: app.log, tuning: opts.emailRelay })
    : null;
  if (!mail) app.log.info('SMTP_URL no está definido: los correos quedan en cola (email_outbox) sin enviarse.');

  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await relay?.stop();
    await app.close();
    await database.close();
  };
  return { app, database, shutdown };
}
