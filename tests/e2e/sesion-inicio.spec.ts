/**
 * Which tokens the app checks with the server (issue 31): a token a login has just issued is not
 * checked (its first sync starts at once); a token restored from storage (a reload) is checked
 * once, and when the server refuses it the app asks for a login again, whose new token again is
 * not checked.
 */
import { expect, test, type Page, type Response } from '@playwright/test';
import { LoginPage, PASSWORD, waitForRows } from './fixtures/app';

const EXPIRED = 'Tu sesión expiró. Inicia sesión para sincronizar.';

/** Every GET /api/validate-token the page sends, with its answer's status once it comes. */
function watchTokenChecks(page: Page): Array<{ status: number | null }> {
  const checks: Array<{ status: number | null }> = [];
  page.on('request', (req) => {
    if (!new URL(req.url()).pathname.startsWith('/api/validate-token')) return;
    const check: { status: number | null } = { status: null };
    checks.push(check);
    void req
      .response()
      .then((res: Response | null) => (check.status = res?.status() ?? null))
      .catch(() => undefined);
  });
  return checks;
}

const synced = (page: Page) => expect(page.getByText(/^Sincronizado/).first()).toBeVisible({ timeout: 30_000 });

test('a fresh login sends no token check; a reload checks the restored token once', async ({ page }) => {
  const checks = watchTokenChecks(page);
  await new LoginPage(page).loginAndWait('manager@demo.co');
  await waitForRows(page);
  await synced(page);
  expect(checks).toHaveLength(0);

  await page.reload();
  await waitForRows(page);
  await expect.poll(() => checks.map((c) => c.status)).toEqual([200]);
  await synced(page);
  await expect(page.getByText(EXPIRED)).toHaveCount(0);
});

test('a restored token the server refuses asks for a login again, and that login is not checked', async ({ page }) => {
  const email = 'manager@demo.co';
  const checks = watchTokenChecks(page);
  await new LoginPage(page).loginAndWait(email);
  await waitForRows(page);
  await synced(page);

  // The stored token with a signature the server did not make (a revoked or forged session).
  await page.evaluate(() => {
    const [head, body] = (localStorage.getItem('access_token') ?? '').split('.');
    localStorage.setItem('access_token', `${head}.${body}.firma-invalida`);
  });
  await page.reload();
  await waitForRows(page);
  await expect.poll(() => checks.map((c) => c.status)).toEqual([401]);
  const banner = page.getByRole('alert').filter({ hasText: EXPIRED });
  await expect(banner).toBeVisible();
  // The local data stays while the session is refused.
  await expect(page.getByTestId('credit-row').first()).toBeVisible();

  await banner.getByLabel(`Contraseña de ${email}`).fill(PASSWORD);
  await banner.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(banner).toHaveCount(0);
  await synced(page);
  expect(checks).toHaveLength(1);
});
