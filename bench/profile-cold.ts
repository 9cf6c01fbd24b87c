/**
 * Where a cold sync's time goes (issue 31; not part of `npm run bench`, Linux only):
 * `npx tsx bench/profile-cold.ts 50000` runs one login click to 'Sincronizado' through the app in
 * a fresh profile on disk (after `npx vite build`; `--minify false` keeps function names) and
 * prints the CPU each process used meanwhile (/proc: Chromium's browser, renderer, GPU and network
 * processes, this process, which runs the server, and whatever else runs on the machine), the
 * page's main-thread task time, each API request's start and end (and how long after the login's
 * answer the first pull request left), and 'Descargando N de M' as it
 * moves; it writes CPU profiles of the main thread and of the sync worker to
 * bench/out/{main,worker}-N.cpuprofile (`npx tsx bench/profile-summary.ts <file> [rows] [function]`
 * sums them by function). RAW=1 first measures the raw IndexedDB put of the same rows (the
 * bench's baseline) the same way; PROFILE=0 leaves the profilers off (they slow the page).
 * It ends with one line of the browser's own times from the login click (`COLD <size> …`): to the
 * login's answer, to the first pull request, to its answer, to the list's first row and to
 * 'Sincronizado' (the page marks the click, the row and the status as they happen, with a
 * MutationObserver; requests carry the browser's own start and end).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CDPSession } from '@playwright/test';
import { pgliteDataset, OUT } from './lib/datasets';
import { login, startBenchServer } from './lib/server-bench';
import { benchBundle, closeBrowsers, diskContext } from './lib/browser-bench';
import { untilChromiumIdle } from './lib/app-bench';
import { PULL_PAGE_DEFAULT } from '../src/domain/sync-protocol';

/** CPU ms of every process by kind (chromium --type=..., node, other), and the machine's idle. */
function cpuSnapshot(): { procs: Map<string, number>; idle: number; total: number } {
  const procs = new Map<string, number>();
  const hz = 100;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ms = ((Number(fields[11]) + Number(fields[12])) * 1000) / hz;
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/);
      const type = cmd.find((a) => a.startsWith('--type='));
      const sub = cmd.find((a) => a.startsWith('--utility-sub-type='));
      const kind = cmd[0].includes('chrom') ? `chromium ${type ?? 'browser'}${sub ? ' ' + sub : ''}` : pid === String(process.pid) ? 'this node (server)' : `other ${cmd[0].split('/').pop()} ${(cmd[1] ?? '').split('/').pop()}`;
      procs.set(`${kind}#${pid}`, ms);
    } catch {
      // gone
    }
  }
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0].split(/\s+/).slice(1).map(Number);
  return { procs, idle: ((cpu[3] + cpu[4]) * 1000) / hz, total: (cpu.reduce((a, b) => a + b, 0) * 1000) / hz };
}
function cpuDiff(a: ReturnType<typeof cpuSnapshot>, b: ReturnType<typeof cpuSnapshot>): void {
  const by = new Map<string, number>();
  for (const [k, v] of b.procs) {
    const d = v - (a.procs.get(k) ?? 0);
    const kind = k.replace(/#\d+$/, '');
    by.set(kind, (by.get(kind) ?? 0) + d);
  }
  console.log(`machine: ${(b.total - a.total).toFixed(0)} cpu-ms, idle ${(b.idle - a.idle).toFixed(0)} ms`);
  for (const [k, v] of [...by].sort((x, y) => y[1] - x[1]).slice(0, 14)) if (v > 50) console.log(`  ${v.toFixed(0).padStart(7)} ms ${k}`);
}

const size = Number(process.argv[2] ?? 50000);
const profile = process.env.PROFILE !== '0';
const server = await startBenchServer({ dataDir: pgliteDataset(size) });
try {
  const context = await diskContext({ viewport: { width: 1366, height: 850 }, bypassCSP: true });
  const page = await context.newPage();
  const requests: Array<{ url: string; start: number; end: number; bytes: number; browserStart: number; browserEnd: number }> = [];
  const t = () => performance.now();
  const starts = new Map<unknown, number>();
  context.on('request', (r) => starts.set(r, t()));
  context.on('requestfinished', (r) => {
    if (!r.url().includes('/api/')) return;
    const timing = r.timing();
    void r.sizes().then((s) => requests.push({ url: r.url().replace(/^.*\/api\//, '').replace(/clientId=[^&]*&/, ''), start: starts.get(r)!, end: t(), bytes: s.responseBodySize, browserStart: timing.startTime, browserEnd: timing.startTime + timing.responseEnd }));
  });
  if (process.env.RAW === '1') {
    const token = await login(server.baseUrl, 'admin@demo.co');
    await page.goto(`${server.baseUrl}/terminos-condiciones`);
    await page.addScriptTag({ content: await benchBundle() });
    await page.evaluate(([tk, limit]) => window.radicaBench.fetchPages(tk, limit), [token, PULL_PAGE_DEFAULT] as const);
    await untilChromiumIdle();
    const a = cpuSnapshot();
    const ms = await page.evaluate(() => window.radicaBench.rawPut('bench-raw'));
    console.log(`raw put: ${ms.toFixed(0)} ms`);
    cpuDiff(a, cpuSnapshot());
    await page.evaluate(() => window.radicaBench.dropPages());
    console.log(`Chromium's work after the raw put, waited out before the cold sync: ${await untilChromiumIdle()} CPU-ms`);
    // The raw put's own fetches are not the cold sync's requests.
    requests.length = 0;
  }
  await page.goto(`${server.baseUrl}/login`);
  await page.getByLabel('Email').waitFor();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  // The worker: attached through the page's session, its messages wrapped (non-flat mode), since
  // Playwright opens CDP sessions on pages only.
  let workerSession: string | null = null;
  let msgId = 1000;
  const waiting = new Map<number, (r: unknown) => void>();
  const sendWorker = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve) => {
      const id = msgId++;
      waiting.set(id, resolve);
      void cdp.send('Target.sendMessageToTarget', { sessionId: workerSession!, message: JSON.stringify({ id, method, params }) });
    });
  cdp.on('Target.receivedMessageFromTarget', (e: { message: string }) => {
    const m = JSON.parse(e.message) as { id?: number; result?: unknown };
    if (m.id && waiting.has(m.id)) waiting.get(m.id)!(m.result);
  });
  const attached = new Promise<void>((resolve) => {
    cdp.on('Target.attachedToTarget', (e: { sessionId: string; targetInfo: { type: string } }) => {
      if (e.targetInfo.type === 'worker' && !workerSession) {
        workerSession = e.sessionId;
        resolve();
      }
    });
  });
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
  const metrics = async (s: CDPSession) => Object.fromEntries(((await s.send('Performance.getMetrics')).metrics).map((m) => [m.name, m.value]));
  const m0 = await metrics(cdp);
  if (profile) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 1000 });
    await cdp.send('Profiler.start');
  }
  await page.getByLabel('Email').fill('admin@demo.co');
  await page.getByLabel('Contraseña').fill('demo1234');
  // The page marks, on its own clock (epoch ms like the requests' timing), the click, the list's
  // first row and 'Sincronizado'.
  // (A string: the bundler's helpers for named functions do not exist in the page.)
  await page.evaluate(`(() => {
    const marks = (window.coldMarks = {});
    const now = () => performance.timeOrigin + performance.now();
    document.querySelector('button[type="submit"]').addEventListener('click', () => (marks.click ??= now()), { capture: true });
    const observer = new MutationObserver(() => {
      if (marks.row === undefined && document.querySelector('[data-testid="credit-row"]')) marks.row = now();
      if (marks.synced === undefined && document.querySelector('[data-testid="sync-status"]')?.textContent?.startsWith('Sincronizado')) marks.synced = now();
      if (marks.row !== undefined && marks.synced !== undefined) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  })()`);
  const cpu0 = process.cpuUsage();
  const snap0 = cpuSnapshot();
  const t0 = t();
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  const gotWorker = await Promise.race([attached.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 15000))]);
  const tw = t() - t0;
  if (gotWorker && profile) {
    await sendWorker('Profiler.enable');
    await sendWorker('Profiler.setSamplingInterval', { interval: 1000 });
    await sendWorker('Profiler.start');
  }
  const progress: Array<[number, string]> = [];
  const poll = setInterval(() => {
    void page
      .locator('text=/Descargando [\\d.]+ de/')
      .first()
      .textContent({ timeout: 200 })
      .then((x) => x && progress.push([t() - t0, x]))
      .catch(() => undefined);
  }, 1000);
  await page.getByText(/^Sincronizado/).first().waitFor({ timeout: 30 * 60_000 });
  clearInterval(poll);
  const ms = t() - t0;
  const cpu = process.cpuUsage(cpu0);
  cpuDiff(snap0, cpuSnapshot());
  const m1 = await metrics(cdp);
  console.log(`cold sync ${size}: ${ms.toFixed(0)} ms; worker attached at ${tw.toFixed(0)} ms`);
  console.log(`server process CPU: user ${(cpu.user / 1000).toFixed(0)} ms, system ${(cpu.system / 1000).toFixed(0)} ms`);
  for (const k of ['TaskDuration', 'ScriptDuration', 'LayoutDuration', 'RecalcStyleDuration', 'JSHeapUsedSize'])
    console.log(`main thread ${k}: ${(((m1[k] ?? 0) - (m0[k] ?? 0)) * (k.endsWith('Size') ? 1 : 1000)).toFixed(0)}`);
  requests.sort((a, b) => a.start - b.start);
  for (const r of requests) console.log(`request ${(r.start - t0).toFixed(0)} → ${(r.end - t0).toFixed(0)} (${(r.end - r.start).toFixed(0)} ms, ${(r.bytes / 1e6).toFixed(1)} MB) ${r.url.slice(0, 120)}`);
  // The fixed cost before the first page: from the login's answer to the first pull request, on
  // the browser's clock (the times above are when this process heard of each request: its event
  // loop also runs the server, which PGlite's synchronous queries hold for up to seconds).
  const loginRequest = requests.find((r) => r.url.startsWith('auth/login'));
  const pulls = requests.filter((r) => r.url.startsWith('sync/pull')).sort((a, b) => a.browserStart - b.browserStart);
  if (loginRequest && pulls.length) {
    console.log(`first pull request sent ${(pulls[0].browserStart - loginRequest.browserEnd).toFixed(0)} ms after the login's answer, answered ${(pulls[0].browserEnd - pulls[0].browserStart).toFixed(0)} ms later (browser clock)`);
  }
  for (const [at, text] of progress) console.log(`${at.toFixed(0)} ms ${text}`);
  const marks = (await page.evaluate('window.coldMarks')) as Record<string, number>;
  if (loginRequest && pulls.length && marks.click) {
    const from = (x: number | undefined) => (x === undefined ? 'n/a' : (x - marks.click).toFixed(0));
    console.log(
      `COLD ${size} click→login answer ${from(loginRequest.browserEnd)} ms, →first pull request ${from(pulls[0].browserStart)}, ` +
        `→its answer ${from(pulls[0].browserEnd)}, →first row ${from(marks.row)}, →Sincronizado ${from(marks.synced)} (browser clock; login request sent at ${from(loginRequest.browserStart)})`,
    );
  }
  if (profile) {
    const main = (await cdp.send('Profiler.stop')) as { profile: unknown };
    writeFileSync(join(OUT, `main-${size}.cpuprofile`), JSON.stringify(main.profile));
    if (gotWorker) {
      const w = (await sendWorker('Profiler.stop')) as { profile: unknown };
      writeFileSync(join(OUT, `worker-${size}.cpuprofile`), JSON.stringify(w.profile));
    }
  }
  await context.close();
} finally {
  await closeBrowsers();
  await server.shutdown();
}
