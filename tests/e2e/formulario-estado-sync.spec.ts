/**
 * The 'Nuevo Cliente' form covers the top bar (full screen below 1024 px), so it shows the sync
 * chip's state itself: offline, and the changes waiting on this device, in the chip's own words,
 * at phone, touch tablet and desktop widths, without widening the screen or covering a field.
 */
import { expect, test, type Page } from '@playwright/test';
import { LoginPage, waitForRows, waitForServiceWorker } from './fixtures/app';
import { FormularioPage } from './fixtures/formulario';

/** The open form's header has the status line; the first field of the form is below it, not under it. */
async function expectFitsInHeader(page: Page, form: FormularioPage, width: number) {
  const line = form.dialog().locator('header').getByTestId('formulario-sync');
  await expect(line).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  expect(await form.dialog().evaluate((e) => e.scrollWidth - e.clientWidth)).toBe(0);
  const box = (await line.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  const field = (await form.section('Información del Solicitante').getByLabel('Nombres', { exact: true }).boundingBox())!;
  expect(field.y).toBeGreaterThanOrEqual(box.y + box.height);
}

for (const { width, height, touch, apellido } of [
  { width: 390, height: 844, touch: true, apellido: 'Telefono' },
  { width: 820, height: 1180, touch: true, apellido: 'Tableta' },
  { width: 1366, height: 850, touch: false, apellido: 'Escritorio' },
]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height }, hasTouch: touch });

    test(`the open creation form shows offline and the changes waiting on this device at ${width} px`, async ({ page, context }) => {
      test.setTimeout(150_000);
      // Narrow screens fold the menu into a drawer: wait for the list, not the menu.
      const login = new LoginPage(page);
      await login.goto();
      await login.login('asesor@demo.co');
      await waitForRows(page);
      await waitForServiceWorker(page);
      await waitForRows(page);

      const form = new FormularioPage(page);
      const estado = form.dialog().getByTestId('formulario-sync-estado');
      // The top bar's chip, behind the dialog: the form says exactly what it says.
      const chip = page.getByTestId('sync-status');
      await form.open();
      await expect(estado).toBeVisible();
      await expect(estado).not.toHaveText(/Sin conexión/);
      await page.screenshot({ path: test.info().outputPath(`formulario-en-linea-${width}.png`) });

      await context.setOffline(true);
      await expect(estado).toHaveText('Sin conexión');
      await expect(chip).toHaveText('Sin conexión');
      await expectFitsInHeader(page, form, width);
      await page.screenshot({ path: test.info().outputPath(`formulario-sin-conexion-${width}.png`) });

      // A change queued offline: a complete application saved on this device.
      const documento = String(Date.now()).slice(-10);
      await form.fillRequired({ nombres: 'Marta', apellido, documento });
      await page.getByRole('button', { name: 'Guardar', exact: true }).click();
      await expect(page.getByText('Solicitud guardada en este dispositivo. Se enviará al servidor cuando haya conexión.')).toBeVisible();
      await expect(form.dialog()).toHaveCount(0);

      // The next form, opened still offline, tells the change is waiting.
      await form.open();
      await expect(estado).toHaveText('Sin conexión · 1 cambio sin enviar');
      await expect(form.dialog().locator('header')).toContainText('Sin conexión · 1 cambio sin enviar');
      await expect(chip).toHaveText('Sin conexión · 1 cambio sin enviar');
      await expect(form.dialog().getByTestId('formulario-sync-problemas')).toHaveCount(0);
      await expectFitsInHeader(page, form, width);
      await page.screenshot({ path: test.info().outputPath(`formulario-pendiente-${width}.png`) });
    });
  });
}
