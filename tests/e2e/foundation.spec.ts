import { expect, test } from '@playwright/test';
import { LoginPage, ShellPage } from './fixtures/app';

test('admin sees Usuarios and Configuración, and the session survives a reload', async ({ page }) => {
  const login = new LoginPage(page);
  await login.loginAndWait('admin@demo.co');
  const shell = new ShellPage(page);
  await expect(shell.menu().getByRole('link', { name: 'Usuarios' })).toBeVisible();
  await expect(shell.menu().getByRole('link', { name: 'Configuración' })).toBeVisible();
  await expect(page.getByTestId('empresa-nombre')).toHaveText('Demo Créditos');
  await expect(page.getByTestId('rol-badge')).toHaveText('Administrador');
  const stored = await page.evaluate(() => ({
    token: localStorage.getItem('access_token'),
    empresa: localStorage.getItem('empresa_id'),
    cedula: localStorage.getItem('cedula'),
  }));
  expect(stored.token).toBeTruthy();
  expect(stored.cedula).toBe('1020304050');

  await page.reload();
  await expect(shell.menu()).toBeVisible();
  await page.getByRole('link', { name: 'Perfil' }).click();
  await expect(page.getByRole('heading', { name: 'Adriana' })).toBeVisible();
  await expect(page.getByText('admin@demo.co')).toBeVisible();
});

test('asesor does not see admin entries, is sent from /users to /, and logs out, which ends the session on the server', async ({ page, request }) => {
  const login = new LoginPage(page);
  await login.loginAndWait('asesor@demo.co');
  const shell = new ShellPage(page);
  await expect(shell.menu().getByRole('link', { name: 'Perfil' })).toBeVisible();
  await expect(shell.menu().getByRole('link', { name: 'Usuarios' })).toHaveCount(0);
  await expect(shell.menu().getByRole('link', { name: 'Configuración' })).toHaveCount(0);
  await page.goto('/users');
  await expect(page).toHaveURL(/\/$/);
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const withOldToken = async () => (await request.get('/api/dashboard/tabla', { headers: { authorization: `Bearer ${token}` } })).status();
  expect(await withOldToken()).toBe(200);
  // The token the sync worker keeps for the service worker's background sync (meta `syncToken`).
  const dbName = await page.evaluate(() => `radica-${localStorage.getItem('empresa_id')}-${localStorage.getItem('user_id')}`);
  const keptSyncToken = () =>
    page.evaluate(async (name) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open(name);
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      try {
        return await new Promise<string | null>((resolve, reject) => {
          const req = db.transaction('meta').objectStore('meta').get('syncToken');
          req.onsuccess = () => resolve((req.result as { value: string | null } | undefined)?.value ?? null);
          req.onerror = () => reject(req.error);
        });
      } finally {
        db.close();
      }
    }, dbName);
  await expect.poll(keptSyncToken).toBe(token);
  await shell.logout();
  await expect(page).toHaveURL(/\/login$/);
  const stored = await page.evaluate(() => ({ token: localStorage.getItem('access_token'), cedula: localStorage.getItem('cedula') }));
  expect(stored.token).toBeNull();
  expect(stored.cedula).toBe('1098765432');
  // A copy of the token (a shared tablet, a log) no longer opens anything: 'Salir' told the server.
  await expect.poll(withOldToken).toBe(401);
  await expect.poll(keptSyncToken).toBeNull(); // nor does the service worker hold it
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
});

test('a logout made offline reaches the server once the tablet is back online: the old token stops working', async ({ page, context, request }) => {
  const login = new LoginPage(page);
  await login.loginAndWait('asesor@demo.co');
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const withOldToken = async () => (await request.get('/api/dashboard/tabla', { headers: { authorization: `Bearer ${token}` } })).status();
  expect(await withOldToken()).toBe(200);
  await context.setOffline(true);
  await new ShellPage(page).logout();
  await expect(page).toHaveURL(/\/login$/);
  // The server never heard the logout: the token still works from elsewhere.
  expect(await withOldToken()).toBe(200);
  await context.setOffline(false);
  // Back online, the page (still on the login screen) tells the server.
  await expect.poll(withOldToken, { timeout: 15_000 }).toBe(401);
});

test('a wrong password shows the exact spec message', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.login('admin@demo.co', 'equivocada');
  await expect(page.getByRole('alert')).toHaveText('Credenciales inválidas. Por favor, verifique su email y contraseña.');
  await expect(page).toHaveURL(/\/login$/);
});

test('unknown paths go to / and the legal pages render with Volver', async ({ page }) => {
  await page.goto('/no-existe');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/terminos-condiciones');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Términos');
  await page.goto('/acuerdo-firma');
  await expect(page.getByRole('heading', { level: 1, name: 'Acuerdo de Firma' })).toBeVisible();
  await page.getByRole('button', { name: 'Volver' }).click();
  await expect(page).toHaveURL(/terminos-condiciones$/);
});

test('Volver on a legal page opened in a new tab from a link closes that tab, back to where the link was', async ({ page, context }) => {
  await page.goto('/login');
  // The creation form's links open the pages like this one does (target="_blank").
  await page.evaluate(() => {
    const a = document.createElement('a');
    a.href = '/acuerdo-firma';
    a.target = '_blank';
    a.rel = 'noopener noreferrer';
    a.textContent = 'Acuerdo';
    document.body.append(a);
  });
  const [legal] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: 'Acuerdo' }).click()]);
  await expect(legal.getByRole('heading', { level: 1, name: 'Acuerdo de Firma' })).toBeVisible();
  await Promise.all([legal.waitForEvent('close'), legal.getByRole('button', { name: 'Volver' }).click()]);
  await expect(page).toHaveURL(/\/login$/);
});
