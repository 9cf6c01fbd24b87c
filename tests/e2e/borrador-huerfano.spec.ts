/**
 * An 'Editar Registro' draft whose application the office deletes: the pull takes the application
 * off the tablet, and the draft no longer waits invisibly. 'Cambios pendientes' says why it cannot
 * be saved, names the application as the tablet knew it, shows what was typed by field label, lets
 * the advisor copy it, and discards it only after a question.
 */
import { expect, test } from '@playwright/test';
import { readLocal } from './fixtures/app';
import { apiLogin, chip, signInAtRow } from './fixtures/asesor';

test.use({ viewport: { width: 820, height: 1180 }, hasTouch: true });

const REASON =
  'La solicitud se eliminó en el servidor o ya no tienes acceso a ella: estos cambios ya no se pueden guardar y solo están en este dispositivo.';

test('the office deletes an application the advisor has a draft of: the panel shows the draft, its changes and a discard that asks first', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { modal, radicado, row } = await signInAtRow(page, request, 'asesor@demo.co', 4);
  const nombre = ((await modal.row(radicado).getByTestId('nombre').textContent()) ?? '').trim();

  await modal.open(radicado, row.solicitante.numero_documento);
  const antes = await modal.field('Barrio').inputValue();
  await modal.field('Barrio').fill('Barrio Huérfano');
  const monto = modal.dialog().getByLabel('Monto solicitado');
  await monto.fill('');
  await monto.pressSequentially('180000000');
  await expect(monto).toHaveValue('$ 180.000.000');
  await expect(modal.dialog().getByTestId('borrador-registro')).toHaveText(
    'Borrador guardado en este dispositivo. Pulsa Guardar para enviar los cambios.',
  );
  // The tablet kills the tab; the draft is on the device.
  await page.reload();
  await expect.poll(async () => (await readLocal<{ id: string }>(page, 'drafts')).map((d) => d.id)).toEqual([
    `registro:${row.solicitud.id}`,
  ]);

  // Before anything happens to it, a draft of an application still here is not listed.
  await chip(page).click();
  const panel = page.getByRole('dialog', { name: 'Cambios pendientes' });
  await expect(panel.getByRole('button', { name: 'Sincronizar ahora' })).toBeVisible();
  await expect(panel.getByTestId('borrador-sin-solicitud')).toHaveCount(0);

  // Meanwhile the office deletes that application; the tablet syncs.
  const admin = await apiLogin(request, 'admin@demo.co');
  const del = await request.delete(`/api/solicitudes/${row.solicitud.id}`, {
    headers: { authorization: `Bearer ${admin.access_token}` },
  });
  expect(del.ok()).toBe(true);
  await panel.getByRole('button', { name: 'Sincronizar ahora' }).click();

  const entry = panel.getByTestId('borrador-sin-solicitud');
  await expect(entry).toHaveCount(1, { timeout: 30_000 });
  await expect(panel.getByRole('heading', { name: 'Borradores sin su solicitud (1)' })).toBeVisible();
  // The main screen says so too: the chip's red pill and the ☰ badge count the draft.
  await expect(page.getByTestId('sync-problemas')).toHaveText('1 borrador sin solicitud');
  await expect(page.getByTestId('menu-badge')).toHaveText('1');
  await expect(entry).toContainText('Borrador de edición de solicitud');
  await expect(entry).toContainText(`${nombre} · ${radicado}`);
  await expect(entry).toContainText(REASON);
  const cambios = entry.getByTestId('cambios-del-borrador');
  await expect(cambios).toContainText(antes ? `Barrio: Barrio Huérfano (antes: ${antes})` : 'Barrio: Barrio Huérfano');
  await expect(cambios).toContainText(/Monto solicitado: \$\s180\.000\.000/);
  await expect(panel).toContainText('Nada en cola. Los borradores sin su solicitud de arriba siguen solo en este dispositivo.');

  for (const size of [
    { width: 390, height: 844 },
    { width: 1366, height: 850 },
    { width: 820, height: 1180 },
  ]) {
    await page.setViewportSize(size);
    await entry.scrollIntoViewIfNeeded();
    for (const button of await entry.getByRole('button').all()) {
      expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
    await page.screenshot({ path: test.info().outputPath(`borrador-huerfano-${size.width}.png`) });
  }

  // The values can be kept elsewhere before discarding.
  await entry.getByRole('button', { name: 'Copiar cambios' }).click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain(`Borrador de edición de solicitud · ${nombre} · ${radicado}`);
  expect(copied).toContain('Barrio: Barrio Huérfano');

  // Discarding asks, naming what is lost; 'Conservar' keeps it.
  await entry.getByRole('button', { name: 'Descartar' }).click();
  const ask = page.getByRole('alertdialog', { name: '¿Descartar este borrador?' });
  await expect(ask).toContainText(`Se perderá: Borrador de edición de solicitud · ${nombre} · ${radicado}`);
  await expect(ask).toContainText('Barrio: Barrio Huérfano');
  await page.screenshot({ path: test.info().outputPath('borrador-huerfano-descartar-820.png') });
  await ask.getByRole('button', { name: 'Conservar' }).click();
  await expect(ask).toHaveCount(0);
  await expect(entry).toHaveCount(1);
  expect((await readLocal<{ id: string }>(page, 'drafts')).map((d) => d.id)).toEqual([`registro:${row.solicitud.id}`]);

  await entry.getByRole('button', { name: 'Descartar' }).click();
  await ask.getByRole('button', { name: 'Descartar' }).click();
  await expect(entry).toHaveCount(0);
  await expect(panel.getByRole('heading', { name: /Borradores sin su solicitud/ })).toHaveCount(0);
  await expect(page.getByTestId('sync-problemas')).toHaveCount(0);
  await expect(page.getByTestId('menu-badge')).toHaveCount(0);
  expect(await readLocal<{ id: string }>(page, 'drafts')).toEqual([]);
});

test('the office deletes the application the advisor has open: the form says so, keeps what was typed, and queues nothing on Guardar', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const { modal, radicado, row } = await signInAtRow(page, request, 'asesor@demo.co', 5);
  await modal.open(radicado, row.solicitante.numero_documento);
  await modal.field('Barrio').fill('Barrio Abierto');
  await expect(modal.dialog().getByTestId('borrador-registro')).toHaveText(
    'Borrador guardado en este dispositivo. Pulsa Guardar para enviar los cambios.',
  );
  await expect(modal.dialog().getByTestId('registro-eliminado')).toHaveCount(0);

  const admin = await apiLogin(request, 'admin@demo.co');
  const del = await request.delete(`/api/solicitudes/${row.solicitud.id}`, { headers: { authorization: `Bearer ${admin.access_token}` } });
  expect(del.ok()).toBe(true);
  // The connection comes back: the device syncs and the application leaves it.
  await context.setOffline(true);
  await context.setOffline(false);

  const notice = modal.dialog().getByTestId('registro-eliminado');
  await expect(notice).toContainText(
    'Esta solicitud ya no está en este dispositivo: se eliminó en el servidor o ya no tienes acceso a ella. Tus cambios no se pueden guardar en ella.',
    { timeout: 30_000 },
  );
  await expect(modal.field('Barrio')).toHaveValue('Barrio Abierto');
  await expect(modal.dialog().getByTestId('borrador-registro')).toHaveText('Borrador guardado en este dispositivo. Cópialo desde Cambios pendientes.');
  // The draft written straight to IndexedDB is seen by the live queries: the chip counts it.
  await expect(page.getByTestId('sync-problemas')).toHaveText('1 borrador sin solicitud');
  await page.screenshot({ path: test.info().outputPath('registro-eliminado-820.png') });

  await modal.dialog().getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Esta solicitud ya no está en este dispositivo', { exact: false }).last()).toBeVisible();
  expect(await readLocal(page, 'outbox')).toEqual([]);

  // What was typed is in 'Cambios pendientes', to copy.
  await notice.getByRole('button', { name: 'Ver Cambios pendientes' }).click();
  const entry = page.getByRole('dialog', { name: 'Cambios pendientes' }).getByTestId('borrador-sin-solicitud');
  await expect(entry).toContainText(`· ${radicado}`);
  await expect(entry.getByTestId('cambios-del-borrador')).toContainText('Barrio: Barrio Abierto');
});
