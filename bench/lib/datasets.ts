/**
 * Benchmark data sets, each in its own place: a PGlite DATA_DIR per size under bench/out, and a
 * database per size on a PostgreSQL server (DATABASE_URL, or a throwaway cluster started here when
 * the PostgreSQL binaries are installed). A data set is seeded once with
 * `npm run seed -- --applications N` and reused by later runs.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync, chownSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { log } from './report';

export const OUT = resolve('bench/out');

function seed(env: NodeJS.ProcessEnv, applications: number): void {
  const started = Date.now();
  const res = spawnSync('npx', ['tsx', 'server/src/db/seed-cli.ts', '--applications', String(applications)], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (res.status !== 0) throw new Error(`seed failed (${res.status})`);
  log(`seeded ${applications} applications in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

/** DATA_DIR of a PGlite data set with `applications` extra applications in company 1. */
export function pgliteDataset(applications: number): string {
  const dir = join(OUT, `pglite-${applications}`);
  if (!existsSync(join(dir, 'seeded'))) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    log(`seeding PGlite data set ${dir}`);
    seed({ DATA_DIR: dir, DATABASE_URL: '' }, applications);
    writeFileSync(join(dir, 'seeded'), String(applications));
  }
  return dir;
}

export interface PostgresServer {
  url: (database: string) => string;
  stop: () => void;
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** DATABASE_URL's server, or a throwaway local cluster; null when neither is available. */
export function startPostgres(): PostgresServer | null {
  if (process.env.DATABASE_URL) {
    const base = new URL(process.env.DATABASE_URL);
    return {
      url: (database) => Object.assign(new URL(base.href), { pathname: `/${database}` }).href,
      stop: () => {},
    };
  }
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).sort((a, b) => Number(a) - Number(b));
  const bin = join(root, versions[versions.length - 1], 'bin');
  if (!existsSync(join(bin, 'initdb'))) return null;
  const work = mkdtempSync(join(tmpdir(), 'radica-bench-pg.'));
  const run = (cmd: string, args: string[]) =>
    isRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args], { stdio: 'ignore' })
      : execFileSync(join(bin, cmd), args, { stdio: 'ignore' });
  if (isRoot) chownSync(work, Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), 0);
  const port = 55500 + Math.floor(Math.random() * 400);
  run('initdb', ['-D', join(work, 'data'), '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  run('pg_ctl', [
    '-D', join(work, 'data'), '-l', join(work, 'log'), '-w', '-o',
    `-c listen_addresses=127.0.0.1 -p ${port} -k ${work} -c fsync=off -c max_connections=200 -c shared_buffers=256MB`,
    'start',
  ]);
  log(`PostgreSQL cluster on port ${port} (${work})`);
  return {
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    stop: () => {
      try {
        run('pg_ctl', ['-D', join(work, 'data'), '-m', 'immediate', 'stop']);
      } finally {
        rmSync(work, { recursive: true, force: true });
      }
    },
  };
}

/** A database on `server` seeded with `applications`; reused when it is already there. */
export async function postgresDataset(server: PostgresServer, applications: number): Promise<string> {
  const name = `radica_bench_${applications}`;
  const admin = new pg.Client({ connectionString: server.url('postgres') });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  let fresh = exists.rowCount === 0;
  if (!fresh) {
    const probe = new pg.Client({ connectionString: server.url(name) });
    await probe.connect();
    const seeded = await probe
      .query<{ n: string }>('select count(*)::text as n from solicitudes')
      .then((r) => Number(r.rows[0].n) >= applications)
      .catch(() => false);
    await probe.end();
    if (!seeded) {
      await admin.query(`drop database ${name}`);
      fresh = true;
    }
  }
  if (fresh) await admin.query(`create database ${name}`);
  await admin.end();
  if (fresh) {
    log(`seeding PostgreSQL data set ${name}`);
    seed({ DATABASE_URL: server.url(name) }, applications);
  }
  return server.url(name);
}
