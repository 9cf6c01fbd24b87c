/**
 * Server figures on one database: push of 1,000 mutations against the same 1,000 changes through
 * the REST route one by one; pull throughput over HTTP (autocannon in its own process, on
 * loopback) against one raw SQL statement building the same records as JSON; dashboard throughput
 * over HTTP against the same service functions called directly, with no HTTP; the statistics'
 * full Completas read against its three parts asked for one after another.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { startServer } from '../../server/src/server';
import { solicitudes, usuarios } from '../../server/src/db/schema';
import type { Db } from '../../server/src/db/client';
import { authUserOf, type AuthUser } from '../../server/src/plugins/auth';
import type { Role } from '../../src/domain/roles';
import { pull } from '../../server/src/modules/sync/pull';
import { toListRow } from '../../server/src/modules/solicitudes/repository';
import { tablaRecords } from '../../server/src/modules/dashboard/service';
import { PULL_PAGE_DEFAULT, PUSH_BATCH, type PullResponse } from '../../src/domain/sync-protocol';
import { pullQuery } from '../../src/sync/http-transport';
import type { PullRequest } from '../../src/sync/transport';
import { ESTADOS_DEFAULT as ESTADOS } from '../../src/domain/estados';
import { percentile, report, log } from './report';
import { rawRecords } from './raw-records';

const run = promisify(execFile);

export interface BenchServer {
  baseUrl: string;
  db: Db;
  shutdown: () => Promise<void>;
}

export async function startBenchServer(opts: { dataDir: string; databaseUrl?: string }): Promise<BenchServer> {
  process.env.LOGIN_RATE_LIMIT = '100000';
  process.env.LOGIN_IP_RATE_LIMIT = '100000';
  process.env.SEGUIMIENTO_RATE_LIMIT = '100000';
  const { app, database, shutdown } = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir: opts.dataDir,
    databaseUrl: opts.databaseUrl ?? '',
    logger: false,
    seed: false,
  });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { baseUrl: `http://127.0.0.1:${port}`, db: database.db, shutdown };
}

export async function login(baseUrl: string, email: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: 'demo1234' }),
  });
  const body = (await res.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`login ${email} failed: ${res.status}`);
  return body.access_token;
}

async function authUser(db: Db, email: string): Promise<AuthUser> {
  const [u] = await db.select().from(usuarios).where(eq(usuarios.correo, email));
  return authUserOf(u, u.rol as Role);
}

interface Cannon {
  requests: { average: number };
  latency: { p99: number };
  non2xx: number;
  errors: number;
}

async function autocannon(url: string, token: string, seconds: number, connections: number, timeoutS = 10): Promise<Cannon> {
  const { stdout } = await run(
    'npx',
    ['autocannon', '-j', '-c', String(connections), '-d', String(seconds), '-t', String(timeoutS), '-H', `Authorization=Bearer ${token}`, url],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const result = JSON.parse(stdout) as Cannon;
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`autocannon ${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result;
}

/** Calls `fn` back to back for `seconds`; returns calls per second. */
async function loopFor(seconds: number, fn: () => Promise<unknown>): Promise<number> {
  const end = Date.now() + seconds * 1000;
  let n = 0;
  const t0 = performance.now();
  while (Date.now() < end) {
    await fn();
    n++;
  }
  return n / ((performance.now() - t0) / 1000);
}

/** This process's CPU time so far (all its threads), in ms. */
function cpuMs(): number {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
}

/** Rows per second of the raw statement (bench/lib/raw-records.ts), median of three runs. */
export async function rawRecordsRate(db: Db, empresaId: number): Promise<number> {
  return (await rawRecordsFigures(db, empresaId)).rate;
}

/** The raw statement's rows/s and CPU ms per 1,000 rows (medians of three runs). */
async function rawRecordsFigures(db: Db, empresaId: number): Promise<{ rate: number; cpuPer1000: number }> {
  const rates: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < 3; i++) {
    const c0 = cpuMs();
    const r = await rawRecords(db, empresaId);
    cpu.push(((cpuMs() - c0) / r.rows) * 1000);
    rates.push(r.rows / (r.ms / 1000));
  }
  return { rate: percentile(rates, 50), cpuPer1000: percentile(cpu, 50) };
}

/**
 * Pull throughput: HTTP (4 connections) against one raw set-based SQL statement that builds every
 * application's record as JSON (bench/lib/raw-records.ts), medians of three runs.
 */
export async function pullThroughputFigures(server: BenchServer, label: string, seconds = 10): Promise<void> {
  const token = await login(server.baseUrl, 'admin@demo.co');
  const user = await authUser(server.db, 'admin@demo.co');
  const pullClient = randomUUID();
  const pullUrl = `${server.baseUrl}/api/sync/pull?clientId=${pullClient}&cursor=0&limit=${PULL_PAGE_DEFAULT}`;
  const firstPage = await pull(server.db, user, { clientId: pullClient, cursor: 0, limit: PULL_PAGE_DEFAULT });
  const rowsPerPage = firstPage.changes.length;
  const raw = await rawRecordsFigures(server.db, user.empresaId);
  const rawRows = raw.rate;
  log(`${label}: pull autocannon ${seconds}s`);
  const pullHttp = await autocannon(pullUrl, token, seconds, 4);
  const httpRows = pullHttp.requests.average * rowsPerPage;
  report({ name: `${label}.pull_throughput`, value: httpRows, unit: 'rows/s', ratio: httpRows / rawRows, baseline: `one_set_based_sql_statement_building_the_same_records_as_json=${rawRows.toFixed(0)}rows/s`, target: 'ratio>=0.5_goal_0.7' });
  if (label === 'pglite') {
    // The same comparison in CPU time, which a loaded machine disturbs far less than rates: this
    // process's CPU (the server, PGlite included) per 1,000 rows of whole pages fetched one after
    // the other by curl in its own process, against the raw statement's CPU per 1,000 rows.
    const pages = 5;
    const c0 = cpuMs();
    await run('sh', ['-c', `for i in $(seq ${pages}); do curl -sf -o /dev/null -H "Authorization: Bearer $TOKEN" "$URL" || exit 1; done`], {
      env: { ...process.env, TOKEN: token, URL: pullUrl },
    });
    const pullCpu = ((cpuMs() - c0) / (pages * rowsPerPage)) * 1000;
    report({ name: `${label}.pull_cpu_per_1000_rows`, value: pullCpu, unit: 'cpu_ms', ratio: raw.cpuPer1000 / pullCpu, baseline: `raw_statement_cpu_per_1000_rows=${raw.cpuPer1000.toFixed(0)}ms;${pages}_pages_over_http_one_after_the_other`, target: 'ratio>=0.5_goal_0.7' });
  }
  report({ name: `${label}.pull_p99`, value: pullHttp.latency.p99, unit: 'ms', baseline: `page_of_${rowsPerPage}_rows` });
}

export async function serverFigures(server: BenchServer, label: string, seconds = 10): Promise<void> {
  const token = await login(server.baseUrl, 'admin@demo.co');
  const user = await authUser(server.db, 'admin@demo.co');

  // --- push vs REST, 1,000 status changes each, on distinct applications ---
  const rows = await server.db
    .select({ id: solicitudes.id, estado: solicitudes.estado })
    .from(solicitudes)
    .where(and(eq(solicitudes.empresaId, user.empresaId), isNull(solicitudes.deletedAt)))
    .limit(2000);
  if (rows.length < 2000) throw new Error('the data set needs at least 2,000 applications');
  const next = (estado: string | null) => ESTADOS[(ESTADOS.indexOf(estado as (typeof ESTADOS)[number]) + 1) % ESTADOS.length];
  const clientId = randomUUID();
  const mutations = rows.slice(0, 1000).map((r, i) => ({
    id: i + 1,
    name: 'solicitud.cambiarEstado',
    args: { solicitudId: r.id, estado: next(r.estado), base: { estado: r.estado } },
    at: new Date().toISOString(),
  }));
  let t0 = performance.now();
  for (let i = 0; i < mutations.length; i += PUSH_BATCH) {
    const res = await fetch(`${server.baseUrl}/api/sync/push`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ clientId, mutations: mutations.slice(i, i + PUSH_BATCH) }),
    });
    const body = (await res.json()) as { data?: { results: Array<{ status: string }> } };
    if (!res.ok || body.data?.results.some((r) => r.status !== 'applied')) throw new Error(`push failed: ${res.status}`);
  }
  const pushMs = performance.now() - t0;
  t0 = performance.now();
  for (const r of rows.slice(1000, 2000)) {
    const res = await fetch(`${server.baseUrl}/api/solicitudes/actualizar-estado`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ id: r.id, estado: next(r.estado) }),
    });
    if (!res.ok) throw new Error(`REST status change failed: ${res.status}`);
  }
  const restMs = performance.now() - t0;
  report({ name: `${label}.push_1000_mutations`, value: pushMs, unit: 'ms', ratio: pushMs / restMs, baseline: `1000_rest_calls_one_by_one=${restMs.toFixed(0)}ms`, target: '<=3000ms' });

  await pullThroughputFigures(server, label, seconds);

  // --- dashboard/tabla: every visible row, HTTP against the same queries called directly ---
  // One answer holds every row (tens of MB at 50,000): the run lasts long enough for several
  // answers per connection, and the timeout is above the slowest one.
  const dashRaw = await loopFor(seconds, async () => {
    (await tablaRecords(server.db, user)).map(toListRow);
  });
  const dashSeconds = Math.max(seconds, Math.ceil(6 / dashRaw));
  log(`${label}: dashboard autocannon ${dashSeconds}s`);
  const dash = await autocannon(`${server.baseUrl}/api/dashboard/tabla`, token, dashSeconds, 2, Math.ceil(dashSeconds + 20 / dashRaw));
  report({ name: `${label}.dashboard_tabla`, value: dash.requests.average, unit: 'req/s', ratio: dash.requests.average / dashRaw, baseline: `same_queries_no_http=${dashRaw.toFixed(2)}req/s` });
  report({ name: `${label}.dashboard_tabla_p99`, value: dash.latency.p99, unit: 'ms' });

  await statsCompletasFigures(server, label, token);
}

/**
 * Estadísticas › Completas, the full read (first open, 'Actualizar'): GET completas against its
 * three parts (generales, rendimiento, financieras) asked for one after another, as the screen
 * would without completas. The full read scans the visible applications once for all three, so
 * it costs about what one part does. Medians of seven rounds, the two alternated.
 */
export async function statsCompletasFigures(server: BenchServer, label: string, token: string): Promise<void> {
  const get = async (path: string) => {
    const res = await fetch(`${server.baseUrl}/api/estadisticas/${path}`, { headers: { Authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`estadisticas/${path}: ${res.status}`);
    await res.json();
  };
  const timed = async (fn: () => Promise<unknown>) => {
    const t0 = performance.now();
    await fn();
    return performance.now() - t0;
  };
  const full: number[] = [];
  const parts: number[] = [];
  for (let i = -1; i < 7; i++) {
    const one = () => timed(() => get('completas?dias=30'));
    const three = () =>
      timed(async () => {
        await get('generales');
        await get('rendimiento?dias=30');
        await get('financieras?dias=30');
      });
    let f: number;
    let p: number;
    if (i % 2) {
      f = await one();
      p = await three();
    } else {
      p = await three();
      f = await one();
    }
    // The first round warms both up.
    if (i >= 0) {
      full.push(f);
      parts.push(p);
    }
  }
  const fullMs = percentile(full, 50);
  const partsMs = percentile(parts, 50);
  report({ name: `${label}.stats_completas_read`, value: fullMs, unit: 'ms', ratio: fullMs / partsMs, baseline: `generales_rendimiento_financieras_one_after_another_p50=${partsMs.toFixed(0)}ms` });
}

/**
 * Time of a full first sync's pulls of everything the admin sees, over HTTP, page by page, as the
 * app asks for them: the newest-first pass, then by cursor from 0 with its floor.
 */
export async function fullPullMs(baseUrl: string, token: string): Promise<{ ms: number; rows: number }> {
  const clientId = randomUUID();
  let request: PullRequest = { clientId, cursor: 0, limit: PULL_PAGE_DEFAULT, recent: {} };
  let rows = 0;
  const t0 = performance.now();
  for (;;) {
    const res = await fetch(`${baseUrl}/api/sync/pull?${pullQuery(request)}`, { headers: { Authorization: `Bearer ${token}` } });
    const page = ((await res.json()) as { data: PullResponse }).data;
    rows += page.changes.length;
    if (page.recent) {
      const { floor, before } = page.recent;
      request = before ? { ...request, recent: { floor, before } } : { clientId, cursor: 0, limit: PULL_PAGE_DEFAULT, floor };
      continue;
    }
    if (!page.more) break;
    request = { ...request, cursor: page.cursor };
  }
  return { ms: performance.now() - t0, rows };
}
