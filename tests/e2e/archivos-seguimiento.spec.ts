/**
 * Issue 29 end to end: a file type the company allows in a file field (xlsx) goes from the form to
 * the server, saved offline first; a disguised file is refused on the device already; and a filing
 * made in the form has its tracking timeline on /seguimiento at once and takes an upload there.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { LoginPage, PASSWORD, waitForRows, waitForServiceWorker } from './fixtures/app';
import { FormularioPage } from './fixtures/formulario';
import { xlsx, zipWithExe, PDF } from '../../src/test-utils/office-files';

async function tokenOf(request: APIRequestContext, email: string) {
  const login = await request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(login.ok()).toBe(true);
  return ((await login.json()) as { access_token: string }).access_token;
}

/** Fills the required parts of the form with a fresh applicant (online or offline). */
const fillMinimal = (form: FormularioPage, documento: string, nombres: string) =>
  form.fillRequired({ nombres, apellido: 'Archivos', documento, referencia: 'Pedro Archivos' });

async function documentosDe(request: APIRequestContext, token: string, documento: string) {
  const headers = { authorization: `Bearer ${token}` };
  const tabla = await request.get('/api/dashboard/tabla', { headers });
  const rows = ((await tabla.json()) as { data: Array<{ solicitante: { id: string; numero_documento: string }; solicitud: { radicado: string | null } }> }).data;
  const row = rows.find((r) => r.solicitante.numero_documento === documento);
  if (!row) return null;
  const docs = await request.get(`/api/documentos?solicitante_id=${row.solicitante.id}`, { headers });
  return { radicado: row.solicitud.radicado, docs: ((await docs.json()) as { data: Array<{ nombre: string; mime: string }> }).data };
}

test('a spreadsheet the company allows in a file field is accepted end to end, saved offline first', async ({ page, context, request }) => {
  test.setTimeout(180_000);
  const key = `extractos_${Date.now().toString(36)}`;
  const label = `Extractos bancarios ${key.slice(-4)}`;
  const admin = await tokenOf(request, 'admin@demo.co');
  const headers = { authorization: `Bearer ${admin}` };
  const created = await request.post('/api/json/definitions/solicitud/detalle_credito', {
    headers,
    data: { definitions: [{ key, type: 'file', description: label, list_values: { file_config: { allowed_types: ['pdf', 'xlsx'], max_size_mb: 2, multiple: true } } }] },
  });
  expect(created.ok(), await created.text()).toBe(true);
  try {
    const documento = String(Date.now()).slice(-10);
    await new LoginPage(page).loginAndWait('asesor@demo.co');
    await waitForRows(page);
    await waitForServiceWorker(page);

    await context.setOffline(true);
    const form = new FormularioPage(page);
    await form.open();
    await fillMinimal(form, documento, 'Camila');
    const field = form.dialog().getByLabel(label, { exact: true });
    await expect(field).toHaveAttribute('accept', '.pdf,.xlsx');
    await expect(form.dialog().getByText('Formatos aceptados: PDF y XLSX. Máximo 2 MB por archivo.')).toBeVisible();
    // A ZIP holding an executable, named like a spreadsheet: refused here already, by content.
    await field.setInputFiles({ name: 'extracto.xlsx', mimeType: 'application/octet-stream', buffer: zipWithExe() });
    await expect(page.getByText('Tipo de archivo no permitido: extracto.xlsx. Solo se aceptan PDF y XLSX.').first()).toBeVisible();
    await expect(form.dialog().getByRole('list', { name: 'Archivos seleccionados' })).toHaveCount(0);
    // The real spreadsheet is taken.
    await field.setInputFiles({ name: 'extracto-marzo.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: xlsx() });
    await expect(form.dialog().getByRole('list', { name: 'Archivos seleccionados' }).getByText('extracto-marzo.xlsx')).toBeVisible();
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect(page.getByText('Solicitud guardada en este dispositivo. Se enviará al servidor cuando haya conexión.')).toBeVisible();
    expect(await documentosDe(request, admin, documento)).toBeNull();

    await context.setOffline(false);
    await expect
      .poll(async () => (await documentosDe(request, admin, documento))?.docs.map((d) => [d.nombre, d.mime]), { timeout: 45_000 })
      .toEqual([['extracto-marzo.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']]);
  } finally {
    await request.delete(`/api/json/definitions/solicitud/detalle_credito/${key}`, { headers });
  }
});

test('a filing made in the form shows its timeline on /seguimiento and takes an upload', async ({ page }) => {
  test.setTimeout(150_000);
  const documento = String(Date.now() + 7).slice(-10);
  await new LoginPage(page).loginAndWait('asesor@demo.co');
  await waitForRows(page);
  const form = new FormularioPage(page);
  await form.open();
  await fillMinimal(form, documento, 'Renata');
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page.getByText('Solicitud creada exitosamente')).toBeVisible({ timeout: 30_000 });
  // Behind the modal window the page is inert: typing there before it has closed goes nowhere.
  await expect(form.dialog()).toHaveCount(0);
  await page.getByLabel('Buscar').fill(documento);
  const radicadoCell = page.getByTestId('credit-row').filter({ hasText: 'Renata' }).getByTestId('radicado');
  await expect(radicadoCell).toHaveText(/^RAD-/, { timeout: 30_000 });
  const radicado = ((await radicadoCell.textContent()) ?? '').trim();

  await page.goto('/seguimiento');
  await page.getByLabel('Número de radicado').fill(radicado);
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByRole('heading', { name: `Radicado ${radicado}` })).toBeVisible();
  const etapas = page.getByRole('listitem', { name: /^Etapa / });
  await expect(etapas).toHaveCount(3);
  for (const nombre of ['Documentos', 'Banco', 'Desembolso']) {
    const etapa = page.getByRole('listitem', { name: `Etapa ${nombre}` });
    await expect(etapa.getByText('Etapa iniciada')).toBeVisible();
  }
  const documentos = page.getByRole('listitem', { name: 'Etapa Documentos' });
  await page.getByLabel('Subir documentos:').setInputFiles([{ name: 'cedula-renata.pdf', mimeType: 'application/pdf', buffer: PDF }]);
  await page.getByRole('button', { name: 'Subir archivos' }).click();
  await expect(page.getByText('1 archivo(s) subido(s)')).toBeVisible();
  await expect(documentos.getByRole('link', { name: 'Ver archivo cedula-renata.pdf' })).toBeVisible();
});
