/**
 * An administrator deletes an advisor whose tablet is offline with a queued application. When the
 * tablet comes back: the server answers CUENTA_DESACTIVADA, the company's data leaves the device
 * (checked in IndexedDB), the advisor is signed out with a clear message, the unsent application
 * can be downloaded as a file by its labels, deleting it asks first, and the advisor's password no
 * longer opens anything on the device, offline or online.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { LoginPage, PASSWORD } from './fixtures/app';
import { createApplication } from './fixtures/asesor';

const ADMIN = 'admin@demo.co';

async function apiLogin(request: APIRequestContext, email: string) {
  const res = await request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(res.ok()).toBe(true);
  return (await res.json()) as { access_token: string };
}

/** Every store of IndexedDB database `name` with its number of rows; null when it does not exist. */
function storeCounts(page: Page, name: string): Promise<Record<string, number> | null> {
  return page.evaluate(async (name) => {
    const names = (await indexedDB.databases()).map((d) => d.name);
    if (!names.includes(name)) return null;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open(name);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    try {
      const counts: Record<string, number> = {};
      for (const store of Array.from(db.objectStoreNames)) {
        counts[store] = await new Promise<number>((resolve, reject) => {
          const req = db.transaction(store).objectStore(store).count();
          req.onsuccess = () => resolve(req.result);
          req.onerror = () => reject(req.error);
        });
      }
      return counts;
    } finally {
      db.close();
    }
  }, name);
}

async function newAdvisor(request: APIRequestContext, token: string, nombre: string) {
  const correo = `asesora.${Date.now()}@demo.co`;
  const created = await request.post('/api/usuarios', {
    headers: { authorization: `Bearer ${token}` },
    data: { nombre, cedula: String(Date.now()).slice(-9), correo, contraseña: PASSWORD, rol: 'asesor' },
  });
  expect(created.status()).toBe(201);
  return { correo, id: ((await created.json()) as { data: { id: number } }).data.id };
}

test('a deleted advisor: the company data leaves the tablet, the unsent application stays downloadable, the password opens nothing', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  const admin = await apiLogin(request, ADMIN);
  const { correo, id: advisorId } = await newAdvisor(request, admin.access_token, 'Rosa Desactivada');
  const dbName = `radica-1-${advisorId}`;

  const loginPage = new LoginPage(page);
  await loginPage.loginAndWait(correo);
  // One application reaches the server and is mirrored on the tablet.
  await createApplication(page, { nombres: 'Sara', apellido: 'Sincronizada', documento: String(Date.now()).slice(-10) });
  await expect.poll(async () => (await storeCounts(page, dbName))?.outbox, { timeout: 30_000 }).toBe(0);
  const before = await storeCounts(page, dbName);
  expect(before?.solicitudes).toBe(1);
  expect(before?.definiciones).toBeGreaterThan(0);

  // Offline, the advisor fills in another one: it waits on the tablet.
  await context.setOffline(true);
  await createApplication(page, { nombres: 'Yolanda', apellido: 'Pendiente', documento: String(Date.now()).slice(-10) });
  expect((await storeCounts(page, dbName))?.outbox).toBe(1);

  // Meanwhile an administrator deletes the advisor.
  const removed = await request.delete(`/api/usuarios/${advisorId}`, { headers: { authorization: `Bearer ${admin.access_token}` } });
  expect(removed.ok()).toBe(true);

  await context.setOffline(false);
  const notice = page.getByTestId('cuenta-desactivada');
  await expect(notice).toContainText('Tu cuenta fue desactivada. Los datos de la empresa se borraron de este dispositivo.', { timeout: 30_000 });
  await expect(notice).toContainText(`Quedó 1 cambio sin enviar de ${correo}. No llegó al servidor: descárgalo para que un supervisor lo registre.`);
  await expect(page.getByLabel('Email')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();

  // The company's data is gone from IndexedDB; the queued application is kept.
  const after = await storeCounts(page, dbName);
  expect(after).not.toBeNull();
  for (const store of ['solicitudes', 'notificaciones', 'definiciones', 'columnas', 'categorias', 'estados', 'usuarios', 'historial', 'stats', 'searchLog', 'shadows']) {
    expect({ store, rows: after![store] }).toEqual({ store, rows: 0 });
  }
  expect(after!.outbox).toBe(1);

  for (const width of [390, 820, 1366]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : width === 820 ? 1180 : 850 });
    await page.screenshot({ path: test.info().outputPath(`cuenta-desactivada-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 850 });

  // The download: the unsent application by its labels, money as money.
  const downloading = page.waitForEvent('download');
  await notice.getByRole('button', { name: 'Descargar cambios sin enviar' }).click();
  const download = await downloading;
  const text = readFileSync((await download.path())!, 'utf8');
  await download.saveAs(test.info().outputPath(download.suggestedFilename()));
  expect(download.suggestedFilename()).toMatch(new RegExp(`^cambios-sin-enviar-${correo.replace(/\./g, '\\.')}-\\d{4}-\\d{2}-\\d{2}\\.json$`));
  const file = JSON.parse(text) as { cambios: Array<{ tipo: string; asunto: string; campos: Record<string, string> }> };
  expect(file.cambios).toHaveLength(1);
  expect(file.cambios[0]).toMatchObject({ tipo: 'Nueva solicitud', asunto: 'Yolanda Pendiente · sin radicar' });
  expect(file.cambios[0].campos).toMatchObject({ Nombres: 'Yolanda', 'Primer apellido': 'Pendiente', 'Monto solicitado': '$ 150.000.000', 'Fecha de nacimiento': '12/04/1990' });

  // The advisor's password opens nothing on this device: offline (no device login left)…
  await context.setOffline(true);
  await page.getByLabel('Email').fill(correo);
  await page.getByLabel('Contraseña').fill(PASSWORD);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByRole('alert')).toHaveText('Esta cuenta fue desactivada: ya no se puede abrir en este dispositivo.');
  await expect(page.getByRole('navigation', { name: 'Menú principal' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('cuenta-desactivada-offline-1366.png'), fullPage: true });
  // …and online.
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByText('Credenciales inválidas. Por favor, verifique su email y contraseña.')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Menú principal' })).toHaveCount(0);

  // Deleting the unsent work asks first; cancelling keeps it.
  await notice.getByRole('button', { name: 'Borrar cambios sin enviar' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Borrar cambios sin enviar' });
  await expect(confirm).toContainText(`Se borrarán de este dispositivo 1 cambio sin enviar de ${correo}. Nunca llegó al servidor y no se podrá recuperar.`);
  await page.screenshot({ path: test.info().outputPath('cuenta-desactivada-confirmar-1366.png') });
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  expect((await storeCounts(page, dbName))?.outbox).toBe(1);
  await notice.getByRole('button', { name: 'Borrar cambios sin enviar' }).click();
  await confirm.getByRole('button', { name: 'Borrar cambios' }).click();
  await expect(notice).toHaveCount(0);
  expect(await storeCounts(page, dbName)).toBeNull();
  await page.reload();
  await expect(page.getByLabel('Email')).toBeVisible();
  await expect(page.getByTestId('cuenta-desactivada')).toHaveCount(0);
});

test('deleted with nothing unsent: the next start (session check or sync, whichever answers first) removes the whole database and says so', async ({ page, request }) => {
  test.setTimeout(120_000);
  const admin = await apiLogin(request, ADMIN);
  const { correo, id } = await newAdvisor(request, admin.access_token, 'Eva Sin Pendientes');
  const dbName = `radica-1-${id}`;
  await new LoginPage(page).loginAndWait(correo);
  await expect.poll(async () => (await storeCounts(page, dbName))?.definiciones ?? 0, { timeout: 30_000 }).toBeGreaterThan(0);

  const removed = await request.delete(`/api/usuarios/${id}`, { headers: { authorization: `Bearer ${admin.access_token}` } });
  expect(removed.ok()).toBe(true);
  await page.reload();
  const notice = page.getByTestId('cuenta-desactivada');
  await expect(notice).toContainText('Tu cuenta fue desactivada. Los datos de la empresa se borraron de este dispositivo.', { timeout: 30_000 });
  await expect(notice).toContainText(`No quedaron cambios sin enviar de ${correo}.`);
  await expect(notice.getByRole('button', { name: 'Descargar cambios sin enviar' })).toHaveCount(0);
  expect(await storeCounts(page, dbName)).toBeNull();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('cuenta-desactivada-sin-pendientes-390.png'), fullPage: true });
  await notice.getByRole('button', { name: 'Entendido' }).click();
  await expect(notice).toHaveCount(0);
  await page.reload();
  await expect(page.getByLabel('Email')).toBeVisible();
  await expect(page.getByTestId('cuenta-desactivada')).toHaveCount(0);
});
