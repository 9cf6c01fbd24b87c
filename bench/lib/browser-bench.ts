/**
 * Browser figures in headless Chromium against the running server: the initial sync into
 * IndexedDB against a raw IndexedDB put of the same rows, the list query over the local rows, and
 * the warm login-to-list time through the real app.
 */
import { build } from 'esbuild';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type BrowserContextOptions, type Page } from '@playwright/test';
import type { BenchApi } from '../browser/entry';
import type { CreditListParams } from '../../src/features/creditos/use-credit-list';
import { APELLIDOS, NOMBRES } from '../../server/src/db/demo-data';
import { percentile, report, log } from './report';
import { PULL_PAGE_DEFAULT } from '../../src/domain/sync-protocol';
import { launchOptions } from '../../tests/e2e/fixtures/chromium';

declare global {
  interface Window {
    radicaBench: BenchApi;
  }
}

let bundle: string | null = null;
export async function benchBundle(): Promise<string> {
  if (bundle) return bundle;
  const out = await build({
    entryPoints: ['bench/browser/entry.ts'],
    bundle: true,
    format: 'iife',
    write: false,
    target: 'es2022',
    minify: true,
    define: { 'import.meta.env': JSON.stringify({ DEV: false, PROD: true, MODE: 'production', BASE_URL: '/' }) },
    logLevel: 'error',
  });
  bundle = out.outputFiles[0].text;
  return bundle;
}

/** Browsers of the figures, until they close. */
const open = new Set<BrowserContext>();

/**
 * A browser with a profile on disk, like a user's: the same Chromium, launched the same way, as
 * the end-to-end suite. Playwright's `browser.newContext()` is an
 * incognito context, whose IndexedDB lives in memory with other costs: reading an index entry
 * there is many times cheaper than from a profile on disk, so every browser figure uses this.
 * The profile is deleted when the context closes.
 */
export async function diskContext(options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const dir = mkdtempSync(join(tmpdir(), 'radica-bench-'));
  const context = await chromium.launchPersistentContext(dir, { ...launchOptions, ...options });
  open.add(context);
  context.on('close', () => {
    open.delete(context);
    // Chromium may still be writing to the profile as it exits: retry, and leave it if it stays.
    try {
      rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    } catch {
      log(`could not delete the browser profile ${dir}`);
    }
  });
  return context;
}

/** Closes every browser a figure left open (one that failed half-way). */
export async function closeBrowsers(): Promise<void> {
  await Promise.all([...open].map((context) => context.close()));
}

/** A page of the app's origin with the bench API injected (CSP bypassed for the injected script only). */
async function benchPage(baseUrl: string): Promise<Page> {
  const context = await diskContext({ bypassCSP: true });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/terminos-condiciones`);
  await page.addScriptTag({ content: await benchBundle() });
  return page;
}

/** 100 list queries like a person makes them: a name, status or bank search, a date range, a page of 50. */
function listParams(): CreditListParams[] {
  const day = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
  const params: CreditListParams[] = [];
  for (let i = 0; i < 100; i++) {
    const kind = i % 4;
    // Every tenth search is a status or a bank word (issue 28), which match thousands of rows.
    const broad = i % 20 === 0 ? 'aprobado' : i % 20 === 1 ? 'bancolombia' : null;
    const query =
      broad ?? (kind === 0 ? NOMBRES[i % NOMBRES.length] : kind === 1 ? APELLIDOS[i % APELLIDOS.length].toLowerCase() : kind === 2 ? `${NOMBRES[i % NOMBRES.length]} ${APELLIDOS[(i * 7) % APELLIDOS.length]}` : '');
    const from = 5 + (i % 60);
    params.push({ query, desde: day(from + 20), hasta: day(from), page: 1 + (i % 3), pageSize: 50 });
  }
  return params;
}

/** Pages without a search over the same date ranges, more of them: the growth of one page. */
function pageParams(): CreditListParams[] {
  return listParams().map((p, i) => ({ ...p, query: '', page: 1 + (i % 3) }));
}

/**
 * The same 100 queries in an order other than by date (issue 28), half each way: the first sorted
 * by `field` with a blank search over the whole list (as a person clicking a header does), then
 * the mix of searches, ranges and pages.
 */
function sortedParams(field: 'monto' | 'nombre'): CreditListParams[] {
  const mixed = listParams().map((p, i) => ({ ...p, sort: { field, dir: i % 2 ? 'asc' : 'desc' } as const }));
  return [{ ...mixed[0], query: '', desde: '', hasta: '', page: 1 }, ...mixed];
}

/** Repetitions of the initial sync write and its baselines (BENCH_WRITE_REPS, default 3). */
const WRITE_REPS = Math.max(1, Number(process.env.BENCH_WRITE_REPS ?? 3) || 3);

export async function initialSyncFigures(baseUrl: string, token: string, size: number): Promise<void> {
  const page = await benchPage(baseUrl);
  log(`initial sync of ${size}: fetching`);
  const fetched = await page.evaluate(([t, limit]) => window.radicaBench.fetchPages(t, limit), [token, PULL_PAGE_DEFAULT] as const);
  log(`fetched ${fetched.rows} rows (${(fetched.bytes / 1e6).toFixed(0)} MB) in ${fetched.ms.toFixed(0)} ms; writing`);
  // One write of 50k rows varies by ±20% from one run to the next on a small machine, so the
  // engine and both baselines run WRITE_REPS times, interleaved; each figure is the median, and
  // each ratio the median of the ratios paired within a repetition.
  const applyMs: number[] = [];
  const rawMs: number[] = [];
  const indexedMs: number[] = [];
  for (let r = 0; r < WRITE_REPS; r++) {
    log(`initial sync write ${r + 1}/${WRITE_REPS}`);
    applyMs.push(await page.evaluate(() => window.radicaBench.applyPages('bench-sync')));
    rawMs.push(await page.evaluate(() => window.radicaBench.rawPut('bench-raw')));
    indexedMs.push(await page.evaluate(() => window.radicaBench.rawIndexedPut('bench-raw-indexed')));
  }
  const reps = `median_of_${WRITE_REPS}`;
  const paired = (base: number[]) => percentile(applyMs.map((ms, i) => ms / base[i]), 50);
  const apply = percentile(applyMs, 50);
  report({ name: `browser.initial_sync_write_${size}`, value: apply, unit: 'ms', ratio: paired(rawMs), baseline: `raw_indexeddb_put_one_tx_${reps}=${percentile(rawMs, 50).toFixed(0)}ms`, target: 'ratio<=1.5' });
  report({ name: `browser.initial_sync_write_vs_indexed_put_${size}`, value: apply, unit: 'ms', ratio: paired(indexedMs), baseline: `raw_indexeddb_put_one_tx_same_rows_and_indexes_${reps}=${percentile(indexedMs, 50).toFixed(0)}ms` });
  report({ name: `browser.initial_sync_transfer_${size}`, value: fetched.ms, unit: 'ms', baseline: `${fetched.rows}_rows_${(fetched.bytes / 1e6).toFixed(1)}MB` });
  // The engine's whole first sync (pullAll over HTTP, each page fetched while the previous one is
  // written) against the same transfer and write done one after the other.
  const seq = await page.evaluate(([t, limit]) => window.radicaBench.syncStreaming('bench-seq', t, limit), [token, PULL_PAGE_DEFAULT] as const);
  await page.evaluate(() => window.radicaBench.deleteDb('bench-seq'));
  const total = await page.evaluate(([t, limit]) => window.radicaBench.pullAllTimed('bench-total', t, limit), [token, PULL_PAGE_DEFAULT] as const);
  if (total.rows !== size) throw new Error(`pullAll stored ${total.rows} of ${size} applications`);
  const sequential = seq.transferMs + seq.writeMs;
  report({ name: `browser.initial_sync_total_${size}`, value: total.ms, unit: 'ms', ratio: total.ms / sequential, baseline: `transfer_then_write=${sequential.toFixed(0)}ms` });

  const lq = await page.evaluate((p) => window.radicaBench.listQuery('bench-sync', p), listParams());
  const p50 = percentile(lq.query, 50);
  const p95 = percentile(lq.query, 95);
  const b95 = percentile(lq.baseline, 95);
  report({ name: `browser.list_query_p50_${size}`, value: p50, unit: 'ms', ratio: p50 / percentile(lq.baseline, 50), baseline: 'plain_50_row_read' });
  report({ name: `browser.list_query_p95_${size}`, value: p95, unit: 'ms', ratio: p95 / b95, baseline: `plain_50_row_read_p95=${b95.toFixed(1)}ms`, target: '<=50ms' });
  report({ name: `browser.list_index_load_${size}`, value: lq.indexLoadMs, unit: 'ms', ratio: lq.indexLoadMs / lq.keysReadMs, baseline: `created_at_index_keys_read=${lq.keysReadMs.toFixed(0)}ms` });
  await page.evaluate(() => window.radicaBench.deleteDb('bench-sync'));
  await page.context().close();
}

/** Growth: the engine's page-by-page sync and the list query at one size. */
export interface GrowthFigures {
  syncMs: number;
  rows: number;
  /** p95 of all the list queries, of those without a search (a page of a date range), and of the searches. */
  p95: number;
  pageP95: number;
  searchP95: number;
  /** p50 of the pages without a search, and p95 of a plain read of 50 rows (the storage's own cost). */
  pageP50: number;
  plainP95: number;
}

export async function growthFigures(baseUrl: string, token: string, size: number): Promise<GrowthFigures> {
  const page = await benchPage(baseUrl);
  log(`growth at ${size}: syncing page by page`);
  const s = await page.evaluate(([t, limit]) => window.radicaBench.syncStreaming('bench-growth', t, limit), [token, PULL_PAGE_DEFAULT] as const);
  const mixed = listParams();
  const lq = await page.evaluate((p) => window.radicaBench.listQuery('bench-growth', p), [...mixed, ...pageParams()]);
  const query = lq.query.slice(0, mixed.length);
  const p95 = percentile(query, 95);
  const searchP95 = percentile(query.filter((_, i) => mixed[i].query !== ''), 95);
  const pageTimes = lq.query.filter((_, i) => i >= mixed.length || mixed[i].query === '');
  const pageP95 = percentile(pageTimes, 95);
  const pageP50 = percentile(pageTimes, 50);
  const plainP95 = percentile(lq.baseline, 95);
  // Sorted pages, each order over an index loaded anew (a new database object): its first query
  // makes the order (one sort of every row), the others patch nothing and read a page.
  for (const [field, label] of [['monto', 'amount'], ['nombre', 'name']] as const) {
    const sq = await page.evaluate((p) => window.radicaBench.listQuery('bench-growth', p), sortedParams(field));
    const sp50 = percentile(sq.query, 50);
    const sp95 = percentile(sq.query, 95);
    const sb95 = percentile(sq.baseline, 95);
    report({ name: `growth.list_sorted_${label}_p50_${size}`, value: sp50, unit: 'ms', ratio: sp50 / percentile(sq.baseline, 50), baseline: 'plain_50_row_read;search+range+sort+page_of_50' });
    report({ name: `growth.list_sorted_${label}_p95_${size}`, value: sp95, unit: 'ms', ratio: sp95 / sb95, baseline: `plain_50_row_read_p95=${sb95.toFixed(1)}ms`, target: '<=50ms' });
    report({ name: `growth.list_sorted_${label}_first_${size}`, value: sq.firstQueryMs, unit: 'ms', ratio: sq.firstQueryMs / sq.indexLoadMs, baseline: `index_load=${sq.indexLoadMs.toFixed(0)}ms;makes_the_order_once` });
  }
  report({ name: `growth.sync_write_per_1000_rows_${size}`, value: (s.writeMs / s.rows) * 1000, unit: 'ms', baseline: `${s.rows}_rows_total=${s.writeMs.toFixed(0)}ms_transfer=${s.transferMs.toFixed(0)}ms` });
  report({ name: `growth.list_query_p95_${size}`, value: p95, unit: 'ms', baseline: 'search+range+sort+page_of_50' });
  report({ name: `growth.list_page_p50_${size}`, value: pageP50, unit: 'ms', baseline: 'range+sort+page_of_50_no_search' });
  report({ name: `growth.list_page_p95_${size}`, value: pageP95, unit: 'ms', ratio: pageP95 / plainP95, baseline: `plain_50_row_read_p95=${plainP95.toFixed(1)}ms` });
  report({ name: `growth.list_search_p95_${size}`, value: searchP95, unit: 'ms', baseline: 'search+range+sort+page_of_50' });
  await page.evaluate(() => window.radicaBench.deleteDb('bench-growth'));
  await page.context().close();
  return { syncMs: s.writeMs, rows: s.rows, p95, pageP95, searchP95, pageP50, plainP95 };
}

/**
 * Warm device: log in through the real app once and let it sync, log out (the data stays for that
 * user), then time from the login click to the first row of the list, and to its count. The
 * baseline is the login request alone (scrypt on the server), timed in the same page: on a warm
 * device the list opens through the device login (src/state/device-login.ts) before the server
 * answers, and its first page before the list's index has loaded (the count follows).
 */
export async function warmLoginFigures(baseUrl: string, email: string): Promise<void> {
  const context = await diskContext({ viewport: { width: 1366, height: 850 } });
  const page = await context.newPage();
  page.on('dialog', (d) => void d.accept());
  await page.goto(`${baseUrl}/login`);
  const fill = async () => {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Contraseña').fill('demo1234');
  };
  await fill();
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.getByText(/^Sincronizado/).first().waitFor({ timeout: 20 * 60_000 });
  await page.getByRole('button', { name: 'Salir' }).click();
  await page.getByLabel('Email').waitFor();
  const times: number[] = [];
  const counted: number[] = [];
  const logins: number[] = [];
  for (let i = 0; i < 5; i++) {
    await fill();
    // The first page may render before its count ('Contando...'); both moments are reported.
    const [rowsMs, countMs] = await page.evaluate(
      () =>
        new Promise<[number, number]>((resolve) => {
          const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.includes('Iniciar sesión'));
          const start = performance.now();
          let rows = 0;
          // No named functions in here: tsx would wrap them in a helper the page does not have.
          const observer = new MutationObserver(() => {
            if (!rows && document.querySelector('[data-testid="credit-row"]')) rows = performance.now() - start;
            const count = document.querySelector('[data-testid="resultados"]')?.textContent ?? '';
            if (rows && /^[\d.]+ resultados?$/.test(count)) {
              observer.disconnect();
              resolve([rows, performance.now() - start]);
            }
          });
          observer.observe(document.body, { childList: true, subtree: true, characterData: true });
          button?.click();
        }),
    );
    times.push(rowsMs);
    counted.push(countMs);
    logins.push(
      await page.evaluate(async (mail) => {
        const start = performance.now();
        await fetch('/api/auth/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: mail, password: 'demo1234' }) });
        return performance.now() - start;
      }, email),
    );
    await page.getByRole('button', { name: 'Salir' }).click();
    await page.getByLabel('Email').waitFor();
  }
  const med = percentile(times, 50);
  const base = percentile(logins, 50);
  report({ name: 'browser.warm_login_to_list', value: med, unit: 'ms', ratio: med / base, baseline: `login_request_alone=${base.toFixed(0)}ms`, target: '<=300ms' });
  const medCounted = percentile(counted, 50);
  report({ name: 'browser.warm_login_to_counted_list', value: medCounted, unit: 'ms', ratio: medCounted / base, baseline: `login_request_alone=${base.toFixed(0)}ms` });
  await context.close();
}
