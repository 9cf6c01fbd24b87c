import { expect, test, type APIRequestContext } from '@playwright/test';
import { answerConfirm, LoginPage, PASSWORD, waitForServiceWorker } from './fixtures/app';
import { UsersScreen } from './fixtures/usuarios';

const unique = () => Math.random().toString(36).slice(2, 8);

async function apiLogin(request: APIRequestContext, email: string, password = PASSWORD) {
  const res = await request.post('/api/auth/login', { data: { email, password } });
  return { status: res.status(), token: res.ok() ? ((await res.json()) as { access_token: string }).access_token : null };
}

test('the admin creates a user who can log in, edits and deletes them', async ({ page, browser }) => {
  const id = unique();
  const correo = `nuevo.${id}@demo.co`;
  await new LoginPage(page).loginAndWait('admin@demo.co');
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Usuarios' }).click();
  const users = new UsersScreen(page);
  await expect(page.getByText('Conectado como:')).toBeVisible();
  await expect(page.getByTestId('conectado-como')).toContainText('Adriana');
  await expect(page.getByTestId('conectado-como')).toContainText('Administrador');
  await expect(users.row('admin@demo.co')).toHaveCount(1, { timeout: 30_000 });

  // Required fields are checked before anything is queued.
  await page.getByRole('button', { name: 'Nuevo Usuario' }).click();
  const form = users.dialog('Crear Nuevo Usuario');
  await form.getByRole('button', { name: 'Crear Usuario' }).click();
  await expect(form.getByText('El nombre es obligatorio')).toBeVisible();
  await expect(form.getByText('La contraseña es obligatoria')).toBeVisible();
  // Every role the admin may grant, by its Spanish name; the bank comes from the company's list.
  await expect(form.getByLabel('Rol').locator('option')).toHaveText(['Selecciona un rol', 'Administrador', 'Supervisor', 'Gerente', 'Asesor', 'Banco', 'Usuario']);
  await expect(form.getByLabel('Banco').locator('option')).toHaveText(['Sin banco', 'Bancolombia', 'Banco de Bogotá', 'BBVA', 'Davivienda', 'Banco de Occidente', 'Lulo bank', 'Nu Bank']);
  await form.getByRole('button', { name: 'Cancelar' }).click();

  const dialog = await users.create({ nombre: `Camila ${id}`, cedula: '1122334455', correo, contraseña: 'clave-segura-1', rol: 'asesor', ciudad: 'Pereira' });
  await expect(dialog).toHaveCount(0);
  await users.waitSynced(correo);
  await expect(users.row(correo)).toContainText('Ciudad: Pereira');
  await expect(users.row(correo)).toContainText('Asesor');

  // The new user logs in in a second browser context.
  const other = await browser.newContext();
  const theirPage = await other.newPage();
  const theirLogin = new LoginPage(theirPage);
  await theirLogin.goto();
  await theirLogin.login(correo, 'clave-segura-1');
  await expect(theirPage.getByRole('navigation', { name: 'Menú principal' })).toBeVisible();
  await expect(theirPage.getByTestId('usuario-nombre')).toHaveText(`Camila ${id}`);
  // An asesor has no Usuarios entry.
  await expect(theirPage.getByRole('link', { name: 'Usuarios' })).toHaveCount(0);

  // Edit: view mode, edit mode, save returns to view mode with the new values; blank password kept.
  await users.row(correo).click();
  const detail = users.dialog('Detalles del Usuario');
  await expect(detail.getByTestId('usuario-detalle')).toContainText(correo);
  await detail.getByRole('button', { name: 'Editar' }).click();
  await users.fillForm(detail, { nombre: `Camila Editada ${id}`, rol: 'banco' });
  await detail.getByLabel('Banco').selectOption('Davivienda');
  await detail.getByRole('button', { name: 'Guardar' }).click();
  await expect(detail.getByRole('button', { name: 'Editar' })).toBeVisible();
  await expect(detail.getByTestId('usuario-detalle')).toContainText(`Camila Editada ${id}`);
  await expect(detail.getByTestId('usuario-detalle')).toContainText('Davivienda');
  await expect.poll(async () => (await apiLogin(page.request, correo, 'clave-segura-1')).status, { timeout: 30_000 }).toBe(200);
  const { token } = await apiLogin(page.request, 'admin@demo.co');
  await expect
    .poll(async () => {
      const res = await page.request.get('/api/usuarios', { headers: { authorization: `Bearer ${token}` } });
      const list = ((await res.json()) as { data: Array<{ correo: string; nombre: string; rol: string }> }).data;
      return list.find((u) => u.correo === correo);
    }, { timeout: 30_000 })
    .toMatchObject({ nombre: `Camila Editada ${id}`, rol: 'banco' });

  // Delete with the spec's confirmation; the user can no longer log in, and their open device says
  // the account was deactivated and signs out (tests/e2e/cuenta-desactivada.spec.ts has the rest).
  await detail.getByRole('button', { name: 'Eliminar' }).click();
  await answerConfirm(page, `Estás seguro de que deseas eliminar al usuario "Camila Editada ${id}"? Esta acción no se puede deshacer.`, 'confirm');
  await expect(detail).toHaveCount(0);
  await expect(users.row(correo)).toHaveCount(0);
  await expect.poll(async () => (await apiLogin(page.request, correo, 'clave-segura-1')).status, { timeout: 30_000 }).toBe(401);
  await theirPage.reload();
  await expect(theirPage.getByText('Tu cuenta fue desactivada. Los datos de la empresa se borraron de este dispositivo.')).toBeVisible({ timeout: 30_000 });
  await expect(theirPage.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
  await other.close();
});

test('a duplicate e-mail shows its message, locally and as a rejected change from the server', async ({ page }) => {
  await new LoginPage(page).loginAndWait('admin@demo.co');
  const users = new UsersScreen(page);
  await users.goto();
  await expect(users.row('supervisor@demo.co')).toHaveCount(1, { timeout: 30_000 });

  // A company e-mail the mirror shows: refused before queuing, the dialog stays open.
  const dialog = await users.create({ nombre: 'Doble', cedula: '555', correo: 'Supervisor@demo.co', contraseña: 'clave-segura-1', rol: 'asesor' });
  await expect(page.getByText('Error creando usuario')).toBeVisible();
  await expect(page.getByText('Ya existe un usuario registrado con el correo supervisor@demo.co.').first()).toBeVisible();
  await expect(dialog).toBeVisible();
  // The field itself is marked, with the message under it, and has the focus.
  await expect(dialog.getByLabel('Correo')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByTestId('field-error').filter({ hasText: 'Ya existe un usuario registrado con el correo supervisor@demo.co.' })).toBeVisible();
  await expect(dialog.getByLabel('Correo')).toBeFocused();
  // The form holds typed data: Cancelar asks before dropping it.
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await answerConfirm(page, 'Hay cambios sin guardar en este formulario.', 'confirm');
  await expect(dialog).toHaveCount(0);
  // The error toast sits over 'Nuevo Usuario' at the top right, and a pointer over it keeps it
  // there: wait for it to go before reaching for the button.
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'supervisor@demo.co' })).toHaveCount(0);

  // Another company's e-mail: only the server knows it; the creation comes back rejected.
  await users.create({ nombre: 'Doble Otra', cedula: '556', correo: 'admin@otra.co', contraseña: 'clave-segura-1', rol: 'asesor' });
  await expect(page.getByText('Ya existe un usuario registrado con el correo admin@otra.co.').first()).toBeVisible({ timeout: 30_000 });
  // Said once, by the users service's toast (the 'Enviando al servidor…' toast just closes).
  const refusal = page.locator('[data-sonner-toast]').filter({ hasText: 'admin@otra.co' });
  await expect(refusal).toHaveCount(1);
  await expect(refusal).toContainText('Error creando usuario');
  await expect(users.row('admin@otra.co')).toHaveCount(0, { timeout: 30_000 });
  await page.getByTestId('sync-status').click();
  const panel = page.getByRole('dialog', { name: 'Cambios pendientes' });
  await expect(panel.getByText('Nuevo usuario')).toBeVisible();
  await expect(panel.getByText('Rechazado: Ya existe un usuario registrado con el correo admin@otra.co.')).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ hasTouch: true });

  test('the users are cards that fit the screen, and a card opens its user by tap or keyboard', async ({ page }) => {
    const { token } = await apiLogin(page.request, 'admin@demo.co');
    const res = await page.request.get('/api/usuarios', { headers: { authorization: `Bearer ${token}` } });
    const supervisor = ((await res.json()) as { data: Array<{ correo: string; cedula: string }> }).data.find((u) => u.correo === 'supervisor@demo.co');
    expect(supervisor).toBeDefined();

    // Logged in at desktop width (the menu is a drawer on a phone), then the phone.
    await new LoginPage(page).loginAndWait('admin@demo.co');
    await page.setViewportSize({ width: 390, height: 844 });
    const users = new UsersScreen(page);
    await users.goto();
    const card = users.row('supervisor@demo.co');
    await expect(card).toHaveCount(1, { timeout: 30_000 });
    // Cards, not a table scrolled sideways inside its box: every column of the user in view.
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Usuarios' }).getByRole('listitem')).not.toHaveCount(0);
    for (const text of ['Supervisor', supervisor!.cedula, 'Información Adicional', 'Fecha de Creación']) await expect(card).toContainText(text);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    for (const box of await users.rows().evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect))) {
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(390);
      expect(box.height).toBeGreaterThanOrEqual(44);
    }

    const detail = users.dialog('Detalles del Usuario');
    await card.tap();
    await expect(detail.getByTestId('usuario-detalle')).toContainText('supervisor@demo.co');
    await page.keyboard.press('Escape');
    await expect(detail).toHaveCount(0);
    for (const key of ['Enter', ' ']) {
      await card.focus();
      await page.keyboard.press(key);
      await expect(detail.getByTestId('usuario-detalle')).toContainText('supervisor@demo.co');
      await page.keyboard.press('Escape');
      await expect(detail).toHaveCount(0);
    }

    // A small laptop (the menu beside the list) still gets cards: the table needs 1200 px.
    await page.setViewportSize({ width: 1100, height: 850 });
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(card).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1100);

    // Back at desktop width the table returns.
    await page.setViewportSize({ width: 1366, height: 850 });
    await expect(page.getByRole('table').getByTestId('usuario-row').filter({ hasText: 'supervisor@demo.co' })).toBeVisible();
  });
});

test('a profile edit survives a reload and keeps the session', async ({ page }) => {
  const id = unique();
  const correo = `perfil.${id}@demo.co`;
  const nuevoCorreo = `perfil.nuevo.${id}@demo.co`;
  const { token } = await apiLogin(page.request, 'admin@demo.co');
  const created = await page.request.post('/api/usuarios', {
    headers: { authorization: `Bearer ${token}` },
    data: { nombre: 'Perfil Original', cedula: '777', correo, contraseña: 'clave-segura-1', rol: 'asesor', info_extra: {} },
  });
  expect(created.status()).toBe(201);

  const login = new LoginPage(page);
  await login.goto();
  await login.login(correo, 'clave-segura-1');
  await expect(page.getByRole('navigation', { name: 'Menú principal' })).toBeVisible();
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Editar Perfil' }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar Perfil' });
  await expect(dialog.getByLabel('Cédula')).toHaveAttribute('readonly', '');
  await expect(dialog.getByLabel('Empresa')).toHaveValue('Demo Créditos');
  await expect(dialog.getByLabel('Empresa')).toHaveAttribute('readonly', '');
  await dialog.getByLabel('Nombre').fill('Perfil Cambiado');
  await dialog.getByLabel('Correo').fill(nuevoCorreo);
  await dialog.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(page.getByText('Perfil actualizado correctamente')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Perfil Cambiado' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Perfil Cambiado' })).toBeVisible();
  await expect(page.getByText(nuevoCorreo)).toBeVisible();
  await expect(page.getByTestId('usuario-nombre')).toHaveText('Perfil Cambiado');
  // The session is still valid (no re-login asked) and the new e-mail logs in.
  await expect(page.getByTestId('sync-status')).toHaveText(/Sincronizado/, { timeout: 30_000 });
  await expect(page.getByText('Tu sesión expiró. Inicia sesión para sincronizar.')).toHaveCount(0);
  expect((await apiLogin(page.request, nuevoCorreo, 'clave-segura-1')).status).toBe(200);

  // A taken e-mail is refused with the spec's toast and the dialog stays.
  await page.getByRole('button', { name: 'Editar Perfil' }).click();
  await dialog.getByLabel('Correo').fill('admin@demo.co');
  await dialog.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(page.getByText('Error al actualizar la información del usuario')).toBeVisible();
  await expect(dialog).toBeVisible();
});

test('the asesor cannot reach /users', async ({ page }) => {
  await new LoginPage(page).loginAndWait('asesor@demo.co');
  await expect(page.getByRole('link', { name: 'Usuarios' })).toHaveCount(0);
  await page.goto('/users');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Usuarios' })).toHaveCount(0);
});

test('offline, an edited user is marked unsynced and the queue names them, without a password nobody changed; a deletion is named too', async ({ page, context }) => {
  const id = unique();
  const correo = `cola.${id}@demo.co`;
  await new LoginPage(page).loginAndWait('admin@demo.co');
  // Before the search below: this may reload the page, which would clear it.
  await waitForServiceWorker(page);
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Usuarios' }).click();
  const users = new UsersScreen(page);
  await users.create({ nombre: `Marta ${id}`, cedula: '1122334466', correo, contraseña: 'clave-segura-1', rol: 'asesor', ciudad: 'Pereira' });
  // The search only once the modal window has closed: behind it the page is inert, and the typing
  // went nowhere (CI caught it on a slow run). Other specs have added users by now: the list is
  // paged, so the search finds this one.
  await expect(users.dialog('Crear Nuevo Usuario')).toHaveCount(0);
  const search = page.getByRole('searchbox', { name: 'Buscar' });
  await search.fill(correo);
  await expect(search).toHaveValue(correo);
  await users.waitSynced(correo);

  await context.setOffline(true);
  await users.row(correo).click();
  const detail = users.dialog('Detalles del Usuario');
  await detail.getByRole('button', { name: 'Editar' }).click();
  await users.fillForm(detail, { nombre: `Marta Sin Red ${id}` });
  await detail.getByRole('button', { name: 'Guardar' }).click();
  await expect(detail.getByRole('button', { name: 'Editar' })).toBeVisible();
  await detail.getByRole('button', { name: 'Cerrar' }).first().click();
  // Before: the row looked saved on the server.
  await expect(users.row(correo).getByText('Sin sincronizar')).toBeVisible();

  await users.row(correo).click();
  await detail.getByRole('button', { name: 'Eliminar' }).click();
  await answerConfirm(page, `Estás seguro de que deseas eliminar al usuario "Marta Sin Red ${id}"? Esta acción no se puede deshacer.`, 'confirm');
  // The server still has the user (who can still log in) until the deletion reaches it: the row
  // stays, as the server has it, marked and no longer opening. Before: it vanished at once.
  const gone = users.row(correo);
  await expect(gone.getByText('Eliminación pendiente')).toBeVisible();
  await expect(gone).toContainText(`Marta ${id}`);
  await expect(gone).not.toContainText('Sin Red');
  await expect(gone).not.toHaveAttribute('tabindex');
  await gone.click();
  await expect(detail).toHaveCount(0);

  await page.getByTestId('sync-status').click();
  const queued = page.getByRole('dialog', { name: 'Cambios pendientes' }).getByTestId('cambio-en-cola');
  await expect(queued).toHaveCount(2);
  // The edit lists what changed (before: 'Nombre, Contraseña'), the deletion whom (before: nobody),
  // both by the name the server still has: the user is gone from this device's list.
  await expect(queued.nth(0)).toContainText(`Edición de usuario · Usuario Marta ${id}`);
  await expect(queued.nth(0)).toContainText('Nombre');
  await expect(queued.nth(0)).not.toContainText('Contraseña');
  await expect(queued.nth(1)).toContainText(`Eliminación de usuario · Usuario Marta ${id}`);

  await context.setOffline(false);
  // The reconnect toast says whom the deletion was about (before: 'Eliminación de usuario' alone).
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: `Eliminación de usuario · Usuario Marta ${id}` })).toBeVisible({ timeout: 30_000 });
  await expect.poll(async () => (await apiLogin(page.request, correo, 'clave-segura-1')).status, { timeout: 30_000 }).toBe(401);
  await expect(users.row(correo)).toHaveCount(0, { timeout: 30_000 });
});

test('a supervisor sees why an administrator has no Editar or Eliminar, and why their own account has no Eliminar', async ({ page }) => {
  await new LoginPage(page).loginAndWait('supervisor@demo.co');
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Usuarios' }).click();
  const users = new UsersScreen(page);
  const search = page.getByRole('searchbox', { name: 'Buscar' });
  const detail = users.dialog('Detalles del Usuario');

  await search.fill('admin@demo.co');
  await users.row('admin@demo.co').click();
  await expect(detail.getByTestId('usuario-nota')).toHaveText('Un supervisor no puede modificar ni eliminar a un administrador.');
  await expect(detail.getByRole('button', { name: 'Editar' })).toHaveCount(0);
  await expect(detail.getByRole('button', { name: 'Eliminar' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await search.fill('supervisor@demo.co');
  await users.row('supervisor@demo.co').click();
  await expect(detail.getByTestId('usuario-nota')).toHaveText('No puedes eliminar tu propio usuario.');
  await expect(detail.getByRole('button', { name: 'Editar' })).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Eliminar' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await search.fill('asesor@demo.co');
  await users.row('asesor@demo.co').click();
  await expect(detail.getByRole('button', { name: 'Eliminar' })).toBeVisible();
  await expect(detail.getByTestId('usuario-nota')).toHaveCount(0);
});
