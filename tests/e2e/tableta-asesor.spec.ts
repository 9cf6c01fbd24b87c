/**
 * What the advisor holding the tablet (820 px, touch) sees and can trust: the last keystrokes of
 * the creation form are on the device even when the tab dies at once, and what the form says
 * about its draft ('queda guardado como borrador en este dispositivo') is true when it says it.
 */
import { expect, test, type Page } from '@playwright/test';
import { answerConfirm, LoginPage, readLocal, waitForRows } from './fixtures/app';
import { FormularioPage } from './fixtures/formulario';

test.use({ viewport: { width: 820, height: 1180 }, hasTouch: true, isMobile: true });

type Draft = { values: { values: { solicitante: Record<string, unknown> } } };
const apellidos = async (page: Page) =>
  (await readLocal<Draft>(page, 'drafts')).map((d) => d.values.values.solicitante.primer_apellido);

async function openForm(page: Page) {
  const login = new LoginPage(page);
  await login.goto();
  await login.login('asesor@demo.co');
  await waitForRows(page);
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
