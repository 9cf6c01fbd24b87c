/**
 * Issue 28, sortable columns: at 1366 px the 'Monto' header sorts the list by requested amount
 * (largest first), again turns it around (keyboard too), `aria-sort` says which, and a reload keeps
 * the order (kept per user on the device with the filters). At 820 px (cards) 'Ordenar por' and
 * 'Dirección' give the same order. Expected amounts come from the real server's rows.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { LoginPage, PASSWORD, waitForRows } from './fixtures/app';

async function serverAmounts(request: APIRequestContext, email: string): Promise<number[]> {
  const login = await request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(login.ok()).toBe(true);
  const body = (await login.json()) as { access_token: string };
  const tabla = await request.get('/api/dashboard/tabla', { headers: { authorization: `Bearer ${body.access_token}` } });
  expect(tabla.ok()).toBe(true);
  const rows = ((await tabla.json()) as { data: Array<{ solicitud: { detalle_credito?: { monto_solicitado?: unknown } } }> }).data;
  return rows.map((r) => r.solicitud.detalle_credito?.monto_solicitado).filter((m): m is number => typeof m === 'number');
}

/** '$ 180.000.000' -> 180000000. */
const pesos = (text: string) => {
  expect(text.trim()).toMatch(/^\$ [\d.]+$/);
  return Number(text.replace(/\D/g, ''));
};

async function tableAmounts(page: Page): Promise<number[]> {
  const headers = await page.locator('thead th').allTextContents();
  const col = headers.indexOf('Monto') + 1;
  expect(col).toBeGreaterThan(0);
  return (await page.locator(`tbody tr td:nth-child(${col})`).allTextContents()).map(pesos);
}

async function cardAmounts(page: Page): Promise<number[]> {
  const texts = await page.getByTestId('credit-row').locator('dt:text-is("Monto") + dd').allTextContents();
  return texts.map(pesos);
}

const descending = (xs: number[]) => xs.every((x, i) => i === 0 || xs[i - 1] >= x);
const ascending = (xs: number[]) => xs.every((x, i) => i === 0 || xs[i - 1] <= x);

test.describe('at 1366 px', () => {
  test.use({ viewport: { width: 1366, height: 850 } });

  test("the 'Monto' header sorts by amount, again the other way, and a reload keeps it", async ({ page, request }) => {
    const amounts = await serverAmounts(request, 'admin@demo.co');
    expect(amounts.length).toBeGreaterThan(20);
    const max = Math.max(...amounts);
    const min = Math.min(...amounts);
    await new LoginPage(page).loginAndWait('admin@demo.co');
    await waitForRows(page);
    const monto = page.getByRole('button', { name: 'Monto', exact: true });
    const montoHeader = page.locator('thead th').filter({ has: monto });
    const fechaHeader = page.locator('thead th').filter({ has: page.getByRole('button', { name: 'Fecha', exact: true }) });
    // Newest first until someone chooses.
    await expect(fechaHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(montoHeader).not.toHaveAttribute('aria-sort', /.*/);

    await monto.click();
    await expect(montoHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(fechaHeader).not.toHaveAttribute('aria-sort', /.*/);
    await expect.poll(async () => (await tableAmounts(page))[0]).toBe(max);
    expect(descending(await tableAmounts(page))).toBe(true);

    // Again, from the keyboard: the other way round.
    await monto.focus();
    await page.keyboard.press('Enter');
    await expect(montoHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect.poll(async () => (await tableAmounts(page))[0]).toBe(min);
    const firstPage = await tableAmounts(page);
    expect(ascending(firstPage)).toBe(true);
    await page.screenshot({ path: 'test-results/shots/orden-1366.png' });

    // Kept on this device for this user.
    await page.reload();
    await waitForRows(page);
    await expect(page.locator('thead th').filter({ has: page.getByRole('button', { name: 'Monto', exact: true }) })).toHaveAttribute('aria-sort', 'ascending');
    await expect.poll(() => tableAmounts(page)).toEqual(firstPage);

    // Back to newest first, for the next spec on this user.
    await page.getByRole('button', { name: 'Fecha', exact: true }).click();
    await expect(fechaHeader).toHaveAttribute('aria-sort', 'descending');
  });
});

for (const { width, height } of [
  { width: 820, height: 1180 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height }, hasTouch: true });

    test(`'Ordenar por' and 'Dirección' sort the cards at ${width} px`, async ({ page, request }) => {
      const amounts = await serverAmounts(request, 'supervisor@demo.co');
      const login = new LoginPage(page);
      await login.goto();
      await login.login('supervisor@demo.co');
      await waitForRows(page);
      const ordenar = page.getByRole('combobox', { name: 'Ordenar por' });
      await expect(ordenar).toHaveText('Fecha');
      const box = await ordenar.boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(44);

      await ordenar.click();
      await page.getByRole('option', { name: 'Monto' }).click();
      await expect(page.getByRole('combobox', { name: 'Dirección' })).toHaveText('Mayor a menor');
      await expect.poll(async () => (await cardAmounts(page))[0]).toBe(Math.max(...amounts));
      expect(descending(await cardAmounts(page))).toBe(true);

      await page.getByRole('combobox', { name: 'Dirección' }).click();
      await page.getByRole('option', { name: 'Menor a mayor' }).click();
      await expect.poll(async () => (await cardAmounts(page))[0]).toBe(Math.min(...amounts));
      expect(ascending(await cardAmounts(page))).toBe(true);
      await page.screenshot({ path: `test-results/shots/orden-${width}.png` });

      await ordenar.click();
      await page.getByRole('option', { name: 'Fecha' }).click();
      await expect(page.getByRole('combobox', { name: 'Dirección' })).toHaveText('Más recientes primero');
    });
  });
}
