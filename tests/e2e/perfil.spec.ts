/**
 * Profile: the avatar shows the user's initials; 'Cambiar contraseña' (current + new twice) ends the
 * user's other sessions and keeps this one signed in with the new token.
 */
import { expect, test } from '@playwright/test';
import { LoginPage } from './fixtures/app';

const unique = () => Math.random().toString(36).slice(2, 8);

test('offline, the password dialog says it needs a connection and sends nothing', async ({ page, context }) => {
  await new LoginPage(page).loginAndWait('supervisor@demo.co');
  await page.goto('/profile');
  await expect(page.getByTestId('avatar-iniciales')).toHaveText('SP');
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cambiar contraseña' });
  await expect(dialog.getByRole('status')).toHaveText('Necesitas conexión para cambiar la contraseña.');
  await expect(dialog.getByRole('button', { name: 'Cambiar contraseña' })).toBeDisabled();
  await page.setViewportSize({ width: 820, height: 1180 });
  await page.screenshot({ path: test.info().outputPath('contrasena-sin-conexion-820.png') });
  await context.setOffline(false);
  await expect(dialog.getByRole('button', { name: 'Cambiar contraseña' })).toBeEnabled();
});

test('changing the own password: a wrong current one is marked, then the change keeps this session and ends the other', async ({ page, browser }) => {
  const correo = `clave.${unique()}@demo.co`;
  const admin = await page.request.post('/api/auth/login', { data: { email: 'admin@demo.co', password: 'demo1234' } });
  const { access_token } = (await admin.json()) as { access_token: string };
  const created = await page.request.post('/api/usuarios', {
    headers: { authorization: `Bearer ${access_token}` },
    data: { nombre: 'Paula Cifuentes', cedula: '8899', correo, contraseña: 'clave-vieja-1', rol: 'asesor', info_extra: {} },
  });
  expect(created.status()).toBe(201);

  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await new LoginPage(otherPage).goto();
  await new LoginPage(otherPage).login(correo, 'clave-vieja-1');
  await expect(otherPage.getByRole('navigation', { name: 'Menú principal' })).toBeVisible();

  const login = new LoginPage(page);
  await login.goto();
  await login.login(correo, 'clave-vieja-1');
  await expect(page.getByRole('navigation', { name: 'Menú principal' })).toBeVisible();
  await page.goto('/profile');
  await expect(page.getByTestId('avatar-iniciales')).toHaveText('PC');

  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cambiar contraseña' });
  await dialog.getByLabel('Contraseña actual').fill('no-es-esta');
  await dialog.getByLabel('Contraseña nueva', { exact: true }).fill('clave-nueva-2');
  await dialog.getByLabel('Repite la contraseña nueva').fill('clave-nueva-3');
  await dialog.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(dialog.getByText('Las contraseñas nuevas no coinciden.')).toBeVisible();
  await dialog.getByLabel('Repite la contraseña nueva').fill('clave-nueva-2');
  await dialog.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(dialog.getByText('La contraseña actual no es correcta.')).toBeVisible();
  await expect(dialog.getByLabel('Contraseña actual')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByLabel('Contraseña actual')).toBeFocused();
  for (const width of [390, 820, 1366]) {
    await page.setViewportSize({ width, height: width === 820 ? 1180 : width === 390 ? 844 : 850 });
    await page.screenshot({ path: test.info().outputPath(`contrasena-${width}.png`) });
  }

  await dialog.getByLabel('Contraseña actual').fill('clave-vieja-1');
  await dialog.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(page.getByText('Contraseña actualizada. Se cerraron tus otras sesiones.')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // This session goes on (the new token is stored), also after a reload and a sync.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Paula Cifuentes' })).toBeVisible();
  await expect(page.getByTestId('sync-status')).toHaveText(/Sincronizado/, { timeout: 30_000 });
  await expect(page.getByText('Tu sesión expiró. Inicia sesión para sincronizar.')).toHaveCount(0);
  // The other device's session has ended.
  await otherPage.reload();
  await expect(otherPage.getByText('Tu sesión expiró. Inicia sesión para sincronizar.')).toBeVisible({ timeout: 30_000 });
  await other.close();
  // Only the new password logs in.
  expect((await page.request.post('/api/auth/login', { data: { email: correo, password: 'clave-vieja-1' } })).status()).toBe(401);
  expect((await page.request.post('/api/auth/login', { data: { email: correo, password: 'clave-nueva-2' } })).status()).toBe(200);
});
