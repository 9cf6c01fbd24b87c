/**
 * The session ends while 'Editar Registro' is open, right after a keystroke (the draft is written
 * 300 ms after typing stops): the last change still reaches the draft. Here the account is
 * deactivated (any call answered CUENTA_DESACTIVADA ends the session at once): the advisor's
 * unsent work is described and kept, and the change typed last is in it.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { LoginPage, PASSWORD, readLocal } from './fixtures/app';
import { apiLogin, createApplication } from './fixtures/asesor';
import { RegistroModal } from './fixtures/registro';

test('a change typed just before the session ends is in the draft the device keeps', async ({ page, request }) => {
  test.setTimeout(120_000);
  const admin = await apiLogin(request, 'admin@demo.co');
  const correo = `asesora.tecleo.${Date.now()}@demo.co`;
  const created = await request.post('/api/usuarios', {
    headers: { authorization: `Bearer ${admin.access_token}` },
    data: { nombre: 'Rita Tecleo', cedula: String(Date.now()).slice(-9), correo, contraseña: PASSWORD, rol: 'asesor' },
  });
  expect(created.status()).toBe(201);
  const advisorId = ((await created.json()) as { data: { id: number } }).data.id;

  await new LoginPage(page).loginAndWait(correo);
  await createApplication(page, { nombres: 'Berta', apellido: 'Tecleo', documento: String(Date.now()).slice(-10) });
  await expect.poll(async () => (await readLocal(page, 'outbox')).length, { timeout: 30_000 }).toBe(0);

  const modal = new RegistroModal(page);
  await page.getByTestId('credit-row').filter({ hasText: 'Berta' }).getByTestId('nombre').click();
  await expect(modal.dialog().getByLabel('Nombres')).toBeVisible();

  // Meanwhile an administrator deletes the advisor; the next answer the tablet gets says so.
  const removed = await request.delete(`/api/usuarios/${advisorId}`, { headers: { authorization: `Bearer ${admin.access_token}` } });
  expect(removed.ok()).toBe(true);
  await modal.field('Barrio').fill('Barrio Último Segundo');
  await page.evaluate(() => window.dispatchEvent(new Event('radica:cuenta-desactivada')));

  const notice = page.getByTestId('cuenta-desactivada');
  await expect(notice).toContainText(`Quedó 1 cambio sin enviar de ${correo}.`, { timeout: 30_000 });
  const downloading = page.waitForEvent('download');
  await notice.getByRole('button', { name: 'Descargar cambios sin enviar' }).click();
  const file = JSON.parse(readFileSync((await (await downloading).path())!, 'utf8')) as {
    cambios: Array<{ tipo: string; asunto: string; campos: Record<string, string> }>;
  };
  expect(file.cambios).toHaveLength(1);
  expect(file.cambios[0]).toMatchObject({ tipo: 'Borrador de edición de solicitud', campos: { Barrio: 'Barrio Último Segundo' } });
  expect(file.cambios[0].asunto).toMatch(/^Berta Tecleo · /);
});
