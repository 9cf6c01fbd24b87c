import { expect, test } from '@playwright/test';
import { LoginPage } from './fixtures/app';
import { waitForRows } from './fixtures/registro';
import { freshProfileDir, openProfile, waitForServiceWorker } from './fixtures/pwa';

/** Every route of both specs, with text only its own screen shows. */
const ROUTES: Array<{ path: string; heading: string | RegExp }> = [
  { path: '/', heading: 'Creditos' },
  { path: '/statistics', heading: 'Estadísticas' },
  { path: '/profile', heading: 'Adriana' },
  { path: '/users', heading: 'Usuarios' },
  { path: '/config', heading: 'Configuración' },
  { path: '/seguimiento', heading: 'Seguimiento de Crédito' },
  { path: '/terminos-condiciones', heading: 'Términos y Condiciones de Uso' },
  { path: '/acuerdo-firma', heading: 'Acuerdo de Firma' },
];

test('after one online visit every route opens without a network, also after a browser restart', async ({ baseURL }) => {
  test.setTimeout(180_000);
  const dir = freshProfileDir('offline-restart');
  let context = await openProfile(dir, baseURL!);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await new LoginPage(page).loginAndWait('admin@demo.co');
    await waitForRows(page);
    await waitForServiceWorker(page);
    // The whole precache (app shell and every lazy route chunk) is stored before the worker activates.
    const cached = await page.evaluate(async () => {
      const names = await caches.keys();
      const urls: string[] = [];
      for (const name of names) for (const r of await (await caches.open(name)).keys()) urls.push(new URL(r.url).pathname);
      return urls;
    });
    for (const chunk of ['statistics-page', 'config-page', 'terms-page', 'signature-agreement-page', 'tracking-page', 'users-page', 'profile-page']) {
      expect(cached.some((u) => u.startsWith(`/assets/${chunk}-`)), `${chunk} precached`).toBe(true);
    }
    expect(cached.some((u) => u.startsWith('/api/')), 'no API answer in the caches').toBe(false);
    for (const route of ROUTES) {
      await page.goto(route.path);
      await expect(page.getByRole('heading', { level: 1, name: route.heading, exact: true })).toBeVisible();
    }
  } finally {
    await context.close();
  }

  // A browser restart on the same profile, with the network cut.
  context = await openProfile(dir, baseURL!);
  try {
    await context.setOffline(true);
    const page = context.pages()[0] ?? (await context.newPage());
    for (const route of ROUTES) {
      await page.goto(route.path);
      await expect(page, `${route.path} stays on its route`).toHaveURL(new URL(route.path, baseURL).href);
      await expect(page.getByRole('heading', { level: 1, name: route.heading, exact: true }), route.path).toBeVisible();
    }
    // The credits list reads the local store: the rows are there offline.
    await page.goto('/');
    await expect(page.getByTestId('resultados')).toHaveText(/^[1-9][\d.]* resultados?$/);
    // /api/ is never answered from the service worker's caches.
    const api = await page.evaluate(async () => {
      try {
        const r = await fetch('/api/health');
        return r.status;
      } catch {
        return 'network-error';
      }
    });
    expect(api).toBe('network-error');
  } finally {
    await context.close();
  }
});

interface Manifest {
  name: string;
  short_name: string;
  lang: string;
  theme_color: string;
  background_color: string;
  display: string;
  start_url: string;
  icons: Array<{ src: string; sizes: string; type?: string; purpose?: string }>;
  screenshots?: Array<{ src: string; sizes: string; type?: string; form_factor?: string }>;
}

test('the manifest is in Spanish with icons and screenshots', async ({ page, request }) => {
  await page.goto('/login');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const res = await request.get(new URL(href!, page.url()).href);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/application\/(manifest\+)?json/);
  const m = (await res.json()) as Manifest;
  expect(m.name).toBe('Radica — Solicitudes de crédito');
  expect(m.short_name).toBe('Radica');
  expect(m.lang).toBe('es-CO');
  expect(m.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(m.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(m.display).toBe('standalone');
  expect(m.start_url).toBe('/');
  const sizes = m.icons.map((i) => i.sizes);
  expect(sizes).toContain('192x192');
  expect(sizes).toContain('512x512');
  expect(m.icons.some((i) => (i.purpose ?? '').split(' ').includes('maskable'))).toBe(true);
  expect(m.screenshots?.length ?? 0).toBeGreaterThan(0);
  expect(m.screenshots!.some((s) => s.form_factor === 'wide')).toBe(true);
  expect(m.screenshots!.some((s) => s.form_factor === 'narrow')).toBe(true);
  for (const image of [...m.icons, ...m.screenshots!]) {
    const r = await request.get(new URL(image.src, res.url()).href);
    expect(r.status(), image.src).toBe(200);
    expect(r.headers()['content-type'], image.src).toMatch(/^image\//);
    const [w, h] = image.sizes.split('x').map(Number);
    const body = await r.body();
    // PNG: width and height are in the IHDR chunk; the declared size must be the real one.
    if (body.subarray(1, 4).toString() === 'PNG') expect([body.readUInt32BE(16), body.readUInt32BE(20)], image.src).toEqual([w, h]);
  }
});

test('Chromium considers the app installable', async ({ baseURL }) => {
  // Not in the default (incognito) context: Chromium never offers installing there.
  const context = await openProfile(freshProfileDir('installable'), baseURL!);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/login');
    await waitForServiceWorker(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] };
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
  }
});
