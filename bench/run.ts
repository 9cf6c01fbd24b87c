/**
 * `npm run bench`: Radica's performance figures, each against a baseline measured in the same run.
 * Prints `BENCH <name> <value> <unit> ratio=<x> baseline=<what>` lines on stdout (progress on
 * stderr) and keeps them in bench/out/latest.txt.
 *
 * BENCH_SIZES (default 5000,50000,200000): data sets for the growth figures; the headline figures
 * use 50,000 (or the largest size given). BENCH_SECONDS (default 10): autocannon duration.
 * BENCH_WRITE_REPS (default 3): interleaved repetitions of the initial sync write and its baselines.
 * PostgreSQL figures use DATABASE_URL, or a throwaway local cluster when PostgreSQL is installed.
 * BENCH_PARTS (default all): a comma list of the parts to run, for a shorter run of some figures:
 * size, lighthouse, pull (full pull and its growth), app (the app's own figures), list (list
 * growth), sync (initial sync write and warm login), server (push, pull throughput, dashboard),
 * throughput (the pull throughput alone, without push and dashboard), uploads, postgres.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { execFileSync } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import { firstScreenKb, BUDGET_KB } from './first-screen';
import { lighthouseFigures } from './lighthouse';
import { figures, log, report } from './lib/report';
import { OUT, pgliteDataset, postgresDataset, startPostgres } from './lib/datasets';
import { fullPullMs, login, pullThroughputFigures, rawRecordsRate, serverFigures, startBenchServer, type BenchServer } from './lib/server-bench';
import { uploadLoadFigures } from './lib/upload-load';
import { uploadResumeFigures } from './lib/upload-resume';
import { closeBrowsers, growthFigures, initialSyncFigures, warmLoginFigures, type GrowthFigures } from './lib/browser-bench';
import { appFigures, type AppFigures } from './lib/app-bench';

const sizes = (process.env.BENCH_SIZES ?? '5000,50000,200000').split(',').map(Number).filter((n) => n > 0);
const main = sizes.includes(50_000) ? 50_000 : Math.max(...sizes);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const PARTS = ['size', 'lighthouse', 'pull', 'app', 'list', 'sync', 'server', 'throughput', 'uploads', 'postgres'] as const;
const partsAsked = (process.env.BENCH_PARTS ?? PARTS.join(',')).split(',').map((p) => p.trim()).filter(Boolean);
for (const p of partsAsked) if (!(PARTS as readonly string[]).includes(p)) throw new Error(`BENCH_PARTS: unknown part '${p}' (known: ${PARTS.join(', ')})`);
const part = (p: (typeof PARTS)[number]) => partsAsked.includes(p);
/** Pull throughput alone, or within the server figures. */
async function throughput(server: BenchServer, label: string): Promise<void> {
  if (part('server')) await serverFigures(server, label, seconds);
  else if (part('throughput')) await pullThroughputFigures(server, label, seconds);
}

mkdirSync(OUT, { recursive: true });
log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`);
if (!existsSync(resolve('dist/.vite/manifest.json'))) {
  log('building the app');
  execFileSync('npx', ['vite', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
}

if (part('size')) {
  const size = firstScreenKb();
  report({ name: 'first_screen_js', value: size.kb, unit: 'KB_gzip', ratio: size.kb / BUDGET_KB, baseline: `budget_${BUDGET_KB}KB`, target: `<=${BUDGET_KB}KB` });
  report({ name: 'sync_worker_js', value: size.workerKb, unit: 'KB_gzip', baseline: 'loaded_after_first_render' });
}
if (part('lighthouse')) await lighthouseFigures();

const pullGrowth: Array<{ size: number; perRow: number }> = [];
const listGrowth: Array<{ size: number } & GrowthFigures> = [];
const appGrowth: Array<{ size: number } & AppFigures> = [];
const writeReps = Math.max(1, Number(process.env.BENCH_WRITE_REPS ?? 3) || 3);
try {
  for (const n of sizes) {
    const dataDir = pgliteDataset(n);
    const server = await startBenchServer({ dataDir });
    try {
      const token = await login(server.baseUrl, 'admin@demo.co');
      if (part('pull')) {
        const full = await fullPullMs(server.baseUrl, token);
        pullGrowth.push({ size: n, perRow: full.ms / full.rows });
        const raw = await rawRecordsRate(server.db, 1);
        const rate = full.rows / (full.ms / 1000);
        report({ name: `growth.pull_http_${n}`, value: full.ms, unit: 'ms', ratio: rate / raw, baseline: `${full.rows}_rows=${((full.ms / full.rows) * 1000).toFixed(0)}us_per_row;raw_statement=${raw.toFixed(0)}rows/s` });
      }
      if (part('app')) appGrowth.push({ size: n, ...(await appFigures(server.baseUrl, token, 'admin@demo.co', n, n === main ? writeReps : 1)) });
      if (part('list')) listGrowth.push({ size: n, ...(await growthFigures(server.baseUrl, token, n)) });
      if (n === main) {
        if (part('sync')) {
          await initialSyncFigures(server.baseUrl, token, n);
          await warmLoginFigures(server.baseUrl, 'admin@demo.co');
        }
        await throughput(server, 'pglite');
        if (part('uploads')) {
          await uploadLoadFigures(server, 'pglite');
          await uploadResumeFigures(server, token);
        }
      }
    } finally {
      await server.shutdown();
    }
  }
} finally {
  await closeBrowsers();
}

if (pullGrowth.length > 1) {
  const first = pullGrowth[0];
  const last = pullGrowth[pullGrowth.length - 1];
  report({ name: 'growth.pull_cost_per_row', value: last.perRow / first.perRow, unit: `x_from_${first.size}_to_${last.size}`, baseline: 'linear_means_about_1' });
}
if (listGrowth.length > 1) {
  const l0 = listGrowth[0];
  const l1 = listGrowth[listGrowth.length - 1];
  const unit = `x_from_${l0.size}_to_${l1.size}`;
  report({ name: 'growth.list_query_p95', value: l1.p95 / l0.p95, unit, baseline: 'flat_means_about_1' });
  // A page without a search finds its range and page in the in-memory index (binary searches) and
  // reads 50 rows; the plain read of 50 rows shows how the storage's own cost grows. A search also
  // ranks every match in memory, since the list shows their total.
  report({ name: 'growth.list_page_p50', value: l1.pageP50 / l0.pageP50, unit, baseline: 'flat_means_about_1' });
  report({ name: 'growth.list_page_p95', value: l1.pageP95 / l0.pageP95, unit, baseline: `flat_means_about_1;plain_50_row_read_p95_grew_x${(l1.plainP95 / l0.plainP95).toFixed(2)}` });
  report({ name: 'growth.list_search_p95', value: l1.searchP95 / l0.searchP95, unit, baseline: 'matches_grow_with_the_rows' });
}
if (appGrowth.length > 1) {
  const a0 = appGrowth[0];
  const a1 = appGrowth[appGrowth.length - 1];
  const unit = `x_from_${a0.size}_to_${a1.size}`;
  const perApp = (a: AppFigures & { size: number }) => a.firstSyncMs / a.size;
  report({ name: 'growth.cold_sync_per_application', value: perApp(a1) / perApp(a0), unit, baseline: `linear_means_about_1;raw_put_per_row_grew_x${(a1.rawPutMs / a1.size / (a0.rawPutMs / a0.size)).toFixed(2)}` });
  report({ name: 'growth.warm_open', value: a1.warmMs / a0.warmMs, unit, baseline: `flat_means_about_1;shell_reload_grew_x${(a1.shellMs / a0.shellMs).toFixed(2)}` });
  report({ name: 'growth.warm_open_first_reload', value: a1.warmFirstMs / a0.warmFirstMs, unit, baseline: 'flat_means_about_1' });
  report({ name: 'growth.indexeddb_bytes_per_application', value: a1.bytesPerApp / a0.bytesPerApp, unit, baseline: 'flat_means_about_1' });
  report({ name: 'growth.search_as_typed_p50', value: a1.searchP50 / a0.searchP50, unit, baseline: 'flat_means_about_1' });
  report({ name: 'growth.search_as_typed_p95', value: a1.searchP95 / a0.searchP95, unit, baseline: 'flat_means_about_1' });
}

const pg = part('postgres') ? startPostgres() : null;
if (!part('postgres')) {
  log('PostgreSQL figures not asked for (BENCH_PARTS)');
} else if (!pg) {
  log('PostgreSQL not available: PostgreSQL figures skipped (set DATABASE_URL or install postgresql)');
} else {
  try {
    const url = await postgresDataset(pg, main);
    const server = await startBenchServer({ dataDir: join(OUT, 'pg-server'), databaseUrl: url });
    try {
      const token = await login(server.baseUrl, 'admin@demo.co');
      if (part('pull')) {
        const full = await fullPullMs(server.baseUrl, token);
        const raw = await rawRecordsRate(server.db, 1);
        const rate = full.rows / (full.ms / 1000);
        report({ name: `postgres.pull_http_${main}`, value: full.ms, unit: 'ms', ratio: rate / raw, baseline: `${full.rows}_rows;raw_statement=${raw.toFixed(0)}rows/s` });
      }
      await throughput(server, 'postgres');
      if (part('uploads')) await uploadLoadFigures(server, 'postgres');
    } finally {
      await server.shutdown();
    }
  } finally {
    pg.stop();
  }
}

const lines = figures.map((f) => `${f.name} ${f.value.toFixed(2)} ${f.unit}${f.ratio === undefined ? '' : ` ratio=${f.ratio.toFixed(2)}`} baseline=${f.baseline ?? 'none'}${f.target ? ` target=${f.target}` : ''}`);
writeFileSync(join(OUT, 'latest.txt'), `${new Date().toISOString()} ${cpus().length}×${cpus()[0]?.model ?? ''} sizes=${sizes.join(',')} parts=${partsAsked.join(',')}\n${lines.join('\n')}\n`);
log(`done; figures in ${join(OUT, 'latest.txt')}`);
