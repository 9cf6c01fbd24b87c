import { expect, test } from '@playwright/test';
import { answerConfirm, LoginPage, PASSWORD } from './fixtures/app';
import { formatDateTime } from '../../src/domain/format';
import { NETWORK_MESSAGE } from '../../src/lib/api';
import { RegistroModal, ServerApi, waitForRows, waitForServiceWorker, setup } from './fixtures/registro';
import { NotificationBellPanel } from './fixtures/notificaciones';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

test('edit and save: a validation error first, then the change reaches the server', async ({ page, request }) => {
  const { modal, api, radicado, row, documento } = await setup(page, request, 'admin@demo.co', 0);
  await modal.open(radicado, documento);

  const nombres = modal.field('Nombres');
  await nombres.fill('');
  await modal.save();
  await expect(modal.dialog().getByTestId('field-error').filter({ hasText: 'El nombre es obligatorio' })).toBeVisible();
  await expect(page.getByText('Por favor corrige los errores antes de continuar')).toBeVisible();
  await expect(nombres).toBeFocused();

  // A name is a person's: a message with a link (that would go out in Radica's e-mails) is refused under the field.
  const forged = 'Nombres: usa solo letras, espacios, apóstrofo, guion o punto.';
  await nombres.fill('Aviso: actualice sus datos en https://bancolombia-validacion.example');
  await modal.save();
  await expect(modal.dialog().getByTestId('field-error').filter({ hasText: forged })).toBeVisible();
  await expect(nombres).toBeFocused();

  // The error clears as soon as the field is edited.
  await nombres.fill('Mariana');
  await expect(modal.dialog().getByTestId('field-error').filter({ hasText: 'El nombre es obligatorio' })).toHaveCount(0);
  await expect(modal.dialog().getByTestId('field-error').filter({ hasText: forged })).toHaveCount(0);
  await modal.field('Barrio').fill('La Candelaria');
  await modal.save();
  await expect(page.getByText('Registro actualizado correctamente')).toBeVisible();
  await expect(modal.dialog()).toHaveCount(0);
  await expect(modal.row(radicado).getByTestId('nombre')).toContainText('Mariana');

  await expect.poll(async () => (await api.record(row.solicitante.id)).data?.solicitante.nombres, { timeout: 30_000 }).toBe('Mariana');
  expect((await api.record(row.solicitante.id)).data?.ubicaciones[0].barrio).toBe('La Candelaria');
});

test('add a reference and remove it', async ({ page, request }) => {
  const { modal, api, radicado, row, documento } = await setup(page, request, 'admin@demo.co', 1);
  const before = (await api.record(row.solicitante.id)).data!.referencias.length;
  expect(before).toBeLessThan(3); // the demo seed gives at most two
  await modal.open(radicado, documento);
  const refs = modal.dialog().getByTestId('referencia');
  await expect(refs).toHaveCount(before);
  await modal.dialog().getByRole('button', { name: 'Agregar referencia' }).click();
  await expect(refs).toHaveCount(before + 1);
  const added = refs.nth(before);
  await expect(added.getByText(`Referencia ${before + 1}`, { exact: true })).toBeVisible();
  await added.getByLabel('Nombre').fill('Gloria Estrada');
  await added.getByLabel('Celular').fill('3157778899');
  await modal.save();
  await expect(page.getByText('Registro actualizado correctamente')).toBeVisible();

  await expect
    .poll(async () => (await api.record(row.solicitante.id)).data!.referencias.map((r) => r.detalle_referencia.nombre), { timeout: 30_000 })
    .toContain('Gloria Estrada');

  await modal.open(radicado, documento);
  const all = modal.dialog().getByTestId('referencia');
  await expect(all).toHaveCount(before + 1);
  const names = await Promise.all([...Array(before + 1).keys()].map((i) => all.nth(i).getByLabel('Nombre').inputValue()));
  expect(names.filter((n) => n === 'Gloria Estrada')).toHaveLength(1);
  const again = all.nth(names.indexOf('Gloria Estrada'));
  // 'Eliminar' marks it; 'No eliminar' takes it back; Cancelar › 'Descartar cambios' leaves it on the record.
  await again.getByRole('button', { name: /Eliminar Referencia/ }).click();
  await expect(again.getByTestId('referencia-eliminada')).toContainText('Gloria Estrada Se eliminará al guardar.');
  await again.getByRole('button', { name: 'No eliminar' }).click();
  await expect(again.getByLabel('Nombre')).toHaveValue('Gloria Estrada');
  await again.getByRole('button', { name: /Eliminar Referencia/ }).click();
  await modal.dialog().locator('footer').getByRole('button', { name: 'Cancelar' }).click();
  await answerConfirm(page, '¿Descartar los cambios?', 'confirm');
  await expect(modal.dialog()).toHaveCount(0);
  await modal.open(radicado, documento);
  await expect(modal.dialog().getByTestId('referencia')).toHaveCount(before + 1);
  await expect(modal.dialog().getByTestId('referencia-eliminada')).toHaveCount(0);
  expect((await api.record(row.solicitante.id)).data!.referencias.map((r) => r.detalle_referencia.nombre)).toContain('Gloria Estrada');

  // Eliminar and Guardar: gone from the record and the server.
  const kept = modal.dialog().getByTestId('referencia');
  const keptNames = await Promise.all([...Array(before + 1).keys()].map((i) => kept.nth(i).getByLabel('Nombre').inputValue()));
  await kept.nth(keptNames.indexOf('Gloria Estrada')).getByRole('button', { name: /Eliminar Referencia/ }).click();
  await modal.save();
  await expect(page.getByText('Registro actualizado correctamente')).toBeVisible();
  await modal.open(radicado, documento);
  await expect(modal.dialog().getByTestId('referencia')).toHaveCount(before);
  await expect
    .poll(async () => (await api.record(row.solicitante.id)).data!.referencias.map((r) => r.detalle_referencia.nombre), { timeout: 30_000 })
    .not.toContain('Gloria Estrada');
});

test('a PDF chosen offline is queued and reaches the server after reconnecting', async ({ page, context, request }) => {
  const { modal, api, radicado, row, documento } = await setup(page, request, 'manager@demo.co', 2);
  await waitForServiceWorker(page);
  await waitForRows(page);
  await modal.open(radicado, documento);

  await context.setOffline(true);
  await modal.dialog().locator('input[type="file"][aria-label="Subir archivos"]').setInputFiles({ name: 'extracto-bancario.pdf', mimeType: 'application/pdf', buffer: PDF });
  const item = modal.dialog().getByTestId('archivo').filter({ hasText: 'extracto-bancario.pdf' });
  await expect(item.getByTestId('archivo-estado')).toHaveText('En cola');
  expect((await api.documentos(row.solicitud.id)).map((d) => d.nombre)).not.toContain('extracto-bancario.pdf');

  await context.setOffline(false);
  await expect(item.getByTestId('archivo-estado')).toHaveText('En el servidor', { timeout: 30_000 });
  const docs = await api.documentos(row.solicitud.id);
  expect(docs.filter((d) => d.nombre === 'extracto-bancario.pdf')).toEqual([expect.objectContaining({ mime: 'application/pdf' })]);
});

test("'Reemplazar' uploads the new file, then deletes the old one; 'Eliminar' removes a document from the server", async ({ page, request }) => {
  const { modal, api, radicado, row, documento } = await setup(page, request, 'manager@demo.co', 7);
  await modal.open(radicado, documento);
  const files = modal.dialog().getByTestId('archivo');
  const names = async () => (await api.documentos(row.solicitud.id)).map((d) => d.nombre);
  await modal.dialog().locator('input[type="file"][aria-label="Subir archivos"]').setInputFiles({ name: 'cedula-vieja.pdf', mimeType: 'application/pdf', buffer: PDF });
  const old = files.filter({ hasText: 'cedula-vieja.pdf' });
  await expect(old.getByTestId('archivo-estado')).toHaveText('En el servidor', { timeout: 30_000 });

  const chooser = page.waitForEvent('filechooser');
  await old.getByRole('button', { name: 'Reemplazar' }).click();
  await (await chooser).setFiles({ name: 'cedula-nueva.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByText('Archivo reemplazado')).toBeVisible();
  await expect(files.filter({ hasText: 'cedula-nueva.pdf' }).getByTestId('archivo-estado')).toHaveText('En el servidor', { timeout: 30_000 });
  await expect(old).toHaveCount(0);
  await expect.poll(names, { timeout: 30_000 }).not.toContain('cedula-vieja.pdf');
  expect(await names()).toContain('cedula-nueva.pdf');

  // One tap never deletes: it asks, and 'Cancelar' (the focused answer) keeps the document.
  const eliminar = modal.dialog().getByRole('button', { name: 'Eliminar cedula-nueva.pdf' });
  await eliminar.click();
  const confirm = page.getByRole('alertdialog', { name: '¿Eliminar cedula-nueva.pdf?' });
  await expect(confirm.getByRole('button', { name: 'Cancelar' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(confirm).toHaveCount(0);
  await expect(files.filter({ hasText: 'cedula-nueva.pdf' }).getByTestId('archivo-estado')).toHaveText('En el servidor');
  expect(await names()).toContain('cedula-nueva.pdf');
  await eliminar.click();
  await confirm.getByRole('button', { name: 'Eliminar documento' }).click();
  await expect(page.getByText('Documento eliminado')).toBeVisible();
  await expect(files.filter({ hasText: 'cedula-nueva.pdf' })).toHaveCount(0);
  await expect.poll(names, { timeout: 30_000 }).not.toContain('cedula-nueva.pdf');
});

test('an offline edit and observation survive a reload and reach the server once', async ({ page, context, request }) => {
  const { modal, api, radicado, row, documento } = await setup(page, request, 'manager@demo.co', 3);
  await waitForServiceWorker(page);
  await waitForRows(page);

  await context.setOffline(true);
  await modal.open(radicado, documento);
  await modal.field('Barrio').fill('Usaquén');
  const nota = `Visita sin señal ${Date.now()}`;
  const add = modal.dialog().getByRole('button', { name: 'Agregar observación' });
  await expect(add).toBeDisabled();
  await modal.dialog().getByLabel('Nueva observación').fill('   ');
  await expect(add).toBeDisabled();
  await modal.dialog().getByLabel('Nueva observación').fill(nota);
  await add.click();
  await expect(modal.dialog().getByTestId('observacion').first()).toContainText(nota);
  await modal.save();
  await expect(page.getByText('Cambios guardados en este dispositivo. Se enviarán al servidor cuando haya conexión.')).toBeVisible();
  await expect(modal.row(radicado).getByText('Sin sincronizar')).toBeVisible();

  await page.reload();
  await waitForRows(page);
  await modal.open(radicado, documento);
  await expect(modal.field('Barrio')).toHaveValue('Usaquén');
  await expect(modal.dialog().getByTestId('observacion').first()).toContainText(nota);
  await page.keyboard.press('Escape');
  await expect(modal.dialog()).toHaveCount(0);
  await expect(modal.row(radicado).getByText('Sin sincronizar')).toBeVisible();

  await context.setOffline(false);
  await expect(modal.row(radicado).getByText('Sin sincronizar')).toHaveCount(0, { timeout: 30_000 });
  const rec = (await api.record(row.solicitante.id)).data!;
  expect(rec.ubicaciones[0].barrio).toBe('Usaquén');
  const notes = rec.solicitudes.find((s) => s.id === row.solicitud.id)!.observaciones_historial.filter((o) => o.observacion === nota);
  expect(notes).toHaveLength(1);
});

test('delete asks for confirmation and removes the application on the server', async ({ page, request }) => {
  // The record's own Eliminar is in the footer: a notification in its history has one too.
  const { modal, api, radicado, row, documento } = await setup(page, request, 'admin@demo.co', 4);
  await modal.open(radicado, documento);
  await modal.dialog().getByRole('contentinfo').getByRole('button', { name: 'Eliminar', exact: true }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('¿Estás seguro de eliminar este registro? Esta acción no se puede deshacer.');
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(modal.dialog()).toBeVisible();

  await modal.dialog().getByRole('contentinfo').getByRole('button', { name: 'Eliminar', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('Registro eliminado')).toBeVisible();
  await expect(modal.dialog()).toHaveCount(0);
  await expect(modal.row(radicado)).toHaveCount(0);
  await expect.poll(async () => (await api.record(row.solicitante.id)).status, { timeout: 30_000 }).toBe(404);
  expect(await api.byRadicado(radicado)).toBeUndefined();
});

test('the modal is keyboard usable, and Eliminar is not offered on a tablet', async ({ page, request }) => {
  const { modal, radicado, documento } = await setup(page, request, 'admin@demo.co', 5);
  await page.setViewportSize({ width: 820, height: 1180 });
  await modal.open(radicado, documento);
  await expect(modal.dialog().getByRole('button', { name: 'Guardar' })).toBeVisible();
  await expect(modal.dialog().getByRole('button', { name: 'Eliminar', exact: true })).toBeHidden();
  // Tab never leaves the dialog.
  for (let i = 0; i < 60; i++) await page.keyboard.press('Tab');
  expect(await modal.dialog().evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(modal.dialog()).toHaveCount(0);
});

test('an asesor sees only its own applications and a banco user only its bank', async ({ page, request }) => {
  const admin = await new ServerApi(request).login('admin@demo.co');
  const all = (await admin.rows()).length;
  for (const email of ['asesor@demo.co', 'banco@demo.co']) {
    const api = await new ServerApi(request).login(email);
    const own = await api.rows();
    expect(own.length).toBeGreaterThan(0);
    expect(own.length).toBeLessThan(all);
    if (email.startsWith('banco')) expect(own.every((r) => r.solicitud.banco === 'Bancolombia')).toBe(true);
    await new LoginPage(page).loginAndWait(email);
    await expect.poll(async () => waitForRows(page), { timeout: 30_000 }).toBe(own.length);
    const radicados = await page.getByTestId('radicado').allTextContents();
    const ownSet = new Set(own.map((r) => r.solicitud.radicado));
    for (const r of radicados) expect(ownSet.has(r.trim())).toBe(true);
    // The company's e-mail log ('Correos': staff addresses, relay errors) is not for the outside bank.
    const modal = new RegistroModal(page);
    await modal.open(own[0].solicitud.radicado, own[0].solicitante.numero_documento);
    await expect(modal.dialog().getByTestId('seccion-correos')).toHaveCount(email.startsWith('banco') ? 0 : 1);
    await modal.dialog().getByLabel('Nombres').press('Escape');
    await expect(modal.dialog()).toHaveCount(0);
    await page.getByRole('button', { name: 'Salir' }).click();
    await expect(page).toHaveURL(/\/login/);
  }
});

test('Descargar Ventas saves ventas_realizadas.csv with the configured fields; a failed download says why; offline it explains that it needs a connection', async ({ page, context }) => {
  await new LoginPage(page).loginAndWait('admin@demo.co');
  await waitForRows(page);
  const button = page.getByRole('button', { name: 'Descargar Ventas' });
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toBe('ventas_realizadas.csv');
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  expect(text.startsWith('\uFEFFRadicado;Fecha;Nombre;')).toBe(true);
  expect(text.split('\r\n').length).toBeGreaterThan(2);
  // After the 13 columns, the company's configured fields by their labels (the demo's 'Nacionalidad').
  expect(text.split('\r\n')[0].split(';')).toContain('Nacionalidad');

  // The server cannot be reached: the failure says why, and the next try works.
  await page.route('**/api/descargar-ventas/', (route) => route.abort('connectionrefused'));
  await button.click();
  const failed = page.locator('[data-sonner-toast]').filter({ hasText: 'Error al descargar ventas' });
  await expect(failed).toBeVisible();
  await expect(failed).toContainText(NETWORK_MESSAGE);
  await page.unroute('**/api/descargar-ventas/');
  const [again] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(again.suggestedFilename()).toBe('ventas_realizadas.csv');

  await context.setOffline(true);
  await expect(button).toBeDisabled();
  await expect(page.getByText('Necesitas conexión para descargar las ventas')).toBeVisible();
  await context.setOffline(false);
  await expect(button).toBeEnabled();
});

test('a bank change says the notification was sent only once the server queued the e-mail, and that the e-mail is queued', async ({ page, request }) => {
  const { modal, radicado, row, documento } = await setup(page, request, 'supervisor@demo.co', 6);
  await modal.open(radicado, documento);
  const banco = modal.field('Banco');
  const options = await banco.locator('option').allTextContents();
  const nuevo = options.find((o) => o.trim() && o !== row.solicitud.banco && !/Seleccion/i.test(o))!;
  await banco.selectOption({ label: nuevo });
  await modal.save();
  await expect(page.getByText('Registro actualizado correctamente')).toBeVisible();
  // The server queued it for the advisor and the admins (not the supervisor who made the change);
  // the device hears it with the pull that brings the in-app notice.
  const notified = page.locator('[data-sonner-toast]').filter({ hasText: 'Registro actualizado y notificación enviada' });
  await expect(notified).toBeVisible({ timeout: 30_000 });
  // The toast does not claim the e-mails went out: the server queued them; its relay sends them.
  await expect(notified).toContainText(/Aviso creado; \d+ correos? en cola para enviar desde el servidor/);
});

test('with nobody to e-mail, a bank change never claims a notification was sent', async ({ page, request }) => {
  // Otra Financiera has a single user: the admin making the change has nobody else to tell.
  const { modal, radicado, row, documento } = await setup(page, request, 'admin@otra.co', 0);
  await modal.open(radicado, documento);
  const banco = modal.field('Banco');
  const options = await banco.locator('option').allTextContents();
  const nuevo = options.find((o) => o.trim() && o !== row.solicitud.banco && !/Seleccion/i.test(o))!;
  await banco.selectOption({ label: nuevo });
  await modal.save();
  await expect(page.getByText('Registro actualizado correctamente')).toBeVisible();
  // The server has applied the change (and recorded its notice) before we look for the message.
  const api = await new ServerApi(request).login('admin@otra.co');
  await expect.poll(async () => (await api.byRadicado(radicado))?.solicitud.banco, { timeout: 30_000 }).toBe(nuevo);
  // The in-app notice reaching the bell means the device pulled the server's answer.
  const bell = new NotificationBellPanel(page);
  await bell.open();
  await expect(bell.panel().getByText('Cambio de Banco en Solicitud').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Registro actualizado y notificación enviada')).toHaveCount(0);
});

test('each notification in the history names the one its Editar, Eliminar and Marcar Leída act on', async ({ page, request }) => {
  const admin = await new ServerApi(request).login('admin@demo.co');
  const target = (await admin.rows())[7];
  const login = await request.post('/api/auth/login', { data: { email: 'admin@demo.co', password: PASSWORD } });
  const headers = { authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
  const created: Array<{ id: string; titulo: string; created_at: string }> = [];
  for (const titulo of ['Llamar al cliente', 'Pedir extractos']) {
    const res = await request.post('/api/notificaciones', {
      headers,
      data: { solicitud_id: target.solicitud.id, titulo, mensaje: 'Creada para la prueba', tipo: 'contactar_cliente', accion_requerida: 'contactar_cliente' },
    });
    expect(res.status(), await res.text()).toBe(201);
    created.push(((await res.json()) as { data: { id: string; titulo: string; created_at: string } }).data);
  }
  const { modal } = await setup(page, request, 'admin@demo.co', 0);
  await modal.open(target.solicitud.radicado, target.solicitante.numero_documento);
  const history = modal.dialog().getByTestId('notification-history');
  for (const n of created) {
    const item = history.locator(`[data-id="${n.id}"]`);
    const nombre = `notificación «${n.titulo}» del ${formatDateTime(n.created_at)}`;
    // The visible words stay; the accessible name says which notification.
    await expect(item.getByRole('button', { name: `Eliminar ${nombre}`, exact: true })).toHaveText('Eliminar');
    await expect(item.getByRole('button', { name: `Editar ${nombre}`, exact: true })).toHaveText('Editar');
    await expect(item.getByRole('button', { name: `Marcar Leída la ${nombre}`, exact: true })).toHaveText('Marcar Leída');
  }
  // No button of the modal is a bare 'Eliminar' but the record's own, in the footer.
  await expect(modal.dialog().getByRole('button', { name: 'Eliminar', exact: true })).toHaveCount(1);
  await expect(modal.dialog().getByRole('contentinfo').getByRole('button', { name: 'Eliminar', exact: true })).toHaveCount(1);
});

test('Editar Registro refuses a document number of -1 by its label and saves nothing, online and offline', async ({ page, context, request }) => {
  const { modal, api, radicado, documento } = await setup(page, request, 'admin@demo.co', 8);
  await modal.open(radicado, documento);
  const numero = modal.field('Número de documento');
  await numero.fill('-1');
  await modal.save();
  await expect(modal.dialog().getByTestId('field-error').filter({ hasText: 'Número de documento: debe tener entre 3 y 15 dígitos, sin letras ni guiones' })).toBeVisible();
  await expect(page.getByText('Por favor corrige los errores antes de continuar')).toBeVisible();
  await expect(numero).toBeFocused();
  const error = modal.dialog().getByTestId('field-error').filter({ hasText: 'Número de documento:' });
  for (const size of [{ width: 1366, height: 850 }, { width: 820, height: 1180 }, { width: 390, height: 844 }]) {
    await page.setViewportSize(size);
    await numero.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`documento-invalido-${size.width}.png`) });
  }
  // Offline the same rule answers on the device, with the same words.
  await context.setOffline(true);
  await numero.fill('9'.repeat(200));
  await expect(error).toHaveCount(0);
  await modal.save();
  await expect(error).toHaveText('Número de documento: debe tener entre 3 y 15 dígitos, sin letras ni guiones');
  await numero.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('documento-invalido-sin-conexion-390.png') });
  await context.setOffline(false);
  // Nothing left the device: the server keeps the number.
  await expect(modal.dialog()).toBeVisible();
  await expect(modal.row(radicado).getByText('Sin sincronizar')).toHaveCount(0);
  expect((await api.byRadicado(radicado))?.solicitante.numero_documento).toBe(documento);
});

test("a bank the company took off its list while the advisor was offline comes back as a refused change, with the reason", async ({ page, context, request }) => {
  const { modal, api, radicado, row, documento } = await setup(page, request, 'asesor@demo.co', 2);
  const login = await request.post('/api/auth/login', { data: { email: 'admin@demo.co', password: PASSWORD } });
  const headers = { authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
  const lista = ((await (await request.get('/api/configuraciones/bancos', { headers })).json()) as { data: { descripcion: string; configuracion: string[] } }).data;
  const quitado = lista.configuracion.find((b) => b !== row.solicitud.banco)!;
  try {
    await modal.open(radicado, documento);
    await context.setOffline(true);
    await modal.field('Banco').selectOption({ label: quitado });
    await modal.save();
    await expect(modal.dialog()).toHaveCount(0);
    // Meanwhile the administrator takes that bank off the company's list.
    const put = await request.put('/api/configuraciones/bancos', {
      headers,
      data: { descripcion: lista.descripcion, configuracion: lista.configuracion.filter((b) => b !== quitado) },
    });
    expect(put.ok(), await put.text()).toBe(true);
    await context.setOffline(false);

    const banner = page.getByTestId('banner-conflictos');
    await expect(banner).toContainText('El servidor rechazó 1 cambio de este dispositivo. Revísalo en Cambios pendientes.', { timeout: 30_000 });
    await banner.getByRole('button', { name: 'Revisar' }).click();
    const panel = page.getByRole('dialog', { name: 'Cambios pendientes' });
    const problema = panel.getByTestId('cambio-con-problema');
    await expect(problema).toHaveCount(1);
    await expect(problema).toContainText('Banco: elige un banco de la lista de la empresa.');
    for (const size of [{ width: 1366, height: 850 }, { width: 820, height: 1180 }, { width: 390, height: 844 }]) {
      await page.setViewportSize(size);
      await problema.scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`banco-rechazado-${size.width}.png`) });
    }
    // The server kept the application's bank.
    expect((await api.byRadicado(radicado))?.solicitud.banco).toBe(row.solicitud.banco);
  } finally {
    await request.put('/api/configuraciones/bancos', { headers, data: { descripcion: lista.descripcion, configuracion: lista.configuracion } });
  }
});
