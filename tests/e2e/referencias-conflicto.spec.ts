/**
 * Two devices edit the same reference: the manager's tablet offline, the supervisor's desktop
 * online (two browser contexts). When the tablet reconnects, its edit is not applied over the
 * desktop's silently: the server answers a conflict, the tablet names it (the reference, the field
 * by its label, both values, who changed it) and the manager keeps their value. The same holds
 * when one device deleted the reference and the other edited it, whichever did which.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { LoginPage, readLocal } from './fixtures/app';
import { RegistroModal, setup, waitForRows, waitForServiceWorker, type ServerApi } from './fixtures/registro';

/** Ten digits starting with 3, different on each run (a value a field already holds changes nothing). */
const stamp = Date.now().toString().slice(-8);
const CELULAR_TABLETA = `31${stamp}`;
const CELULAR_OFICINA = `32${stamp}`;
const NOMBRE = `Referencia Conflicto ${Date.now().toString(36).replace(/\d/g, (d) => 'abcdefghij'[Number(d)])}`;

/** The reference block named `nombre` in an open 'Editar Registro'. */
async function reference(modal: RegistroModal, nombre = NOMBRE): Promise<Locator> {
  const all = modal.dialog().getByTestId('referencia');
  await expect(all.first()).toBeVisible();
  const n = await all.count();
  for (let i = 0; i < n; i++) if ((await all.nth(i).getByLabel('Nombre').inputValue()) === nombre) return all.nth(i);
  throw new Error(`no reference named ${nombre}`);
}

async function editCelular(modal: RegistroModal, radicado: string, documento: string, celular: string, nombre = NOMBRE) {
  await modal.open(radicado, documento);
  const ref = await reference(modal, nombre);
  await ref.getByLabel('Celular').fill(celular);
  await modal.save();
}

test('both devices edit reference 1: the second to sync sees the conflict and keeps its value', async ({ page, context, request, browser }) => {
  const { modal, api, radicado, row, documento } = await setup(page, request, 'manager@demo.co', 9);
  // The reference both devices will edit: one of this run's, so no other spec's values get in the way.
  const referenciaId = await freshReference(request, api, row, NOMBRE);

  // The tablet pulls it, goes offline and changes its celular: queued on the device.
  await page.reload();
  await waitForRows(page);
  await waitForServiceWorker(page);
  await deviceHolds(page, row.solicitud.id, referenciaId);
  await context.setOffline(true);
  await editCelular(modal, radicado, documento, CELULAR_TABLETA);
  await expect(page.getByText('Cambios guardados en este dispositivo. Se enviarán al servidor cuando haya conexión.')).toBeVisible();

  // Meanwhile the supervisor, on the office desktop, changes the same celular, online.
  const office = await browser.newContext();
  try {
    const desk = await office.newPage();
    await new LoginPage(desk).goto();
    await new LoginPage(desk).login('supervisor@demo.co');
    await waitForRows(desk);
    const deskModal = new RegistroModal(desk);
    await editCelular(deskModal, radicado, documento, CELULAR_OFICINA);
    await expect(desk.getByText('Registro actualizado correctamente')).toBeVisible({ timeout: 30_000 });
  } finally {
    await office.close();
  }
  const celular = async () => ((await api.record(row.solicitante.id)).data!.referencias.find((r) => r.detalle_referencia.nombre === NOMBRE)?.detalle_referencia as { celular?: string } | undefined)?.celular;
  await expect.poll(celular, { timeout: 30_000 }).toBe(CELULAR_OFICINA);

  // The tablet reconnects: its edit is refused as a conflict, not written over the office's.
  await context.setOffline(false);
  const banner = page.getByTestId('banner-conflictos');
  await expect(banner).toContainText(`otra persona cambió Celular de la referencia «${NOMBRE}»`, { timeout: 30_000 });
  expect(await celular()).toBe(CELULAR_OFICINA);

  await banner.getByRole('button', { name: 'Resolver' }).first().click();
  const panel = page.getByRole('dialog', { name: 'Cambios pendientes' });
  const problem = panel.getByRole('listitem').filter({ hasText: 'Edición de referencia' });
  await expect(problem).toContainText('Conflicto: Otra persona cambió estos datos de la referencia mientras tanto.');
  const line = problem.getByRole('group', { name: 'Celular' });
  await expect(line).toContainText(`Tú: ${CELULAR_TABLETA}`);
  await expect(line).toContainText(`Servidor: ${CELULAR_OFICINA}`);
  await expect(line.getByTestId('cambiado-por')).toContainText('Cambiado en el servidor por');
  await expect(line.getByLabel('Conservar el mío')).toBeChecked();
  for (const width of [390, 820, 1366]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : width === 820 ? 1180 : 768 });
    await problem.getByRole('button', { name: 'Aplicar selección' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`referencia-conflicto-${width}.png`) });
  }
  await problem.getByRole('button', { name: 'Aplicar selección' }).click();
  await expect(page.getByText('Conflicto resuelto')).toBeVisible();
  await expect(panel.getByText('Ningún cambio rechazado.')).toBeVisible();

  // Kept with a fresh base, the tablet's value reaches the server.
  await expect.poll(celular, { timeout: 30_000 }).toBe(CELULAR_TABLETA);
  await panel.getByRole('button', { name: 'Cerrar' }).click();
  await modal.open(radicado, documento);
  await expect((await reference(modal)).getByLabel('Celular')).toHaveValue(CELULAR_TABLETA);
});

async function bearerOf(request: APIRequestContext, email: string) {
  const login = await request.post('/api/auth/login', { data: { email, password: 'demo1234' } });
  return { authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
}

/**
 * Leaves the manager's application `row` with its first two references and one more, `nombre`
 * (celular '3000000000'): this run's own, so no other spec's values get in the way. Its id.
 */
/**
 * Waits until this device's copy of the application holds reference `referenciaId`: the reload's
 * pull may still be on its way when the rows show, and going offline before it lands leaves the
 * tablet without the reference (a CI run once found 2 references where 3 were expected).
 */
async function deviceHolds(page: Page, solicitudId: string, referenciaId: string) {
  await expect
    .poll(async () => ((await readLocal<{ referencias?: Array<{ id: string }> }>(page, 'solicitudes', solicitudId))?.referencias ?? []).some((r) => r.id === referenciaId), { timeout: 30_000 })
    .toBe(true);
}

async function freshReference(
  request: APIRequestContext,
  api: ServerApi,
  row: { solicitante: { id: string }; solicitud: { id: string } },
  nombre: string,
): Promise<string> {
  const auth = await bearerOf(request, 'manager@demo.co');
  for (const r of (await api.record(row.solicitante.id)).data!.referencias.slice(2)) {
    expect((await request.delete('/api/referencias', { headers: auth, data: { solicitante_id: row.solicitante.id, referencia_id: r.id } })).ok()).toBe(true);
  }
  const added = await request.post('/api/referencias', { headers: auth, data: { solicitud_id: row.solicitud.id, tipo_referencia: 'personal', detalle_referencia: { nombre, celular: '3000000000' } } });
  expect(added.ok(), await added.text()).toBe(true);
  return ((await added.json()) as { data: { referencia_id: string } }).data.referencia_id;
}

test('a reference deleted on another device while the tablet edited it: the tablet says so and creates it again with its change', async ({ page, context, request }) => {
  const { modal, api, radicado, row, documento } = await setup(page, request, 'manager@demo.co', 8);
  const nombre = `${NOMBRE} Dos`;
  const referenciaId = await freshReference(request, api, row, nombre);

  await page.reload();
  await waitForRows(page);
  await waitForServiceWorker(page);
  await deviceHolds(page, row.solicitud.id, referenciaId);
  await context.setOffline(true);
  await editCelular(modal, radicado, documento, CELULAR_TABLETA, nombre);
  await expect(page.getByText('Cambios guardados en este dispositivo. Se enviarán al servidor cuando haya conexión.')).toBeVisible();

  // Meanwhile the supervisor deletes that reference from the office.
  const gone = await request.delete('/api/referencias', { headers: await bearerOf(request, 'supervisor@demo.co'), data: { solicitante_id: row.solicitante.id, referencia_id: referenciaId } });
  expect(gone.ok()).toBe(true);

  await context.setOffline(false);
  const banner = page.getByTestId('banner-conflictos');
  await expect(banner).toContainText(`otra persona eliminó la referencia «${nombre}»`, { timeout: 30_000 });
  await banner.getByRole('button', { name: 'Resolver' }).first().click();
  const panel = page.getByRole('dialog', { name: 'Cambios pendientes' });
  const problem = panel.getByRole('listitem').filter({ hasText: 'Edición de referencia' });
  await expect(problem).toContainText('Conflicto: Otra persona eliminó esta referencia mientras tanto. Puedes volver a crearla con tus cambios o descartarlos.');
  const resolver = problem.getByTestId('resolver');
  await expect(resolver).toContainText(`Tú: ${CELULAR_TABLETA}`);
  await expect(resolver.getByTestId('cambiado-por')).toContainText('Eliminada en el servidor por');
  for (const width of [390, 820, 1366]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : width === 820 ? 1180 : 768 });
    await resolver.getByRole('button', { name: 'Volver a crearla con mis cambios' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`referencia-eliminada-${width}.png`) });
  }
  await resolver.getByRole('button', { name: 'Volver a crearla con mis cambios' }).click();
  await expect(page.getByText('Conflicto resuelto')).toBeVisible();
  await expect(panel.getByText('Ningún cambio rechazado.')).toBeVisible();

  await expect
    .poll(async () => (await api.record(row.solicitante.id)).data!.referencias.find((r) => r.detalle_referencia.nombre === nombre)?.detalle_referencia, { timeout: 30_000 })
    .toMatchObject({ celular: CELULAR_TABLETA });
});

test('a reference the tablet deleted while another device changed it: the tablet asks, and keeping it keeps the new data', async ({ page, context, request }) => {
  const { modal, api, radicado, row, documento } = await setup(page, request, 'manager@demo.co', 9);
  const nombre = `${NOMBRE} Tres`;
  const referenciaId = await freshReference(request, api, row, nombre);
  const serverReference = async () => (await api.record(row.solicitante.id)).data!.referencias.find((r) => r.id === referenciaId);

  // The tablet, offline, deletes the reference.
  await page.reload();
  await waitForRows(page);
  await waitForServiceWorker(page);
  await deviceHolds(page, row.solicitud.id, referenciaId);
  await context.setOffline(true);
  const count = (await api.record(row.solicitante.id)).data!.referencias.length;
  await modal.open(radicado, documento);
  const refs = modal.dialog().getByTestId('referencia');
  await expect(refs).toHaveCount(count);
  const mine = await reference(modal, nombre);
  await mine.getByRole('button', { name: /^Eliminar Referencia \d$/ }).click();
  await modal.save();
  await expect(page.getByText('Cambios guardados en este dispositivo. Se enviarán al servidor cuando haya conexión.')).toBeVisible();

  // Meanwhile the supervisor corrects its celular from the office.
  const edited = await request.patch('/api/referencias', {
    headers: await bearerOf(request, 'supervisor@demo.co'),
    data: { solicitante_id: row.solicitante.id, referencia_id: referenciaId, updates: { celular: CELULAR_OFICINA } },
  });
  expect(edited.ok(), await edited.text()).toBe(true);

  // Back online: the deletion is not applied over the correction; the tablet says what changed.
  await context.setOffline(false);
  const banner = page.getByTestId('banner-conflictos');
  await expect(banner).toContainText(`otra persona cambió Celular de la referencia «${nombre}»`, { timeout: 30_000 });
  expect((await serverReference())?.detalle_referencia).toMatchObject({ celular: CELULAR_OFICINA });

  await banner.getByRole('button', { name: 'Resolver' }).first().click();
  const panel = page.getByRole('dialog', { name: 'Cambios pendientes' });
  const problem = panel.getByRole('listitem').filter({ hasText: 'Eliminación de referencia' });
  const resolver = problem.getByTestId('resolver');
  await expect(resolver).toContainText('La referencia cambió en el servidor después de que la viste.');
  await expect(resolver).toContainText(`Ahora: ${CELULAR_OFICINA}`);
  await expect(resolver).toContainText('Cuando la viste: 3000000000');
  await expect(resolver.getByRole('button', { name: 'Eliminarla de todos modos' })).toBeVisible();
  for (const width of [390, 820, 1366]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : width === 820 ? 1180 : 768 });
    await resolver.getByRole('button', { name: 'Conservar la referencia' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`referencia-cambiada-${width}.png`) });
  }
  await resolver.getByRole('button', { name: 'Conservar la referencia' }).click();
  await expect(page.getByText('Conflicto resuelto')).toBeVisible();
  await expect(panel.getByText('Ningún cambio rechazado.')).toBeVisible();
  await panel.getByRole('button', { name: 'Cerrar' }).click();

  // The reference stays, with the office's correction, on the server and on the tablet.
  expect((await serverReference())?.detalle_referencia).toMatchObject({ nombre, celular: CELULAR_OFICINA });
  await modal.open(radicado, documento);
  await expect(refs).toHaveCount(count);
  await expect((await reference(modal, nombre)).getByLabel('Celular')).toHaveValue(CELULAR_OFICINA);
});
