/**
 * The public tracking page reads right to an applicant (issue 28): statuses as badges, never a
 * disabled select; the product by its label ('Hipotecario'); the company's name and contact.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_CONTACTO } from '../../server/src/db/seed';
import { optionLabel } from '../../src/domain/opciones';
import { seededRadicado } from './fixtures/screens';
import { waitForServiceWorker } from './fixtures/app';

async function buscar(page: Page, radicado: string, typed = radicado) {
  await page.goto('/seguimiento');
  await page.getByLabel('Número de radicado').fill(typed);
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByRole('heading', { name: `Radicado ${radicado}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Buscar' })).toBeEnabled();
}

test("statuses are badges, the product reads by its label, and the company names itself with its contact", async ({ page, request }) => {
  const radicado = await seededRadicado(request);
  const answer = (await (await request.get(`/api/seguimiento/radicado/${radicado}`)).json()) as {
    data: { producto_solicitado: string; etapas: Array<{ estado: string }> };
  };
  await buscar(page, radicado);

  await expect(page.getByRole('combobox')).toHaveCount(0);
  const etapas = page.getByRole('listitem', { name: /^Etapa / });
  await expect(etapas).toHaveCount(answer.data.etapas.length);
  for (const [i, etapa] of answer.data.etapas.entries()) {
    await expect(etapas.nth(i).getByTestId('estado-badge').first()).toHaveText(etapa.estado);
  }

  const producto = answer.data.producto_solicitado;
  const label = optionLabel('tipo_credito', producto);
  expect(label[0]).toBe(label[0].toLocaleUpperCase('es-CO'));
  // The seed stores the lines in lower case ('hipotecario'): the page must not show them so.
  expect(label).not.toBe(producto);
  await expect(page.getByText('Producto', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText(label);

  const empresa = page.getByRole('region', { name: 'Empresa que atiende su solicitud' });
  await expect(empresa).toContainText('Demo Créditos');
  await expect(empresa.getByRole('link', { name: DEMO_CONTACTO.demo.telefono })).toHaveAttribute('href', 'tel:6017452300');
  await expect(empresa.getByRole('link', { name: DEMO_CONTACTO.demo.correo })).toHaveAttribute('href', `mailto:${DEMO_CONTACTO.demo.correo}`);
  await expect(empresa.getByRole('link', { name: DEMO_CONTACTO.demo.whatsapp })).toHaveAttribute('href', 'https://wa.me/573105550142');
  await expect(empresa).toContainText(DEMO_CONTACTO.demo.horario);
});

test('screenshots of /seguimiento at 390, 820 (touch) and 1366 px, online and offline', async ({ browser, request }) => {
  const radicado = await seededRadicado(request);
  for (const width of [390, 820, 1366]) {
    const context = await browser.newContext({ viewport: { width, height: width === 1366 ? 850 : width === 820 ? 1180 : 844 }, hasTouch: width === 820 });
    const page = await context.newPage();
    await buscar(page, radicado);
    await page.screenshot({ path: test.info().outputPath(`seguimiento-${width}.png`), fullPage: true });
    await context.setOffline(true);
    await expect(page.getByText('Sin conexión.', { exact: false })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`seguimiento-${width}-offline.png`), fullPage: true });
    await context.close();
  }
});

test('a search without a connection keeps the filing saved on the device, says so, and the upload box stays', async ({ page, context, request }) => {
  const radicado = await seededRadicado(request);
  // Typed as an applicant might: lower case, no 'RAD-'. The input then shows the filing's number.
  await buscar(page, radicado, ` ${radicado.slice(4).toLowerCase()} `);
  await expect(page.getByLabel('Número de radicado')).toHaveValue(radicado);
  await waitForServiceWorker(page);

  const guardado = async () => {
    await expect(page.getByRole('heading', { name: `Radicado ${radicado}` })).toBeVisible();
    await expect(page.getByLabel('Subir documentos:')).toBeVisible();
  };
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Sin conexión: no se pudo buscar el radicado. Se muestra la última consulta guardada en este dispositivo.',
  );
  await guardado();

  await page.reload();
  await guardado();
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByRole('alert')).toContainText('Sin conexión');
  await guardado();

  // Back online the search works again.
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Buscar' }).click();
  await guardado();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a long link in a stage comment, a history comment or a file name wraps: no sideways scroll at 390 px', async ({ browser, request }) => {
  const login = await request.post('/api/auth/login', { data: { email: 'supervisor@demo.co', password: 'demo1234' } });
  const headers = { authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
  const rows = ((await (await request.get('/api/dashboard/tabla', { headers })).json()) as { data: Array<{ solicitud: { id: string; radicado: string } }> }).data;
  // A seeded filing other than the one the other tests look at.
  const { id, radicado } = rows[rows.length - 2].solicitud;
  const enlace = `https://documentos.example.co/radicados/${radicado}/${'requisito-adicional-'.repeat(8)}final`;
  const etapa = await request.patch(`/api/solicitudes/${id}/etapas/banco`, { headers, data: { estado: 'En estudio', comentarios: `Revise ${enlace}` } });
  expect(etapa.ok()).toBe(true);
  const nombre = `${'extracto_bancario_'.repeat(5)}final.pdf`;
  const subida = await request.post('/api/seguimiento/actualizar-documentos', {
    multipart: { id_radicado: radicado, archivos: { name: nombre, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') } },
  });
  expect(subida.ok()).toBe(true);

  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await buscar(page, radicado);
  const banco = page.getByRole('listitem', { name: 'Etapa Banco' });
  await expect(banco.getByText(`Revise ${enlace}`, { exact: true })).toBeVisible(); // the stage comment
  await expect(banco.getByText(`— Revise ${enlace}`)).toBeVisible(); // its history entry
  await expect(page.getByRole('listitem', { name: 'Etapa Documentos' }).getByText(nombre, { exact: true }).first()).toBeVisible();
  const ancho = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(ancho.scroll).toBeLessThanOrEqual(ancho.client);
  await page.screenshot({ path: test.info().outputPath('seguimiento-390-comentario-largo.png'), fullPage: true });
  await context.close();
});

test('a closed filing (Negado) offers no upload and says why, at 390 px', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const login = await request.post('/api/auth/login', { data: { email: 'admin@demo.co', password: 'demo1234' } });
  const token = ((await login.json()) as { access_token: string }).access_token;
  const tabla = await request.get('/api/dashboard/tabla', { headers: { authorization: `Bearer ${token}` } });
  const rows = ((await tabla.json()) as { data: Array<{ solicitud: { radicado: string; estado: string | null } }> }).data;
  const radicado = rows.find((r) => r.solicitud.estado === 'Negado')!.solicitud.radicado;
  await buscar(page, radicado);
  await expect(page.getByTestId('solicitud-cerrada')).toHaveText(
    'Esta solicitud está cerrada (Negado): ya no recibe documentos. Si necesitas enviar algo, comunícate con la entidad que la atiende.',
  );
  await expect(page.getByLabel('Subir documentos:')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('seguimiento-cerrada-390.png'), fullPage: true });
});

test('offline before any search, the page says the search waits for the connection, not files', async ({ page, context }) => {
  await page.goto('/seguimiento');
  await waitForServiceWorker(page);
  await context.setOffline(true);
  await expect(page.getByRole('status').filter({ hasText: 'Sin conexión' })).toHaveText(
    'Sin conexión. Podrá consultar su radicado cuando vuelva la conexión.',
  );
  await expect(page.getByText('Los archivos que elija')).toHaveCount(0);
});
