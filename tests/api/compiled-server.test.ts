/**
 * The production start: `node dist-server/main.js` (the esbuild bundle of `npm run build`) runs
 * with node alone, applies the migrations, serves, and seeds the demo data only when asked
 * (`--demo` or SEED_DEMO=1), never into an empty database by surprise. A bad environment stops it
 * with exit code 2 before anything opens. On PGlite by default, on a fresh PostgreSQL database
 * when DATABASE_URL is set.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const dataDir = mkdtempSync(join(tmpdir(), 'radica-compiled-'));
let databaseUrl = '';
let dropDatabase = async () => undefined as void;
const running = new Set<ChildProcess>();

beforeAll(async () => {
  const build = spawnSync(process.execPath, ['scripts/build.mjs', '--server'], { encoding: 'utf8' });
  expect(build.status, build.stderr).toBe(0);
  const admin = process.env.DATABASE_URL;
  if (admin) {
    const name = `radica_compiled_${randomBytes(5).toString('hex')}`;
    const run = async (sql: string) => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(sql).finally(() => c.end());
    };
    await run(`create database ${name}`);
    databaseUrl = Object.assign(new URL(admin), { pathname: `/${name}` }).href;
    dropDatabase = () => run(`drop database if exists ${name} with (force)`);
  }
});

afterAll(async () => {
  for (const child of running) child.kill('SIGKILL');
  await dropDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Starts the compiled server on a free port; resolves with its base URL once it listens. */
function start(args: string[], env: Record<string, string> = {}): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['dist-server/main.js', ...args], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, SEED_DEMO: '', LOG: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (m) resolve({ url: m[1], child });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the server ended (${code}) before listening:\n${output}`)));
  });
}

async function stop(child: ChildProcess): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  const code = await exited;
  running.delete(child);
  return code;
}

const login = (url: string) =>
  fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.co', password: 'demo1234' }),
  });

describe('the compiled server', () => {
  it('starts on an empty database without seeding it, and seeds it only with --demo', async () => {
    const plain = await start([]);
    expect(await (await fetch(`${plain.url}/api/health`)).json()).toEqual({ ok: true });
    expect((await login(plain.url)).status).toBe(401);
    expect((await fetch(`${plain.url}/api/metrics`)).status).toBe(404);
    expect(await stop(plain.child)).toBe(0);

    const demo = await start(['--demo'], { METRICS_TOKEN: 'token-de-metricas-1234' });
    expect((await login(demo.url)).status).toBe(200);
    // METRICS_TOKEN reaches the app from the environment.
    const metrics = await fetch(`${demo.url}/api/metrics`, { headers: { authorization: 'Bearer token-de-metricas-1234' } });
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain('radica_sync_push_mutations_total');
    expect(await stop(demo.child)).toBe(0);
  }, 240_000);

  it('refuses a bad environment with exit code 2 and the variable named', () => {
    const run = spawnSync(process.execPath, ['dist-server/main.js'], {
      env: { ...process.env, DATA_DIR: dataDir, LOGIN_RATE_LIMIT: 'muchos' },
      encoding: 'utf8',
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('LOGIN_RATE_LIMIT: debe ser un número entero');
  });
});
