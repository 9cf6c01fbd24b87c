/**
 * 'Editar Registro' keeps its unsaved changes on the device: a reload (a tablet killing the tab)
 * loses nothing; reopening brings them back with a notice, Guardar sends them and the draft goes;
 * 'Descartar cambios recuperados' asks, and then the record is as the server has it.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { LoginPage, PASSWORD, ShellPage } from './fixtures/app';
import { setup, waitForRows } from './fixtures/registro';

const NOTICE = /Recuperamos cambios sin guardar de \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\./;

/** The 'Editar Registro' drafts in this origin's databases (ids `registro:<solicitudId>`). */
function recordDrafts(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const ids: string[] = [];
    for (const info of await indexedDB.databases()) {
      if (!info.name?.startsWith('radica-')) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open(info.name!);
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      if (db.objectStoreNames.contains('drafts')) {
        const keys = await new Promise<IDBValidKey[]>((resolve, reject) => {
          const req = db.transaction('drafts').objectStore('drafts').getAllKeys();
          req.onsuccess = () => resolve(req.result);
          req.onerror = () => reject(req.error);
        });
        ids.push(...keys.map(String).filter((k) => k.startsWith('registro:')));
      }
      db.close();
    }
    return ids;
  });
}

test('an unsaved edit survives a reload, comes back with a notice, and Guardar sends it and drops the draft', async ({
  page,
  request,
}) => {
  const { modal, api, radicado, row, documento } = await setup(page, request, 'manager@demo.co', 5);
  await modal.open(radicado, documento);
  const barrio = `Chapinero Alto ${Date.now() % 100000}`;
  await modal.field('Barrio').fill(barrio);
  await expect(modal.dialog().getByTestId('borrador-registro')).toHaveText(
    'Borrador guardado en este dispositivo. Pulsa Guardar para enviar los cambios.',
  );
  expect(await recordDrafts(page)).toEqual([`registro:${row.solicitud.id}`]);

  // The tab goes (nothing asks before leaving: the changes are on the device).
  await page.reload();
  await waitForRows(page);
  await modal.open(radicado, documento);
  const notice = modal.dialog().getByTestId('borrador-recuperado');
  await expect(notice).toContainText(NOTICE);
  await expect(modal.field('Barrio')).toHaveValue(barrio);
  await expect(modal.dialog().getByTestId('campo-recuperado')).toHaveCount(1);
  await expect(modal.dialog().getByTestId('campo-recuperado')).toContainText(
    'Cambio recuperado, sin guardar',
  );

  for (const width of [390, 820, 1366]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : width === 820 ? 1180 : 850 });
    await notice.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/shots/borrador-registro-${width}.png` });
    await modal
      .dialog()
      .getByTestId('campo-recuperado')
      .screenshot({ path: `test-results/shots/borrador-registro-campo-${width}.png` });
  }
  await notice.scrollIntoViewIfNeeded();

  // Discarding asks first; 'Conservar cambios' keeps them.
  await notice.getByRole('button', { name: 'Descartar cambios recuperados' }).click();
  const ask = page.getByRole('alertdialog', { name: '¿Descartar los cambios recuperados?' });
  await ask.getByRole('button', { name: 'Conservar cambios' }).click();
  await expect(ask).toHaveCount(0);
  await expect(modal.field('Barrio')).toHaveValue(barrio);

  await modal.save();
  await expect(modal.dialog()).toHaveCount(0);
  await expect
    .poll(async () => (await api.byRadicado(radicado))?.ubicacion?.barrio, { timeout: 30_000 })
    .toBe(barrio);
  expect(await recordDrafts(page)).toEqual([]);
  await modal.open(radicado, documento);
  await expect(modal.field('Barrio')).toHaveValue(barrio);
  await expect(modal.dialog().getByTestId('borrador-recuperado')).toHaveCount(0);
});

test("'Descartar cambios recuperados', confirmed, drops the draft and shows the record as saved", async ({
  page,
  request,
}) => {
  const { modal, radicado, row, documento } = await setup(page, request, 'asesor@demo.co', 0);
  await modal.open(radicado, documento);
  const saved = await modal.field('Barrio').inputValue();
  await modal.field('Barrio').fill('Barrio que no se guarda');
  await expect(modal.dialog().getByTestId('borrador-registro')).toBeVisible();
  // The tab goes, then the session ends: the draft stays with this user's data on the device.
  await page.reload();
  await waitForRows(page);
  await new ShellPage(page).logout();
  await expect(page.getByLabel('Email')).toBeVisible();
  await new LoginPage(page).login('asesor@demo.co');
  await waitForRows(page);
  await modal.open(radicado, documento);
  await expect(modal.field('Barrio')).toHaveValue('Barrio que no se guarda');

  await modal.dialog().getByRole('button', { name: 'Descartar cambios recuperados' }).click();
  await page
    .getByRole('alertdialog', { name: '¿Descartar los cambios recuperados?' })
    .getByRole('button', { name: 'Descartar cambios' })
    .click();
  await expect(modal.dialog().getByTestId('borrador-recuperado')).toHaveCount(0);
  await expect(modal.field('Barrio')).toHaveValue(saved);
  expect(await recordDrafts(page)).toEqual([]);
  expect(row.solicitud.id).toBeTruthy();

  await page.reload();
  await waitForRows(page);
  await modal.open(radicado, documento);
  await expect(modal.field('Barrio')).toHaveValue(saved);
  await expect(modal.dialog().getByTestId('borrador-recuperado')).toHaveCount(0);
});

/** A change pushed by another device of `email`, as its sync engine would send it. */
async function pushFromOtherDevice(
  request: APIRequestContext,
  email: string,
  solicitudId: string,
  changes: Record<string, string>,
) {
  const login = await request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  const token = ((await login.json()) as { access_token: string }).access_token;
  const res = await request.post('/api/sync/push', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      clientId: randomUUID(),
      mutations: [
        {
          id: 1,
          name: 'solicitud.editar',
          args: { solicitudId, changes, base: {} },
          at: new Date().toISOString(),
        },
      ],
    },
  });
  expect(res.ok()).toBe(true);
}

test('a restored change to a field someone changed meanwhile is a conflict, not an overwrite', async ({
  page,
  request,
}) => {
  const { modal, api, radicado, row, documento } = await setup(
    page,
    request,
    'supervisor@demo.co',
    8,
  );
  const run = Date.now().toString(36);
  await modal.open(radicado, documento);
  await modal.field('Barrio').fill(`Barrio Tableta ${run}`);
  await expect(modal.dialog().getByTestId('borrador-registro')).toBeVisible();
  await page.reload();
  await waitForRows(page);

  // Meanwhile, an administrator's device changes the same field; this device pulls it.
  await pushFromOtherDevice(request, 'admin@demo.co', row.solicitud.id, {
    'ubicacion.barrio': `Barrio Oficina ${run}`,
  });
  await modal.open(radicado, documento);
  const notice = modal.dialog().getByTestId('borrador-recuperado');
  await expect(notice).toContainText('La solicitud cambió desde entonces', { timeout: 30_000 });
  await expect(modal.field('Barrio')).toHaveValue(`Barrio Tableta ${run}`);
  // Opened again once the office's value is on this device: the draft still keeps its own base.
  await page.reload();
  await waitForRows(page);
  await modal.open(radicado, documento);
  await expect(notice).toContainText('La solicitud cambió desde entonces');
  await page.setViewportSize({ width: 390, height: 844 });
  await notice.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/shots/borrador-registro-cambio-390.png' });
  // The draft's hint beside the actions leaves Eliminar off small screens, as without it.
  await expect(modal.dialog().getByTestId('borrador-registro')).toBeVisible();
  await expect(modal.dialog().getByRole('button', { name: 'Eliminar', exact: true })).toBeHidden();
  await expect(modal.field('Barrio')).toHaveValue(`Barrio Tableta ${run}`);

  await modal.save();
  await expect(page.getByText('1 conflicto')).toBeVisible({ timeout: 30_000 });
  expect((await api.byRadicado(radicado))?.ubicacion?.barrio).toBe(`Barrio Oficina ${run}`);
  expect(await recordDrafts(page)).toEqual([]);
});
