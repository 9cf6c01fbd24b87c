/**
 * Promises to staff (desktop, 1366 px) and to applicants (the public page on a 390 px phone) kept
 * end to end with the real server: a field the administrator configured is edited in 'Editar
 * Registro' and named by its label everywhere staff read it (the change history included); an
 * application whose value no longer fits the field's new options says so and can still be edited;
 * staff's status and bank changes reach the applicant's page; and an e-mail the app queues is
 * shown as sent only once a real SMTP server (in this process) accepted it, a refused one as
 * failed with the reason, and 'Reintentar' delivers it.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { startServer } from '../../server/src/server';
import { loadConfig } from '../../server/src/config';
import { startSmtpSink, type SmtpSink } from '../api/smtp-sink';
import { LoginPage, PASSWORD, statusControl, waitForRows } from './fixtures/app';
import { FormularioPage } from './fixtures/formulario';
import { RegistroModal, ServerApi } from './fixtures/registro';
import { recibeDocumentos } from '../../src/domain/seguimiento';

const SHOTS = 'test-results/promesas-staff';
const DEF_URL = '/api/json/definitions/informacion_financiera/detalle_financiera';
const KEY = 'canal_contacto_x';
const LABEL = '¿Cómo nos conoció?';

async function adminToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/auth/login', { data: { email: 'admin@demo.co', password: PASSWORD } });
  return ((await login.json()) as { access_token: string }).access_token;
}

async function defineField(request: APIRequestContext, options: string[], extra: Record<string, unknown> = {}) {
  const res = await request.post(DEF_URL, {
    headers: { authorization: `Bearer ${await adminToken(request)}` },
    data: { definitions: [{ key: KEY, type: 'array', required: false, description: LABEL, list_values: { enum: options }, ...extra }] },
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

test.describe('e-mails with a real SMTP server', () => {
  const ROOT = resolve(`test-results/promesas-staff-correo-${process.env.E2E_PORT ?? 3210}`);
  let server: Awaited<ReturnType<typeof startServer>> | null = null;
  let smtp: SmtpSink | null = null;
  let base = '';
  /** While true, the SMTP server refuses every message with 550 (a mailbox that does not exist). */
  let refuse = true;

  test.beforeAll(async () => {
    rmSync(ROOT, { recursive: true, force: true });
    mkdirSync(ROOT, { recursive: true });
    smtp = await startSmtpSink({ decide: () => (refuse ? 550 : undefined) });
    const config = loadConfig({ ...process.env, SMTP_URL: smtp.url, MAIL_FROM: 'Radica <no-reply@radica.test>', LOGIN_RATE_LIMIT: '10000', LOGIN_IP_RATE_LIMIT: '10000' });
    server = await startServer({
      port: 0,
      host: '127.0.0.1',
      dataDir: join(ROOT, 'data'),
      distDir: resolve('dist'),
      databaseUrl: '',
      logger: false,
      seed: true,
      config,
      emailRelay: { pollMs: 100, backoffMs: 50, maxBackoffMs: 100, maxPermanentAttempts: 2 },
    });
    const address = server.app.server.address();
    base = `http://localhost:${typeof address === 'object' && address ? address.port : 0}`;
  });
  test.afterAll(async () => {
    await server?.shutdown();
    await smtp?.close();
  });

  test('a refused e-mail shows as failed with its reason, never as sent; Reintentar delivers it and it shows as sent', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: base, viewport: { width: 1366, height: 850 } });
    const page = await context.newPage();
    await new LoginPage(page).loginAndWait('admin@demo.co');
    await waitForRows(page);
    const modal = new RegistroModal(page);
    const radicado = await modal.radicadoAt(3);
    const api = await new ServerApi(context.request).login('admin@demo.co');
    const row = (await api.byRadicado(radicado))!;

    await modal.open(radicado, row.solicitante.numero_documento);
    const bancoActual = await modal.field('Banco').inputValue();
    const banco = bancoActual === 'BBVA' ? 'Nu Bank' : 'BBVA';
    await modal.field('Banco').selectOption(banco);
    await modal.save();
    await expect(modal.dialog()).toHaveCount(0);
    await expect(modal.row(radicado).getByText('Sin sincronizar')).toHaveCount(0, { timeout: 30_000 });

    // The relay tries each message twice; the SMTP server refuses both times: failed, with the reply.
    await modal.open(radicado, row.solicitante.numero_documento);
    const correos = modal.dialog().getByTestId('seccion-correos');
    const supervisor = correos.getByTestId('correo').filter({ hasText: 'Para: supervisor@demo.co' });
    await expect(supervisor).toHaveCount(1, { timeout: 15_000 });
    await expect(supervisor).toContainText(`Cambio de banco en la solicitud ${radicado} de `);
    await expect(async () => {
      await correos.getByRole('button', { name: 'Actualizar' }).click();
      await expect(supervisor.getByTestId('correo-estado')).toContainText('No se pudo enviar', { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await expect(supervisor.getByTestId('correo-estado')).toHaveText('No se pudo enviar — El servidor de correo respondió: 550 Buzón no disponible');
    await expect(correos.getByText(/^Enviado el/)).toHaveCount(0);
    expect(smtp!.accepted).toHaveLength(0);
    await supervisor.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/correo-fallido-1366.png` });

    // The mailbox exists again: 'Reintentar' queues it and the relay delivers it.
    refuse = false;
    await supervisor.getByRole('button', { name: 'Reintentar el correo a supervisor@demo.co' }).click();
    await expect(page.getByText('El correo volvió a la cola: se intentará enviar de nuevo en unos momentos.')).toBeVisible();
    await expect(async () => {
      await correos.getByRole('button', { name: 'Actualizar' }).click();
      await expect(supervisor.getByTestId('correo-estado')).toHaveText(/^Enviado el \d\d\/\d\d\/\d{4} \d\d:\d\d$/, { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await expect(supervisor.getByRole('button', { name: /^Reintentar/ })).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/correo-enviado-1366.png` });

    // 'Historial de cambios' says who queued it again and when (read when the modal opens).
    await page.keyboard.press('Escape');
    await expect(modal.dialog()).toHaveCount(0);
    await modal.open(radicado, row.solicitante.numero_documento);
    const reintento = modal.dialog().getByTestId('seccion-historial').getByTestId('historial-entrada').filter({ hasText: 'Correo · Reintento de envío' });
    await expect(reintento).toHaveCount(1);
    await expect(reintento).toContainText(/\d\d\/\d\d\/\d{4} \d\d:\d\d · Adriana/);
    // Which of the application's e-mails: its recipient, named without an arrow (it did not change).
    await expect(reintento.getByTestId('historial-cambio').filter({ hasText: 'Destinatario' })).toHaveText('Destinatariosupervisor@demo.co');
    await expect(reintento.getByTestId('historial-cambio').filter({ hasText: 'Estado' })).toContainText('No se pudo enviar');
    await expect(reintento.getByTestId('historial-cambio').filter({ hasText: 'Estado' })).toContainText('En cola');
    await expect(reintento.getByTestId('historial-cambio').filter({ hasText: 'Motivo del fallo' })).toContainText('El servidor de correo respondió: 550 Buzón no disponible');
    await reintento.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/historial-reintento-1366.png` });

    const mail = smtp!.accepted.find((m) => m.to.includes('supervisor@demo.co'));
    expect(mail?.mail.subject).toMatch(new RegExp(`^Cambio de banco en la solicitud ${radicado} de `));
    expect(mail?.mail.text).toContain(`Banco nuevo: ${banco}`);
    expect(mail?.mail.text).toContain(`Banco anterior: ${bancoActual || 'sin banco'}`);
    expect(mail?.mail.text).toMatch(/Fecha del cambio: \d\d\/\d\d\/\d{4} \d\d:\d\d \(hora de Colombia\)/);

    // Offline the section says where the state is, on a phone too.
    await page.setViewportSize({ width: 390, height: 844 });
    await context.setOffline(true);
    await expect(correos).toContainText('Sin conexión: el estado de los correos de esta solicitud se verá cuando vuelvas a tener conexión.');
    await correos.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/correos-sin-conexion-390.png` });
    // The history keeps its copy offline, the retry with it.
    await expect(reintento).toHaveCount(1);
    await reintento.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/historial-reintento-sin-conexion-390.png` });
    await context.setOffline(false);
    await expect(supervisor.getByTestId('correo-estado')).toContainText('Enviado el');
    await supervisor.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/correos-390.png` });
    await page.setViewportSize({ width: 820, height: 1180 });
    await supervisor.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/correos-820.png` });
    await reintento.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/historial-reintento-820.png` });
    await context.close();
  });
});

test("a role change reaches the signed-in user's screen at the next reload: badge and menu follow the new role", async ({ page, request }) => {
  const token = await adminToken(request);
  const correo = `rol.${Math.random().toString(36).slice(2, 8)}@demo.co`;
  const created = await request.post('/api/usuarios', {
    headers: { authorization: `Bearer ${token}` },
    data: { nombre: 'Rosa Cambio', cedula: `77${Date.now() % 1_000_000}`, correo, contraseña: 'secreta123', rol: 'supervisor' },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const id = ((await created.json()) as { data: { id: number } }).data.id;

  const login = new LoginPage(page);
  await login.goto();
  await login.login(correo, 'secreta123');
  const menu = page.getByRole('navigation', { name: 'Menú principal' });
  await expect(menu.getByRole('link', { name: 'Usuarios' })).toBeVisible();
  await expect(page.getByTestId('rol-badge')).toHaveText('Supervisor');

  // The admin makes her an asesor: the server refuses her the users screen at once.
  const changed = await request.put(`/api/usuarios/${id}`, { headers: { authorization: `Bearer ${token}` }, data: { rol: 'asesor' } });
  expect(changed.ok(), await changed.text()).toBe(true);

  await page.reload();
  await expect(page.getByTestId('rol-badge')).toHaveText('Asesor', { timeout: 15_000 });
  await expect(menu.getByRole('link', { name: 'Usuarios' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Configuración' })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/rol-cambiado-1366.png` });
  // Still signed in: the session was not thrown away, only brought up to date.
  await expect(page.getByRole('heading', { level: 1, name: 'Creditos' })).toBeVisible();

  await request.delete(`/api/usuarios/${id}`, { headers: { authorization: `Bearer ${token}` } });
});

test('a required field the administrator added is asked by its label at creation, and the new application shows it in Editar Registro', async ({ page, request }) => {
  await defineField(request, ['Radio', 'Referido'], { required: true });
  const documento = String(Date.now()).slice(-10);
  await new LoginPage(page).loginAndWait('admin@demo.co');
  await waitForRows(page);
  const form = new FormularioPage(page);
  await form.open();
  const campo = form.dialog().getByLabel(LABEL, { exact: true });
  await expect(campo).toBeVisible({ timeout: 30_000 });
  await form.fillRequired({ nombres: 'Camila', apellido: 'Configurada', documento, referencia: 'Pedro Configurado', monto: '180000000' });
  await form.dialog().getByRole('button', { name: 'Guardar', exact: true }).click();

  // Left empty: the form names the field by its label, focuses it, and saves nothing.
  await expect(campo).toHaveAttribute('aria-invalid', 'true');
  await expect(campo).toBeFocused();
  const errorId = await campo.getAttribute('aria-describedby');
  await expect(page.locator(`[id="${errorId}"]`)).toContainText(LABEL);
  await campo.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/creacion-campo-obligatorio-1366.png` });

  await campo.selectOption('Referido');
  await form.dialog().getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(form.dialog()).toHaveCount(0, { timeout: 30_000 });
  await page.getByLabel('Buscar').fill(documento);
  const row = page.getByTestId('credit-row').filter({ hasText: 'Camila' });
  await expect(row.getByText('Sin sincronizar')).toHaveCount(0, { timeout: 30_000 });
  await row.getByTestId('nombre').click();
  const modal = new RegistroModal(page);
  await expect(modal.dialog().getByTestId('seccion-financiera').getByLabel(LABEL, { exact: true })).toHaveValue('Referido');
  await expect(modal.field('Monto solicitado')).toHaveValue('$ 180.000.000');
});

test("an upload the server refuses for the day's limit says why on the applicant's phone, never 'sin conexión'", async ({ browser, request }) => {
  const tabla = await request.get('/api/dashboard/tabla', { headers: { authorization: `Bearer ${await adminToken(request)}` } });
  const rows = ((await tabla.json()) as { data: Array<{ solicitud: { radicado: string; estado: string | null } }> }).data;
  // An open filing (a closed one takes no documents), not the one the tracking specs use.
  const radicado = rows.filter((r) => recibeDocumentos(r.solicitud.estado)).at(-2)!.solicitud.radicado;
  // 20 documents today: the filing's daily limit.
  const pdf = (i: number) => ({ name: `doc-${i}.pdf`, mimeType: 'application/pdf', buffer: Buffer.from(`%PDF-1.4\n% ${i}\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`) });
  for (let r = 0; r < 4; r++) {
    const form = new FormData();
    form.append('id_radicado', radicado);
    for (let i = 0; i < 5; i++) {
      const f = pdf(r * 5 + i);
      form.append('archivos', new Blob([f.buffer], { type: f.mimeType }), f.name);
    }
    const res = await request.post('/api/seguimiento/actualizar-documentos', { multipart: form });
    expect(res.ok(), await res.text()).toBe(true);
  }
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await phone.newPage();
  await page.goto('/seguimiento');
  await page.getByLabel('Número de radicado').fill(radicado);
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByRole('heading', { name: `Radicado ${radicado}` })).toBeVisible();
  await page.getByLabel('Subir documentos:').setInputFiles(pdf(21));
  await page.getByRole('button', { name: 'Subir archivos' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Este radicado ya recibió 20 archivos hoy. Inténtalo de nuevo mañana.' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('carga-error')).toContainText('Los archivos siguen guardados en este dispositivo; puedes reintentar el envío más tarde.');
  await expect(page.getByText('(sin conexión)')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/seguimiento-limite-390.png`, fullPage: true });
  for (const [width, height] of [[820, 1180], [1366, 850]]) {
    await page.setViewportSize({ width, height });
    await page.getByTestId('carga-error').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/seguimiento-limite-${width}.png` });
  }
  await phone.close();
});
