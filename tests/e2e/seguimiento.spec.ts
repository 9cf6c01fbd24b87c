import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ESTADOS_OTRA } from '../../server/src/db/seed';
import { ATTACHMENTS_POLICY, policyText, typesText } from '../../src/domain/file-policy';
import { recibeDocumentos } from '../../src/domain/seguimiento';

test.use({ viewport: { width: 390, height: 844 } });

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function demoRadicado(request: APIRequestContext, email = 'admin@demo.co'): Promise<string> {
  const login = await request.post('/api/auth/login', { data: { email, password: 'demo1234' } });
  const token = (await login.json()).access_token as string;
  const tabla = await request.get('/api/dashboard/tabla', { headers: { authorization: `Bearer ${token}` } });
  // The oldest application: a seeded one, with its tracking stages (other specs create newer ones
  // that have no stages yet).
  const rows = (await tabla.json()).data as Array<{ solicitud: { radicado: string; estado: string | null } }>;
  // Open: a closed filing (Negado, Desistido, Pagado) takes no documents.
  return rows.filter((r) => recibeDocumentos(r.solicitud.estado)).at(-1)!.solicitud.radicado;
}

/** An unknown filing number is answered 'No se encontró el radicado'; then `radicado` is found. */
async function missThenFind(page: Page, radicado: string) {
  await page.getByLabel('Número de radicado').fill('RAD-ZZZZZZZZ');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByRole('alert')).toHaveText('No se encontró el radicado');
  await page.getByLabel('Número de radicado').fill(radicado);
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByRole('heading', { name: `Radicado ${radicado}` })).toBeVisible();
}

test('an applicant follows the filing and sends documents, also without a connection', async ({ page, context, request }) => {
  const radicado = await demoRadicado(request);
  let estadosPedidos = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/estados')) estadosPedidos++;
  });
  await page.goto('/seguimiento');
  await expect(page.getByRole('heading', { level: 1, name: 'Seguimiento de Crédito' })).toBeVisible();

  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByRole('alert')).toHaveText('Por favor ingrese un número de radicado');

  await missThenFind(page, radicado);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Proceso del Crédito' })).toBeVisible();
  const documentos = page.getByRole('listitem', { name: 'Etapa Documentos' });
  await expect(page.getByRole('listitem', { name: /^Etapa / })).toHaveCount(3);
  // Statuses read as badges: the page changes no status, so it draws no (disabled) select.
  await expect(page.getByRole('combobox')).toHaveCount(0);
  await expect(documentos.getByTestId('estado-badge')).toBeVisible();
  await expect(documentos.getByText('Etapa iniciada')).toBeVisible();
  // Dates read as everywhere in the app: dd/mm/yyyy hh:mm, never a long form ('5 de marzo de 2026').
  await expect(documentos.getByText(/^Actualizado: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)).toBeVisible();

  const picker = page.getByLabel('Subir documentos:');
  await expect(page.getByRole('button', { name: 'Subir archivos' })).toHaveCount(0);
  // The picker reads in Spanish whatever the browser's language (this Chromium's is English).
  await expect(documentos.getByText('Elegir archivos', { exact: true })).toBeVisible();
  await expect(documentos.getByText('Ningún archivo elegido')).toBeVisible();
  await picker.setInputFiles([
    { name: 'extracto.pdf', mimeType: 'application/pdf', buffer: PDF },
    { name: 'cedula.png', mimeType: 'image/png', buffer: PNG },
  ]);
  await expect(documentos.getByText('2 archivos elegidos')).toBeVisible();
  await page.getByRole('button', { name: 'Subir archivos' }).click();
  await expect(page.getByText('2 archivo(s) subido(s)')).toBeVisible();
  await expect(documentos.getByRole('link', { name: 'Ver archivo cedula.png' })).toBeVisible();
  await expect(documentos.getByRole('link', { name: 'Ver archivo extracto.pdf' })).toHaveAttribute('target', '_blank');
  // The status list came with the search; the reload after an upload does not ask for it again.
  expect(estadosPedidos).toBe(1);

  await context.setOffline(true);
  await picker.setInputFiles([{ name: 'recibo.pdf', mimeType: 'application/pdf', buffer: PDF }]);
  await page.getByRole('button', { name: 'Subir archivos' }).click();
  const pendientes = page.getByRole('list', { name: 'Archivos pendientes de envío' });
  await expect(pendientes.getByText('recibo.pdf')).toBeVisible();
  await expect(pendientes.getByText('Pendiente de envío (sin conexión)')).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByText('1 archivo(s) subido(s)')).toBeVisible();
  await expect(pendientes).toHaveCount(0);
  await expect(documentos.getByRole('link', { name: 'Ver archivo recibo.pdf' })).toBeVisible();

  // The last filing stays on the phone and is shown again on the next visit.
  await page.reload();
  await expect(page.getByRole('heading', { name: `Radicado ${radicado}` })).toBeVisible();
  await expect(page.getByText(/^Consultado el /)).toBeVisible();
});

test('the upload area states the accepted types and size before choosing, checks files as they are chosen, and lists each refused file with its reason', async ({ page, request }) => {
  const radicado = await demoRadicado(request);
  await page.goto('/seguimiento');
  await page.getByLabel('Número de radicado').fill(radicado);
  await page.getByRole('button', { name: 'Buscar' }).click();
  const documentos = page.getByRole('listitem', { name: 'Etapa Documentos' });
  const requisitos = documentos.getByTestId('carga-requisitos');
  await expect(requisitos).toHaveText(policyText(ATTACHMENTS_POLICY));
  await expect(requisitos).toContainText('PDF');
  const picker = page.getByLabel('Subir documentos:');
  await expect(picker).toHaveAttribute('aria-describedby', (await requisitos.getAttribute('id'))!);

  const big = Buffer.concat([PDF, Buffer.alloc(ATTACHMENTS_POLICY.maxBytes + 1024, 0x20)]);
  await picker.setInputFiles([
    { name: 'bueno.pdf', mimeType: 'application/pdf', buffer: PDF },
    { name: 'programa.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ\x90\x00') },
    { name: 'grande.pdf', mimeType: 'application/pdf', buffer: big },
  ]);
  // Checked as chosen, before anything is sent: the two refused files leave the choice, named
  // with their reasons; the good one stays chosen.
  const error = page.getByTestId('carga-error');
  await expect(error).toContainText('Se quitaron 2 de los 3 archivos elegidos porque no cumplen los requisitos:');
  const rechazados = error.getByRole('list', { name: 'Archivos rechazados' }).getByRole('listitem');
  await expect(rechazados).toHaveText([
    `Tipo de archivo no permitido: programa.exe. Solo se aceptan ${typesText(ATTACHMENTS_POLICY)}.`,
    /^El archivo grande\.pdf supera el tamaño máximo de \d+ MB$/,
  ]);
  await expect(documentos.getByText('1 archivo elegido: bueno.pdf')).toBeVisible();
  await expect(documentos.getByRole('link', { name: 'Ver archivo bueno.pdf' })).toHaveCount(0);
  await expect(page.getByText(/archivo\(s\) subido\(s\)/)).toHaveCount(0);

  // A single file that is refused says so at once, and nothing is left to send.
  await picker.setInputFiles([{ name: 'malo.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ\x90\x00') }]);
  await expect(error).toContainText('No se puede subir el archivo:');
  await expect(rechazados).toHaveText([`Tipo de archivo no permitido: malo.exe. Solo se aceptan ${typesText(ATTACHMENTS_POLICY)}.`]);
  await expect(documentos.getByText('Ningún archivo elegido')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Subir archivos' })).toHaveCount(0);

  // The good file chosen again goes, and the notice of the refused ones is gone.
  await picker.setInputFiles([{ name: 'bueno.pdf', mimeType: 'application/pdf', buffer: PDF }]);
  await expect(error).toHaveCount(0);
  await page.getByRole('button', { name: 'Subir archivos' }).click();
  await expect(page.getByText('1 archivo(s) subido(s)')).toBeVisible();
  await expect(documentos.getByRole('link', { name: 'Ver archivo bueno.pdf' })).toBeVisible();
});

test("a filing loads its company's own status list after the filing, and keeps it with the filing", async ({ page, request }) => {
  // 'Otra Financiera' (the demo seed's second company) adds 'Radicado en banco' to the eight defaults.
  const radicado = await demoRadicado(request, 'admin@otra.co');
  let soltar = () => {};
  const retenida = new Promise<void>((resolve) => (soltar = resolve));
  // Held only to see the loading state; the answer is the real server's.
  await page.route('**/api/seguimiento/radicado/*/estados', async (route) => {
    await retenida;
    await route.continue();
  });
  await page.goto('/seguimiento');
  await page.getByLabel('Número de radicado').fill(radicado);
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByRole('heading', { name: `Radicado ${radicado}` })).toBeVisible();
  // The list loading says so, and holds nothing: while it shows, the button is 'Buscar' and works.
  const libreMientrasCarga = () =>
    page.evaluate(() => {
      const boton = document.querySelector<HTMLButtonElement>('form button[type="submit"]');
      return boton?.textContent === 'Buscar' && !boton.disabled && document.body.innerText.includes('Cargando estados...');
    });
  await expect.poll(libreMientrasCarga).toBe(true);
  await missThenFind(page, radicado);

  soltar();
  await expect(page.getByText('Cargando estados...')).toHaveCount(0);
  const guardados = () =>
    page.evaluate(() => (JSON.parse(localStorage.getItem('radica-seguimiento-ultimo') ?? '{}') as { estados?: string[] }).estados);
  await expect.poll(guardados).toEqual(ESTADOS_OTRA);
  expect(ESTADOS_OTRA).toContain('Radicado en banco');

  // The list is kept with the filing: the next visit has it at once.
  await page.unroute('**/api/seguimiento/radicado/*/estados');
  await page.reload();
  await expect(page.getByRole('heading', { name: `Radicado ${radicado}` })).toBeVisible();
  expect(await guardados()).toEqual(ESTADOS_OTRA);
});
