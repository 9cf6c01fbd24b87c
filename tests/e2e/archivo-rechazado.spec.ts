/**
 * A file the server refuses is held only on this device: the main screen says so (the chip's red
 * count, the banner), the panel never claims 'todo está en el servidor' meanwhile, and Descartar asks before
 * it deletes the only copy.
 */
import { expect, test } from '@playwright/test';
import { answerConfirm, PASSWORD } from './fixtures/app';
import { setup, waitForServiceWorker } from './fixtures/registro';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

test('a refused file counts as a problem on the main screen and is discarded only after a question', async ({ page, context, request }) => {
  const { modal, radicado, row, documento } = await setup(page, request, 'manager@demo.co', 9);
  await waitForServiceWorker(page);
  await modal.open(radicado, documento);
  await context.setOffline(true);
  await modal.dialog().locator('input[type="file"][aria-label="Subir archivos"]').setInputFiles({ name: 'pagare-firmado.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(modal.dialog().getByTestId('archivo').filter({ hasText: 'pagare-firmado.pdf' }).getByTestId('archivo-estado')).toHaveText('En cola');
  await page.keyboard.press('Escape');
  await expect(modal.dialog()).toHaveCount(0);

  // Meanwhile the office deletes the application: the upload will be refused.
  const login = await request.post('/api/auth/login', { data: { email: 'admin@demo.co', password: PASSWORD } });
  const { access_token } = (await login.json()) as { access_token: string };
  const del = await request.delete(`/api/solicitudes/${row.solicitud.id}`, { headers: { authorization: `Bearer ${access_token}` } });
  expect(del.ok()).toBe(true);

  await context.setOffline(false);
  await expect(page.getByTestId('sync-problemas')).toHaveText('1 con problemas', { timeout: 30_000 });
  await expect(page.getByTestId('banner-conflictos')).toContainText('El servidor rechazó 1 cambio de este dispositivo.');
  await page.getByTestId('sync-status').click();
  const panel = page.getByRole('dialog', { name: 'Cambios pendientes' });
  const refused = panel.getByRole('listitem').filter({ hasText: 'Archivo pagare-firmado.pdf' });
  await expect(refused).toBeVisible();
  await expect(panel.getByText('Nada en cola. Los archivos rechazados de arriba siguen solo en este dispositivo.')).toBeVisible();
  await expect(panel.getByText('Nada por enviar: todo está en el servidor.')).toHaveCount(0);

  await refused.getByRole('button', { name: 'Descartar' }).click();
  await answerConfirm(page, 'Se borrará de este dispositivo la única copia de pagare-firmado.pdf', 'cancel');
  await expect(refused).toBeVisible();
  await refused.getByRole('button', { name: 'Descartar' }).click();
  await answerConfirm(page, 'No se puede deshacer.', 'confirm');
  await expect(refused).toHaveCount(0);
  await expect(panel.getByText('Nada por enviar: todo está en el servidor.')).toBeVisible();
  await panel.getByRole('button', { name: 'Cerrar' }).click();
  await expect(page.getByTestId('sync-problemas')).toHaveCount(0);
});

test('changes unsent for more than 5 days are announced on the main screen', async ({ page, context, request }) => {
  const { modal, radicado, documento } = await setup(page, request, 'manager@demo.co', 8);
  await waitForServiceWorker(page);
  await context.setOffline(true);
  await modal.open(radicado, documento);
  await modal.field('Barrio').fill('Barrio de hace una semana');
  await modal.save();
  await expect(page.getByText('Cambios guardados en este dispositivo. Se enviarán al servidor cuando haya conexión.')).toBeVisible();
  await expect(page.getByTestId('banner-cola-antigua')).toHaveCount(0);

  // Six days later, still offline: the tablet is opened again.
  await page.clock.setFixedTime(Date.now() + 6 * 24 * 3600 * 1000);
  await page.reload();
  const banner = page.getByTestId('banner-cola-antigua');
  await expect(banner).toContainText('Tienes cambios sin enviar desde hace más de 5 días.');
  await banner.getByRole('button', { name: 'Ver cambios' }).click();
  const panel = page.getByRole('dialog', { name: 'Cambios pendientes' });
  await expect(panel.getByTestId('cambio-en-cola')).toContainText('Edición de solicitud');
  await expect(panel.getByTestId('cambio-en-cola')).toContainText(radicado);
});
