/**
 * Issue 28, 'Find anything, locally': the credits list's search finds an application by its
 * radicado (whole or without 'RAD-', any case), by a status word, by a bank and by the employer
 * ('Empresa donde trabaja'), over the local index. The expected counts come from the real server's rows (GET /api/dashboard/tabla).
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { LoginPage, PASSWORD, resultadosDe, waitForRows } from './fixtures/app';

interface TablaRow {
  solicitud: { estado: string; radicado: string | null; banco: string | null };
  actividad_economica: { detalle_actividad: Record<string, unknown> | null } | null;
}

async function serverRows(request: APIRequestContext, email: string): Promise<TablaRow[]> {
  const login = await request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(login.ok()).toBe(true);
  const body = (await login.json()) as { access_token?: string; token?: string };
  const tabla = await request.get('/api/dashboard/tabla', { headers: { authorization: `Bearer ${body.access_token ?? body.token}` } });
  expect(tabla.ok()).toBe(true);
  return ((await tabla.json()) as { data: TablaRow[] }).data;
}

const fold = (s: string) => s.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();

async function count(page: Page): Promise<number> {
  return resultadosDe(await page.getByTestId('resultados').textContent(), NaN);
}

test('the search finds an application by radicado (with or without RAD-, any case), by a status word, by a bank and by the employer', async ({ page, request }) => {
  const email = 'admin@demo.co';
  await new LoginPage(page).loginAndWait(email);
  const total = await waitForRows(page);
  const rows = await serverRows(request, email);
  expect(rows).toHaveLength(total);
  const search = page.getByLabel('Buscar');
  const listed = page.getByTestId('credit-row');

  const radicado = rows.find((r) => r.solicitud.radicado)!.solicitud.radicado!;
  expect(radicado).toMatch(/^RAD-/);
  for (const typed of [radicado, radicado.toLowerCase(), radicado.slice('RAD-'.length).toLowerCase()]) {
    await search.fill(typed);
    await expect(page.getByTestId('resultados')).toHaveText('1 resultado');
    await expect(listed).toHaveCount(1);
    await expect(listed.first().getByTestId('radicado')).toHaveText(radicado);
  }

  // A status word, typed in lower case without its accents: exactly the rows in that status.
  const estados = [...new Set(rows.map((r) => r.solicitud.estado))];
  const estado = estados.find((e) => !e.includes(' ') && !estados.some((o) => o !== e && fold(o).startsWith(fold(e))))!;
  const enEstado = rows.filter((r) => r.solicitud.estado === estado).length;
  expect(enEstado).toBeGreaterThan(0);
  await search.fill(fold(estado));
  await expect.poll(() => count(page)).toBe(enEstado);
  for (const badge of await listed.getByTestId('estado-badge').allTextContents()) expect(badge.trim()).toBe(estado);

  // A bank (a word no name, city or e-mail of the demo has), in upper case: the rows at that bank.
  const enBanco = rows.filter((r) => r.solicitud.banco === 'Bancolombia').length;
  expect(enBanco).toBeGreaterThan(0);
  expect(enBanco).toBeLessThan(total);
  await search.fill('BANCOLOMBIA');
  await expect.poll(() => count(page)).toBe(enBanco);

  // The employer, as the 'Nombre Empresa' column shows it, typed without its accent: the rows of
  // the people who work there (staff look up payroll credits by the company that pays).
  const enExito = rows.filter((r) => r.actividad_economica?.detalle_actividad?.empresa === 'Grupo Éxito').length;
  expect(enExito).toBeGreaterThan(0);
  await search.fill('grupo exito');
  await expect.poll(() => count(page)).toBe(enExito);
});

// The filter's name is 'Estado' and its value ('Estado Todos los estados'); the header's sort button is 'Estado' alone.
test('the status (several) and bank filters narrow the list and are kept on the device with the page size', async ({ page, request }) => {
  const email = 'admin@demo.co';
  await new LoginPage(page).loginAndWait(email);
  const total = await waitForRows(page);
  const rows = await serverRows(request, email);
  const estadoButton = page.getByRole('button', { name: /^Estado \S/ });

  await estadoButton.click();
  await page.getByRole('checkbox', { name: 'Aprobado', exact: true }).check();
  await page.getByRole('checkbox', { name: 'Negado', exact: true }).check();
  await page.keyboard.press('Escape');
  await expect(estadoButton).toHaveText(/2 estados/);
  const enEstados = rows.filter((r) => ['Aprobado', 'Negado'].includes(r.solicitud.estado));
  await expect.poll(() => count(page)).toBe(enEstados.length);
  for (const badge of await page.getByTestId('credit-row').getByTestId('estado-badge').allTextContents()) expect(['Aprobado', 'Negado']).toContain(badge.trim());

  await page.getByRole('combobox', { name: 'Banco' }).click();
  await page.getByRole('option', { name: 'Bancolombia' }).click();
  const both = enEstados.filter((r) => r.solicitud.banco === 'Bancolombia').length;
  expect(both).toBeGreaterThan(0);
  await expect.poll(() => count(page)).toBe(both);
  await page.getByLabel('Filas por página').selectOption('20');

  // Kept on this device for this user: a reload shows the same filters, count and page size.
  await page.reload();
  await expect.poll(() => count(page), { timeout: 30_000 }).toBe(both);
  await expect(estadoButton).toHaveText(/2 estados/);
  await expect(page.getByRole('combobox', { name: 'Banco' })).toHaveText('Bancolombia');
  await expect(page.getByLabel('Filas por página')).toHaveValue('20');

  // Back to every status and bank.
  await estadoButton.click();
  await page.getByRole('button', { name: 'Todos los estados' }).click();
  await page.getByRole('combobox', { name: 'Banco' }).click();
  await page.getByRole('option', { name: 'Todos los bancos' }).click();
  await expect.poll(() => count(page)).toBe(total);
});

for (const { width, height, touch } of [
  { width: 390, height: 844, touch: true },
  { width: 820, height: 1180, touch: true },
  { width: 1366, height: 850, touch: false },
]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height }, hasTouch: touch });
    test(`screenshots of the list filters at ${width} px, online and offline`, async ({ page, context }) => {
      // Narrow screens fold the menu into a drawer: wait for the list, not the menu.
      const login = new LoginPage(page);
      await login.goto();
      await login.login('admin@demo.co');
      await waitForRows(page);
      await page.getByRole('button', { name: /^Estado \S/ }).click();
      await page.getByRole('checkbox', { name: 'Aprobado', exact: true }).check();
      await expect(page.getByRole('checkbox', { name: 'Aprobado', exact: true })).toBeChecked();
      await page.screenshot({ path: `test-results/shots/filtros-${width}.png` });
      await page.keyboard.press('Escape');
      await context.setOffline(true);
      await page.getByRole('combobox', { name: 'Banco' }).click();
      await page.getByRole('option', { name: 'Bancolombia' }).click();
      await expect.poll(() => count(page)).toBeGreaterThan(0);
      await page.screenshot({ path: `test-results/shots/filtros-${width}-offline.png` });
    });
  });
}
