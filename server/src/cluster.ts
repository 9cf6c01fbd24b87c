/**
 * `npm run start:cluster` (dist-server/cluster.js, after `npm run build`): N server processes on
 * one PostgreSQL (DATABASE_URL), sharing PORT. The primary applies the migrations, seeds the demo
 * data into an empty database only when asked (--demo or SEED_DEMO=1) and settles the JWT secret
 * once, then forks WORKERS processes (default: one per core) that only serve. The servers
 * keep no state of their own (JWT sessions, files and sync bookkeeping live in PostgreSQL), so the
 * same layout works across machines behind a load balancer.
 */
import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { openDatabase } from './db/client';
import { seedDemoIfEmpty } from './db/seed';
import { resolveJwtSecret, startServer } from './server';
import { readConfigOrExit } from './config';

const config = readConfigOrExit();
const databaseUrl = config.DATABASE_URL;
if (!databaseUrl) {
  console.error(
    'start:cluster necesita DATABASE_URL: varios procesos no pueden compartir la base embebida (PGlite).',
  );
  process.exit(2);
}

if (cluster.isPrimary) {
  const workers = config.WORKERS ?? availableParallelism();
  const dataDir = resolve(config.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const database = await openDatabase({ url: databaseUrl });
  if (config.SEED_DEMO || process.argv.includes('--demo')) await seedDemoIfEmpty(database.db);
  await database.close();
  const env = { JWT_SECRET: resolveJwtSecret(dataDir, config.JWT_SECRET) };

  let stopping = false;
  const fork = () => cluster.fork(env);
  for (let i = 0; i < workers; i++) fork();
  cluster.on('exit', (worker, code) => {
    if (stopping) return;
    console.error(`Proceso ${worker.process.pid} terminó (${code}); iniciando otro.`);
    fork();
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    });
  }
  console.log(`Radica: ${workers} procesos en el puerto ${config.PORT}`);
} else {
  const { shutdown } = await startServer({ seed: false, config });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      shutdown().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
}
