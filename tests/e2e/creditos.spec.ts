import { expect, test, type Page } from '@playwright/test';
import { chooseStatus, currentStatus, LoginPage, PASSWORD, resultadosDe, statusControl, waitForServiceWorker, waitForRows } from './fixtures/app';

// Rows arrive with the sync engine's first pull after login.
async function resultCount(page: Page): Promise<number> {
  return resultadosDe(await page.getByTestId('resultados').textContent(), NaN);
}

test('the credits list pages, searches and filters by date', async ({ page }) => {
  await new LoginPage(page).loginAndWait('admin@demo.co');
  await expect(page.getByRole('heading', { level: 1, name: 'Creditos' })).toBeVisible();
  const total = await waitForRows(page);
  const rows = page.getByTestId('credit-row');
  await expect(rows).toHaveCount(Math.min(10, total));
  await expect(page.getByRole('table').locator('caption')).toHaveCount(1);

  await page.getByLabel('Filas por página').selectOption('20');
  await expect(rows).toHaveCount(Math.min(20, total));
  const pages = Math.max(1, Math.ceil(total / 20));
  await expect(page.getByTestId("pagina-actual").getByText(`Página 1 de ${pages}`)).toBeVisible();
  if (pages > 1) {
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await expect(page.getByTestId("pagina-actual").getByText(`Página 2 de ${pages}`)).toBeVisible();
    await page.getByRole('button', { name: 'Última' }).click();
    await expect(page.getByTestId("pagina-actual").getByText(`Página ${pages} de ${pages}`)).toBeVisible();
    await expect(rows).toHaveCount(total - (pages - 1) * 20);
    await page.getByRole('button', { name: 'Anterior' }).click();
    await expect(page.getByTestId("pagina-actual").getByText(`Página ${pages - 1} de ${pages}`)).toBeVisible();
    await page.getByRole('button', { name: 'Primera' }).click();
    await expect(page.getByTestId("pagina-actual").getByText(`Página 1 de ${pages}`)).toBeVisible();
  }

  const name = ((await rows.first().getByTestId('nombre').textContent()) ?? '').trim();
  expect(name).not.toBe('');
  await page.getByLabel('Buscar').fill(name.toLocaleUpperCase('es-CO'));
  await expect.poll(() => resultCount(page)).toBeLessThan(total);
  expect(await resultCount(page)).toBeGreaterThan(0);
  await expect(rows.first().getByTestId('nombre')).toHaveText(name);

  await page.getByLabel('Buscar').fill('');
  await expect.poll(() => resultCount(page)).toBe(total);
  await page.getByLabel('Fecha inicial').fill('2099-01-01');
  await expect(page.getByText('No hay solicitudes que coincidan con la búsqueda')).toBeVisible();
  await expect(page.getByTestId('resultados')).toHaveText('0 resultados');

  // A start after the end says why nothing is listed.
  await page.getByLabel('Fecha final').fill('2098-01-01');
  await expect(page.getByLabel('Fecha inicial')).toHaveAccessibleDescription('La fecha inicial es posterior a la fecha final.');
  // A date that is not a day is not applied, and says so instead of being ignored.
  await page.getByLabel('Fecha final').fill('');
  await page.getByLabel('Fecha inicial').fill('31022026');
  await expect(page.getByLabel('Fecha inicial')).toHaveValue('31/02/2026');
  await expect(page.getByLabel('Fecha inicial')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Fecha inicial')).toHaveAccessibleDescription('No es una fecha válida (dd/mm/aaaa): no se aplica.');
  await expect.poll(() => resultCount(page)).toBe(total);
  await page.getByLabel('Fecha inicial').fill('');
  await expect(page.getByLabel('Fecha inicial')).not.toHaveAttribute('aria-invalid', 'true');
});

// The spec gives change_status to admin, manager, banco and supervisor, not to the asesor, so a
// manager changes the status here.
test('a status changed offline survives a reload and reaches the server once online', async ({
  page,
  context,
  request,
}) => {
  const email = 'manager@demo.co';
  await new LoginPage(page).loginAndWait(email);
  await waitForRows(page);
  await waitForServiceWorker(page);
  await waitForRows(page);

  const first = page.getByTestId('credit-row').first();
  const radicado = ((await first.getByTestId('radicado').textContent()) ?? '').trim();
  expect(radicado).not.toBe('');
  const row = page.getByTestId('credit-row').filter({ hasText: radicado });
  const before = await currentStatus(row);
  const target = before === 'Desistido' ? 'Aprobado' : 'Desistido';

  await context.setOffline(true);
  await chooseStatus(page, row, target);
  await expect(row.getByTestId('estado-badge')).toHaveText(target);
  await expect(row.getByText('Sin sincronizar')).toBeVisible();

  await page.reload();
  await waitForRows(page);
  await expect(row.getByTestId('estado-badge')).toHaveText(target);
  await expect(statusControl(row)).toHaveText(target);
  await expect(row.getByText('Sin sincronizar')).toBeVisible();

  await context.setOffline(false);
  await expect(row.getByText('Sin sincronizar')).toHaveCount(0, { timeout: 30_000 });

  const login = await request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(login.ok()).toBe(true);
  const body = (await login.json()) as { access_token?: string; token?: string };
  const token = body.access_token ?? body.token;
  const tabla = await request.get('/api/dashboard/tabla', { headers: { authorization: `Bearer ${token}` } });
  expect(tabla.ok()).toBe(true);
  const data = ((await tabla.json()) as { data: { solicitud: { estado: string; radicado: string | null } }[] }).data;
  expect(data.find((r) => r.solicitud.radicado === radicado)?.solicitud.estado).toBe(target);
});

test('a first sync still under way says the applications are downloading, then lists them', async ({ page, context }) => {
  // Hold the first pull at the network (the real server answers once released).
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await context.route('**/api/sync/pull**', async (route) => {
    await held;
    await route.continue();
  });
  await new LoginPage(page).loginAndWait('admin@demo.co');
  await expect(page.getByTestId('primera-descarga')).toHaveText('Descargando las solicitudes del servidor...');
  await expect(page.getByTestId('resultados')).toHaveText('Descargando...');
  await expect(page.getByText('No hay solicitudes que coincidan con la búsqueda')).toHaveCount(0);

  release();
  expect(await waitForRows(page)).toBeGreaterThan(0);
  await expect(page.getByTestId('primera-descarga')).toHaveCount(0);
});

test.describe('at 1366 px', () => {
  test.use({ viewport: { width: 1366, height: 850 } });

  test('the table fits without a sideways scroll, each row shows its status once (the control is the badge), and listed fields read by their labels', async ({ page }) => {
    await new LoginPage(page).loginAndWait('admin@demo.co');
    const rows = page.getByTestId('credit-row');
    await expect(rows.first()).toBeVisible();
    const table = page.locator('table');
    const [scroll, client] = await table.locator('xpath=..').evaluate((e) => [e.scrollWidth, e.clientWidth]);
    expect(scroll).toBeLessThanOrEqual(client);
    await expect(page.locator('thead th')).toHaveText(['Fecha', 'Nombre', 'Número Documento', 'Correo', 'Estado', 'Celular', 'Tipo Crédito', 'Banco', 'Monto']);
    for (const row of (await rows.all()).slice(0, 5)) {
      await expect(row.getByTestId('estado-badge')).toHaveCount(1);
      await expect(row.getByRole('combobox', { name: 'Cambiar estado' }).getByTestId('estado-badge')).toHaveCount(1);
    }
    const tipos = await page.locator('tbody tr td:nth-child(7)').allTextContents();
    expect(tipos.length).toBeGreaterThan(0);
    for (const t of tipos) expect(t).toMatch(/^(—|[A-ZÁÉÍÓÚ])/);
  });
});

test("Descargar Ventas says 'Preparando archivo…' while the server makes the file, and the page stays usable meanwhile", async ({ page }) => {
  await new LoginPage(page).loginAndWait('admin@demo.co');
  await waitForRows(page);
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/descargar-ventas/', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Descargar Ventas' }).click();
  const preparing = page.getByRole('button', { name: 'Preparando archivo…' });
  await expect(preparing).toBeVisible();
  await expect(preparing).toBeDisabled();
  await expect(preparing).toHaveAttribute('aria-busy', 'true');
  await expect(preparing.getByTestId('ventas-spinner')).toBeVisible();
  // The wait is the server's: the list still answers a search.
  const search = page.getByLabel('Buscar');
  await search.fill('zzzz sin resultados');
  await expect.poll(() => resultCount(page)).toBe(0);
  await search.fill('');
  await expect.poll(() => resultCount(page)).toBeGreaterThan(0);
  for (const width of [390, 820, 1366]) {
    await page.setViewportSize({ width, height: width === 820 ? 1180 : width === 390 ? 844 : 850 });
    await expect(preparing).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`ventas-preparando-${width}.png`) });
  }
  const download = page.waitForEvent('download');
  release();
  expect((await download).suggestedFilename()).toBe('ventas_realizadas.csv');
  await expect(page.getByRole('button', { name: 'Descargar Ventas' })).toBeEnabled();
  await page.unroute('**/api/descargar-ventas/');
});

test('a status chosen with the keyboard keeps the focus on the row’s control, so the next key still works', async ({ page }) => {
  await new LoginPage(page).loginAndWait('supervisor@demo.co');
  await waitForRows(page);
  const row = page.getByTestId('credit-row').first();
  const radicado = ((await row.getByTestId('radicado').textContent()) ?? '').trim();
  const same = page.getByTestId('credit-row').filter({ hasText: radicado });
  const control = statusControl(same);
  const before = await currentStatus(same);
  const target = before === 'En estudio' ? 'Aprobado' : 'En estudio';

  await control.focus();
  await page.keyboard.press('Enter');
  const list = page.getByRole('listbox', { name: 'Cambiar estado' });
  const names = await list.getByRole('option').allTextContents();
  const index = names.findIndex((n) => n.replace('✓', '').trim() === target);
  expect(index).toBeGreaterThanOrEqual(0);
  await page.keyboard.press('Home');
  for (let i = 0; i < index; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(same.getByTestId('estado-badge')).toHaveText(target);
  // While the change is queued the control stays focused (it was disabled, which dropped the
  // focus to the page), and once it is, Enter opens the list again.
  await expect(control).toBeFocused();
  await expect(control).not.toHaveAttribute('aria-busy', 'true');
  await expect(control).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(list).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(list).toHaveCount(0);
  await expect(control).toBeFocused();
});
