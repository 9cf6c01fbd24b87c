/**
 * Issue #12 in the browser: 'Historial de cambios' in the 'Editar Registro' modal (admin and
 * supervisor only, shown offline from its stored copy) and 'Borrar datos de este dispositivo' on a
 * shared tablet (offered only once everything is synced; the next user starts from an empty store).
 */
import { expect, test, type Page } from '@playwright/test';
import { LoginPage } from './fixtures/app';
import { ServerApi, waitForRows, setup } from './fixtures/registro';

const databases = (page: Page) => page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name ?? ''));

test('a supervisor sees the edit just made in Historial de cambios, also offline', async ({ page, context, request }) => {
  const { modal, api, radicado, row, documento } = await setup(page, request, 'supervisor@demo.co', 2);
  const before = row.ubicacion?.barrio ?? null;
  const nuevo = `Barrio auditado ${Date.now() % 10000}`;

  await modal.open(radicado, documento);
  await modal.field('Barrio').fill(nuevo);
  await modal.save();
  await expect(page.getByText('Registro actualizado correctamente')).toBeVisible();
  await expect.poll(async () => (await api.byRadicado(radicado))?.ubicacion?.barrio, { timeout: 30_000 }).toBe(nuevo);

  await modal.open(radicado, documento);
  const historial = modal.dialog().getByTestId('seccion-historial');
  await expect(historial.getByRole('heading', { name: 'Historial de cambios' })).toBeVisible();
  const cambio = historial.getByTestId('historial-cambio').filter({ hasText: 'Barrio' }).first();
  await expect(cambio).toContainText(nuevo, { timeout: 30_000 });
  await expect(cambio).toContainText(before ?? '(vacío)');
  await expect(cambio).toContainText('→');
  const entrada = historial.getByTestId('historial-entrada').first();
  await expect(entrada).toContainText('Solicitud · Edición');
  const nombre = ((await page.getByTestId('usuario-nombre').textContent()) ?? '').trim();
  expect(nombre).not.toBe('');
  await expect(entrada).toContainText(nombre);

  // Offline, the stored copy is shown with its date.
  await modal.dialog().getByRole('button', { name: 'Cancelar' }).click();
  await context.setOffline(true);
  await modal.open(radicado, documento);
  await expect(historial.getByTestId('historial-fecha-copia')).toContainText('Datos del');
  await expect(historial.getByTestId('historial-cambio').filter({ hasText: 'Barrio' }).first()).toContainText(nuevo);
  await context.setOffline(false);
});

test('an advisor has no Historial de cambios section', async ({ page, request }) => {
  const { modal, radicado, documento } = await setup(page, request, 'asesor@demo.co', 0);
  await modal.open(radicado, documento);
  await expect(modal.dialog().getByTestId('seccion-notificaciones')).toBeVisible();
  await expect(modal.dialog().getByText('Historial de cambios')).toHaveCount(0);
  await expect(modal.dialog().getByTestId('seccion-historial')).toHaveCount(0);
});

test('Borrar datos de este dispositivo: disabled while a change is unsent, then wipes A and B starts empty', async ({ page, context, request }) => {
  // User A: an advisor with one change made offline.
  const { modal, radicado, documento } = await setup(page, request, 'asesor@demo.co', 1);
  const userA = await page.evaluate(() => localStorage.getItem('user_id'));
  const dbA = `radica-1-${userA}`;
  expect(await databases(page)).toContain(dbA);

  await context.setOffline(true);
  await modal.open(radicado, documento);
  await modal.field('Barrio').fill(`Sin enviar ${Date.now() % 100000}`); // new on a retry too
  await modal.save();
  await expect(page.getByText('Cambios guardados en este dispositivo. Se enviarán al servidor cuando haya conexión.')).toBeVisible();
  await page.getByTestId('sync-status').click();
  const panel = page.getByRole('dialog', { name: 'Cambios pendientes' });
  const wipe = panel.getByRole('button', { name: 'Borrar datos de este dispositivo' });
  await expect(wipe).toBeDisabled();
  await expect(panel.getByTestId('borrar-datos-motivo')).toHaveText(
    'No se puede borrar todavía: hay 1 cambio sin enviar. Sincroniza o resuelve los cambios primero.',
  );
  await panel.getByRole('button', { name: 'Cerrar' }).click();

  await context.setOffline(false);
  await expect(page.getByTestId('sync-status')).toContainText('Sincronizado', { timeout: 30_000 });
  await page.getByTestId('sync-status').click();
  await expect(wipe).toBeEnabled();
  const tokenA = await page.evaluate(() => localStorage.getItem('access_token'));
  const withTokenA = async () => (await request.get('/api/dashboard/tabla', { headers: { authorization: `Bearer ${tokenA}` } })).status();
  expect(await withTokenA()).toBe(200);
  await wipe.click();
  const confirm = page.getByRole('alertdialog', { name: 'Borrar datos de este dispositivo' });
  await expect(confirm).toContainText('Los datos del servidor no cambian');
  await confirm.getByRole('button', { name: 'Borrar datos' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Se borraron los datos de este dispositivo.')).toBeVisible();
  await expect.poll(() => databases(page)).not.toContain(dbA);
  expect(await page.evaluate(() => [localStorage.getItem('user'), localStorage.getItem('access_token'), localStorage.getItem('cedula')])).toEqual([null, null, null]);
  await expect.poll(withTokenA).toBe(401); // the session ended on the server too

  // User B (the bank user) sees only its own applications, pulled into its own new database.
  await new LoginPage(page).login('banco@demo.co');
  await expect(page.getByRole('navigation', { name: 'Menú principal' })).toBeVisible();
  const shown = await waitForRows(page);
  const bank = await new ServerApi(request).login('banco@demo.co');
  expect(shown).toBe((await bank.rows()).length);
  const userB = await page.evaluate(() => localStorage.getItem('user_id'));
  const names = await databases(page);
  expect(names).toContain(`radica-1-${userB}`);
  expect(names).not.toContain(dbA);
});
