/**
 * A new version of the service worker: the app offers it with 'Nueva versión disponible' /
 * 'Actualizar', never reloads in the middle of a form, keeps the draft and the outbox, and the
 * new precache replaces the old entries. The test serves its own copy of the build (from a server
 * it starts on a free port) so it can change sw.js as a new deployment would.
 */
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startServer } from '../../server/src/server';
import { answerConfirm, chooseStatus, currentStatus, LoginPage } from './fixtures/app';
import { FormularioPage } from './fixtures/formulario';
import { waitForRows } from './fixtures/registro';
import { waitForServiceWorker } from './fixtures/pwa';

const ROOT = resolve(`test-results/pwa-update-${process.env.E2E_PORT ?? 3210}`);
const DIST = join(ROOT, 'dist');

let server: Awaited<ReturnType<typeof startServer>>;
let baseUrl = '';

test.beforeAll(async () => {
  rmSync(ROOT, { recursive: true, force: true });
  cpSync(resolve('dist'), DIST, { recursive: true });
  process.env.LOGIN_RATE_LIMIT = '10000';
  process.env.LOGIN_IP_RATE_LIMIT = '10000';
  server = await startServer({ port: 0, host: '127.0.0.1', dataDir: join(ROOT, 'data'), distDir: DIST, databaseUrl: '', logger: false, seed: true });
  const address = server.app.server.address();
  baseUrl = `http://localhost:${typeof address === 'object' && address ? address.port : 0}`;
});

test.afterAll(async () => {
  await server?.shutdown();
});

/** Deploys a "new version": sw.js changes, and so does the precache revision of index.html. */
function deployNewServiceWorker(): { oldRevision: string; newRevision: string } {
  const file = join(DIST, 'sw.js');
  const sw = readFileSync(file, 'utf8');
  // The precache list injected into src/sw/sw.ts (injectManifest) as JSON.
  const match = /\{"revision":"([^"]+)","url":"index\.html"\}/.exec(sw);
  if (!match) throw new Error('sw.js does not precache index.html');
  const oldRevision = match[1];
  const newRevision = `${oldRevision.slice(0, -4)}beef`;
  writeFileSync(file, `${sw.replace(match[0], `{"revision":"${newRevision}","url":"index.html"}`)}\n// version 2\n`);
  return { oldRevision, newRevision };
}

function precachedIndexRevisions(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const out: string[] = [];
    for (const name of await caches.keys()) {
      for (const req of await (await caches.open(name)).keys()) {
        const url = new URL(req.url);
        if (url.pathname === '/index.html') out.push(url.searchParams.get('__WB_REVISION__') ?? '');
      }
    }
    return out;
  });
}

test('a new service worker shows Nueva versión disponible; Actualizar waits for the open form and keeps the draft and the outbox', async ({ page, context, request }) => {
  test.setTimeout(150_000);
  await page.goto(`${baseUrl}/login`);
  await new LoginPage(page).login('admin@demo.co');
  await waitForRows(page);
  await waitForServiceWorker(page);
  // The first pull has finished, so the list no longer moves under the test.
  await expect(page.getByRole('button', { name: /^Sincronizado/ })).toBeVisible({ timeout: 30_000 });
  const { oldRevision, newRevision } = deployNewServiceWorker();
  expect(await precachedIndexRevisions(page)).toEqual([oldRevision]);
  // A precache left by an older Workbox (other cache name, same scope): the new worker removes it.
  const outdated = await page.evaluate(async () => {
    const name = `workbox-precache-${(await navigator.serviceWorker.ready).scope}`;
    await (await caches.open(name)).put('/viejo.txt', new Response('viejo'));
    return name;
  });

  // The browser finds the new worker (as it does on a navigation or an hourly check).
  await page.evaluate(async () => {
    await (await navigator.serviceWorker.getRegistration())?.update();
  });
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Nueva versión disponible' });
  await expect(toast).toBeVisible({ timeout: 30_000 });
  await expect(toast.getByRole('button', { name: 'Actualizar' })).toBeVisible();

  // A queued change, made offline: it waits in the outbox through the update.
  await context.setOffline(true);
  const radicado = ((await page.getByTestId('credit-row').first().getByTestId('radicado').textContent()) ?? '').trim();
  const row = page.getByTestId('credit-row').filter({ hasText: radicado });
  const target = (await currentStatus(row)) === 'Pagado' ? 'En estudio' : 'Pagado';
  await chooseStatus(page, row, target);
  const pending = page.getByRole('button', { name: 'Sin conexión · 1 cambio sin enviar' });
  await expect(pending).toBeVisible();

  // A form is open with unsaved typing: choosing Actualizar does not reload now.
  const form = new FormularioPage(page);
  await form.open();
  await form.section('Información del Solicitante').getByLabel('Nombres', { exact: true }).fill('Borrador Actualización');
  await page.evaluate(() => {
    (window as unknown as { beforeUpdate: boolean }).beforeUpdate = true;
  });
  await toast.getByRole('button', { name: 'Actualizar' }).click();
  await expect(page.getByText('La actualización se aplicará al cerrar el formulario.')).toBeVisible();
  await expect(form.section('Información del Solicitante').getByLabel('Nombres', { exact: true })).toHaveValue('Borrador Actualización');
  expect(await page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate)).toBe(true);

  // Closing the form lets the update happen: the page reloads under the new worker.
  const reloaded = page.waitForEvent('load', { timeout: 30_000 });
  await form.dialog().getByRole('button', { name: 'Cerrar' }).first().click();
  // Closing a filled form asks first; the draft stays on the device.
  await answerConfirm(page, 'borrador', 'confirm');
  await reloaded;
  expect(await page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate ?? false)).toBe(false);
  await waitForRows(page);
  // Offline, the new worker serves the app from its own precache; the old entries are gone.
  await expect.poll(() => precachedIndexRevisions(page)).toEqual([newRevision]);
  expect(await page.evaluate(() => caches.keys())).not.toContain(outdated);

  // The outbox survived the update: the change is still queued.
  await expect(pending).toBeVisible();
  // The draft survived too.
  await page.getByRole('button', { name: 'Nuevo Cliente' }).click();
  await expect(page.getByRole('heading', { name: 'Tienes un borrador sin terminar' })).toBeVisible();
  await page.getByRole('button', { name: 'Continuar borrador' }).click();
  await expect(form.section('Información del Solicitante').getByLabel('Nombres', { exact: true })).toHaveValue('Borrador Actualización');
  await form.dialog().getByRole('button', { name: 'Cerrar' }).first().click();
  await answerConfirm(page, 'borrador', 'confirm');

  // Back online, the queued change reaches the server.
  await context.setOffline(false);
  await expect(page.getByRole('button', { name: /^Sincronizado/ })).toBeVisible({ timeout: 30_000 });
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const tabla = await request.get(`${baseUrl}/api/dashboard/tabla`, { headers: { authorization: `Bearer ${token}` } });
  const rows = ((await tabla.json()) as { data: Array<{ solicitud: { estado: string; radicado: string | null } }> }).data;
  expect(rows.find((r) => r.solicitud.radicado === radicado)?.solicitud.estado).toBe(target);
});
