/**
 * Promises to staff (desktop, 1366 px) and to applicants (the public page on a 390 px phone) kept
 * end to end with the real server: a field the administrator configured is edited in 'Editar
 * Registro' and named by its label everywhere staff read it (the change history included); an
 * application whose value no longer fits the field's new options says so and can still be edited.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { LoginPage, PASSWORD, statusControl, waitForRows } from './fixtures/app';
import { RegistroModal, ServerApi } from './fixtures/registro';

const SHOTS = 'test-results/promesas-staff';
const DEF_URL = '/api/json/definitions/informacion_financiera/detalle_financiera';
const KEY = 'canal_contacto_x';
const LABEL = '¿Cómo nos conoció?';

async function adminToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/auth/login', { data: { email: 'admin@demo.co', password: PASSWORD } });
  return ((await login.json()) as { access_token: string }).access_token;
}

async function defineField(request: APIRequestContext, options: string[]) {
  const res = await request.post(DEF_URL, {
    headers: { authorization: `Bearer ${await adminToken(request)}` },
    data: { definitions: [{ key: KEY, type: 'array', required: false, description: LABEL, list_values: { enum: options } }] },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

// The suite shares one server: the field added here goes away after the test.
test.afterEach(async ({ request }) => {
  await request.delete(`${DEF_URL}/${KEY}`, { headers: { authorization: `Bearer ${await adminToken(request)}` } });
});

test('a configured field is edited in Editar Registro and named by its label in the change history', async ({ page, request }) => {
  await defineField(request, ['Radio', 'Referido']);
  await new LoginPage(page).loginAndWait('admin@demo.co');
  await waitForRows(page);
  const modal = new RegistroModal(page);
  const radicado = await modal.radicadoAt(6);
  const api = await new ServerApi(request).login('admin@demo.co');
  const row = (await api.byRadicado(radicado))!;
  await modal.open(radicado, row.solicitante.numero_documento);

  const financiera = modal.dialog().getByTestId('seccion-financiera');
  const campo = financiera.getByLabel(LABEL, { exact: true });
  await expect(campo).toBeVisible({ timeout: 30_000 });
  await campo.selectOption('Radio');
  await modal.save();
  await expect(modal.dialog()).toHaveCount(0);
  await expect(modal.row(radicado).getByText('Sin sincronizar')).toHaveCount(0, { timeout: 30_000 });

  await modal.open(radicado, row.solicitante.numero_documento);
  const historial = modal.dialog().getByTestId('seccion-historial');
  const cambio = historial.getByTestId('historial-cambio').filter({ hasText: 'Radio' }).first();
  await expect(cambio).toBeVisible({ timeout: 30_000 });
  await cambio.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/historial-campo-configurado-1366.png` });
  await expect(cambio.locator('dt')).toHaveText(LABEL);
});

test('a value the new options no longer hold is shown as such, and the application can still be saved and changed', async ({ page, request }) => {
  await defineField(request, ['Radio', 'Referido']);
  await new LoginPage(page).loginAndWait('admin@demo.co');
  await waitForRows(page);
  const modal = new RegistroModal(page);
  const radicado = await modal.radicadoAt(7);
  const api = await new ServerApi(request).login('admin@demo.co');
  const row = (await api.byRadicado(radicado))!;
  await modal.open(radicado, row.solicitante.numero_documento);
  const campo = () => modal.dialog().getByTestId('seccion-financiera').getByLabel(LABEL, { exact: true });
  await expect(campo()).toBeVisible({ timeout: 30_000 });
  await campo().selectOption('Radio');
  await modal.save();
  await expect(modal.dialog()).toHaveCount(0);
  await expect(modal.row(radicado).getByText('Sin sincronizar')).toHaveCount(0, { timeout: 30_000 });

  // The administrator replaces the options: 'Radio' is no longer one of them.
  await defineField(request, ['Referido', 'Redes sociales']);
  await page.reload();
  await waitForRows(page);
  await modal.open(radicado, row.solicitante.numero_documento);
  await expect(campo().locator('option')).toHaveText(['Seleccione...', 'Radio (ya no está en la lista)', 'Referido', 'Redes sociales'], { timeout: 30_000 });
  await expect(campo()).toHaveValue('Radio');
  await campo().scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/opcion-retirada-1366.png` });

  // Another field of the same application saves without touching the old value.
  await modal.field('Total activos').fill('250000000');
  await modal.save();
  await expect(page.getByText('Registro actualizado correctamente').first()).toBeVisible();
  await expect(modal.dialog()).toHaveCount(0);

  await modal.open(radicado, row.solicitante.numero_documento);
  await campo().selectOption('Redes sociales');
  await modal.save();
  await expect(modal.dialog()).toHaveCount(0);
  await expect(modal.row(radicado).getByText('Sin sincronizar')).toHaveCount(0, { timeout: 30_000 });
  const detalle = ((await api.record(row.solicitante.id)).data as unknown as { informacion_financiera: { detalle_financiera: Record<string, unknown> } })
    .informacion_financiera.detalle_financiera;
  expect(detalle[KEY]).toBe('Redes sociales');
});

test("staff's status and bank changes show on the applicant's page after a reload, on a phone", async ({ page, browser, request }) => {
  await new LoginPage(page).loginAndWait('admin@demo.co');
  await waitForRows(page);
  const modal = new RegistroModal(page);
  const radicado = await modal.radicadoAt(8);
  const api = await new ServerApi(request).login('admin@demo.co');
  const row = (await api.byRadicado(radicado))!;

  // The applicant follows the filing on a phone.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const applicant = await phone.newPage();
  await applicant.goto('/seguimiento');
  await applicant.getByLabel('Número de radicado').fill(radicado);
  await applicant.getByRole('button', { name: 'Buscar' }).click();
  const resultado = applicant.locator('section[aria-labelledby="resultado-titulo"]');
  await expect(applicant.getByRole('heading', { name: `Radicado ${radicado}` })).toBeVisible();

  // Staff: a new status from the list, a new bank in Editar Registro.
  const listRow = modal.row(radicado);
  await page.getByLabel('Buscar').fill(row.solicitante.numero_documento);
  const start = ((await statusControl(listRow).textContent()) ?? '').trim();
  const estado = start === 'En estudio' ? 'Aprobado' : 'En estudio';
  await statusControl(listRow).click();
  await page.getByRole('listbox', { name: 'Cambiar estado' }).getByRole('option', { name: estado, exact: true }).click();
  await expect(listRow.getByText('Sin sincronizar')).toHaveCount(0, { timeout: 30_000 });
  await modal.open(radicado, row.solicitante.numero_documento);
  const bancoActual = await modal.field('Banco').inputValue();
  const banco = bancoActual === 'BBVA' ? 'Nu Bank' : 'BBVA';
  await modal.field('Banco').selectOption(banco);
  await modal.save();
  await expect(modal.dialog()).toHaveCount(0);
  await expect(listRow.getByText('Sin sincronizar')).toHaveCount(0, { timeout: 30_000 });

  await applicant.reload();
  await expect(resultado.getByTestId('estado-badge')).toHaveText(estado, { timeout: 15_000 });
  await expect(resultado.locator('dd').first()).toHaveText(banco);
  await applicant.screenshot({ path: `${SHOTS}/seguimiento-tras-cambio-390.png`, fullPage: true });
  await phone.close();
});
