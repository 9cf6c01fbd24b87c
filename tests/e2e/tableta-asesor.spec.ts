/**
 * What the advisor holding the tablet (820 px, touch) sees and can trust: the last keystrokes of
 * the creation form are on the device even when the tab dies at once, and what the form says
 * about its draft ('queda guardado como borrador en este dispositivo') is true when it says it, and
 * when the device refused the draft it says so; a toast never sits over 'Nuevo Cliente' or the
 * sync chip, nor (on a phone) over another toast; a company's NIT is taken as it is written on its
 * RUT ('900.123.456-8'), its check digit checked; the consents' links are 44 px targets apart from
 * their checkboxes.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { answerConfirm, readLocal, waitForRows } from './fixtures/app';
import { apiLogin, chip, createApplication, fillApplication, letras, signIn, signInAtRow, tabla, toastWith } from './fixtures/asesor';
import { digitoVerificacionNit } from '../../src/domain/validacion';
import { FormularioPage } from './fixtures/formulario';

test.use({ viewport: { width: 820, height: 1180 }, hasTouch: true, isMobile: true });

type Draft = { values: { values: { solicitante: Record<string, unknown> } } };
const apellidos = async (page: Page) =>
  (await readLocal<Draft>(page, 'drafts')).map((d) => d.values.values.solicitante.primer_apellido);

async function openForm(page: Page) {
  await signIn(page, 'asesor@demo.co');
  const form = new FormularioPage(page);
  await form.open();
  const applicant = form.section('Información del Solicitante');
  await applicant.getByLabel('Nombres', { exact: true }).fill('Rosalba');
  await expect.poll(async () => (await readLocal<Draft>(page, 'drafts')).map((d) => d.values.values.solicitante.nombres)).toEqual(['Rosalba']);
  return { form, apellido: applicant.getByLabel('Primer apellido', { exact: true }) };
}

test('the tab closes right after the last keystroke: the draft holds it when the advisor comes back', async ({ page, context }) => {
  const { apellido } = await openForm(page);
  // The last change, and the tab dies the same moment (no 150 ms for the autosave).
  await apellido.fill('Pestaña');
  await page.close({ runBeforeUnload: true });

  const again = await context.newPage();
  await again.goto('/');
  await waitForRows(again);
  // Before: the draft still said only 'Rosalba' (the write on 'pagehide' first waited for a read).
  expect(await apellidos(again)).toEqual(['Pestaña']);
  await again.getByRole('button', { name: 'Nuevo Cliente' }).click();
  await again.getByRole('button', { name: 'Continuar borrador' }).click();
  await expect(
    new FormularioPage(again).section('Información del Solicitante').getByLabel('Primer apellido', { exact: true }),
  ).toHaveValue('Pestaña');
});

test('the tablet switches to another app right after the last keystroke: the draft is already on its way to the device', async ({ page }) => {
  const { form } = await openForm(page);
  const id = await form.section('Información del Solicitante').getByLabel('Primer apellido', { exact: true }).getAttribute('id');
  // Typed and hidden in one go, as a tablet does when the advisor presses Home mid-word; the
  // database is read right after the page says it is hidden. A browser may kill a hidden tab at
  // any moment, so what was not sent to the database by then is lost.
  const seen = await page.evaluate(async (inputId) => {
    const name = `radica-${localStorage.getItem('empresa_id')}-${localStorage.getItem('user_id')}`;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open(name);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const input = document.getElementById(inputId!) as HTMLInputElement;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, 'Pestaña');
    input.dispatchEvent(new Event('input', { bubbles: true }));
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    try {
      return await new Promise<unknown>((resolve, reject) => {
        const req = db.transaction('drafts').objectStore('drafts').getAll();
        req.onsuccess = () => resolve((req.result as Draft[]).map((d) => d.values.values.solicitante.primer_apellido));
        req.onerror = () => reject(req.error);
      });
    } finally {
      db.close();
    }
  }, id);
  expect(seen).toEqual(['Pestaña']);
});

test('closing the form right after typing: the question says the draft stays on this device, and it does', async ({ page }) => {
  const { form, apellido } = await openForm(page);
  await apellido.fill('Pestaña');
  await form.dialog().getByRole('button', { name: 'Cancelar' }).click();
  await answerConfirm(page, 'Lo que escribiste queda guardado como borrador en este dispositivo', 'confirm');
  await expect(form.dialog()).toHaveCount(0);
  expect(await apellidos(page)).toEqual(['Pestaña']);
  await page.reload();
  await waitForRows(page);
  await page.getByRole('button', { name: 'Nuevo Cliente' }).click();
  await expect(page.getByRole('heading', { name: 'Tienes un borrador sin terminar' })).toBeVisible();
  await page.getByRole('button', { name: 'Continuar borrador' }).click();
  await expect(form.section('Información del Solicitante').getByLabel('Primer apellido', { exact: true })).toHaveValue('Pestaña');
});

test("the device refuses the draft (storage full): closing the form says what was typed is lost, and 'Seguir editando' keeps it", async ({ page }) => {
  const { form, apellido } = await openForm(page);
  // From now on the device refuses every write, as a full storage does.
  await page.evaluate(() => {
    IDBObjectStore.prototype.put = () => {
      throw new DOMException('Sin espacio', 'QuotaExceededError');
    };
  });
  // Typed and closed at once: the write still pending fails when the form closes.
  await apellido.fill('Pestaña');
  await form.dialog().getByRole('button', { name: 'Cancelar' }).click();
  const question = page.getByRole('alertdialog');
  // Before: 'Lo que escribiste queda guardado como borrador en este dispositivo'.
  await expect(question).toContainText('No se pudo guardar el borrador en este dispositivo. Si cierras ahora, se perderá lo que escribiste.');
  await expect(question).not.toContainText('queda guardado');
  await expect(question.getByRole('button', { name: 'Seguir editando' })).toBeFocused();
  await page.screenshot({ path: test.info().outputPath('cerrar-sin-borrador-820.png') });
  await answerConfirm(page, 'No se pudo guardar el borrador', 'cancel');
  await expect(apellido).toHaveValue('Pestaña');
  // The draft on the device still holds only what got there.
  expect(await apellidos(page)).toEqual([undefined]);
});

/** The toast with `text` among those drawn (sonner keeps older ones in the list, hidden). */
const frontToast = (page: Page, text: string) => toastWith(page, text).and(page.locator('[data-visible="true"]')).first();

/** Whether a tap at the element's centre reaches it (nothing, such as a toast, drawn over it). */
const reachable = (target: Locator) =>
  target.evaluate((el) => {
    const b = el.getBoundingClientRect();
    return el.contains(document.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2));
  });

test('a toast covers neither Nuevo Cliente nor the sync chip, at 1366, 820 and 390 px, online and offline', async ({ page, context, request }) => {
  test.setTimeout(120_000);
  const { modal, radicado, row } = await signInAtRow(page, request, 'asesor@demo.co', 2);
  const nuevo = page.getByRole('button', { name: 'Nuevo Cliente' });
  for (const size of [
    { width: 1366, height: 850 },
    { width: 820, height: 1180 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    for (const offline of [false, true]) {
      await context.setOffline(offline);
      await modal.open(radicado, row.solicitante.numero_documento);
      await modal.field('Barrio').fill(`Barrio ${size.width} ${offline ? 'sin' : 'con'} conexión`);
      await modal.save();
      await expect(modal.dialog()).toHaveCount(0);
      const shown = frontToast(page, offline ? 'Cambios guardados en este dispositivo' : 'Registro actualizado correctamente');
      await expect(shown).toBeVisible();
      // Sonner keeps a toast under the pointer: it stays while the screen is checked, from its
      // top (where the advisor goes for 'Nuevo Cliente'; closing the record scrolled to its row).
      await shown.hover();
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: test.info().outputPath(`aviso-${size.width}-${offline ? 'sin-conexion' : 'en-linea'}.png`) });
      // Before: the toast sat over 'Nuevo Cliente' at every width for its whole life.
      expect(await reachable(nuevo), `Nuevo Cliente under a toast at ${size.width} px`).toBe(true);
      expect(await reachable(chip(page)), `the sync chip under a toast at ${size.width} px`).toBe(true);
    }
  }
  // The creation form's own toast area, on a phone (its toasts span the whole width there), once
  // the screen's toasts have gone (both areas sit at the bottom of a phone).
  await page.mouse.move(195, 300);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
  await createApplication(page, { nombres: 'Lucía', apellido: 'Avisos', documento: String(Date.now()).slice(-9) });
  const saved = frontToast(page, 'Solicitud guardada en este dispositivo');
  await expect(saved).toBeVisible();
  await saved.hover();
  await page.evaluate(() => window.scrollTo(0, 0));
  expect(await reachable(nuevo), 'Nuevo Cliente under the form\'s toast at 390 px').toBe(true);
  await page.screenshot({ path: test.info().outputPath('aviso-creacion-390-sin-conexion.png') });
  await context.setOffline(false);
  await nuevo.click();
  await expect(new FormularioPage(page).dialog()).toBeVisible();
});

test("a toast that follows the advisor into 'Cambios pendientes' leaves 'Sincronizar ahora', the first change and 'Borrar datos de este dispositivo' in reach", async ({ page, context, request }) => {
  test.setTimeout(90_000);
  const { modal, radicado, row } = await signInAtRow(page, request, 'asesor@demo.co', 4, { offline: true });
  await context.setOffline(true);
  for (const size of [
    { width: 820, height: 1180 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await modal.open(radicado, row.solicitante.numero_documento);
    await modal.field('Barrio').fill(`Barrio panel ${size.width}`);
    await modal.save();
    const shown = frontToast(page, 'Cambios guardados en este dispositivo');
    await expect(shown).toBeVisible();
    // The advisor taps the chip to see what waits; the toast moves into the panel with them.
    await chip(page).click();
    const panel = page.getByRole('dialog', { name: 'Cambios pendientes' });
    await expect(panel.getByTestId('cambio-en-cola').first()).toBeVisible();
    await frontToast(page, 'Cambios guardados en este dispositivo').hover();
    await page.screenshot({ path: test.info().outputPath(`panel-aviso-${size.width}.png`) });
    // Before: the toast sat under the panel's title bar, over 'Sincronizar ahora' and the first change.
    expect(await reachable(panel.getByRole('button', { name: 'Sincronizar ahora' })), `Sincronizar ahora at ${size.width} px`).toBe(true);
    expect(await reachable(panel.getByTestId('cambio-en-cola').first()), `the first change at ${size.width} px`).toBe(true);
    // Its last rows too, once scrolled to the end: before, the toast sat on 'Borrar datos de este
    // dispositivo' and its reason for as long as the pointer rested on it.
    await panel.getByTestId('borrar-datos-motivo').evaluate((el) => {
      for (let box = el.parentElement; box; box = box.parentElement) if (box.scrollHeight > box.clientHeight) box.scrollTop = box.scrollHeight;
    });
    for (const last of [panel.getByRole('button', { name: 'Borrar datos de este dispositivo' }), panel.getByTestId('borrar-datos-motivo')]) {
      expect(await reachable(last), `${await last.textContent()} at ${size.width} px`).toBe(true);
    }
    await panel.getByRole('button', { name: 'Cerrar' }).click();
    await expect(panel).toHaveCount(0);
  }
  await context.setOffline(false);
});

test("inside the creation form a toast sits above its row of buttons: 'Limpiar Formulario', 'Cancelar' and 'Guardar' stay in reach, and it goes with the form", async ({ page }) => {
  await signIn(page, 'asesor@demo.co');
  const form = new FormularioPage(page);
  await form.open();
  await form.dialog().getByRole('button', { name: 'Guardar', exact: true }).click();
  const shown = frontToast(page, 'Revisa los campos marcados');
  await expect(shown).toBeVisible();
  await shown.hover();
  await page.screenshot({ path: test.info().outputPath('formulario-aviso-820.png') });
  // Before: the toast sat on the sticky row, over 'Limpiar Formulario'.
  for (const name of ['Limpiar Formulario', 'Cancelar', 'Guardar']) {
    expect(await reachable(form.dialog().getByRole('button', { name, exact: true })), name).toBe(true);
  }
  // The message goes with the form: on the list it pointed at fields no longer there. (Were it
  // left behind, the pointer resting on it keeps it, so waiting cannot hide it.)
  await form.dialog().getByRole('button', { name: 'Cancelar', exact: true }).click();
  await expect(form.dialog()).toHaveCount(0);
  const left = frontToast(page, 'Revisa los campos marcados');
  if (await left.count()) await left.hover({ timeout: 2000 }).catch(() => undefined);
  await expect(toastWith(page, 'Revisa los campos marcados')).toHaveCount(0);
});

/** Whether two toasts' boxes share any area (one drawn over the other, hiding its text). */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) return true;
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

test("on a phone the screen's toast and the creation form's toast sit one above the other, both readable", async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { modal, radicado, row } = await signInAtRow(page, request, 'asesor@demo.co', 3);
  await modal.open(radicado, row.solicitante.numero_documento);
  await modal.field('Barrio').fill('Barrio teléfono');
  await modal.save();
  await expect(modal.dialog()).toHaveCount(0);
  // The screen's toast follows the advisor into 'Nuevo Cliente'; the pointer on it keeps it there.
  const form = new FormularioPage(page);
  await form.open();
  const pagina = frontToast(page, 'Registro actualizado correctamente');
  await pagina.hover();
  // 'Guardar' with nothing filled: the form's own toast, without moving the pointer off the first.
  await form.dialog().getByRole('button', { name: 'Guardar', exact: true }).dispatchEvent('click');
  const formulario = frontToast(page, 'Revisa los campos marcados');
  await expect(formulario).toBeVisible();
  await expect(pagina).toBeVisible();
  // Before: both areas sat at the bottom, full width, the form's toast over the screen's.
  await expect.poll(() => overlap(pagina, formulario), 'the two toasts overlap').toBe(false);
  for (const shown of [pagina, formulario]) expect(await reachable(shown)).toBe(true);
  await page.screenshot({ path: test.info().outputPath('dos-avisos-390.png') });
});

test('a NIT typed with its check digit: a wrong digit is refused by name, the right one is stored without it, and the next application with it is warned about', async ({ page, request }) => {
  test.setTimeout(90_000);
  await signIn(page, 'asesor@demo.co');
  const base = `9${String(Date.now()).slice(-8)}`;
  const dv = digitoVerificacionNit(base);
  const escrito = `${base.slice(0, 3)}.${base.slice(3, 6)}.${base.slice(6)}`;
  const apellido = `Nit ${letras(base)}`;

  const form = await fillApplication(page, { nombres: 'Ferretería', apellido, tipo: 'NIT', documento: `${escrito}-${(dv + 1) % 10}` });
  const numero = form.section('Información del Solicitante').getByLabel('Número de documento', { exact: true });
  await form.dialog().getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(toastWith(page, 'Revisa los campos marcados')).toContainText(
    'Número de documento: el dígito de verificación no corresponde a este NIT; revisa el número',
  );
  await expect(numero).toBeFocused();
  await numero.fill(`${escrito}-${dv}`);
  await form.dialog().getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(form.dialog()).toHaveCount(0);

  const me = await apiLogin(request, 'asesor@demo.co');
  await expect
    .poll(async () => (await tabla(request, me.access_token)).find((r) => r.solicitante.nombres === 'Ferretería' && r.solicitante.numero_documento === base)?.solicitante.numero_documento, { timeout: 30_000 })
    .toBe(base);

  // The same NIT written the same way: the warning finds the stored number.
  await fillApplication(page, { nombres: 'Ferretería', apellido: `${apellido} bis`, tipo: 'NIT', documento: `${base}-${dv}` });
  await form.dialog().getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page.getByRole('alertdialog', { name: 'Ya existe una solicitud con este documento' })).toBeVisible();
});

test('dates read dd/mm/aaaa on a tablet in any language: typed digits get their slashes, an impossible day is refused by name, the server gets the day', async ({ page, request }) => {
  test.setTimeout(90_000);
  await signIn(page, 'asesor@demo.co');
  const apellido = `Fechas ${letras(Date.now() % 100000)}`;
  const form = await fillApplication(page, { nombres: 'Dora', apellido, documento: String(3_000_000_000 + (Date.now() % 1_000_000_000)) });
  const nacimiento = form.section('Información del Solicitante').getByLabel('Fecha de nacimiento', { exact: true });
  // What fillApplication wrote (1990-04-12, as a calendar would give it) reads as a Colombian date.
  await expect(nacimiento).toHaveValue('12/04/1990');
  await expect(nacimiento).toHaveAttribute('placeholder', 'dd/mm/aaaa');
  await nacimiento.fill('');
  await nacimiento.pressSequentially('31021990');
  await expect(nacimiento).toHaveValue('31/02/1990');
  await form.dialog().getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(toastWith(page, 'Revisa los campos marcados')).toContainText('Fecha de nacimiento: debe ser una fecha válida (dd/mm/aaaa)');
  await nacimiento.fill('');
  await nacimiento.pressSequentially('03111988');
  await expect(nacimiento).toHaveValue('03/11/1988');
  await page.screenshot({ path: test.info().outputPath('fecha-formulario-820.png') });
  await form.dialog().getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(form.dialog()).toHaveCount(0);

  const me = await apiLogin(request, 'asesor@demo.co');
  await expect
    .poll(async () => {
      const row = (await tabla(request, me.access_token)).find((r) => r.solicitante.nombres === 'Dora' && JSON.stringify(r).includes(apellido));
      return (row?.solicitante as { fecha_nacimiento?: string } | undefined)?.fecha_nacimiento?.slice(0, 10);
    }, { timeout: 30_000 })
    .toBe('1988-11-03');

  // The list's range too: a day far ahead leaves nothing to show.
  const desde = page.getByLabel('Fecha inicial');
  await desde.pressSequentially('01012099');
  await expect(desde).toHaveValue('01/01/2099');
  const resultados = page.getByTestId('resultados');
  await expect(resultados).toHaveText('0 resultados');
  await page.screenshot({ path: test.info().outputPath('fecha-lista-820.png') });
  await desde.fill('');
  await expect(resultados).toHaveText(/^[1-9]\d* resultados?$/);

  // On a 360 px phone the typed day reads whole beside the calendar button (it lost its first
  // digit there: '8/11/2026').
  await page.setViewportSize({ width: 360, height: 780 });
  await desde.pressSequentially('28112026');
  await expect(desde).toHaveValue('28/11/2026');
  expect(await desde.evaluate((e) => e.scrollWidth - e.clientWidth)).toBe(0);
  await page.screenshot({ path: test.info().outputPath('fecha-lista-360.png') });
});

test("a field's configured default value fills the creation form and reaches the server; a field the advisor empties stays empty", async ({ page, request }) => {
  test.setTimeout(90_000);
  const admin = await apiLogin(request, 'admin@demo.co');
  const headers = { authorization: `Bearer ${admin.access_token}` };
  const key = `canal_venta_${Date.now().toString(36)}`;
  const added = await request.post('/api/json/definitions/solicitante/info_extra', {
    headers,
    data: { definitions: [{ key, type: 'string', description: 'Canal de venta', required: false, default_value: 'Oficina Soledad' }] },
  });
  expect(added.ok()).toBe(true);
  try {
    await signIn(page, 'asesor@demo.co');
    const apellido = `Defecto ${letras(Date.now() % 100000)}`;
    const form = await fillApplication(page, { nombres: 'Nidia', apellido, documento: String(4_000_000_000 + (Date.now() % 1_000_000_000)) });
    // Before: 'Valor por defecto' was stored and did nothing; the field came empty.
    const canal = form.section('Información del Solicitante').getByLabel('Canal de venta', { exact: true });
    await expect(canal).toHaveValue('Oficina Soledad');
    await canal.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('valor-por-defecto-820.png') });
    await form.dialog().getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect(form.dialog()).toHaveCount(0);

    const me = await apiLogin(request, 'asesor@demo.co');
    const stored = async (last: string) => {
      const row = (await tabla(request, me.access_token)).find((r) => JSON.stringify(r).includes(last));
      return row ? ((row.solicitante as { info_extra?: Record<string, unknown> }).info_extra?.[key] ?? null) : undefined;
    };
    await expect.poll(() => stored(apellido), { timeout: 30_000 }).toBe('Oficina Soledad');

    // Emptied on purpose, it is saved empty: the default does not come back.
    const otro = `${apellido} vacío`;
    const again = await fillApplication(page, { nombres: 'Nidia', apellido: otro, documento: String(4_000_000_000 + ((Date.now() + 7) % 1_000_000_000)) });
    await again.section('Información del Solicitante').getByLabel('Canal de venta', { exact: true }).fill('');
    await again.dialog().getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect(again.dialog()).toHaveCount(0);
    await expect.poll(() => stored(otro), { timeout: 30_000 }).toBeNull();
  } finally {
    // The suite shares one server: the field goes again.
    const gone = await request.delete(`/api/json/definitions/solicitante/info_extra/${key}`, { headers });
    expect(gone.ok()).toBe(true);
  }
});

test('the links in the two consents are 44 px touch targets of their own: a tap on the box ticks it, a tap on the link opens the text', async ({ page, context }) => {
  await signIn(page, 'asesor@demo.co');
  const form = new FormularioPage(page);
  await form.open();
  for (const [link, box] of [
    ['términos y condiciones de uso', '#acepta_terminos'],
    ['acuerdo de firma', '#acepta_firma'],
  ] as const) {
    const target = form.dialog().getByRole('link', { name: link });
    await target.scrollIntoViewIfNeeded();
    const [l, b] = [(await target.boundingBox())!, (await page.locator(box).boundingBox())!];
    expect(l.height, link).toBeGreaterThanOrEqual(44);
    // Side by side, apart: the link's area starts after the checkbox's ends.
    expect(l.x, link).toBeGreaterThan(b.x + b.width);
    await page.locator(box).tap();
    await expect(page.locator(box)).toBeChecked();
  }
  const opened = context.waitForEvent('page');
  await form.dialog().getByRole('link', { name: 'acuerdo de firma' }).tap();
  await expect(await opened).toHaveURL(/\/acuerdo-firma$/);
});

test("'Cambios pendientes' says at once that there is no connection, and wiping the device offline warns that signing in again will need one", async ({ page, context }) => {
  await signIn(page, 'asesor@demo.co', { offline: true });
  await context.setOffline(true);
  await expect(chip(page)).toContainText('Sin conexión');
  await chip(page).click();
  const panel = page.getByRole('dialog', { name: 'Cambios pendientes' });
  // Before: nothing said so until 'Sincronizar ahora' had been tried and failed.
  await expect(panel.getByTestId('panel-sin-conexion')).toHaveText('Sin conexión: lo que está en cola se enviará cuando vuelva la conexión.');
  await panel.getByRole('button', { name: 'Borrar datos de este dispositivo' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Borrar datos de este dispositivo' });
  await expect(ask).toContainText('Sin conexión: para volver a entrar en este dispositivo necesitarás conexión.');
  await page.screenshot({ path: test.info().outputPath('borrar-datos-sin-conexion-820.png') });
  await ask.getByRole('button', { name: 'Cancelar' }).click();
  await expect(ask).toHaveCount(0);
  // Nothing was wiped: the session and the rows are still here.
  await panel.getByRole('button', { name: 'Cerrar' }).click();
  await waitForRows(page);
  await expect(chip(page)).toContainText('Sin conexión');
});
