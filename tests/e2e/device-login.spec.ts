import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { LoginPage, PASSWORD, ShellPage } from './fixtures/app';
import { waitForRows, waitForServiceWorker } from './fixtures/registro';

const DENIED = 'Credenciales inválidas. Por favor, verifique su email y contraseña.';
const NETWORK = 'Error de conexión. Verifique su conexión a internet.';
const EXPIRED = 'Tu sesión expiró. Inicia sesión para sincronizar.';
const OPENED_OFFLINE = 'Sin conexión: tus cambios se enviarán cuando vuelva la conexión';
const WRONG_HERE = 'Sin conexión: la contraseña no coincide con la guardada en este dispositivo.';

async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { email: 'admin@demo.co', password: PASSWORD } });
  return ((await res.json()) as { access_token: string }).access_token;
}

async function createUser(request: APIRequestContext, rol: string): Promise<{ id: number; correo: string }> {
  const correo = `dispositivo.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@demo.co`;
  const res = await request.post('/api/usuarios', {
    headers: { authorization: `Bearer ${await adminToken(request)}` },
    data: { nombre: 'Usuario Dispositivo', cedula: '900100', correo, contraseña: 'clave-segura-1', rol, info_extra: {} },
  });
  expect(res.status()).toBe(201);
  return { id: ((await res.json()) as { data: { id: number } }).data.id, correo };
}

/** The signed-in top bar (on a tablet the menu itself is a closed drawer). */
const menu = (page: Page) => page.getByRole('banner').getByTestId('sync-status');

// Issue 27: the field advisor's tablet.
test.use({ viewport: { width: 820, height: 1180 }, hasTouch: true });

test('offline, a user who logged in here before opens the local data; the server login then resumes sync', async ({ page, context }) => {
  const { correo } = await createUser(page.request, 'supervisor');
  const login = new LoginPage(page);
  await login.goto();
  await login.login(correo, 'clave-segura-1');
  await waitForRows(page);
  await waitForServiceWorker(page);
  await expect(page.getByText(/^Sincronizado/).first()).toBeVisible({ timeout: 30_000 });
  await new ShellPage(page).logout();
  await expect(page.getByLabel('Email')).toBeVisible();

  await context.setOffline(true);
  await login.login(correo, 'clave-segura-1');
  await expect(menu(page)).toBeVisible();
  await waitForRows(page);
  // The data opens with what is true: offline, and the work will be sent; not 'Tu sesión expiró'.
  await expect(page.getByText(OPENED_OFFLINE)).toBeVisible();
  await expect(page.getByText(EXPIRED)).toHaveCount(0);
  await expect(page.getByTestId('sync-status')).toHaveText('Sin conexión');

  // When the connection returns, the same login reaches the server without asking again.
  await context.setOffline(false);
  await expect(page.getByText(OPENED_OFFLINE)).toHaveCount(0);
  await expect(page.getByText(EXPIRED)).toHaveCount(0);
  await expect(page.getByText(/^Sincronizado/).first()).toBeVisible({ timeout: 30_000 });
});

test('a wrong password opens nothing offline, and a password the server refuses drops the device login', async ({ page, context }) => {
  const { id, correo } = await createUser(page.request, 'asesor');
  const login = new LoginPage(page);
  await login.goto();
  await login.login(correo, 'clave-segura-1');
  await expect(menu(page)).toBeVisible();
  await waitForServiceWorker(page);
  await new ShellPage(page).logout();
  await expect(page.getByLabel('Email')).toBeVisible();

  await context.setOffline(true);
  await login.login(correo, 'otra-clave-9');
  // This device knows the user: the password is what is wrong, not the connection.
  await expect(page.getByRole('alert')).toContainText(WRONG_HERE);
  await expect(page.getByText(NETWORK)).toHaveCount(0);
  await expect(menu(page)).toHaveCount(0);
  await context.setOffline(false);

  const changed = await page.request.put(`/api/usuarios/${id}`, {
    headers: { authorization: `Bearer ${await adminToken(page.request)}` },
    data: { contraseña: 'clave-nueva-2' },
  });
  expect(changed.ok()).toBe(true);

  // The old password may open the device first; the server's refusal closes it again.
  await login.login(correo, 'clave-segura-1');
  await expect(page.getByText(DENIED)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(menu(page)).toHaveCount(0);

  await context.setOffline(true);
  await login.login(correo, 'clave-segura-1');
  await expect(page.getByText(NETWORK)).toBeVisible();
  await expect(menu(page)).toHaveCount(0);
  await context.setOffline(false);
});
