/**
 * Issue 29, 'Editing covers everything that was captured': a field the administrator adds in /config
 * reaches the device with the next sync, shows in 'Editar Registro' next to the spec's complete
 * record (Código CIIU), is saved offline (queued, 'guardado en este dispositivo'), reaches the server
 * on reconnecting and reads back after a reload.
 */
import { expect, test } from '@playwright/test';
import { LoginPage, PASSWORD, waitForRows, waitForServiceWorker } from './fixtures/app';
import { ConfigPage, localDefinitions } from './fixtures/config';
import { RegistroModal, ServerApi, setup } from './fixtures/registro';
import { PDF } from '../../src/test-utils/office-files';

const KEY = 'jefe_inmediato';

// The suite shares one server: the field added here goes away after the test.
test.afterEach(async ({ request }) => {
  const login = await request.post('/api/auth/login', { data: { email: 'admin@demo.co', password: PASSWORD } });
  const token = ((await login.json()) as { access_token: string }).access_token;
  await request.delete(`/api/json/definitions/actividad_economica/detalle_actividad/${KEY}`, { headers: { authorization: `Bearer ${token}` } });
});

test('a field added in /config is edited in Editar Registro, offline, and persists after reload', async ({ page, context, request }) => {
  await new LoginPage(page).loginAndWait('admin@demo.co');
  await waitForServiceWorker(page);
  const config = new ConfigPage(page);
  await config.goto();
  await config.waitForDefinitions();
  expect((await localDefinitions(page)).some((d) => d.key === KEY)).toBe(false);

  await page.getByRole('button', { name: 'Editar Actividad Económica' }).click();
  const configModal = config.dialog('Configuración de Actividad Económica');
  await configModal.getByRole('button', { name: 'Nuevo campo' }).click();
  await configModal.getByLabel('Nombre para mostrar *').fill('Jefe inmediato');
  await expect(configModal.getByLabel('Nombre interno *')).toHaveValue(KEY);
  await configModal.getByRole('button', { name: 'Agregar Campo' }).click();
  await expect(config.toast('Campo creado')).toBeVisible();
  // The write is followed by a sync: the device's mirror of the definitions holds the field.
  await expect.poll(async () => (await localDefinitions(page)).some((d) => d.key === KEY), { timeout: 30_000 }).toBe(true);
  await page.keyboard.press('Escape');
  await expect(configModal).toHaveCount(0);

  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Inicio' }).click();
  await waitForRows(page);
  const modal = new RegistroModal(page);
  const radicado = await modal.radicadoAt(5);
  const api = await new ServerApi(request).login('admin@demo.co');
  const row = (await api.byRadicado(radicado))!;
  await modal.open(radicado, row.solicitante.numero_documento);

  const laboral = modal.dialog().getByTestId('seccion-laboral');
  const jefe = laboral.getByLabel('Jefe inmediato', { exact: true });
  await expect(jefe).toHaveValue('');
  const ciiu = laboral.getByLabel('Código CIIU', { exact: true });

  await context.setOffline(true);
  await jefe.fill('Marta Gómez');
  await ciiu.fill('6419');
  await modal.save();
  await expect(page.getByText('Cambios guardados en este dispositivo. Se enviarán al servidor cuando haya conexión.')).toBeVisible();
  await expect(modal.row(radicado).getByText('Sin sincronizar')).toBeVisible();
  const detalle = async () =>
    ((await api.record(row.solicitante.id)).data as unknown as { actividad_economica: { detalle_actividad: Record<string, unknown> } | null })
      .actividad_economica?.detalle_actividad ?? {};
  expect((await detalle())[KEY]).toBeUndefined();

  await context.setOffline(false);
  await expect(modal.row(radicado).getByText('Sin sincronizar')).toHaveCount(0, { timeout: 30_000 });
  expect(await detalle()).toMatchObject({ [KEY]: 'Marta Gómez', codigo_ciiu: '6419' });

  await page.reload();
  await waitForRows(page);
  await modal.open(radicado, row.solicitante.numero_documento);
  await expect(modal.dialog().getByTestId('seccion-laboral').getByLabel('Jefe inmediato', { exact: true })).toHaveValue('Marta Gómez');
  await expect(modal.dialog().getByTestId('seccion-laboral').getByLabel('Código CIIU', { exact: true })).toHaveValue('6419');
});

test('admin sets a tracking stage from Editar Registro offline; it reaches the applicant page', async ({ page, context, request }) => {
  await new LoginPage(page).loginAndWait('admin@demo.co');
  await waitForServiceWorker(page);
  await waitForRows(page);
  const modal = new RegistroModal(page);
  const radicado = await modal.radicadoAt(6);
  const api = await new ServerApi(request).login('admin@demo.co');
  const row = (await api.byRadicado(radicado))!;
  const publicStage = async (etapa: string) => {
    const res = await request.get(`/api/seguimiento/radicado/${radicado}`);
    const etapas = ((await res.json()) as { data: { etapas: Array<{ etapa: string; estado: string; comentarios: string | null }> } }).data.etapas;
    return etapas.find((e) => e.etapa === etapa);
  };
  const comentario = `Radicado en el banco ${Date.now()}`;

  // Online, the stages are read from the server; offline the section keeps that reading.
  await modal.open(radicado, row.solicitante.numero_documento);
  const seccion = modal.dialog().getByTestId('seccion-etapas');
  await expect(seccion.getByTestId('etapa')).toHaveCount(3);
  const banco = seccion.getByTestId('etapa').filter({ hasText: 'Banco' });
  const before = (await publicStage('banco'))!;
  await expect(banco.getByTestId('estado-badge')).toHaveText(before.estado);
  const nuevo = before.estado === 'En estudio' ? 'Aprobado' : 'En estudio';

  await context.setOffline(true);
  await banco.getByLabel('Nuevo estado de Banco').selectOption(nuevo);
  await banco.getByLabel('Comentario para el solicitante').fill(comentario);
  await banco.getByRole('button', { name: 'Actualizar etapa' }).click();
  await expect(page.getByText('Cambio de etapa guardado en este dispositivo. Se enviará al servidor cuando haya conexión.')).toBeVisible();
  await expect(banco.getByText('Sin enviar')).toBeVisible();
  await expect(banco.getByTestId('estado-badge')).toHaveText(nuevo);
  expect((await publicStage('banco'))!.estado).toBe(before.estado);

  await context.setOffline(false);
  await expect.poll(async () => (await publicStage('banco'))?.comentarios, { timeout: 30_000 }).toBe(comentario);
  expect((await publicStage('banco'))!.estado).toBe(nuevo);

  await page.reload();
  await waitForRows(page);
  await modal.open(radicado, row.solicitante.numero_documento);
  const again = modal.dialog().getByTestId('seccion-etapas').getByTestId('etapa').filter({ hasText: 'Banco' });
  await expect(again.getByTestId('estado-badge')).toHaveText(nuevo);
  await expect(again.getByText('Sin enviar')).toHaveCount(0);
});

test('a file field configured for the company takes a file in Editar Registro, offline, and the server gets it', async ({ page, context, request }) => {
  test.setTimeout(150_000);
  const key = `soporte_${Date.now().toString(36)}`;
  const label = `Soporte de ingresos ${key.slice(-4)}`;
  const admin = await new ServerApi(request).login('admin@demo.co');
  const login = await request.post('/api/auth/login', { data: { email: 'admin@demo.co', password: PASSWORD } });
  const headers = { authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
  const created = await request.post('/api/json/definitions/solicitante/info_extra', {
    headers,
    data: { definitions: [{ key, type: 'file', description: label, list_values: { file_config: { allowed_types: ['pdf'], max_size_mb: 1, multiple: false } } }] },
  });
  expect(created.ok(), await created.text()).toBe(true);
  try {
    const { modal, radicado, row } = await setup(page, request, 'asesor@demo.co', 6);
    await waitForServiceWorker(page);
    const infoExtra = async () =>
      ((await admin.record(row.solicitante.id)).data as unknown as { solicitante: { info_extra: Record<string, unknown> | null } }).solicitante.info_extra ?? {};

    await context.setOffline(true);
    await modal.open(radicado, row.solicitante.numero_documento);
    const seccion = modal.dialog().getByTestId('seccion-solicitante');
    const field = seccion.getByLabel(label, { exact: true });
    const chosen = seccion.getByRole('list', { name: 'Archivos seleccionados' });
    // What the field takes is said before anyone chooses (its file_config).
    await expect(seccion.getByText('Formatos aceptados: PDF. Máximo 1 MB por archivo.')).toBeVisible();
    // Refused on the spot, by content, offline: a text file named like a PDF.
    await field.setInputFiles({ name: 'nomina.pdf', mimeType: 'application/pdf', buffer: Buffer.from('no es un pdf') });
    await expect(seccion.getByText(/^Tipo de archivo no permitido: nomina\.pdf/)).toBeVisible();
    await expect(chosen).toHaveCount(0);

    await field.setInputFiles({ name: 'nomina-marzo.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(chosen.getByText('nomina-marzo.pdf')).toBeVisible();
    await expect(chosen.getByText('Se subirá al guardar', { exact: true })).toBeVisible();
    // The draft kept on the device holds the typed changes, not the file: the hint says so.
    await expect(modal.dialog().getByTestId('borrador-registro')).toContainText('Los archivos elegidos no se guardan en el borrador: se suben al pulsar Guardar.');
    await modal.save();
    await expect(page.getByText('Cambios guardados en este dispositivo. Se enviarán al servidor cuando haya conexión.')).toBeVisible();
    expect((await infoExtra())[key]).toBeUndefined();

    // Opened again before the connection returns: the file is named, and said to be queued.
    await modal.open(radicado, row.solicitante.numero_documento);
    await expect(modal.dialog().getByTestId('seccion-solicitante').getByRole('list', { name: 'Archivos seleccionados' }).getByText('En cola', { exact: true })).toBeVisible();
    await modal.dialog().getByRole('button', { name: 'Cancelar' }).click();
    await expect(modal.dialog()).toHaveCount(0);

    await context.setOffline(false);
    await expect.poll(async () => (await infoExtra())[key], { timeout: 45_000 }).toEqual([expect.objectContaining({ nombre: 'nomina-marzo.pdf', size: PDF.length })]);
    const [ref] = (await infoExtra())[key] as Array<{ id: string }>;
    await expect.poll(async () => (await request.get(`/api/documentos/${ref.id}`, { headers })).status(), { timeout: 45_000 }).toBe(200);
    const file = await request.get(`/api/documentos/${ref.id}`, { headers });
    expect(Buffer.from(await file.body()).equals(PDF)).toBe(true);

    await modal.open(radicado, row.solicitante.numero_documento);
    await expect(modal.dialog().getByTestId('seccion-solicitante').getByRole('list', { name: 'Archivos seleccionados' }).getByText('En el servidor', { exact: true })).toBeVisible({ timeout: 30_000 });
  } finally {
    await request.delete(`/api/json/definitions/solicitante/info_extra/${key}`, { headers });
  }
});

test('a field the admin deactivates keeps its value visible in Editar Registro, read-only, by its label and as a date', async ({ page, request }) => {
  test.setTimeout(150_000);
  const key = `boda_${Date.now().toString(36)}`;
  const label = `Fecha de boda ${key.slice(-4)}`;
  const login = await request.post('/api/auth/login', { data: { email: 'admin@demo.co', password: PASSWORD } });
  const headers = { authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
  const created = await request.post('/api/json/definitions/solicitante/info_extra', { headers, data: { definitions: [{ key, type: 'date', description: label }] } });
  expect(created.ok(), await created.text()).toBe(true);
  const id = ((await created.json()) as { data: Array<{ id: number; key: string }> }).data.find((d) => d.key === key)!.id;
  try {
    const { modal, radicado, row } = await setup(page, request, 'admin@demo.co', 7);
    await modal.open(radicado, row.solicitante.numero_documento);
    await modal.dialog().getByTestId('seccion-solicitante').getByLabel(label, { exact: true }).fill('20/06/2015');
    await modal.save();
    await expect(modal.dialog()).toHaveCount(0);
    await expect(modal.row(radicado).getByText('Sin sincronizar')).toHaveCount(0, { timeout: 30_000 });

    const off = await request.patch(`/api/json/definitions/${id}`, { headers, data: { isActive: false } });
    expect(off.ok(), await off.text()).toBe(true);
    await page.reload();
    await waitForRows(page);
    // The device learns of the change with its next pull; then the field is no longer asked.
    await expect.poll(async () => (await localDefinitions(page)).find((d) => d.key === key)?.isActive, { timeout: 30_000 }).toBe(false);
    await modal.open(radicado, row.solicitante.numero_documento);
    const seccion = modal.dialog().getByTestId('seccion-solicitante');
    await expect(seccion.getByRole('textbox', { name: label })).toHaveCount(0);
    const stored = seccion.getByRole('group', { name: label });
    await expect(stored).toContainText('20/06/2015');
    await expect(stored).toContainText('Ya no está en el formulario: se muestra como quedó guardado.');
    await expect(stored.getByRole('textbox')).toHaveCount(0);
  } finally {
    await request.delete(`/api/json/definitions/solicitante/info_extra/${key}`, { headers });
  }
});
