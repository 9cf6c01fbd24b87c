/**
 * `npm run test:property:long`: the model test of sync (tests/property/sync-devices.property.test.ts)
 * for PROPERTY_RUNS runs (default 10,000) spread over every core: N = os.availableParallelism()
 * vitest processes (PROPERTY_SHARDS overrides), `nice`d, shard k with PROPERTY_SEED = base + k and
 * its share of the runs. The base seed is PROPERTY_SEED when it is a number, else random. Each
 * shard's output goes to its own log (PROPERTY_LOG_DIR, default a new directory under the system's
 * temporary one); its progress lines (every 100 runs) and first failure are echoed here as they come.
 * At the end (or on SIGINT/SIGTERM, which stop the shards) it prints the total runs, the seeds, each
 * failing shard's seed and fast-check path (replay: PROPERTY_SEED=<seed> and fast-check's `path`),
 * runs/s and the CPU load; the exit code is non-zero when a shard failed or was stopped.
 * With DATABASE_URL set every shard runs on PostgreSQL (each test file makes its own database).
 * Plain JavaScript so that it needs no TypeScript runner.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const TEST = 'tests/property/sync-devices.property.test.ts';
const runs = Number(process.env.PROPERTY_RUNS ?? 10_000);
const shards = Math.max(1, Math.min(runs, Number(process.env.PROPERTY_SHARDS ?? availableParallelism())));
const seedEnv = Number(process.env.PROPERTY_SEED);
const base = Number.isInteger(seedEnv) ? seedEnv : Math.floor(Math.random() * 2 ** 30);
const dir = process.env.PROPERTY_LOG_DIR ?? join(tmpdir(), `radica-property-long-${base}`);
mkdirSync(dir, { recursive: true });

/** Colour codes (ESC, then '[…m'), cut wherever some are left. */
const ESC = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

const started = Date.now();
const loads = [];
const sampler = setInterval(() => loads.push(loadavg()[0]), 30_000);

console.log(`model test of sync, long run: ${runs} runs on ${shards} processes, seeds ${base}..${base + shards - 1}, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, logs in ${dir}`);

const children = [];
// Plain text in the logs: NO_COLOR, and no FORCE_COLOR (any value of it forces colours).
const env = { ...process.env };
delete env.FORCE_COLOR;
let stopped = false;
function stop(signal) {
  stopped = true;
  console.log(`${signal}: stopping the shards`);
  for (const c of children) if (c.exitCode === null) try { process.kill(-c.pid, 'SIGTERM'); } catch { /* already gone */ }
}
process.once('SIGINT', () => stop('SIGINT'));
process.once('SIGTERM', () => stop('SIGTERM'));

const results = await Promise.all(
  Array.from({ length: shards }, (_, k) => {
    const share = Math.floor(runs / shards) + (k < runs % shards ? 1 : 0);
    const seed = base + k;
    const log = join(dir, `shard-${k}-seed-${seed}.log`);
    const out = createWriteStream(log);
    const child = spawn('nice', ['-n', '10', join(root, 'node_modules/.bin/vitest'), 'run', '--project', 'property', TEST], {
      cwd: root,
      env: { ...env, PROPERTY_SEED: String(seed), PROPERTY_RUNS: String(share), NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    children.push(child);
    let pending = '';
    const echo = (chunk) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop();
      for (const line of lines) {
        const plain = line.replace(ESC, '');
        if (/^\d+ runs \(seed/.test(plain) || /^run \d+ failed/.test(plain)) console.log(`[shard ${k}] ${plain.slice(0, 160)}`);
      }
    };
    child.stdout.on('data', (c) => (out.write(c), echo(String(c))));
    child.stderr.on('data', (c) => out.write(c));
    return new Promise((done) => child.on('close', (code, signal) => out.end(() => done({ k, seed, share, log, code, signal }))));
  }),
).finally(() => clearInterval(sampler));

/** What a shard's log says: runs done, CPU per run, first failure, fast-check's path. */
function readShard(r) {
  const text = readFileSync(r.log, 'utf8').replace(ESC, '');
  const final = /model test of sync: (\d+) runs, seed (\d+), ([\d.]+) runs\/s, (\d+) ms of CPU per run/.exec(text);
  const progress = [...text.matchAll(/^(\d+) runs \(seed \d+\)/gm)].map((m) => Number(m[1]));
  const failure = /^run (\d+) failed \(seed \d+\): (.*)$/m.exec(text);
  const path = /\{ seed: (-?\d+), path: "([^"]+)"/.exec(text);
  const done = final ? Number(final[1]) : failure ? Number(failure[1]) : (progress.at(-1) ?? 0);
  return { ...r, done, cpuPerRun: final ? Number(final[4]) : null, failure: failure?.[2] ?? null, path: path?.[2] ?? null, passed: r.code === 0 };
}

const shardsRead = results.map(readShard);
const seconds = (Date.now() - started) / 1000;
const total = shardsRead.reduce((n, s) => n + s.done, 0);
const failed = shardsRead.filter((s) => !s.passed);
const cpu = shardsRead.every((s) => s.cpuPerRun !== null) ? shardsRead.reduce((n, s) => n + s.cpuPerRun * s.done, 0) / 1000 : null;
const meanLoad = loads.length ? loads.reduce((a, b) => a + b, 0) / loads.length : loadavg()[0];

console.log(`\nlong run: ${total} of ${runs} runs in ${Math.round(seconds)} s, ${(total / seconds).toFixed(2)} runs/s, seeds ${base}..${base + shards - 1} (${shards} processes)`);
if (cpu !== null) console.log(`CPU: ${cpu.toFixed(0)} s in the runs (${((cpu * 1000) / Math.max(total, 1)).toFixed(0)} ms per run, ${(cpu / seconds).toFixed(2)} cores busy on average); load average ${meanLoad.toFixed(2)} on ${availableParallelism()} cores`);
else console.log(`load average ${meanLoad.toFixed(2)} on ${availableParallelism()} cores`);
for (const s of shardsRead) {
  const state = s.passed ? 'passed' : stopped && !s.failure ? 'stopped' : `FAILED (exit ${s.code ?? s.signal})`;
  console.log(`  shard ${s.k}: seed ${s.seed}, ${s.done}/${s.share} runs, ${state}${s.failure ? `: ${s.failure.slice(0, 300)}` : ''}${s.path ? `\n    replay: PROPERTY_SEED=${s.seed} path "${s.path}"` : ''}\n    log ${s.log}`);
}
const failures = failed.filter((s) => s.failure || !stopped);
console.log(failures.length ? `${failures.length} of ${shards} shards failed` : stopped ? 'stopped, no failure so far (runs are counted by hundreds until a shard ends)' : 'no failure');
process.exit(failed.length ? 1 : 0);
