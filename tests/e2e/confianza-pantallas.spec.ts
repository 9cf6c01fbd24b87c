/**
 * Issue 27 at every size: the sync chip sits in the top bar at 390, 820 (touch) and 1366 px, online
 * and offline, without opening ☰; and the forms not covered by confianza.spec.ts (profile,
 * notifications, the Back button) ask before dropping unsaved edits; on a phone the creation form's
 * buttons take one row. Screenshots of each state go to the test's output folder.
 */
import { expect, test, type Page } from '@playwright/test';
import { answerConfirm, LoginPage } from './fixtures/app';
import { waitForRows } from './fixtures/registro';

const SIZES = [
  { width: 390, height: 844 },
  { width: 820, height: 1180 },
  { width: 1366, height: 850 },
] as const;

const chip = (page: Page) => page.getByRole('banner').getByTestId('sync-status');

test.describe('at 390, 820 and 1366 px', () => {
  test.use({ hasTouch: true });

  test('the sync chip is in the top bar, fully in view, online and offline, with the menu closed', async ({ page, context }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(SIZES[1]);
    const login = new LoginPage(page);
    await login.goto();
    await login.login('manager@demo.co');
    await waitForRows(page);
    await expect(chip(page)).toHaveText(/^Sincronizado \d{2}:\d{2}$/, { timeout: 30_000 });

    for (const size of SIZES) {
      await page.setViewportSize(size);
      await expect(chip(page)).toBeInViewport({ ratio: 1 });
      await page.screenshot({ path: test.info().outputPath(`chip-en-linea-${size.width}.png`) });
    }

    await context.setOffline(true);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await expect(chip(page)).toHaveText('Sin conexión');
      await expect(chip(page)).toBeInViewport({ ratio: 1 });
      // The menu is a closed drawer below desktop width: the chip needs no ☰.
      if (size.width < 1024) await expect(page.getByRole('navigation', { name: 'Menú principal' })).not.toBeInViewport();
      // The first row's status control is in view too, without scrolling the list sideways.
      await expect(page.getByRole('combobox', { name: 'Cambiar estado' }).first()).toBeInViewport({ ratio: 1 });
      await page.screenshot({ path: test.info().outputPath(`chip-sin-conexion-${size.width}.png`) });
    }

    // A change waits on the device: the chip counts it at every size, and opens 'Cambios pendientes'.
    await page.getByRole('combobox', { name: 'Cambiar estado' }).first().click();
    const list = page.getByRole('listbox', { name: 'Cambiar estado' });
    const option = list.getByRole('option', { selected: false }).filter({ hasNotText: /Negado|Desistido|Desembolsado|Pagado/ }).first();
    await option.click();
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await expect(chip(page)).toHaveText('Sin conexión · 1 cambio sin enviar');
      await expect(chip(page)).toBeInViewport({ ratio: 1 });
      await page.screenshot({ path: test.info().outputPath(`chip-pendiente-${size.width}.png`) });
    }
    await chip(page).click();
    await expect(page.getByRole('dialog', { name: 'Cambios pendientes' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('cambios-pendientes-1366.png') });
  });
});

test.describe('on a tablet', () => {
  test.use({ viewport: { width: 820, height: 1180 }, hasTouch: true });

  test('profile and notification forms, and the Back button, ask before dropping unsaved edits', async ({ page }) => {
    test.setTimeout(120_000);
    const login = new LoginPage(page);
    await login.goto();
    await login.login('admin@demo.co');
    await waitForRows(page);

    // Profile, reached through the menu so Back is a route change inside the app.
    await page.getByRole('button', { name: /^Abrir menú/ }).click();
    await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Perfil' }).click();
    await page.getByRole('button', { name: 'Editar Perfil' }).click();
    const perfil = page.getByRole('dialog', { name: 'Editar Perfil' });
    const nombre = perfil.getByLabel('Nombre');
    await nombre.fill('Nombre sin guardar');
    await page.keyboard.press('Escape');
    await answerConfirm(page, 'Hay cambios sin guardar en este formulario.', 'cancel');
    await expect(nombre).toHaveValue('Nombre sin guardar');
    // Back asks too, and staying keeps the page and the edit.
    await page.goBack();
    await answerConfirm(page, 'Si sales ahora, se perderán.', 'cancel');
    await expect(page).toHaveURL(/\/profile$/);
    await expect(nombre).toHaveValue('Nombre sin guardar');
    await perfil.getByRole('button', { name: 'Cancelar' }).click();
    await answerConfirm(page, 'Si sales ahora, se perderán.', 'confirm');
    await expect(perfil).toHaveCount(0);
    // With nothing unsaved, Back just goes back.
    await page.goBack();
    await expect(page).not.toHaveURL(/\/profile$/);

    // A notification being edited: Escape asks; 'Descartar cambios' closes it.
    await page.getByRole('button', { name: /^Notificaciones:/ }).click();
    const panel = page.getByTestId('notificaciones-panel');
    await panel.getByRole('button', { name: 'Editar' }).first().click();
    const form = page.getByRole('dialog', { name: 'Editar Notificación' });
    await form.getByLabel('Mensaje').fill('Un mensaje a medio escribir');
    await page.keyboard.press('Escape');
    await answerConfirm(page, 'Hay cambios sin guardar en este formulario.', 'cancel');
    await expect(form.getByLabel('Mensaje')).toHaveValue('Un mensaje a medio escribir');
    await page.screenshot({ path: test.info().outputPath('notificacion-sin-guardar-820.png') });
    await form.getByRole('button', { name: 'Cerrar' }).first().click();
    await answerConfirm(page, 'Si sales ahora, se perderán.', 'confirm');
    await expect(form).toHaveCount(0);
  });
});

test.describe('on a phone', () => {
  test.use({ hasTouch: true });

  test("the creation form's three buttons share one row at 360 and 390 px, each a touch target in view; offline the form says where a save goes", async ({ page, context }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 390, height: 780 });
    const login = new LoginPage(page);
    await login.goto();
    await login.login('asesor@demo.co');
    await waitForRows(page);
    await page.getByRole('button', { name: 'Nuevo Cliente' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo Cliente' });
    const buttons = ['Limpiar Formulario', 'Cancelar', 'Guardar'].map((name) => dialog.getByRole('button', { name, exact: true }));
    for (const width of [360, 390]) {
      await page.setViewportSize({ width, height: 780 });
      const boxes = await Promise.all(buttons.map(async (b) => (await b.boundingBox())!));
      // One row: the same top for all three (before, 'Guardar' wrapped to a second row).
      expect(boxes.map((b) => Math.round(b.y))).toEqual(boxes.map(() => Math.round(boxes[0].y)));
      for (const [i, b] of boxes.entries()) {
        expect(b.height).toBeGreaterThanOrEqual(44);
        expect(b.x + b.width).toBeLessThanOrEqual(width);
        await expect(buttons[i]).toBeInViewport({ ratio: 1 });
      }
      await page.screenshot({ path: test.info().outputPath(`formulario-botones-${width}.png`) });
    }
    // The full-screen form covers the top bar's sync chip: offline, its header says it instead.
    const note = dialog.getByRole('status').filter({ hasText: 'Sin conexión: lo que guardes queda en este dispositivo.' });
    await expect(note).toHaveCount(0);
    await context.setOffline(true);
    await expect(note).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: test.info().outputPath('formulario-sin-conexion-360.png') });
    await context.setOffline(false);
    await expect(note).toHaveCount(0);
  });
});
