import { expect, test, type Page } from '@playwright/test';
import { answerConfirm, LoginPage, waitForRows } from './fixtures/app';
import { ConfigPage, localDefinitions } from './fixtures/config';
import { RegistroModal } from './fixtures/registro';
import { apiLogin, fillApplication, letras, tabla } from './fixtures/asesor';

const headers = (page: Page) => page.getByRole('table').locator('thead th').allTextContents();

// The suite shares one server: leave company 1 without a column configuration (as seeded), so the
// specs that run after this one see the default columns.
test.afterEach(async ({ request }) => {
  const login = await request.post('/api/auth/login', { data: { email: 'admin@demo.co', password: 'demo1234' } });
  const token = ((await login.json()) as { access_token: string }).access_token;
  const res = await request.put('/api/configuraciones/columnas-tabla', {
    headers: { authorization: `Bearer ${token}` },
    data: { columnas: [] },
  });
  expect(res.ok()).toBe(true);
});

async function openAsAdmin(page: Page, email = 'admin@demo.co') {
  await new LoginPage(page).loginAndWait(email);
  const config = new ConfigPage(page);
  await config.goto();
  await config.waitForDefinitions();
  return config;
}

test('only admin and supervisor reach /config', async ({ page }) => {
  await new LoginPage(page).loginAndWait('asesor@demo.co');
  await expect(page.getByRole('link', { name: 'Configuración' })).toHaveCount(0);
  await page.goto('/config');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Configuración' })).toHaveCount(0);
});

/** The list's columns while nothing is configured (spec 01 §9's five, then those the data has). */
async function defaultHeaders(page: Page): Promise<string[]> {
  await waitForRows(page);
  await expect.poll(() => headers(page)).toEqual(expect.arrayContaining(['Fecha', 'Nombre', 'Número Documento', 'Correo', 'Estado']));
  const shown = await headers(page);
  expect(shown.slice(0, 5)).toEqual(['Fecha', 'Nombre', 'Número Documento', 'Correo', 'Estado']);
  return shown;
}

test("columns: the tab starts from the list's default columns, a first added column joins them; reorder by drag, toggle and delete; the list follows", async ({ page }) => {
  await new LoginPage(page).loginAndWait('admin@demo.co');
  const defaults = await defaultHeaders(page);
  const config = new ConfigPage(page);
  await config.goto();
  await config.waitForDefinitions();
  await config.tab('Configuración Tabla').click();
  // Nothing configured yet: the tab lists what the credits list shows, to be edited from there.
  await expect.poll(() => config.columnNames()).toEqual(defaults);
  await expect(page.getByText('No hay columnas configuradas')).toHaveCount(0);

  await page.getByRole('button', { name: 'Agregar Columna' }).click();
  await page.getByRole('button', { name: 'Agregar', exact: true }).click();
  await expect(page.getByText('Por favor selecciona un campo')).toBeVisible();
  await expect(page.getByLabel('Campo', { exact: true }).locator('option[value="estado"]')).toHaveCount(0);
  await page.getByRole('button', { name: 'Cancelar' }).click();

  await config.addColumn('nombres');
  await expect(config.toast('Columna agregada exitosamente')).toBeVisible();
  await expect.poll(() => config.columnNames()).toEqual([...defaults, 'Nombres']);
  await expect(page.getByTestId('columna-nombres').getByTestId('columna-orden')).toHaveText(String(defaults.length + 1));

  // The advisor's rows keep their date, name and status: the new column came on top of them.
  await page.getByRole('link', { name: 'Inicio' }).click();
  await expect.poll(() => headers(page)).toEqual([...defaults, 'Nombres']);
  await expect(page.getByTestId('credit-row').first().getByTestId('radicado')).not.toHaveText('');

  await config.goto();
  await config.tab('Configuración Tabla').click();
  const moved = ['Nombre', 'Fecha', ...defaults.slice(2), 'Nombres'];
  await config.dragColumn('nombre', 'fecha');
  await expect(config.toast('Configuración guardada exitosamente')).toBeVisible();
  await expect.poll(() => config.columnNames()).toEqual(moved);
  await expect(page.getByTestId('columna-nombre').getByTestId('columna-orden')).toHaveText('1');

  await page.getByRole('link', { name: 'Inicio' }).click();
  await expect.poll(() => headers(page)).toEqual(moved);

  // Switched off: gone from the list; deleted: reindexed.
  await config.goto();
  await config.tab('Configuración Tabla').click();
  await page.getByRole('switch', { name: 'Columna Estado activa' }).click();
  await expect(page.getByRole('switch', { name: 'Columna Estado activa' })).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByText('Guardando cambios...')).toHaveCount(0);
  await page.getByRole('button', { name: 'Eliminar columna Fecha' }).click();
  await answerConfirm(page, '¿Estás seguro de eliminar esta columna?', 'confirm');
  await expect(page.getByTestId('columna-fecha')).toHaveCount(0);
  await expect(page.getByTestId('columna-numero_documento').getByTestId('columna-orden')).toHaveText('2');
  await expect(page.getByTestId('columna-estado').getByTestId('columna-orden')).toHaveText('4');
  await page.getByRole('link', { name: 'Inicio' }).click();
  await expect.poll(() => headers(page)).toEqual(moved.filter((h) => h !== 'Estado' && h !== 'Fecha'));
});

test("a field the company configured can be a column: offered by its label, and the list shows what 'Editar Registro' saved in it", async ({ page }) => {
  const config = await openAsAdmin(page);
  await config.tab('Configuración Tabla').click();
  await page.getByRole('button', { name: 'Agregar Columna' }).click();
  const campo = page.getByLabel('Campo', { exact: true });
  await expect(campo.locator('optgroup[label="Campos configurados"] option[value="destino_credito"]')).toHaveText('Destino del crédito (destino_credito)');
  // 'Plazo en meses' is where 'Plazo' reads: it is offered once, as 'Plazo'.
  await expect(campo.locator('option[value="plazo_tiempo"]')).toHaveCount(1);
  await expect(campo.locator('option[value="plazo_meses"]')).toHaveCount(0);
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await config.addColumn('destino_credito');
  const names = await config.columnNames();
  expect(names.at(-1)).toBe('Destino del crédito');

  await page.getByRole('link', { name: 'Inicio' }).click();
  await expect.poll(() => headers(page)).toEqual(names);
  const destinoAt = names.length - 1;
  const row = page.getByTestId('credit-row').nth(3);
  const radicado = ((await row.getByTestId('radicado').textContent()) ?? '').trim();
  expect(radicado).not.toBe('');
  await row.locator('td').first().click();
  const modal = new RegistroModal(page);
  await expect(modal.dialog()).toBeVisible();
  const destino = modal.field('Destino del crédito');
  const nuevo = (await destino.inputValue()) === 'Vehículo' ? 'Educación' : 'Vehículo';
  await destino.selectOption({ label: nuevo });
  await modal.save();
  await expect(page.getByText('Registro actualizado correctamente')).toBeVisible();
  await expect(modal.row(radicado).locator('td').nth(destinoAt)).toHaveText(nuevo);
});

test("a configured field's column follows the field's label after a rename, in the list and in 'Configuración Tabla'", async ({ page, request }) => {
  const key = `color_${Date.now().toString(36)}`;
  const login = await request.post('/api/auth/login', { data: { email: 'admin@demo.co', password: 'demo1234' } });
  const auth = { authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
  const created = await request.post('/api/json/definitions/solicitante/info_extra', { headers: auth, data: { definitions: [{ key, type: 'string', description: 'Color favorito' }] } });
  expect(created.ok(), await created.text()).toBe(true);
  const id = ((await created.json()) as { data: Array<{ id: number; key: string }> }).data.find((d) => d.key === key)!.id;
  try {
    // The column was added while the field was 'Color favorito' (its name is stored with it).
    const put = await request.put('/api/configuraciones/columnas-tabla', {
      headers: auth,
      data: {
        columnas: [
          { nombre: 'Nombre', nombre_interno: 'nombre', activo: true, orden: 1 },
          { nombre: 'Color favorito', nombre_interno: key, activo: true, orden: 2 },
        ],
      },
    });
    expect(put.ok(), await put.text()).toBe(true);
    const renamed = await request.patch(`/api/json/definitions/${id}`, { headers: auth, data: { description: 'Color preferido' } });
    expect(renamed.ok(), await renamed.text()).toBe(true);

    await new LoginPage(page).loginAndWait('admin@demo.co');
    await waitForRows(page);
    await expect.poll(() => headers(page)).toEqual(['Nombre', 'Color preferido']);
    const config = new ConfigPage(page);
    await config.goto();
    await config.tab('Configuración Tabla').click();
    await expect.poll(() => config.columnNames()).toEqual(['Nombre', 'Color preferido']);
    await expect(page.getByRole('switch', { name: 'Columna Color preferido activa' })).toBeVisible();
  } finally {
    await request.delete(`/api/json/definitions/solicitante/info_extra/${key}`, { headers: auth });
  }
});

test("a group's configuration window asks before 'Cancelar', Escape or ✕ throw away a new field being typed; so do a field's edit and 'Crear Nuevo'", async ({ page }) => {
  const config = await openAsAdmin(page);
  const open = async () => {
    await page.getByRole('button', { name: 'Editar Actividad Económica' }).click();
    await expect(win).toBeVisible();
  };
  const win = config.dialog('Configuración de Actividad Económica');
  const cancel = win.locator('footer').getByRole('button', { name: 'Cancelar' });
  const asked = 'El campo nuevo que estás agregando no se ha guardado. Si cierras ahora, se perderá.';

  // Nothing typed: one tap closes it.
  await open();
  await cancel.click();
  await expect(win).toHaveCount(0);

  await open();
  await win.getByRole('button', { name: 'Nuevo campo' }).click();
  const display = win.getByLabel('Nombre para mostrar *');
  await display.fill('Antigüedad en meses');
  const closers = [() => cancel.click(), () => display.press('Escape'), () => win.getByRole('button', { name: 'Cerrar' }).first().click()];
  for (const close of closers) {
    await close();
    await answerConfirm(page, asked, 'cancel');
    await expect(win).toBeVisible();
    await expect(display).toHaveValue('Antigüedad en meses');
  }
  await cancel.click();
  await answerConfirm(page, asked, 'confirm');
  await expect(win).toHaveCount(0);
  expect((await localDefinitions(page)).some((d) => d.key === 'antiguedad_en_meses')).toBe(false);

  // A field's edit window asks too; discarding leaves the field as it was.
  await open();
  await win.getByRole('button', { name: 'Editar Cargo', exact: true }).click();
  // Titled by the field's label, not its key.
  const edit = config.dialog('Editar campo: Cargo');
  await expect(page.getByRole('dialog', { name: 'Editar campo: Cargo', exact: true })).toBeVisible();
  await edit.getByLabel('Nombre para mostrar *').fill('Cargo actual');
  await edit.getByLabel('Nombre para mostrar *').press('Escape');
  await answerConfirm(page, 'Los cambios de este campo no se han guardado.', 'confirm');
  await expect(edit).toHaveCount(0);
  await expect(win.getByTestId('campo-cargo')).toContainText('Cargo');
  await expect(win.getByTestId('campo-cargo')).not.toContainText('Cargo actual');
  await cancel.click();
  await expect(win).toHaveCount(0);

  // 'Crear Nuevo' as well.
  await page.getByRole('button', { name: 'Crear Nuevo' }).click();
  const crear = config.dialog('Crear nuevo campo');
  await crear.getByLabel('Nombre para mostrar *').fill('Antigüedad en meses');
  await crear.locator('footer').getByRole('button', { name: 'Cancelar' }).click();
  await answerConfirm(page, 'El campo nuevo no se ha creado.', 'cancel');
  await expect(crear.getByLabel('Nombre para mostrar *')).toHaveValue('Antigüedad en meses');
  await crear.locator('footer').getByRole('button', { name: 'Cancelar' }).click();
  await answerConfirm(page, 'El campo nuevo no se ha creado.', 'confirm');
  await expect(crear).toHaveCount(0);
});

test('a condition is worded by the fields\' labels and the value as chosen (Sí/No, the option), never internal names or raw values', async ({ page }) => {
  const config = await openAsAdmin(page);
  await page.getByRole('button', { name: 'Editar Ubicación' }).click();
  const ubicacion = config.dialog('Configuración de Ubicación');
  const arriendo = ubicacion.getByTestId('campo-valor_arriendo');
  await expect(arriendo).toContainText('si ¿Paga arriendo? = Sí');
  await expect(arriendo).not.toContainText('= true');
  await ubicacion.getByRole('button', { name: 'Condición de Valor del arriendo', exact: true }).click();
  const cond = config.dialog(/Condición de visibilidad/);
  await expect(cond).toContainText('El campo Valor del arriendo se muestra solo cuando el campo activador tiene el valor esperado.');
  await expect(cond.getByLabel('Valor esperado').locator('option:checked')).toHaveText('Sí');
  // Unchanged, Cancelar just closes; a changed condition is not dropped by one tap.
  await cond.locator('footer').getByRole('button', { name: 'Cancelar' }).click();
  await expect(cond).toHaveCount(0);
  await ubicacion.getByRole('button', { name: 'Condición de Valor del arriendo', exact: true }).click();
  await cond.getByLabel('Valor esperado').selectOption({ label: 'No' });
  await cond.locator('footer').getByRole('button', { name: 'Cancelar' }).click();
  await answerConfirm(page, 'La condición no se ha guardado.', 'cancel');
  await expect(cond.getByLabel('Valor esperado').locator('option:checked')).toHaveText('No');
  await cond.getByLabel('Valor esperado').press('Escape');
  await answerConfirm(page, 'La condición no se ha guardado.', 'confirm');
  await expect(cond).toHaveCount(0);
  await ubicacion.locator('footer').getByRole('button', { name: 'Cancelar' }).click();

  await page.getByRole('button', { name: 'Editar Actividad Económica' }).click();
  await expect(config.dialog('Configuración de Actividad Económica').getByTestId('campo-cargo')).toContainText('si Tipo de actividad económica = Empleado');
});

test('categories: create one as a simple list and one as complex JSON, convert, delete', async ({ page }) => {

  const config = await openAsAdmin(page);
  await config.tab('Gestión Categorías').click();
  await expect(page.getByTestId('categoria-bancos')).toBeVisible();

  await page.getByRole('button', { name: 'Nueva Categoría' }).click();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByText('El nombre de la categoría es requerido')).toBeVisible();
  await page.getByLabel('Nombre de la categoría').fill('tipos_vivienda');
  await page.getByRole('button', { name: 'Continuar' }).click();
  const simple = config.dialog('Nueva categoría: tipos_vivienda');
  await expect(simple.getByLabel('Lista simple')).toBeChecked();
  await simple.getByRole('button', { name: 'Guardar' }).click();
  await expect(simple.getByRole('alert')).toHaveText('Errores de validación: La descripción es requerida, La configuración no puede ser un array vacío');
  await simple.getByLabel('Descripción *').fill('Tipos de vivienda');
  for (const item of ['Propia', 'Arrendada', 'Familiar']) {
    await simple.getByLabel('Nuevo elemento').fill(item);
    await simple.getByRole('button', { name: 'Agregar elemento' }).click();
  }
  await simple.getByRole('button', { name: 'Quitar Familiar' }).click();
  await simple.getByRole('button', { name: 'Guardar' }).click();
  await expect(config.toast('Categoría creada')).toBeVisible();
  await expect(page.getByTestId('categoria-tipos_vivienda')).toContainText('Activo');

  await page.getByRole('button', { name: 'Nueva Categoría' }).click();
  await page.getByLabel('Nombre de la categoría').fill('tasas');
  await page.getByRole('button', { name: 'Continuar' }).click();
  const complex = config.dialog('Nueva categoría: tasas');
  await complex.getByLabel('Descripción *').fill('Tasas por línea');
  await complex.getByLabel('Configuración JSON compleja').check();
  await complex.getByLabel('JSON', { exact: true }).fill('{}');
  await complex.getByRole('button', { name: 'Guardar' }).click();
  await expect(complex.getByRole('alert')).toHaveText('Errores de validación: La configuración no puede ser un objeto vacío');
  await complex.getByLabel('JSON', { exact: true }).fill('{"consumo": {"tasa": 1.8}, "vivienda": {"tasa": 1.1}');
  await complex.getByLabel('JSON', { exact: true }).fill('{"consumo": {"tasa": 1.8}, "vivienda": {"tasa": 1.1}}');
  await complex.getByRole('button', { name: 'Guardar' }).click();
  await expect(config.toast('Categoría creada')).toBeVisible();

  const stored = await page.evaluate(async () => {
    const res = await fetch('/api/configuraciones/tasas', { headers: { authorization: `Bearer ${localStorage.getItem('access_token')}` } });
    return ((await res.json()) as { data: { configuracion: unknown } }).data.configuracion;
  });
  expect(stored).toEqual({ consumo: { tasa: 1.8 }, vivienda: { tasa: 1.1 } });

  // Format detected on open; switching to the simple list converts to strings.
  await page.getByRole('button', { name: 'Editar tasas' }).click();
  const edit = config.dialog('Editar categoría: tasas');
  await expect(edit.getByLabel('Configuración JSON compleja')).toBeChecked();
  await edit.getByLabel('Lista simple').check();
  await expect(edit.getByLabel('Elemento 1')).toHaveValue('consumo');
  await expect(edit.getByLabel('Elemento 2')).toHaveValue('vivienda');
  await edit.getByRole('button', { name: 'Guardar' }).click();
  await expect(config.toast('Categoría actualizada')).toBeVisible();
  await page.getByRole('button', { name: 'Editar tipos_vivienda' }).click();
  await expect(config.dialog('Editar categoría: tipos_vivienda').getByLabel('Lista simple')).toBeChecked();
  await expect(config.dialog('Editar categoría: tipos_vivienda').getByLabel('Elemento 2')).toHaveValue('Arrendada');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Eliminar tasas' }).click();
  await answerConfirm(page, '¿Eliminar la categoría "tasas"?', 'confirm');
  await expect(config.toast('Categoría eliminada')).toBeVisible();
  await expect(page.getByTestId('categoria-tasas')).toHaveCount(0);
});

test('a conditional field added by the admin reaches a second device after sync', async ({ page, browser }) => {
  const other = await browser.newContext();
  const second = await other.newPage();
  const secondConfig = await openAsAdmin(second, 'supervisor@demo.co');
  expect((await localDefinitions(second)).some((d) => d.key === 'nombre_codeudor')).toBe(false);

  const config = await openAsAdmin(page);
  await page.evaluate(() => {
    const w = window as unknown as { configEvents: unknown[] };
    w.configEvents = [];
    window.addEventListener('fieldConfigChanged', (e) => w.configEvents.push((e as CustomEvent).detail));
  });
  await page.getByRole('button', { name: 'Editar Solicitud' }).click();
  const modal = config.dialog('Configuración de Solicitud');
  await modal.getByRole('button', { name: 'Nuevo campo' }).click();

  // An array field needs options; a repeated option is refused.
  await modal.getByLabel('Nombre para mostrar *').fill('Tipo de codeudor');
  await modal.getByLabel('Tipo', { exact: true }).selectOption('array');
  await modal.getByRole('button', { name: 'Agregar Campo' }).click();
  await expect(modal.getByRole('alert')).toHaveText('El campo es de tipo array pero no tiene opciones configuradas.');
  await modal.getByLabel('Nueva opción').fill('Familiar');
  await modal.getByRole('button', { name: 'Agregar opción' }).click();
  await modal.getByLabel('Nueva opción').fill('familiar');
  await modal.getByRole('button', { name: 'Agregar opción' }).click();
  await expect(modal.getByText('La opción "familiar" ya existe')).toBeVisible();
  // A default value the creation form could not use is refused by the field's own rule.
  await modal.getByLabel('Tipo', { exact: true }).selectOption('date');
  const porDefecto = modal.getByLabel('Valor por defecto', { exact: true });
  await porDefecto.pressSequentially('31022026');
  await expect(porDefecto).toHaveValue('31/02/2026');
  await modal.getByRole('button', { name: 'Agregar Campo' }).click();
  await expect(modal.getByRole('alert')).toHaveText('Valor por defecto inválido. Tipo de codeudor: debe ser una fecha válida (dd/mm/aaaa)');
  await porDefecto.fill('');
  await modal.getByLabel('Tipo', { exact: true }).selectOption('boolean');
  await modal.getByLabel('Nombre para mostrar *').fill('Tiene codeudor');
  await expect(modal.getByLabel('Nombre interno *')).toHaveValue('tiene_codeudor');
  await modal.getByRole('button', { name: 'Agregar Campo' }).click();
  await expect(config.toast('Campo creado')).toBeVisible();
  await expect(modal.getByTestId('campo-tiene_codeudor')).toBeVisible();

  await modal.getByRole('button', { name: 'Nuevo campo' }).click();
  await modal.getByLabel('Nombre para mostrar *').fill('Nombre del codeudor');
  await modal.getByLabel('Nombre interno *').fill('nombre_codeudor');
  await modal.getByRole('button', { name: 'Agregar Campo' }).click();
  await expect(modal.getByTestId('campo-nombre_codeudor')).toBeVisible();

  await modal.getByRole('button', { name: 'Condición de Nombre del codeudor', exact: true }).click();
  const cond = config.dialog(/Condición de visibilidad/);
  await cond.getByRole('button', { name: 'Guardar condición' }).click();
  await expect(cond.getByRole('alert')).toHaveText('El campo activador es requerido');
  await cond.getByLabel('Campo activador').selectOption('tiene_codeudor');
  await expect(cond.getByLabel('Campo activador').locator('option[value="nombre_codeudor"]')).toHaveCount(0);
  await cond.getByRole('button', { name: 'Guardar condición' }).click();
  await expect(cond.getByRole('alert')).toHaveText('El valor esperado es requerido');
  await cond.getByLabel('Valor esperado').selectOption({ label: 'Sí' });
  await cond.getByRole('button', { name: 'Guardar condición' }).click();
  await expect(config.toast('Condición guardada exitosamente')).toBeVisible();
  await expect(modal.getByTestId('campo-nombre_codeudor')).toContainText('si Tiene codeudor = Sí');

  const events = await page.evaluate(() => (window as unknown as { configEvents: unknown[] }).configEvents);
  expect(events).toContainEqual({ entity: 'solicitud', jsonColumn: 'detalle_credito', action: 'create' });
  expect(events).toContainEqual({ entity: 'solicitud', jsonColumn: 'detalle_credito', action: 'update' });

  // The second device pulls it (on reload the engine syncs at once).
  await second.reload();
  await expect
    .poll(async () => (await localDefinitions(second)).find((d) => d.key === 'nombre_codeudor')?.conditional_on, { timeout: 30_000 })
    .toEqual({ field: 'tiene_codeudor', value: true });
  await second.getByRole('button', { name: 'Editar Solicitud' }).click();
  await expect(secondConfig.dialog('Configuración de Solicitud').getByTestId('campo-nombre_codeudor')).toContainText('si Tiene codeudor = Sí');
  await other.close();
});

test('fixed fields reorder in this browser; field reorder saves indexes from 1; offline writes are off', async ({ page, context }) => {
  const config = await openAsAdmin(page);
  await page.getByRole('button', { name: 'Ordenar Campos Fijos' }).click();
  const fixed = config.dialog('Configuración de Campos Fijos');
  await fixed.getByRole('button', { name: 'Reordenar' }).click();
  await fixed.getByRole('button', { name: 'Bajar Nombres', exact: true }).click();
  await fixed.getByRole('button', { name: 'Guardar orden' }).click();
  await expect(config.toast('Orden actualizado para 8 campos fijos')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.reload();
  await page.getByRole('button', { name: 'Ordenar Campos Fijos' }).click();
  await expect(fixed.getByRole('listitem').nth(0)).toContainText('primer_apellido');
  await expect(fixed.getByRole('listitem').nth(1)).toContainText('nombres');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Editar Ubicación' }).click();
  const ubic = config.dialog('Configuración de Ubicación');
  await ubic.getByRole('button', { name: 'Reordenar' }).click();
  const items = ubic.locator('[data-testid^="campo-"]');
  const keys = (await items.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.slice('campo-'.length))));
  expect(keys).toHaveLength(4);
  await expect(items.nth(0).getByLabel('Orden')).toHaveText('1');
  await items.nth(0).getByRole('button', { name: /^Bajar / }).click();
  await expect(items.nth(1)).toHaveAttribute('data-testid', `campo-${keys[0]}`);
  await ubic.getByRole('button', { name: 'Guardar orden' }).click();
  await expect(config.toast('Orden actualizado para 4 campos')).toBeVisible();
  const order = Object.fromEntries(
    (await localDefinitions(page)).filter((d) => d.entity === 'ubicacion').map((d) => [d.key, d.order_index]),
  );
  expect(order).toEqual({ [keys[1]]: 1, [keys[0]]: 2, [keys[2]]: 3, [keys[3]]: 4 });
  await page.keyboard.press('Escape');
  await expect(ubic).toHaveCount(0);

  await context.setOffline(true);
  await expect(page.getByText('Sin conexión: los cambios de configuración necesitan internet', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Eliminar Referencias' })).toBeDisabled();
  await context.setOffline(false);
  await expect(page.getByTestId('grupo-referencia').getByTestId('grupo-conteo')).not.toHaveText('0');
});

test("categories show 'Error al cargar categorías' until a first sync succeeds, and Reintentar loads them", async ({ page }) => {
  // The connection to the pull fails (network error) from the start: nothing was ever loaded.
  await page.route('**/api/sync/pull**', (route) => route.abort('connectionfailed'));
  await new LoginPage(page).loginAndWait('supervisor@demo.co');
  await new ConfigPage(page).goto();
  await page.getByRole('tab', { name: 'Gestión Categorías' }).click();
  await expect(page.getByText('Error al cargar categorías')).toBeVisible({ timeout: 30_000 });
  await page.unroute('**/api/sync/pull**');
  await page.getByRole('button', { name: 'Reintentar' }).click();
  await expect(page.getByTestId('categoria-bancos')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Error al cargar categorías')).toHaveCount(0);
});

test('on a phone the tabs fit, each category is a card with Editar and Eliminar in view, and Editar opens its editor', async ({ page }) => {
  const config = await openAsAdmin(page);
  await page.setViewportSize({ width: 390, height: 844 });
  // The three tabs share the width: each whole and in view, none behind a sideways scroll.
  for (const name of ['Configuración Campos', 'Configuración Tabla', 'Gestión Categorías'] as const) {
    const box = await config.tab(name).boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(box!.height).toBeGreaterThanOrEqual(44);
  }
  await config.tab('Gestión Categorías').click();
  const card = page.getByTestId('categoria-bancos');
  await expect(card).toBeVisible();
  await expect(page.getByRole('list', { name: 'Categorías' })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  for (const name of ['Editar bancos', 'Eliminar bancos']) {
    const box = await card.getByRole('button', { name }).boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(box!.height).toBeGreaterThanOrEqual(44);
    expect(box!.width).toBeGreaterThanOrEqual(44);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await card.getByRole('button', { name: 'Editar bancos' }).click();
  await expect(config.dialog('Editar categoría: bancos')).toBeVisible();
});

test("on a phone a sub-field's new option is typed in a field wide enough to read it", async ({ page }) => {
  const config = await openAsAdmin(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Editar Solicitud' }).click();
  const modal = config.dialog('Configuración de Solicitud');
  await modal.getByRole('button', { name: 'Nuevo campo' }).click();
  await modal.getByLabel('Tipo', { exact: true }).selectOption('object');
  await modal.getByRole('button', { name: 'Agregar sub-campo' }).click();
  const sub = modal.getByRole('listitem', { name: 'Sub-campo 1' });
  await sub.getByLabel('Tipo').selectOption('array');
  // Before: 'Agregar opción' kept its row and left the input about 95 px ('Nueva op').
  const nueva = sub.getByLabel('Nueva opción');
  await nueva.fill('Chevrolet Spark');
  const box = await nueva.boundingBox();
  expect(box!.width).toBeGreaterThanOrEqual(192);
  expect(await nueva.evaluate((e) => e.scrollWidth - e.clientWidth)).toBe(0);
  const agregar = await sub.getByRole('button', { name: 'Agregar opción' }).boundingBox();
  expect(agregar!.x + agregar!.width).toBeLessThanOrEqual(390);
  await sub.getByRole('button', { name: 'Agregar opción' }).click();
  await expect(sub.getByRole('list', { name: /Opciones de/ })).toContainText('Chevrolet Spark');
  await nueva.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('opcion-subcampo-390.png') });
});

/** The value of `key` anywhere inside a row the server returned. */
function valueAt(row: unknown, key: string): unknown {
  if (!row || typeof row !== 'object') return undefined;
  for (const [k, v] of Object.entries(row)) {
    if (k === key) return v;
    const inner = valueAt(v, key);
    if (inner !== undefined) return inner;
  }
  return undefined;
}

test("a group's sub-fields take their own default values: set in the configurator, shown in the creation form, saved on the server", async ({ page, request }) => {
  test.setTimeout(120_000);
  const key = `vehiculo_${Date.now().toString(36)}`;
  const config = await openAsAdmin(page);
  await page.getByRole('button', { name: 'Editar Solicitud' }).click();
  const modal = config.dialog('Configuración de Solicitud');
  await modal.getByRole('button', { name: 'Nuevo campo' }).click();
  await modal.getByLabel('Nombre para mostrar *').fill('Vehículo en garantía');
  await modal.getByLabel('Nombre interno *').fill(key);
  await modal.getByLabel('Tipo', { exact: true }).selectOption('object');
  await modal.getByRole('button', { name: 'Agregar sub-campo' }).click();
  const marca = modal.getByRole('listitem', { name: 'Sub-campo 1' });
  await marca.getByLabel('Nombre interno').fill('marca');
  await marca.getByLabel('Tipo').selectOption('array');
  await marca.getByLabel('Descripción').fill('Marca');
  for (const o of ['Renault', 'Mazda']) {
    await marca.getByLabel('Nueva opción').fill(o);
    await marca.getByRole('button', { name: 'Agregar opción' }).click();
  }
  // The default is chosen among the sub-field's own options.
  await marca.getByLabel('Valor por defecto').selectOption('Mazda');
  await modal.getByRole('button', { name: 'Agregar sub-campo' }).click();
  const matricula = modal.getByRole('listitem', { name: 'Sub-campo 2' });
  await matricula.getByLabel('Nombre interno').fill('matricula');
  await matricula.getByLabel('Tipo').selectOption('date');
  await matricula.getByLabel('Descripción').fill('Fecha de matrícula');
  const fecha = matricula.getByLabel('Valor por defecto');
  await fecha.pressSequentially('31022021');
  // A default the form could not use is refused, named by its group and sub-field.
  await modal.getByRole('button', { name: 'Agregar Campo' }).click();
  await expect(modal.getByRole('alert')).toHaveText('Valor por defecto inválido. Vehículo en garantía · Fecha de matrícula: debe ser una fecha válida (dd/mm/aaaa)');
  await fecha.fill('');
  await fecha.pressSequentially('15032021');
  await modal.getByRole('listitem', { name: 'Sub-campo 2' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('subcampo-defecto.png') });
  await modal.getByRole('button', { name: 'Agregar Campo' }).click();
  await expect(config.toast('Campo creado')).toBeVisible();
  await page.keyboard.press('Escape');

  const admin = await apiLogin(request, 'admin@demo.co');
  try {
    await page.goto('/');
    const apellido = `Subcampos ${letras(Date.now() % 100000)}`;
    const documento = String(4_100_000_000 + (Date.now() % 100_000_000));
    const form = await fillApplication(page, { nombres: 'Nidia', apellido, documento });
    const grupo = form.section('Información del Crédito').getByRole('group', { name: 'Vehículo en garantía' });
    await expect(grupo.getByLabel('Marca', { exact: true })).toHaveValue('Mazda');
    await expect(grupo.getByLabel('Fecha de matrícula', { exact: true })).toHaveValue('15/03/2021');
    await grupo.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('subcampo-defecto-formulario.png') });
    await form.dialog().getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect(form.dialog()).toHaveCount(0);
    const stored = async () => valueAt((await tabla(request, admin.access_token)).find((r) => JSON.stringify(r).includes(apellido)), key);
    await expect.poll(stored, { timeout: 30_000 }).toEqual({ marca: 'Mazda', matricula: '2021-03-15' });

    // The group can be edited later in 'Editar Registro', one sub-field at a time.
    await page.getByLabel('Buscar').fill(documento);
    await page.getByTestId('credit-row').filter({ hasText: apellido }).getByTestId('nombre').click();
    const registro = new RegistroModal(page);
    const editado = registro.dialog().getByRole('group', { name: 'Vehículo en garantía' });
    await expect(editado.getByLabel('Marca', { exact: true })).toHaveValue('Mazda');
    await editado.getByLabel('Marca', { exact: true }).selectOption('Renault');
    await registro.save();
    await expect(page.getByText('Registro actualizado correctamente')).toBeVisible();
    await expect.poll(stored, { timeout: 30_000 }).toEqual({ marca: 'Renault', matricula: '2021-03-15' });
    // 'Historial de cambios' names the sub-field as the form does, never by its key.
    await page.getByTestId('credit-row').filter({ hasText: apellido }).getByTestId('nombre').click();
    const cambio = registro.dialog().getByTestId('seccion-historial').getByTestId('historial-cambio').filter({ hasText: 'Renault' }).first();
    await expect(cambio).toContainText('Vehículo en garantía · Marca', { timeout: 30_000 });
    await expect(cambio).toContainText('Mazda');
  } finally {
    // The suite shares one server: the field goes again.
    const gone = await request.delete(`/api/json/definitions/solicitud/detalle_credito/${key}`, { headers: { authorization: `Bearer ${admin.access_token}` } });
    expect(gone.ok()).toBe(true);
  }
});

test('a category edit and a new field order not yet saved are not dropped by one tap or key: Cancelar and Escape ask first', async ({ page }) => {
  const config = await openAsAdmin(page);
  await config.tab('Gestión Categorías').click();
  await page.getByTestId('categoria-bancos').getByRole('button', { name: 'Editar bancos' }).click();
  const edit = config.dialog('Editar categoría: bancos');
  const first = await edit.getByLabel('Elemento 1').inputValue();
  // Opened and closed untouched: nothing to ask.
  await page.keyboard.press('Escape');
  await expect(edit).toHaveCount(0);

  await page.getByTestId('categoria-bancos').getByRole('button', { name: 'Editar bancos' }).click();
  await edit.getByRole('button', { name: `Quitar ${first}` }).click();
  await expect(edit.getByLabel('Elemento 1')).not.toHaveValue(first);
  await page.keyboard.press('Escape');
  const ask = page.getByRole('alertdialog', { name: '¿Descartar los cambios?' });
  await expect(ask).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('categoria-descartar-1280.png') });
  await ask.getByRole('button', { name: 'Seguir editando' }).click();
  await expect(edit.getByLabel('Elemento 1')).not.toHaveValue(first);
  await edit.getByRole('button', { name: 'Cancelar' }).click();
  await ask.getByRole('button', { name: 'Descartar cambios' }).click();
  await expect(edit).toHaveCount(0);
  // Discarded: the category is as it was.
  await page.getByTestId('categoria-bancos').getByRole('button', { name: 'Editar bancos' }).click();
  await expect(edit.getByLabel('Elemento 1')).toHaveValue(first);
  await page.keyboard.press('Escape');
  await expect(edit).toHaveCount(0);

  await config.tab('Configuración Campos').click();
  await page.getByRole('button', { name: 'Editar Ubicación' }).click();
  const ubic = config.dialog('Configuración de Ubicación');
  await ubic.getByRole('button', { name: 'Reordenar' }).click();
  const items = ubic.locator('[data-testid^="campo-"]');
  const key = (await items.nth(0).getAttribute('data-testid'))!.slice('campo-'.length);
  await items.nth(0).getByRole('button', { name: /^Bajar / }).click();
  await page.keyboard.press('Escape');
  await expect(ask).toContainText('El nuevo orden de los campos no se ha guardado.');
  await ask.getByRole('button', { name: 'Seguir editando' }).click();
  await expect(items.nth(1)).toHaveAttribute('data-testid', `campo-${key}`);
  await ubic.getByRole('button', { name: 'Cancelar orden' }).click();
  // The order as it was: closing needs no question.
  await page.keyboard.press('Escape');
  await expect(ubic).toHaveCount(0);
});
