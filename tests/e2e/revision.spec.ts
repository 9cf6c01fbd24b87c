/**
 * The review loop at tablet size (issue 34), on the real server: an admin returns an application
 * with a comment on one field; the advisor, on another device and offline, finds it under
 * 'Correcciones pendientes', corrects the field and sends the corrections; once reconnected the
 * admin sees the answer and before → after, and closes the review; the 'Devuelta' badge goes.
 * And the conflict: a review closed while the advisor answered offline is refused, and the
 * refusal shows in 'Cambios pendientes' with its reason while the advisor's edit is kept.
 * And the new screens pass axe with 44 px targets.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { MUTATIONS } from '../../src/domain/mutations';
import { answerConfirm, waitForServiceWorker } from './fixtures/app';
import { ServerApi, setup } from './fixtures/registro';
import { cerrarRevision, openCorrecciones, revisiones, returnApplication, sincronizarAhora, type AsesorApp } from './fixtures/revision';

const TABLET = { viewport: { width: 820, height: 1180 }, hasTouch: true };

async function device(browser: Browser): Promise<Page> {
  return (await browser.newContext(TABLET)).newPage();
}

/**
 * An application the advisor works on, as the server lists it to the advisor, that has never been
 * returned (the n-th such one): the tests share one server, and an application with a review
 * offers 'Cerrar revisión' / 'Devolver de nuevo' instead of 'Devolver al asesor'.
 */
async function asesorApp(api: ServerApi, n: number, request: APIRequestContext): Promise<AsesorApp> {
  const fresh: AsesorApp[] = [];
  for (const r of await api.rows()) {
    if ((await revisiones(request, r.solicitud.id)).length > 0) continue;
    fresh.push({ id: r.solicitud.id, radicado: r.solicitud.radicado, documento: r.solicitante.numero_documento, solicitanteId: r.solicitante.id });
    if (fresh.length > n) return fresh[n];
  }
  throw new Error('No quedan solicitudes del asesor sin revisiones');
}

test.describe.configure({ timeout: 180_000 });

test('an admin returns a field; the advisor corrects it offline; the admin sees before → after and closes the review', async ({ browser, request }) => {
  const asesorApi = await new ServerApi(request).login('asesor@demo.co');
  const app = await asesorApp(asesorApi, 0, request);

  // The office: the admin opens the application and returns it with a comment on one field.
  const office = await device(browser);
  const { modal } = await setup(office, request, 'admin@demo.co', 0);
  await returnApplication(office, modal, app, {
    mensaje: 'Revisar los ingresos con el certificado laboral.',
    campo: 'Ingreso básico mensual',
    comentario: 'El ingreso no coincide con el certificado.',
  });
  await expect.poll(async () => (await revisiones(request, app.id))[0]?.estado, { timeout: 30_000 }).toBe('abierta');
  await expect(modal.row(app.radicado).getByTestId('devuelta-badge')).toHaveText('Devuelta');

  // The advisor's tablet: signed in, synced, then offline.
  const tablet = await device(browser);
  const advisor = await setup(tablet, request, 'asesor@demo.co', 0);
  await expect(tablet.getByRole('button', { name: /1 con correcciones pendientes/ })).toBeVisible({ timeout: 30_000 });
  await waitForServiceWorker(tablet);
  await tablet.context().setOffline(true);
  let card = await openCorrecciones(tablet, app.radicado);
  await expect(card).toContainText('1 campo');
  await expect(card).toContainText(/Devuelta por .+ · \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  // Still there after a reload without a network: it is read from the device's store.
  await tablet.reload();
  card = tablet.getByTestId('correccion').filter({ hasText: app.radicado });
  await expect(card).toContainText('1 campo');

  await card.click();
  const dialog = advisor.modal.dialog();
  await expect(dialog).toBeVisible();
  const flagged = dialog.getByTestId('campo-devuelto');
  await expect(flagged).toHaveCount(1);
  await expect(flagged).toContainText('El ingreso no coincide con el certificado.');
  await expect(dialog.getByText('Revisar los ingresos con el certificado laboral.')).toBeVisible();
  const send = dialog.getByRole('button', { name: 'Enviar correcciones' });
  await expect(send).toBeDisabled();
  await flagged.getByRole('textbox', { name: 'Ingreso básico mensual', exact: true }).fill('180000000');
  await expect(send).toBeEnabled();
  await send.click();
  await expect(tablet.getByText('Correcciones guardadas en este dispositivo. Se enviarán al servidor cuando haya conexión.').first()).toBeVisible();
  await expect(tablet.getByTestId('correcciones-vacio')).toBeVisible();
  await expect(card.getByTestId('correccion-en-dispositivo')).toBeVisible();
  // Nothing left the device yet.
  expect((await revisiones(request, app.id))[0].estado).toBe('abierta');

  await tablet.context().setOffline(false);
  await expect.poll(async () => (await revisiones(request, app.id))[0]?.estado, { timeout: 30_000 }).toBe('respondida');
  await expect(tablet.getByTestId('correccion')).toHaveCount(0, { timeout: 30_000 });

  // The office sees the answer and the new value, and closes the review.
  await sincronizarAhora(office);
  await modal.open(app.radicado, app.documento);
  const officeDialog = modal.dialog();
  await expect(officeDialog.getByRole('heading', { name: 'Correcciones recibidas' })).toBeVisible({ timeout: 30_000 });
  const answered = officeDialog.getByTestId('campo-devuelto');
  await expect(answered.getByTestId('antes-despues')).toContainText('$ 180.000.000');
  await expect(answered.getByTestId('antes-despues')).toContainText('→');
  await officeDialog.getByRole('button', { name: 'Cerrar revisión' }).click();
  await answerConfirm(office, /no se puede reabrir/, 'confirm');
  await expect(officeDialog.getByTestId('panel-revision')).toHaveCount(0);
  await expect.poll(async () => (await revisiones(request, app.id))[0]?.estado, { timeout: 30_000 }).toBe('cerrada');
  await officeDialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(modal.row(app.radicado).getByTestId('devuelta-badge')).toHaveCount(0);

  await office.context().close();
  await tablet.context().close();
});

test('a review closed while the advisor answered offline: the answer is refused in Cambios pendientes, the edit is kept', async ({ browser, request }) => {
  const asesorApi = await new ServerApi(request).login('asesor@demo.co');
  const app = await asesorApp(asesorApi, 0, request);
  const office = await device(browser);
  const { modal } = await setup(office, request, 'admin@demo.co', 0);
  await returnApplication(office, modal, app, { mensaje: 'Falta un documento.', campo: 'Documentos', comentario: 'Adjuntar el extracto bancario.' });
  await expect.poll(async () => (await revisiones(request, app.id))[0]?.estado, { timeout: 30_000 }).toBe('abierta');

  const tablet = await device(browser);
  const advisor = await setup(tablet, request, 'asesor@demo.co', 0);
  await expect(tablet.getByRole('button', { name: /con correcciones pendientes/ })).toBeVisible({ timeout: 30_000 });
  await tablet.context().setOffline(true);
  await (await openCorrecciones(tablet, app.radicado)).click();
  const dialog = advisor.modal.dialog();
  await dialog.getByRole('button', { name: 'El documento ya fue solicitado al cliente' }).click();
  // An edit made with the answer travels before it, as an ordinary edit.
  await advisor.modal.field('Barrio').fill('Barrio Revisión');
  await dialog.getByRole('button', { name: 'Enviar correcciones' }).click();
  await expect(tablet.getByText('Correcciones guardadas en este dispositivo. Se enviarán al servidor cuando haya conexión.').first()).toBeVisible();

  // Meanwhile the office withdraws it.
  await cerrarRevision(request, app.id, (await revisiones(request, app.id))[0].id);

  await tablet.context().setOffline(false);
  await expect(tablet.getByTestId('menu-badge')).toBeVisible({ timeout: 30_000 });
  await tablet.getByTestId('sync-status').click();
  const panel = tablet.getByRole('dialog', { name: 'Cambios pendientes' });
  const problem = panel.getByRole('listitem').filter({ hasText: MUTATIONS['revision.responder'].label });
  await expect(problem).toBeVisible();
  await expect(problem).toContainText(app.radicado);
  await expect(problem).toContainText(/cerrad/i);
  expect((await revisiones(request, app.id))[0].estado).toBe('cerrada');
  // The advisor's edit was not lost with the refused answer.
  await expect.poll(async () => (await asesorApi.record(app.solicitanteId)).data?.ubicaciones[0]?.barrio).toBe('Barrio Revisión');

  await office.context().close();
  await tablet.context().close();
});

/** Tappable things in `root` smaller than 44×44 px (a checkbox counts with its label). */
async function smallTargets(page: Page, root: string): Promise<string[]> {
  return page.locator(root).evaluateAll((roots) =>
    roots.flatMap((r) =>
      [...r.querySelectorAll<HTMLElement>('button, input, textarea, select, label:has(input[type=checkbox])')]
        .filter((el) => !(el instanceof HTMLInputElement && el.type === 'checkbox'))
        .filter((el) => el.getClientRects().length > 0)
        .flatMap((el) => {
          const b = el.getBoundingClientRect();
          return b.width < 44 || b.height < 44 ? [`${el.tagName} "${(el.textContent ?? '').trim().slice(0, 30)}" ${Math.round(b.width)}×${Math.round(b.height)}`] : [];
        }),
    ),
  );
}

async function axe(page: Page, screen: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
  return result.violations.filter((v) => v.impact !== 'minor').map((v) => `${screen}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
}

test('the review screens pass axe and keep 44 px targets on a tablet', async ({ browser, request }) => {
  const asesorApi = await new ServerApi(request).login('asesor@demo.co');
  const app = await asesorApp(asesorApi, 0, request);
  const office = await device(browser);
  const { modal } = await setup(office, request, 'admin@demo.co', 0);
  const found: string[] = [];

  await modal.open(app.radicado, app.documento);
  await modal.dialog().getByRole('button', { name: 'Devolver al asesor' }).click();
  const dialog = office.getByRole('dialog', { name: 'Devolver al asesor' });
  await dialog.getByRole('button', { name: 'Devolver al asesor' }).click();
  await expect(dialog.getByText('Seleccione al menos un campo a corregir')).toBeVisible();
  await expect(dialog.getByText('El mensaje es obligatorio')).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'Documentos', exact: true }).check();
  // The list's message goes once a field is picked; the new field asks for its comment.
  await expect(dialog.getByText('Seleccione al menos un campo a corregir')).toHaveCount(0);
  await expect(dialog.getByText('Escriba un comentario para cada campo')).toBeVisible();
  found.push(...(await axe(office, 'devolver')), ...(await smallTargets(office, '[data-testid="devolver-dialog"]')).map((s) => `devolver: ${s}`));
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toHaveCount(0);
  await modal.dialog().getByRole('button', { name: 'Cancelar' }).click();
  await returnApplication(office, modal, app, { mensaje: 'Revisar el estado civil.', campo: 'Estado civil', comentario: 'No coincide con la declaración.' });
  await expect.poll(async () => (await revisiones(request, app.id))[0]?.estado, { timeout: 30_000 }).toBe('abierta');

  const tablet = await device(browser);
  const advisor = await setup(tablet, request, 'asesor@demo.co', 0);
  const card = await openCorrecciones(tablet, app.radicado);
  found.push(...(await axe(tablet, 'correcciones')), ...(await smallTargets(tablet, 'main')).map((s) => `correcciones: ${s}`));
  await card.click();
  await expect(advisor.modal.dialog().getByTestId('panel-revision')).toBeVisible();
  found.push(...(await axe(tablet, 'editar-devuelta')), ...(await smallTargets(tablet, '[data-testid="panel-revision"], [data-testid="campo-devuelto"]')).map((s) => `editar-devuelta: ${s}`));
  expect(found, found.join('\n')).toEqual([]);

  // Leave nothing open for the specs that follow.
  await cerrarRevision(request, app.id, (await revisiones(request, app.id))[0].id);
  await office.context().close();
  await tablet.context().close();
});
