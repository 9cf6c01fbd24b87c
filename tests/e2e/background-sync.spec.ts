/**
 * Background Sync with the app closed: changes and a file queued offline, every page of the app
 * closed, connection back, and the `radica-outbox` sync event dispatched to the service worker
 * through the DevTools protocol (ServiceWorker.dispatchSyncEvent). The server gets each change
 * once; with the server down at that moment the event fails, nothing is lost, and the next sync
 * event sends everything, once. Reopening the app tells what was sent while it was closed.
 * The spec runs its own server (like pwa-update.spec.ts) so it can stop and restart it.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import { and, eq, gte, inArray } from 'drizzle-orm';
import { startServer } from '../../server/src/server';
import { auditoria, documentos } from '../../server/src/db/schema';
import { chooseStatus, currentStatus, LoginPage, waitForRows, waitForServiceWorker } from './fixtures/app';
import { RegistroModal } from './fixtures/registro';

const ROOT = resolve(`test-results/background-sync-${process.env.E2E_PORT ?? 3210}`);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

let server: Awaited<ReturnType<typeof startServer>> | null = null;
let port = 0;
let base = '';

async function start(): Promise<void> {
  process.env.LOGIN_RATE_LIMIT = '10000';
  server = await startServer({ port, host: '127.0.0.1', dataDir: join(ROOT, 'data'), distDir: resolve('dist'), databaseUrl: '', logger: false, seed: true });
  const address = server.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
  base = `http://localhost:${port}`;
}

async function stop(): Promise<void> {
  await server?.shutdown();
  server = null;
}

test.beforeAll(async () => {
  rmSync(ROOT, { recursive: true, force: true });
  mkdirSync(ROOT, { recursive: true });
  await start();
});
test.afterAll(stop);

/** The service worker's registration, as the DevTools protocol names it. */
async function registrationId(cdp: CDPSession): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const reg = registrations.find((r) => r.scopeURL === `${base}/` && !r.isDeleted);
      if (reg) resolve(reg.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

/** Sync events of the origin as Chromium's background services log them ('Dispatched sync event', 'sync event failed …'). */
function syncOutcomes(cdp: CDPSession): string[] {
  const outcomes: string[] = [];
  cdp.on('BackgroundService.backgroundServiceEventReceived', ({ backgroundServiceEvent: e }) => {
    if (e.origin !== `${base}/` && e.origin !== base) return;
    outcomes.push(`${e.eventName} ${e.eventMetadata.map((m) => `${m.key}=${m.value}`).join(',')}`);
  });
  return outcomes;
}

/** The service worker's record of its last background cycle (meta `lastBackgroundSync`), read inside it. */
async function lastBackgroundSync(context: BrowserContext): Promise<{ at: string; outcome: string } | null> {
  const sw = context.serviceWorkers().find((w) => w.url().startsWith(base));
  if (!sw) return null;
  return sw.evaluate(async () => {
    const name = (await indexedDB.databases()).map((d) => d.name ?? '').find((n) => /^radica-\d+-\d+$/.test(n));
    if (!name) return null;
    const db = await new Promise<IDBDatabase>((ok, ko) => {
      const r = indexedDB.open(name);
      r.onsuccess = () => ok(r.result);
      r.onerror = () => ko(r.error);
    });
    const row = await new Promise<{ value: { at: string; outcome: string } } | undefined>((ok) => {
      const r = db.transaction('meta').objectStore('meta').get('lastBackgroundSync');
      r.onsuccess = () => ok(r.result);
    });
    db.close();
    return row?.value ?? null;
  });
}

interface Queued {
  radicados: string[];
  estados: string[];
  solicitudIds: string[];
  since: string;
}

/** Offline: two status changes in the list and a file in 'Editar Registro'. */
async function queueOffline(page: Page, context: BrowserContext): Promise<Queued> {
  const since = new Date().toISOString();
  await page.goto(`${base}/login`);
  await new LoginPage(page).login('manager@demo.co');
  await waitForRows(page);
  await waitForServiceWorker(page);
  await expect(page.getByRole('button', { name: /^Sincronizado/ })).toBeVisible({ timeout: 30_000 });
  await context.setOffline(true);
  const radicados: string[] = [];
  const estados: string[] = [];
  for (const n of [0, 1]) {
    const row = page.getByTestId('credit-row').nth(n);
    radicados.push(((await row.getByTestId('radicado').textContent()) ?? '').trim());
    const target = (await currentStatus(row)) === 'En estudio' ? 'Aprobado' : 'En estudio';
    await chooseStatus(page, row, target);
    estados.push(target);
  }
  const modal = new RegistroModal(page);
  await page.getByTestId('credit-row').filter({ hasText: radicados[0] }).getByTestId('nombre').click();
  await expect(modal.dialog()).toBeVisible();
  await modal.dialog().locator('input[type="file"][aria-label="Subir archivos"]').setInputFiles({ name: 'paz-y-salvo.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(modal.dialog().getByTestId('archivo').filter({ hasText: 'paz-y-salvo.pdf' }).getByTestId('archivo-estado')).toHaveText('En cola');
  const solicitudIds = await page.evaluate(async (rads) => {
    const name = (await indexedDB.databases()).map((d) => d.name ?? '').find((n) => /^radica-\d+-\d+$/.test(n))!;
    const db = await new Promise<IDBDatabase>((ok, ko) => {
      const r = indexedDB.open(name);
      r.onsuccess = () => ok(r.result);
      r.onerror = () => ko(r.error);
    });
    const rows = await new Promise<Array<{ id: string; solicitud: { radicado: string } }>>((ok) => {
      const r = db.transaction('solicitudes').objectStore('solicitudes').getAll();
      r.onsuccess = () => ok(r.result);
    });
    db.close();
    return rads.map((rad) => rows.find((x) => x.solicitud.radicado === rad)!.id);
  }, radicados);
  return { radicados, estados, solicitudIds, since };
}

/** What the server holds of the queued work: status audit rows per application, and the file. */
async function onServer(q: Queued) {
  const db = server!.app.db;
  const changes = await db
    .select()
    .from(auditoria)
    .where(and(inArray(auditoria.entidadId, q.solicitudIds), gte(auditoria.fecha, q.since), eq(auditoria.accion, 'cambiarEstado')));
  const files = await db.select().from(documentos).where(eq(documentos.nombre, 'paz-y-salvo.pdf'));
  return { changes: q.solicitudIds.map((id) => changes.filter((c) => c.entidadId === id).length), files: files.length };
}

test('queued changes and files leave with the app closed; a failed sync loses nothing and the next one sends each once', async ({ browser }) => {
  test.setTimeout(240_000);
  const context = await browser.newContext({ baseURL: base, serviceWorkers: 'allow' });
  const page = await context.newPage();
  const queued = await queueOffline(page, context);
  expect(await onServer(queued)).toEqual({ changes: [0, 0], files: 0 });

  // Every page of the app closes; a blank page stays only to speak the DevTools protocol.
  const blank = await context.newPage();
  await page.close();
  const cdp = await context.newCDPSession(blank);
  const outcomes = syncOutcomes(cdp);
  await cdp.send('BackgroundService.startObserving', { service: 'backgroundSync' });
  await cdp.send('BackgroundService.setRecording', { shouldRecord: true, service: 'backgroundSync' });
  const regId = await registrationId(cdp);

  // The connection is back but the server is down when the sync fires: the event fails (the
  // browser logs it failed and plans its own retry), nothing is sent.
  await stop();
  await context.setOffline(false);
  await cdp.send('ServiceWorker.dispatchSyncEvent', { origin: base, registrationId: regId, tag: 'radica-outbox', lastChance: false });
  await expect.poll(async () => (await lastBackgroundSync(context))?.outcome, { timeout: 60_000 }).toBe('failed');
  await expect.poll(() => outcomes.some((o) => o.startsWith('sync event failed')), { timeout: 30_000 }).toBe(true);
  await start();
  expect(await onServer(queued)).toEqual({ changes: [0, 0], files: 0 });

  // The next sync sends everything, once.
  const before = outcomes.length;
  await cdp.send('ServiceWorker.dispatchSyncEvent', { origin: base, registrationId: regId, tag: 'radica-outbox', lastChance: false });
  await expect.poll(() => onServer(queued), { timeout: 60_000 }).toEqual({ changes: [1, 1], files: 1 });
  await expect.poll(async () => (await lastBackgroundSync(context))?.outcome, { timeout: 30_000 }).toBe('ok');
  expect(outcomes.slice(before).some((o) => o.startsWith('sync event failed'))).toBe(false);

  // Reopening the app: it tells what was sent while it was closed, and shows the new statuses.
  const again = await context.newPage();
  await again.goto(`${base}/`);
  await expect(again.getByText('Mientras la aplicación estaba cerrada se enviaron al servidor 2 cambios y 1 archivo.')).toBeVisible({ timeout: 30_000 });
  await waitForRows(again);
  await expect(again.getByRole('button', { name: /^Sincronizado/ })).toBeVisible({ timeout: 30_000 });
  // Nothing was sent twice, also after the app's own sync on opening.
  expect(await onServer(queued)).toEqual({ changes: [1, 1], files: 1 });
  await context.close();
});
