/**
 * Issue 33's upload figure: a 5 MB document sent by the app's own resumable upload
 * (src/sync/tus-client.ts, bundled into the page) over a throttled link (CDP network emulation:
 * 4 Mbit/s up, 150 ms latency), once with one forced disconnect halfway (the link goes offline for
 * a second, as the engine would, the upload waits for 'online' and continues from the offset the
 * server stored) and once without. Runs interleaved, medians; the disconnect's second is counted.
 */
import { build } from 'esbuild';
import { randomBytes } from 'node:crypto';
import { chromium, type CDPSession, type Page } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { launchOptions } from '../../tests/e2e/fixtures/chromium';
import type { BenchServer } from './server-bench';
import { log, report } from './report';

const MB = 1024 * 1024;
const SIZE = 5 * MB;
const LINK = { offline: false, latency: 150, uploadThroughput: 500_000, downloadThroughput: 1_000_000 };
const REPS = Number(process.env.BENCH_UPLOAD_REPS ?? 2);

declare global {
  interface Window {
    benchUpload: (opts: { bytes: number[] | string; solicitudId: string; token: string }) => Promise<number>;
    benchProgress: number;
    benchAttempts: number;
  }
}

async function pageBundle(): Promise<string> {
  const out = await build({
    stdin: {
      contents: `
        import { tusUpload } from './src/sync/tus-client';
        window.benchProgress = 0;
        window.benchUpload = async ({ bytes, solicitudId, token }) => {
          const raw = Uint8Array.from(atob(bytes), (c) => c.charCodeAt(0));
          const blob = new Blob([raw], { type: 'application/pdf' });
          const metadata = { solicitud_id: solicitudId, filename: 'cedula.pdf', filetype: 'application/pdf', documento_id: crypto.randomUUID() };
          let uploadUrl = null;
          const t0 = performance.now();
          window.benchAttempts = 0;
          for (let attempt = 0; attempt < 20; attempt += 1) {
            window.benchAttempts = attempt + 1;
            try {
              await tusUpload({
                endpoint: '/api/uploads', blob, metadata, uploadUrl, token: () => token,
                onUrl: (u) => { uploadUrl = u; },
                onProgress: (sent, total) => { window.benchProgress = sent / total; },
              });
              return performance.now() - t0;
            } catch {
              // What the engine does: wait for the connection, then continue the same upload.
              if (!navigator.onLine) await new Promise((r) => addEventListener('online', r, { once: true }));
              else await new Promise((r) => setTimeout(r, 500));
            }
          }
          throw new Error('the upload did not finish');
        };`,
      resolveDir: process.cwd(),
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    write: false,
    target: 'es2022',
    logLevel: 'error',
  });
  return out.outputFiles[0].text;
}

async function oneUpload(page: Page, cdp: CDPSession, solicitudId: string, token: string, disconnect: boolean): Promise<number> {
  await page.evaluate(() => (window.benchProgress = 0));
  const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(SIZE - 9)]).toString('base64');
  const done = page.evaluate((o) => window.benchUpload(o), { bytes, solicitudId, token });
  if (disconnect) {
    await page.waitForFunction(() => window.benchProgress >= 0.5, undefined, { polling: 50, timeout: 120_000 });
    await cdp.send('Network.emulateNetworkConditions', { ...LINK, offline: true });
    await new Promise((r) => setTimeout(r, 1000));
    await cdp.send('Network.emulateNetworkConditions', LINK);
  }
  const ms = await done;
  const attempts = await page.evaluate(() => window.benchAttempts);
  // The figure is only honest if the cut really interrupted the upload (and the plain one did not).
  if (disconnect ? attempts < 2 : attempts !== 1) throw new Error(`upload bench: ${attempts} attempts with disconnect=${disconnect}`);
  return ms;
}

export async function uploadResumeFigures(server: BenchServer, token: string): Promise<void> {
  log('upload of 5 MB over a throttled link, with and without one disconnect');
  const { rows } = (await server.db.execute(
    sql`select s.id from solicitudes s join usuarios u on u.empresa_id = s.empresa_id where u.correo = 'admin@demo.co' and s.deleted_at is null limit 1`,
  )) as unknown as { rows: Array<{ id: string }> };
  const solicitudId = rows[0].id;
  const browser = await chromium.launch(launchOptions);
  try {
    const context = await browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/api/health`);
    await page.addScriptTag({ content: await pageBundle() });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', LINK);
    const plain: number[] = [];
    const cut: number[] = [];
    for (let i = 0; i < REPS; i += 1) {
      plain.push(await oneUpload(page, cdp, solicitudId, token, false));
      cut.push(await oneUpload(page, cdp, solicitudId, token, true));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
    report({
      name: 'upload_5mb_one_disconnect',
      value: median(cut),
      unit: 'ms',
      ratio: median(cut) / median(plain),
      baseline: `same_upload_no_disconnect=${median(plain).toFixed(0)}ms_4Mbit_up_150ms`,
      target: '<=1.3',
    });
  } finally {
    await browser.close();
  }
}

/** `npx tsx bench/lib/upload-resume.ts`: this figure alone, on a small data set. */
if (process.argv[1]?.endsWith('upload-resume.ts')) {
  const { pgliteDataset } = await import('./datasets');
  const { login, startBenchServer } = await import('./server-bench');
  const server = await startBenchServer({ dataDir: pgliteDataset(Number(process.env.BENCH_SIZE ?? 1000)) });
  try {
    await uploadResumeFigures(server, await login(server.baseUrl, 'admin@demo.co'));
  } finally {
    await server.shutdown();
  }
}
