/**
 * /config says what is true (issue 28): the columns tab's empty state only with no columns, fixed
 * fields without edit or delete, 'Crear Nuevo' always a new field, field types in plain Spanish,
 * and offline every control that writes is disabled before anyone edits, naming the reason.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { answerConfirm, LoginPage, PASSWORD, waitForRows } from './fixtures/app';
import { ConfigPage } from './fixtures/config';

async function adminToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/auth/login', { data: { email: 'admin@demo.co', password: PASSWORD } });
  return ((await login.json()) as { access_token: string }).access_token;
}

// The suite shares one server: leave company 1 without a column configuration (as seeded).
test.afterEach(async ({ request }) => {
  const res = await request.put('/api/configuraciones/columnas-tabla', {
    headers: { authorization: `Bearer ${await adminToken(request)}` },
    data: { columnas: [] },
  });
  expect(res.ok()).toBe(true);
});

async function openConfig(page: Page): Promise<ConfigPage> {
  // At 390 and 820 px the menu is a drawer: wait for the home screen instead of the side menu.
  const login = new LoginPage(page);
  await login.goto();
  await login.login('admin@demo.co');
  await expect(page.getByRole('heading', { level: 1, name: 'Creditos' })).toBeVisible({ timeout: 30_000 });
  await page.goto('/config');
  const config = new ConfigPage(page);
  await config.waitForDefinitions();
  return config;
}

test("'Configuración Tabla' says 'No hay columnas configuradas' only after the admin removed every column", async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.login('admin@demo.co');
  // The default columns depend on the rows this device holds: let the first pull bring them.
  await waitForRows(page);
  await page.goto('/config');
  const config = new ConfigPage(page);
  await config.waitForDefinitions();
  await config.tab('Configuración Tabla').click();
  // Nothing configured: the tab lists the default columns the credits list shows, not an empty state.
  await expect(page.getByTestId('columna-estado')).toBeVisible();
  const defaults = await config.columnNames();
  expect(defaults.slice(0, 5)).toEqual(['Fecha', 'Nombre', 'Número Documento', 'Correo', 'Estado']);
  await expect(page.getByText('No hay columnas configuradas')).toHaveCount(0);

  for (const name of defaults) {
    await page.getByRole('button', { name: `Eliminar columna ${name}`, exact: true }).click();
    await answerConfirm(page, '¿Estás seguro de eliminar esta columna?', 'confirm');
    await expect(page.getByText('Guardando cambios...')).toHaveCount(0);
  }
  await expect(page.getByText('No hay columnas configuradas')).toBeVisible();
  await expect(page.getByText('la lista de créditos muestra sus columnas predeterminadas')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Columnas configuradas' })).toHaveCount(0);

  // From there, a column added is the only one (the admin removed the others one by one).
  await config.addColumn('nombres');
  await expect(page.getByRole('list', { name: 'Columnas configuradas' })).toBeVisible();
  await expect(page.getByText('No hay columnas configuradas')).toHaveCount(0);
  await expect.poll(() => config.columnNames()).toEqual(['Nombres']);

  await page.reload();
  await config.tab('Configuración Tabla').click();
  await expect.poll(() => config.columnNames()).toEqual(['Nombres']);
  await expect(page.getByText('No hay columnas configuradas')).toHaveCount(0);

  // 'Usar las columnas predeterminadas' brings the defaults back after all were removed.
  await page.getByRole('button', { name: 'Eliminar columna Nombres', exact: true }).click();
  await answerConfirm(page, '¿Estás seguro de eliminar esta columna?', 'confirm');
  await expect(page.getByText('No hay columnas configuradas')).toBeVisible();
  await page.getByRole('button', { name: 'Usar las columnas predeterminadas' }).click();
  await expect.poll(() => config.columnNames()).toEqual(defaults);
});

test("'Campos Fijos' offers no edit, condition or delete; the other groups do", async ({ page }) => {
  const config = await openConfig(page);
  const fixedRow = page.getByTestId('grupo-campos_fijos');
  await expect(fixedRow.getByRole('button', { name: 'Eliminar Campos Fijos' })).toHaveCount(0);
  await expect(fixedRow.getByRole('button', { name: 'Editar Campos Fijos' })).toHaveCount(0);
  await expect(page.getByTestId('grupo-solicitud').getByRole('button', { name: 'Eliminar Solicitud' })).toBeVisible();

  await fixedRow.getByRole('button', { name: 'Ordenar Campos Fijos' }).click();
  const fixed = config.dialog('Configuración de Campos Fijos');
  await expect(fixed.getByText('no se pueden editar ni eliminar')).toBeVisible();
  await expect(fixed.getByTestId('campo-nombres')).toBeVisible();
  await expect(fixed.getByRole('button', { name: /^(Editar|Eliminar|Condición de) / })).toHaveCount(0);
  await expect(fixed.getByRole('button', { name: 'Nuevo campo' })).toHaveCount(0);
  await expect(fixed.getByRole('button', { name: 'Reordenar' })).toBeEnabled();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Editar Solicitud' }).click();
  const solicitud = config.dialog('Configuración de Solicitud');
  const first = solicitud.locator('[data-testid^="campo-"]').first();
  await expect(first.getByRole('button', { name: /^Editar / })).toBeVisible();
  await expect(first.getByRole('button', { name: /^Eliminar / })).toBeVisible();
});

test("'Crear Nuevo' creates a new field, in plain Spanish, even right after editing a group", async ({ page, request }) => {
  const config = await openConfig(page);
  const count = page.getByTestId('grupo-informacion_financiera').getByTestId('grupo-conteo');
  const before = Number(await count.textContent());

  // A group was open for editing just before: 'Crear Nuevo' must not reopen it.
  await page.getByRole('button', { name: 'Editar Información Financiera' }).click();
  await config.dialog('Configuración de Información Financiera').getByRole('button', { name: 'Cancelar' }).click();

  await page.getByRole('button', { name: 'Crear Nuevo' }).click();
  const dialog = config.dialog('Crear nuevo campo');
  await expect(dialog.getByLabel('Nombre para mostrar *')).toHaveValue('');
  await expect(dialog.getByLabel('Nombre interno *')).toHaveValue('');
  await expect(dialog.getByLabel('Nombre interno *')).toBeEditable();
  await expect(dialog.getByRole('button', { name: /^Editar / })).toHaveCount(0);
  const tipos = await dialog.getByLabel('Tipo', { exact: true }).locator('option').allTextContents();
  expect(tipos).toContain('Lista de opciones');
  expect(tipos.join(' ')).not.toContain('Array');

  await dialog.getByLabel('Grupo del campo').selectOption({ label: 'Información Financiera' });
  await dialog.getByLabel('Nombre para mostrar *').fill('Fuente de ingresos');
  await expect(dialog.getByLabel('Nombre interno *')).toHaveValue('fuente_de_ingresos');
  await dialog.getByLabel('Tipo', { exact: true }).selectOption({ label: 'Lista de opciones' });
  await dialog.getByLabel('Nueva opción').fill('Salario');
  await dialog.getByRole('button', { name: 'Agregar opción' }).click();
  await dialog.getByRole('button', { name: 'Crear campo' }).click();
  await expect(config.toast('Campo creado')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(count).toHaveText(String(before + 1));

  // Opened again: empty, not the field just created.
  await page.getByRole('button', { name: 'Crear Nuevo' }).click();
  await expect(config.dialog('Crear nuevo campo').getByLabel('Nombre para mostrar *')).toHaveValue('');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Editar Información Financiera' }).click();
  const group = config.dialog('Configuración de Información Financiera');
  await expect(group.getByTestId('campo-fuente_de_ingresos')).toContainText('Lista de opciones');

  const res = await request.delete('/api/json/definitions/informacion_financiera/detalle_financiera/fuente_de_ingresos', {
    headers: { authorization: `Bearer ${await adminToken(request)}` },
  });
  expect(res.ok()).toBe(true);
});

test('offline, every configuration control that writes is disabled before anyone edits, with the reason', async ({ page, context }) => {
  const config = await openConfig(page);
  await page.getByRole('button', { name: 'Editar Solicitud' }).click();
  const open = config.dialog('Configuración de Solicitud');
  await expect(open.getByRole('button', { name: 'Guardar Configuración' })).toBeEnabled();
  // The reload below is offline: the service worker must hold the app first.
  await page.evaluate(() => navigator.serviceWorker.ready);

  await context.setOffline(true);
  const reason = 'Sin conexión: los cambios de configuración necesitan internet';
  // A dialog left open says so where its buttons are, and its saves are off.
  await expect(open.getByText(reason)).toBeVisible();
  await expect(open.getByRole('button', { name: 'Guardar Configuración' })).toBeDisabled();
  await expect(open.getByRole('button', { name: 'Nuevo campo' })).toBeDisabled();
  await expect(open.locator('[data-testid^="campo-"]').first().getByRole('button', { name: /^Eliminar / })).toBeDisabled();
  await page.keyboard.press('Escape');

  const notice = page.locator('#config-sin-conexion');
  await expect(notice).toContainText(reason);
  const disabledWithReason = async (name: string) => {
    const button = page.getByRole('button', { name, exact: true });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleDescription(new RegExp(`^${reason}`));
  };
  await disabledWithReason('Crear Nuevo');
  await disabledWithReason('Editar Solicitud');
  await disabledWithReason('Eliminar Referencias');
  // The fixed fields' order is kept in this browser: it needs no connection.
  await expect(page.getByRole('button', { name: 'Ordenar Campos Fijos' })).toBeEnabled();

  await config.tab('Configuración Tabla').click();
  await disabledWithReason('Agregar Columna');
  await config.tab('Gestión Categorías').click();
  await disabledWithReason('Nueva Categoría');
  await disabledWithReason('Editar bancos');
  await disabledWithReason('Eliminar bancos');

  // Still true after a reload without a connection.
  await page.reload();
  await expect(page.locator('#config-sin-conexion')).toContainText(reason);
  await disabledWithReason('Crear Nuevo');

  await context.setOffline(false);
  await expect(page.locator('#config-sin-conexion')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Crear Nuevo' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Editar Solicitud' })).toBeEnabled();
});

test('screenshots of /config at 390, 820 (touch) and 1366 px, online and offline', async ({ browser, request }) => {
  const token = await adminToken(request);
  await request.put('/api/configuraciones/columnas-tabla', {
    headers: { authorization: `Bearer ${token}` },
    data: { columnas: [{ nombre: 'Nombres', nombre_interno: 'nombres', activo: true, orden: 1 }, { nombre: 'Estado', nombre_interno: 'estado', activo: true, orden: 2 }] },
  });
  for (const width of [390, 820, 1366]) {
    const context = await browser.newContext({ viewport: { width, height: width === 1366 ? 850 : width === 820 ? 1180 : 844 }, hasTouch: width === 820 });
    const page = await context.newPage();
    const config = await openConfig(page);
    for (const offline of [false, true]) {
      await context.setOffline(offline);
      const tag = `${width}${offline ? '-offline' : ''}`;
      await config.tab('Configuración Campos').click();
      await page.screenshot({ path: test.info().outputPath(`campos-${tag}.png`), fullPage: true });
      await config.tab('Configuración Tabla').click();
      await expect(page.getByRole('list', { name: 'Columnas configuradas' })).toBeVisible();
      await page.screenshot({ path: test.info().outputPath(`tabla-${tag}.png`), fullPage: true });
      if (!offline) {
        await config.tab('Configuración Campos').click();
        await page.getByRole('button', { name: 'Crear Nuevo' }).click();
        await expect(config.dialog('Crear nuevo campo')).toBeVisible();
        await page.screenshot({ path: test.info().outputPath(`crear-${tag}.png`) });
        await page.keyboard.press('Escape');
        await page.getByRole('button', { name: 'Ordenar Campos Fijos' }).click();
        await page.screenshot({ path: test.info().outputPath(`fijos-${tag}.png`) });
        await page.keyboard.press('Escape');
      }
    }
    await context.close();
  }
});
