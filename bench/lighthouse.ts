/**
 * Lighthouse (the npm package, v12: the newest that runs on Node 20) against Debian's Chromium on
 * the production build served by our server: the login page, and the credits list of a signed-in
 * admin (a returning user: the session, the local store and the service worker are kept, as they
 * are on the advisor's tablet). Performance, accessibility and best practices, each against the
 * target 95. LIGHTHOUSE_PRESET=mobile (default desktop) uses Lighthouse's mobile emulation and
 * throttling instead. Run alone with `npm run bench:lighthouse` (after `npm run build`); `npm run
 * bench` runs it too.
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { startServer } from '../server/src/server';
import { log, report } from './lib/report';
import { OUT } from './lib/datasets';
import { chromium } from '@playwright/test';
import { launchOptions } from '../tests/e2e/fixtures/chromium';

export const TARGET = 95;
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;

export async function lighthouseFigures(): Promise<Record<string, number>> {
  if (!existsSync(resolve('dist/index.html'))) {
    log('building the app');
    execFileSync('npx', ['vite', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
  }
  const dataDir = join(OUT, 'lighthouse-data');
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  process.env.LOGIN_RATE_LIMIT = '100000';
  process.env.LOGIN_IP_RATE_LIMIT = '100000';
  const server = await startServer({ port: 0, host: '127.0.0.1', dataDir, databaseUrl: '', logger: false, seed: true });
  const address = server.app.server.address();
  const baseUrl = `http://localhost:${typeof address === 'object' && address ? address.port : 0}`;
  const profile = join(OUT, 'lighthouse-profile');
  rmSync(profile, { recursive: true, force: true });
  mkdirSync(profile, { recursive: true });
  // The suite's Chromium (Debian's, else Playwright's own), with its flags (no sandbox as root).
  const chrome = await chromeLauncher.launch({
    chromePath: launchOptions.executablePath ?? chromium.executablePath(),
    chromeFlags: ['--headless=new', '--disable-gpu', '--disable-dev-shm-usage', ...launchOptions.args],
    userDataDir: profile,
  }).catch(async (error: unknown) => {
    await server.shutdown();
    throw error;
  });
  const scores: Record<string, number> = {};
  const mobile = process.env.LIGHTHOUSE_PRESET === 'mobile';
  const run = async (page: string, url: string, keepStorage: boolean) => {
    const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES], disableStorageReset: keepStorage };
    let result = await lighthouse(url, flags, mobile ? undefined : desktopConfig);
    // A category without a score means the run itself failed (seen once on a cold first run: a
    // score of 0 would misreport the page). Say why and measure once more.
    for (let attempt = 1; result && CATEGORIES.some((c) => result!.lhr.categories[c]?.score == null) && attempt < 3; attempt++) {
      log(`Lighthouse run ${attempt} on ${url} gave no score (${result.lhr.runtimeError?.message ?? result.lhr.runWarnings.join('; ')}); measuring again`);
      result = await lighthouse(url, flags, mobile ? undefined : desktopConfig);
    }
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    // The list must be measured signed in, not after a redirect to the login.
    if (result.lhr.finalDisplayedUrl !== url) throw new Error(`Lighthouse ended on ${result.lhr.finalDisplayedUrl}, not ${url}`);
    for (const category of CATEGORIES) {
      const score = Math.round((result.lhr.categories[category]?.score ?? 0) * 100);
      scores[`${page}_${category}`] = score;
      report({ name: `lighthouse_${page}_${category.replace('-', '_')}`, value: score, unit: 'score', ratio: score / TARGET, baseline: `target_${TARGET}`, target: `>=${TARGET}` });
      if (score < TARGET) {
        for (const ref of result.lhr.categories[category].auditRefs) {
          const audit = result.lhr.audits[ref.id];
          if (ref.weight > 0 && audit.score !== null && audit.score < 0.9) log(`  ${page} ${category}: ${audit.id} ${audit.score} ${audit.displayValue ?? ''}`);
        }
      }
    }
  };
  try {
    await run('login', `${baseUrl}/login`, false);
    // Sign in once in the same Chrome, wait for the first pull to fill the list, then measure it.
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const tab = await browser.newPage();
    await tab.goto(`${baseUrl}/login`);
    await tab.locator('input[type="email"]').fill('admin@demo.co');
    await tab.locator('input[type="password"]').fill('demo1234');
    await tab.locator('button[type="submit"]').click();
    await tab.waitForFunction(() => /^[1-9][\d.]* resultados?$/.test(document.querySelector('[data-testid="resultados"]')?.textContent ?? ''), { timeout: 60_000 });
    await tab.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await tab.close();
    await browser.disconnect();
    await run('creditos', `${baseUrl}/`, true);
  } finally {
    chrome.kill();
    await server.shutdown();
  }
  return scores;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  mkdirSync(OUT, { recursive: true });
  const scores = await lighthouseFigures();
  const low = Object.entries(scores).filter(([, s]) => s < TARGET);
  if (low.length) {
    log(`under ${TARGET}: ${low.map(([k, s]) => `${k}=${s}`).join(', ')}`);
    process.exitCode = 1;
  }
}
