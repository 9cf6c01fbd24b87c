import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { LoginPage, PASSWORD, waitForServiceWorker, waitForRows } from './fixtures/app';
import { FormularioPage } from './fixtures/formulario';

async function tokenOf(request: APIRequestContext, email: string) {
  const login = await request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(login.ok()).toBe(true);
  return ((await login.json()) as { access_token: string }).access_token;
}

interface PulledRecord {
  solicitante: { numero_documento: string; nombres: string };
  solicitud: { radicado: string | null; estado: string };
  actividad_economica: { detalle_actividad: Record<string, unknown> } | null;
  referencias: Array<{ detalle_referencia: Record<string, unknown> }>;
  documentos: Array<{ nombre: string }>;
}

/** The applications the server holds for this document number, as a fresh device would pull them. */
async function serverRecords(request: APIRequestContext, token: string, documento: string): Promise<PulledRecord[]> {
  const headers = { authorization: `Bearer ${token}` };
  const clientId = crypto.randomUUID();
  const found: PulledRecord[] = [];
  let cursor = 0;
  for (;;) {
    const res = await request.get(`/api/sync/pull?clientId=${clientId}&cursor=${cursor}&limit=500`, { headers });
    const data = ((await res.json()) as { data: { cursor: number; more: boolean; changes: Array<{ entity: string; row?: PulledRecord }> } }).data;
    for (const c of data.changes) {
      if (c.entity === 'solicitud' && c.row?.solicitante.numero_documento === documento) found.push(c.row);
    }
    cursor = data.cursor;
    if (!data.more) return found;
  }
}

test('offline, the advisor fills and saves a complete application that reaches the server once', async ({ page, context, request }) => {
  test.setTimeout(150_000);
  const email = 'asesor@demo.co';
  const documento = String(Date.now()).slice(-10);
  await new LoginPage(page).loginAndWait(email);
  await waitForRows(page);
  await waitForServiceWorker(page);
  await waitForRows(page);

  await context.setOffline(true);
  const form = new FormularioPage(page);
  await form.open();
  await form.fillApplicant({ nombres: 'Valentina', apellido: 'Offline', documento });
  await form.select('Departamento de residencia', 'Atlántico');
  // The city list follows the chosen department.
  await expect(page.getByLabel('Ciudad de residencia').locator('option', { hasText: 'Soledad' })).toHaveCount(1);
  await form.select('Ciudad de residencia', 'Soledad');
  await form.fill('Dirección de residencia', 'Calle 10 # 5-20');
  // A conditional field: shown only for employees.
  await expect(page.getByLabel('Empresa donde trabaja')).toHaveCount(0);
  await form.select('Tipo de actividad económica', 'Empleado');
  await form.fill('Empresa donde trabaja', 'Tecnoglass');
  await form.fill('Ingreso básico mensual', '3500000');
  // A blank reference is not sent: its '*' binds only once it is filled, and it says so.
  await expect(page.getByTestId('referencia').first()).toContainText('Opcional: los campos con * son obligatorios si llenas esta referencia.');
  await form.reference(0, { tipo: 'familiar', nombre: 'Pedro Offline', celular: '3109876543' });
  await page.getByRole('button', { name: 'Agregar referencia' }).click();
  await form.reference(1, { tipo: 'personal', nombre: 'Lucía Offline' });
  await form.select('Tipo de crédito', 'hipotecario');
  await form.fill('Monto solicitado', '150000000');
  await form.fill('Plazo en meses', '180');
  await page.locator('#f-adjuntos').setInputFiles({
    name: 'cedula.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
  });
  await expect(page.getByText('cedula.pdf')).toBeVisible();
  await form.acceptBoth();
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();

  await expect(page.getByText('Solicitud guardada en este dispositivo. Se enviará al servidor cuando haya conexión.')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Nuevo Cliente' })).toHaveCount(0);
  await page.getByLabel('Buscar').fill(documento);
  const row = page.getByTestId('credit-row').filter({ hasText: 'Valentina' });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Sin sincronizar')).toBeVisible();

  await page.reload();
  await waitForRows(page);
  await page.getByLabel('Buscar').fill(documento);
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Sin sincronizar')).toBeVisible();
  await expect(row.getByTestId('estado-badge')).toHaveText('Pendiente');

  await context.setOffline(false);
  await expect(row.getByText('Sin sincronizar')).toHaveCount(0, { timeout: 30_000 });
  await expect(row.getByTestId('radicado')).toHaveText(/^RAD-/, { timeout: 30_000 });
  // The reconnect toast names the application as it is now, with the radicado the server gave it.
  const radicado = ((await row.getByTestId('radicado').textContent()) ?? '').trim();
  const reconnect = page.locator('[data-sonner-toast]').filter({ hasText: 'Conexión restablecida' });
  await expect(reconnect).toContainText(`Nueva solicitud · Valentina`);
  await expect(reconnect).toContainText(radicado);
  await expect(reconnect).not.toContainText('sin radicar');

  const token = await tokenOf(request, email);
  const records = await serverRecords(request, token, documento);
  expect(records).toHaveLength(1);
  const [rec] = records;
  expect(rec.solicitud.estado).toBe('Pendiente');
  expect(rec.actividad_economica?.detalle_actividad).toMatchObject({ tipo_actividad_economica: 'Empleado', empresa: 'Tecnoglass' });
  expect(rec.referencias.map((r) => r.detalle_referencia.nombre)).toEqual(['Pedro Offline', 'Lucía Offline']);

  // The upload route belongs to the documents work; when this build serves it, the PDF arrives too.
  const documentosRoute = (await request.get('/api/documentos?solicitante_id=x', { headers: { authorization: `Bearer ${token}` } })).status() !== 404;
  if (documentosRoute) {
    await expect
      .poll(async () => (await serverRecords(request, token, documento))[0]?.documentos.map((d) => d.nombre), { timeout: 30_000 })
      .toEqual(['cedula.pdf']);
  }
});

/** The drafts stored on the device (their form values). */
async function drafts(page: Page): Promise<Array<{ values: { values: { solicitante: Record<string, unknown> } } }>> {
  return page.evaluate(async () => {
    const name = (await indexedDB.databases()).find((d) => d.name?.startsWith('radica-'))?.name;
    if (!name) return [];
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open(name);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error as Error);
    });
    try {
      return await new Promise<Array<{ values: { values: { solicitante: Record<string, unknown> } } }>>((resolve, reject) => {
        const req = db.transaction('drafts').objectStore('drafts').getAll();
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error as Error);
      });
    } finally {
      db.close();
    }
  });
}

test('a half-filled form survives a reload as a draft, and unticked terms show the spec message', async ({ page }) => {
  await new LoginPage(page).loginAndWait('asesor@demo.co');
  await waitForRows(page);
  const form = new FormularioPage(page);
  await form.open();
  const applicant = form.section('Información del Solicitante');
  await applicant.getByLabel('Nombres', { exact: true }).fill('Borrador');
  await applicant.getByLabel('Celular', { exact: true }).fill('3001112233');
  await expect.poll(async () => (await drafts(page)).map((d) => d.values.values.solicitante.celular)).toEqual(['3001112233']);

  await page.reload();
  await waitForRows(page);
  await page.getByRole('button', { name: 'Nuevo Cliente' }).click();
  await expect(page.getByText('Tienes un borrador sin terminar')).toBeVisible();
  await page.getByRole('button', { name: 'Continuar borrador' }).click();
  await expect(applicant.getByLabel('Nombres', { exact: true })).toHaveValue('Borrador');
  await expect(applicant.getByLabel('Celular', { exact: true })).toHaveValue('3001112233');

  await page.getByLabel(/Acepto el acuerdo de firma/).check();
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page.locator('#acepta_terminos-error')).toHaveText('Debes aceptar los términos y condiciones de uso para continuar');
  await expect(page.locator('#acepta_firma-error')).toHaveCount(0);
  // Nothing was saved: the draft is still there and no application was queued.
  expect(await drafts(page)).toHaveLength(1);
});

test('when the schemas cannot be loaded the form says so, offers Reintentar and uses the fallback fields', async ({ page, context }) => {
  // A device whose first pull never completed, with the schema calls failing as well.
  await context.route('**/api/sync/pull**', (route) => route.abort());
  await context.route('**/api/schema/**', (route) => route.abort());
  await new LoginPage(page).loginAndWait('asesor@demo.co');
  const form = new FormularioPage(page);
  await page.getByRole('button', { name: 'Nuevo Cliente' }).click();
  await expect(form.dialog().getByRole('alert')).toContainText('Error al cargar esquemas: ');
  await expect(form.dialog().getByRole('button', { name: 'Reintentar' })).toBeVisible();
  // Fallback fields of spec 02 §3, e.g. ubicacion's direccion and tipo_direccion.
  await expect(form.section('Información de Ubicación').getByLabel('Tipo de dirección', { exact: true })).toBeVisible();
  await expect(form.section('Información Financiera').getByLabel('Gastos mensuales', { exact: true })).toBeVisible();
});
