/**
 * Issue 27 on a tablet (820×1180, touch): what the advisor sees about saved, pending and refused
 * work, and that no single tap or key loses work or changes a decision. Scenario tests, each
 * covering several points against the real server.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { answerConfirm, PASSWORD, statusControl } from './fixtures/app';
import { FormularioPage } from './fixtures/formulario';
import { setup, waitForRows, waitForServiceWorker } from './fixtures/registro';

test.use({ viewport: { width: 820, height: 1180 }, hasTouch: true });

const chip = (page: Page) => page.getByTestId('sync-status');
const toastWith = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: text });

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  return ((await res.json()) as { access_token: string }).access_token;
}

async function serverEstado(request: APIRequestContext, token: string, radicado: string): Promise<string | undefined> {
  const tabla = await request.get('/api/dashboard/tabla', { headers: { authorization: `Bearer ${token}` } });
  const rows = ((await tabla.json()) as { data: Array<{ solicitud: { estado: string; radicado: string | null } }> }).data;
  return rows.find((r) => r.solicitud.radicado === radicado)?.solicitud.estado;
}

test('offline: the chip is in view, arrows commit nothing, a final status asks, Deshacer queues back, and reconnecting says what was sent', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const { modal, radicado, row } = await setup(page, request, 'manager@demo.co', 2);
  await waitForServiceWorker(page);
  await waitForRows(page);
  const nombre = row.solicitante.nombres;
  const listRow = modal.row(radicado);
  const badge = listRow.getByTestId('estado-badge');
  // Start from a status that is not final, so the two changes below are both real changes.
  const start = (await badge.textContent())?.trim() ?? '';
  const first = start === 'En estudio' ? 'Aprobado' : 'En estudio';

  await context.setOffline(true);
  await expect(chip(page)).toHaveText('Sin conexión');
  await expect(chip(page)).toBeInViewport();

  // Arrow keys move through the options; nothing is chosen, nothing is queued.
  const control = statusControl(listRow);
  await control.focus();
  await page.keyboard.press('ArrowDown');
  const list = page.getByRole('listbox', { name: 'Cambiar estado' });
  await expect(list).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(badge).toHaveText(start);
  await page.keyboard.press('Escape');
  await expect(list).toHaveCount(0);
  await expect(badge).toHaveText(start);
  await expect(listRow.getByText('Sin sincronizar')).toHaveCount(0);
  await expect(chip(page)).toHaveText('Sin conexión');

  // A tap chooses: queued at once, and the toast says it is on this device.
  await control.click();
  await list.getByRole('option', { name: first, exact: true }).click();
  await expect(badge).toHaveText(first);
  await expect(chip(page)).toHaveText('Sin conexión · 1 cambio sin enviar');
  const firstToast = toastWith(page, `Estado cambiado a ${first}`);
  await expect(firstToast).toContainText('Guardado en este dispositivo; se enviará cuando haya conexión.');
  await expect(firstToast.getByRole('button', { name: 'Deshacer' })).toBeVisible();

  // A final status asks first; 'Cancelar' changes nothing.
  await control.click();
  await list.getByRole('option', { name: 'Negado', exact: true }).click();
  await answerConfirm(page, `pasará de ${first} a Negado`, 'cancel');
  await expect(badge).toHaveText(first);
  await expect(chip(page)).toHaveText('Sin conexión · 1 cambio sin enviar');
  await control.click();
  await list.getByRole('option', { name: 'Negado', exact: true }).click();
  await answerConfirm(page, `pasará de ${first} a Negado`, 'confirm');
  await expect(badge).toHaveText('Negado');
  await expect(chip(page)).toHaveText('Sin conexión · 2 cambios sin enviar');
  // Deshacer queues the change back (it never held the first one back).
  await toastWith(page, 'Estado cambiado a Negado').getByRole('button', { name: 'Deshacer' }).click();
  await expect(badge).toHaveText(first);
  await expect(chip(page)).toHaveText('Sin conexión · 3 cambios sin enviar');

  // 'Cambios pendientes' names the applicant, the radicado, what changed and when.
  await chip(page).click();
  const panel = page.getByRole('dialog', { name: 'Cambios pendientes' });
  await expect(panel.getByText('En cola (3)')).toBeVisible();
  const queued = panel.getByTestId('cambio-en-cola');
  await expect(queued).toHaveCount(3);
  await expect(queued.nth(1)).toContainText(`Cambio de estado · ${nombre}`);
  await expect(queued.nth(1)).toContainText(radicado);
  await expect(queued.nth(1)).toContainText('Estado: Negado');
  await expect(queued.nth(1)).toContainText(/hoy \d{2}:\d{2}/);
  await expect(panel.getByTestId('almacenamiento')).toHaveText(/Almacenamiento usado: [\d.]+,\d MB de [\d.]+,\d MB disponibles\./);
  await panel.getByRole('button', { name: 'Cerrar' }).click();

  // Logging out would leave them on this device: the app's own dialog says how many.
  await page.getByRole('button', { name: /Abrir menú/ }).click();
  await page.getByRole('button', { name: 'Salir' }).click();
  await answerConfirm(page, 'Tienes 3 cambios sin enviar. Se quedan guardados en este dispositivo', 'cancel');
  await expect(page.getByRole('navigation', { name: 'Menú principal' })).toBeVisible();
  await page.keyboard.press('Escape');

  await context.setOffline(false);
  await expect(toastWith(page, 'Conexión restablecida: 3 cambios enviados al servidor')).toBeVisible({ timeout: 30_000 });
  await expect(chip(page)).toHaveText(/^Sincronizado \d{2}:\d{2}$/, { timeout: 30_000 });
  expect(await serverEstado(request, await tokenOf(request, 'manager@demo.co'), radicado)).toBe(first);
});

test('a conflict made by another device is announced on the main screen, marked on its row and inside Editar Registro, and resolved line by line', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const { modal, api, radicado, row, documento } = await setup(page, request, 'manager@demo.co', 4);
  await waitForServiceWorker(page);
  await waitForRows(page);

  await context.setOffline(true);
  await modal.open(radicado, documento);
  // Money shows in pesos while typing and is stored as a whole number.
  const monto = modal.dialog().getByLabel('Monto solicitado');
  await monto.fill('');
  await monto.pressSequentially('222000000');
  await expect(monto).toHaveValue('$ 222.000.000');
  await modal.field('Barrio').fill('Barrio Tableta');
  for (const size of [{ width: 390, height: 844 }, { width: 1366, height: 850 }, { width: 820, height: 1180 }]) {
    await page.setViewportSize(size);
    await expect(monto).toHaveValue('$ 222.000.000');
    await page.screenshot({ path: test.info().outputPath(`editar-sin-conexion-${size.width}.png`) });
  }
  await modal.save();
  await expect(page.getByText('Cambios guardados en este dispositivo. Se enviarán al servidor cuando haya conexión.')).toBeVisible();

  // Meanwhile the supervisor's device changes the same amount and neighbourhood.
  const supervisor = await tokenOf(request, 'supervisor@demo.co');
  const record = (await api.record(row.solicitante.id)).data as unknown as {
    solicitudes: Array<{ detalle_credito: Record<string, unknown> | null }>;
  };
  const detalle = { ...(record.solicitudes[0].detalle_credito ?? {}), monto_solicitado: 200_000_000 };
  const pushed = await request.post('/api/sync/push', {
    headers: { authorization: `Bearer ${supervisor}` },
    data: {
      clientId: randomUUID(),
      mutations: [
        {
          id: 1,
          name: 'solicitud.editar',
          args: { solicitudId: row.solicitud.id, changes: { 'solicitud.detalle_credito': detalle, 'ubicacion.barrio': 'Barrio Oficina' }, base: {} },
          at: new Date().toISOString(),
        },
      ],
    },
  });
  expect(((await pushed.json()) as { data: { results: Array<{ status: string }> } }).data.results[0].status).toBe('applied');

  await context.setOffline(false);
  // Announced at once, without opening anything: a toast, a banner that stays, the row's marker.
  const text = new RegExp(`Conflicto en ${radicado} \\(.+\\): otra persona cambió (Monto solicitado, Barrio|Barrio, Monto solicitado)`);
  await expect(toastWith(page, text)).toBeVisible({ timeout: 30_000 });
  const banner = page.getByTestId('banner-conflictos');
  await expect(banner).toContainText(text);
  await expect(banner).toBeInViewport();
  await expect(modal.row(radicado).getByTestId('conflicto-badge')).toHaveText('Conflicto');
  await expect(page.getByTestId('sync-problemas')).toHaveText('1 conflicto');
  await expect(page.getByTestId('menu-badge')).toHaveText('1');
  // At phone and desktop sizes too, the banner and the red pill are in view without opening ☰.
  for (const size of [{ width: 390, height: 844 }, { width: 1366, height: 850 }, { width: 820, height: 1180 }]) {
    await page.setViewportSize(size);
    await expect(banner).toBeInViewport();
    await expect(page.getByTestId('sync-problemas')).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: test.info().outputPath(`conflicto-${size.width}.png`) });
  }

  // Inside 'Editar Registro' too; 'Resolver' opens the resolver on top.
  await modal.row(radicado).getByTestId('nombre').click();
  const inside = modal.dialog().getByTestId('conflicto-en-registro');
  await expect(inside).toContainText('Conflicto: otra persona cambió');
  await page.screenshot({ path: test.info().outputPath('conflicto-en-registro-820.png') });
  await inside.getByRole('button', { name: 'Resolver' }).click();
  const panel = page.getByRole('dialog', { name: 'Cambios pendientes' });
  const resolver = panel.getByTestId('resolver');
  // One line per leaf field, with its label, formatted values and who changed it on the server.
  const montoLine = resolver.getByRole('group', { name: 'Monto solicitado' });
  await expect(montoLine).toContainText('Tú: $ 222.000.000');
  await expect(montoLine).toContainText('Servidor: $ 200.000.000');
  await expect(montoLine.getByTestId('cambiado-por')).toContainText(/Cambiado en el servidor por .+, hoy \d{2}:\d{2}/);
  await expect(resolver.getByRole('group', { name: 'Barrio' })).toContainText('Servidor: Barrio Oficina');
  await expect(resolver).not.toContainText('{');
  await page.screenshot({ path: test.info().outputPath('resolver-820.png') });
  await montoLine.getByLabel('Usar el del servidor').check();
  await resolver.getByRole('button', { name: 'Aplicar selección' }).click();
  await expect(page.getByText('Conflicto resuelto')).toBeVisible();
  await panel.getByRole('button', { name: 'Cerrar' }).click();
  await expect(modal.dialog().getByTestId('conflicto-en-registro')).toHaveCount(0);
  await expect(page.getByTestId('banner-conflictos')).toHaveCount(0, { timeout: 30_000 });
  await expect
    .poll(async () => {
      const r = (await api.record(row.solicitante.id)).data as unknown as {
        ubicaciones: Array<{ barrio: string | null }>;
        solicitudes: Array<{ detalle_credito: { monto_solicitado?: number } | null }>;
      };
      return [r.ubicaciones[0].barrio, r.solicitudes[0].detalle_credito?.monto_solicitado];
    }, { timeout: 30_000 })
    .toEqual(['Barrio Tableta', 200_000_000]);
});

test('forms ask before losing work, name invalid fields by their labels, focus the first one, and warn about a known document', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { modal, radicado, row, documento } = await setup(page, request, 'manager@demo.co', 1);

  // Editar Registro: Escape and ✕ ask while there are unsaved edits.
  await modal.open(radicado, documento);
  await modal.field('Barrio').fill('Sin guardar');
  await page.keyboard.press('Escape');
  await answerConfirm(page, 'Hay cambios sin guardar en este formulario. Si sales ahora, se perderán.', 'cancel');
  await expect(modal.field('Barrio')).toHaveValue('Sin guardar');
  // A rule of the shared validation, named by its label, focused and in view.
  const celular = modal.field('Celular').first();
  await celular.fill('12345');
  await modal.field('Estrato').fill('9');
  await modal.save();
  await expect(page.getByText('Por favor corrige los errores antes de continuar')).toBeVisible();
  await expect(modal.dialog().getByTestId('field-error').filter({ hasText: 'Celular: debe tener 10 dígitos y empezar por 3' })).toBeVisible();
  await expect(modal.dialog().getByTestId('field-error').filter({ hasText: 'Estrato: debe ser un número entero del 1 al 6' })).toBeVisible();
  await expect(celular).toBeFocused();
  await expect(celular).toBeInViewport();
  await modal.dialog().getByRole('button', { name: 'Cerrar' }).first().click();
  await answerConfirm(page, 'Si sales ahora, se perderán.', 'confirm');
  await expect(modal.dialog()).toHaveCount(0);

  // Nuevo Cliente: Limpiar Formulario asks and keeps everything until confirmed.
  const form = new FormularioPage(page);
  await form.open();
  const nombres = form.section('Información del Solicitante').getByLabel('Nombres', { exact: true });
  await nombres.fill('Lucía');
  await page.getByRole('button', { name: 'Limpiar Formulario' }).click();
  await answerConfirm(page, 'El borrador se conserva hasta que confirmes.', 'cancel');
  await expect(nombres).toHaveValue('Lucía');
  await page.getByRole('button', { name: 'Limpiar Formulario' }).click();
  await answerConfirm(page, 'Se borrarán todos los datos escritos', 'confirm');
  await expect(nombres).toHaveValue('');

  // Money in pesos while typing.
  const montoNuevo = form.dialog().getByLabel('Monto solicitado', { exact: true });
  await montoNuevo.pressSequentially('180000000');
  await expect(montoNuevo).toHaveValue('$ 180.000.000');

  // A wrong cell number: the message names the field, the field gets the focus.
  const tipo = (row.solicitante as unknown as { tipo_identificacion: string }).tipo_identificacion;
  await form.fillRequired({ nombres: 'Lucía', apellido: 'Repetida', documento: row.solicitante.numero_documento, tipo, referencia: 'Pedro Repetido', monto: '180000000' });
  const celularNuevo = form.section('Información del Solicitante').getByLabel('Celular', { exact: true });
  await celularNuevo.fill('2001234567');
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(toastWith(page, 'Revisa los campos marcados')).toContainText('Celular: debe tener 10 dígitos y empezar por 3');
  await expect(celularNuevo).toBeFocused();
  await expect(celularNuevo).toBeInViewport();

  // The same document as an application the company has: a warning that offers to open it.
  await celularNuevo.fill('3001234567');
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  const warning = page.getByRole('alertdialog', { name: 'Ya existe una solicitud con este documento' });
  await expect(warning).toContainText(`${tipo} ${row.solicitante.numero_documento}`);
  await expect(warning).toContainText(radicado);
  await warning.getByRole('button', { name: 'Abrir solicitud existente' }).first().click();
  await expect(form.dialog()).toHaveCount(0);
  await expect(modal.dialog()).toBeVisible();
  await expect(modal.field('Número de documento')).toHaveValue(row.solicitante.numero_documento);
  await modal.dialog().getByRole('button', { name: 'Cancelar' }).click();
  // The form's work was kept as a draft.
  await page.getByRole('button', { name: 'Nuevo Cliente' }).click();
  await expect(page.getByRole('heading', { name: 'Tienes un borrador sin terminar' })).toBeVisible();
});

test("a toast's ✕ is a 20 px circle with a 44 px target around it on a touch screen", async ({ page }) => {
  // A toast of its own, built as sonner builds one (a real one closes by itself after 4 s, which
  // a loaded machine may outlast): the page's own styles, sonner's and ours, size it.
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
  const target = await page.evaluate(() => {
    const toaster = document.createElement('ol');
    toaster.setAttribute('data-sonner-toaster', '');
    toaster.innerHTML = '<li data-sonner-toast data-styled="true" style="position:fixed;top:200px;left:200px;width:300px;height:60px"><button type="button" data-close-button>×</button></li>';
    document.body.append(toaster);
    const button = toaster.querySelector('button')!;
    const b = button.getBoundingClientRect();
    const hits = (dx: number, dy: number) => button.contains(document.elementFromPoint(b.x + b.width / 2 + dx, b.y + b.height / 2 + dy));
    const out = { coarse: matchMedia('(pointer: coarse)').matches, width: b.width, height: b.height, reach: hits(18, 0) && hits(0, 18) && hits(-18, 0) && hits(0, -18) };
    toaster.remove();
    return out;
  });
  expect(target).toEqual({ coarse: true, width: 20, height: 20, reach: true });
});

test("a status change's toast follows it: once the server took it, it says so", async ({ page, request }) => {
  const { modal, radicado } = await setup(page, request, 'manager@demo.co', 9);
  await waitForRows(page);
  const listRow = modal.row(radicado);
  const start = ((await listRow.getByTestId('estado-badge').textContent()) ?? '').trim();
  const next = start === 'En estudio' ? 'Aprobado' : 'En estudio';
  await statusControl(listRow).click();
  await page.getByRole('listbox', { name: 'Cambiar estado' }).getByRole('option', { name: next, exact: true }).click();
  const shown = toastWith(page, `Estado cambiado a ${next}`);
  // 'Se está enviando' while it travels, then what is true once the server has it; Deshacer stays.
  await expect(shown).toContainText('Guardado en el servidor.');
  await expect(shown.getByRole('button', { name: 'Deshacer' })).toBeVisible();
  expect(await serverEstado(request, await tokenOf(request, 'manager@demo.co'), radicado)).toBe(next);
});
