/**
 * A first sync on a new device: the applications come newest first, so the list's first page is
 * right from the first page written, and the list says how many have arrived
 * ('Descargando N de M solicitudes'), or that the download is paused. The real server answers
 * every request; the test only asks for small pages (to have several) and holds the later ones
 * until it has looked.
 */
import { expect, test } from '@playwright/test';
import { LoginPage, PASSWORD } from './fixtures/app';

const PAGE = 40;

test('a first sync lists the newest applications from its first page, with its progress', async ({ page, context, request }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let passPages = 0;
  await context.route('**/api/sync/pull**', async (route) => {
    const url = new URL(route.request().url());
    if (url.searchParams.get('recent') === '1') {
      url.searchParams.set('limit', String(PAGE));
      if (++passPages > 1) await held;
    }
    await route.continue({ url: url.toString() });
  });
  await new LoginPage(page).loginAndWait('admin@demo.co');

  // What the server holds, newest first.
  const login = await request.post('/api/auth/login', { data: { email: 'admin@demo.co', password: PASSWORD } });
  const token = ((await login.json()) as { access_token: string }).access_token;
  const tabla = await request.get('/api/dashboard/tabla', { headers: { authorization: `Bearer ${token}` } });
  const rows = ((await tabla.json()) as { data: Array<{ solicitud: { created_at: string; radicado: string } }> }).data;
  const at = (s: string) => Date.parse(s.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00'));
  const newest = [...rows].sort((a, b) => at(b.solicitud.created_at) - at(a.solicitud.created_at));
  const total = new Intl.NumberFormat('es-CO').format(rows.length);

  const progress = page.getByTestId('sync-progress');
  await expect(progress.getByRole('status')).toHaveText(`Descargando ${PAGE} de ${total} solicitudes`);
  await expect(page.getByTestId('resultados')).toHaveText(`${PAGE} resultados`);
  const shown = await page.getByTestId('credit-row').getByTestId('radicado').allTextContents();
  expect(shown.length).toBeGreaterThan(0);
  expect(shown.map((r) => r.trim())).toEqual(newest.slice(0, shown.length).map((r) => r.solicitud.radicado));

  // Without a connection the download pauses, and says so; it goes on when the connection returns.
  await context.setOffline(true);
  release();
  await expect(progress.getByRole('status')).toHaveText(
    `Descarga en pausa: ${PAGE} de ${total} solicitudes en este dispositivo. Seguirá al volver la conexión.`,
  );
  await context.setOffline(false);
  await expect(page.getByTestId('sync-status')).toHaveText(/^Sincronizado/, { timeout: 60_000 });
  await expect(progress).toHaveCount(0);
  await expect(page.getByTestId('resultados')).toHaveText(`${total} resultados`);
  const after = await page.getByTestId('credit-row').getByTestId('radicado').allTextContents();
  expect(after.map((r) => r.trim())).toEqual(shown.map((r) => r.trim()));
});
