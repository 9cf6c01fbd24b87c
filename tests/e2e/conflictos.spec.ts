/**
 * Two devices edit the same application: the tablet offline, the office online. When the tablet
 * reconnects, the server answers a field-level conflict; 'Cambios pendientes' shows it (which
 * application, which fields, both values) and the person picks a side per field.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { answerConfirm, PASSWORD } from './fixtures/app';
import { setup, waitForServiceWorker } from './fixtures/registro';

/**
 * This run's values end in a word of their own: the suite shares one server and picks applications
 * by their place in the list, so another spec may have left 'Barrio Tableta' on the same one, and an
 * edit to the value a field already holds changes nothing (no conflict to show).
 */
const RUN = Date.now().toString(36).slice(-5).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]).replace(/^./, (c) => c.toUpperCase());

/** A change pushed by another device of `email`, as its sync engine would send it. */
async function pushFromOtherDevice(request: APIRequestContext, email: string, solicitudId: string, changes: Record<string, string>) {
  const login = await request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  const token = ((await login.json()) as { access_token: string }).access_token;
  const res = await request.post('/api/sync/push', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      clientId: randomUUID(),
      mutations: [{ id: 1, name: 'solicitud.editar', args: { solicitudId, changes, base: {} }, at: new Date().toISOString() }],
    },
  });
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { data: { results: Array<{ status: string }> } };
  expect(body.data.results.map((r) => r.status)).toEqual(['applied']);
}

test('both devices changed the same fields: the conflict is shown in Cambios pendientes, and each field keeps the side chosen', async ({ page, context, request }) => {
  const { modal, api, radicado, row, documento } = await setup(page, request, 'manager@demo.co', 6);

  await context.setOffline(true);
  await modal.open(radicado, documento);
  await modal.field('Nombres').fill(`Tableta Nombre ${RUN}`);
  await modal.field('Barrio').fill(`Barrio Tableta ${RUN}`);
  await modal.save();
  await expect(page.getByText('Cambios guardados en este dispositivo. Se enviarán al servidor cuando haya conexión.')).toBeVisible();
  await expect(modal.row(radicado).getByText('Sin sincronizar')).toBeVisible();

  // Meanwhile, at the office, the supervisor's device changes the same two fields.
  await pushFromOtherDevice(request, 'supervisor@demo.co', row.solicitud.id, {
    'solicitante.nombres': `Oficina Nombre ${RUN}`,
    'ubicacion.barrio': `Barrio Oficina ${RUN}`,
  });

  await context.setOffline(false);
  await expect(page.getByText('1 conflicto')).toBeVisible({ timeout: 30_000 });
  // Until someone decides, the device shows what the server holds and sends nothing more.
  await expect(modal.row(radicado).getByText('Sin sincronizar')).toHaveCount(0);
  await expect(modal.row(radicado).getByTestId('nombre')).toContainText(`Oficina Nombre ${RUN}`);

  await page.getByTestId('sync-status').click();
  const panel = page.getByRole('dialog', { name: 'Cambios pendientes' });
  const problem = panel.getByRole('listitem').filter({ hasText: 'Edición de solicitud' });
  await expect(problem).toContainText(`Oficina Nombre ${RUN}`);
  await expect(problem).toContainText(radicado);
  await expect(problem).toContainText('Conflicto: Otra persona cambió estos campos mientras tanto.');
  await problem.getByRole('button', { name: 'Resolver' }).click();

  const nombres = problem.getByRole('group', { name: 'Nombres' });
  await expect(nombres).toContainText(`Tú: Tableta Nombre ${RUN}`);
  await expect(nombres).toContainText(`Servidor: Oficina Nombre ${RUN}`);
  const barrio = problem.getByRole('group', { name: 'Barrio' });
  await expect(barrio).toContainText(`Tú: Barrio Tableta ${RUN}`);
  await expect(barrio).toContainText(`Servidor: Barrio Oficina ${RUN}`);
  // Mine is the default; the office's name wins, the tablet's neighbourhood stays.
  await expect(barrio.getByLabel('Conservar el mío')).toBeChecked();
  await nombres.getByLabel('Usar el del servidor').check();
  await problem.getByRole('button', { name: 'Aplicar selección' }).click();
  await expect(page.getByText('Conflicto resuelto')).toBeVisible();
  await expect(panel.getByText('Ningún cambio rechazado.')).toBeVisible();

  await expect
    .poll(
      async () => {
        const record = (await api.record(row.solicitante.id)).data!;
        return [record.solicitante.nombres, record.ubicaciones[0].barrio];
      },
      { timeout: 30_000 },
    )
    .toEqual([`Oficina Nombre ${RUN}`, `Barrio Tableta ${RUN}`]);
  await panel.getByRole('button', { name: 'Cerrar' }).click();
  await expect(modal.row(radicado).getByText('Sin sincronizar')).toHaveCount(0, { timeout: 30_000 });
  await modal.open(radicado, documento);
  await expect(modal.field('Nombres')).toHaveValue(`Oficina Nombre ${RUN}`);
  await expect(modal.field('Barrio')).toHaveValue(`Barrio Tableta ${RUN}`);
});

test('Descartar drops the tablet change: the device shows the office value and the server keeps it', async ({ page, context, request }) => {
  const { modal, api, radicado, row, documento } = await setup(page, request, 'manager@demo.co', 7);

  await context.setOffline(true);
  await modal.open(radicado, documento);
  await modal.field('Barrio').fill(`Barrio Descartado ${RUN}`);
  await modal.save();
  await expect(page.getByText('Cambios guardados en este dispositivo. Se enviarán al servidor cuando haya conexión.')).toBeVisible();
  await pushFromOtherDevice(request, 'supervisor@demo.co', row.solicitud.id, { 'ubicacion.barrio': `Barrio Oficina Dos ${RUN}` });

  await context.setOffline(false);
  await expect(page.getByText('1 conflicto')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('sync-status').click();
  const panel = page.getByRole('dialog', { name: 'Cambios pendientes' });
  const problem = panel.getByRole('listitem').filter({ hasText: 'Edición de solicitud' });
  await expect(problem).toContainText(radicado);
  // One tap doesn't drop it: the question names what is lost, and 'Conservar' keeps it.
  await problem.getByRole('button', { name: 'Descartar' }).click();
  await answerConfirm(page, `Se perderá: Edición de solicitud`, 'cancel');
  await expect(problem).toBeVisible();
  await problem.getByRole('button', { name: 'Descartar' }).click();
  await answerConfirm(page, `Barrio: Barrio Descartado ${RUN}. No se puede deshacer.`, 'confirm');
  await expect(panel.getByText('Ningún cambio rechazado.')).toBeVisible();
  await expect(panel.getByText('En cola (0)')).toBeVisible();
  await expect(page.getByText('1 conflicto')).toHaveCount(0);
  await panel.getByRole('button', { name: 'Cerrar' }).click();

  await modal.open(radicado, documento);
  await expect(modal.field('Barrio')).toHaveValue(`Barrio Oficina Dos ${RUN}`);
  expect((await api.record(row.solicitante.id)).data!.ubicaciones[0].barrio).toBe(`Barrio Oficina Dos ${RUN}`);
});

test('a conflict with the same person\'s other device says so, not "otra persona"', async ({ page, context, request }) => {
  const { modal, radicado, row, documento } = await setup(page, request, 'manager@demo.co', 5);
  // Offline, 'Editar Registro' comes from the service worker's cache.
  await waitForServiceWorker(page);
  await context.setOffline(true);
  await modal.open(radicado, documento);
  await modal.field('Barrio').fill(`Barrio Tableta ${RUN}`);
  await modal.save();
  await expect(page.getByText('Cambios guardados en este dispositivo. Se enviarán al servidor cuando haya conexión.')).toBeVisible();

  // The same manager, on the phone, changed the same field meanwhile.
  await pushFromOtherDevice(request, 'manager@demo.co', row.solicitud.id, { 'ubicacion.barrio': `Barrio Celular ${RUN}` });
  await context.setOffline(false);
  const banner = page.getByTestId('banner-conflictos');
  await expect(banner).toContainText(`cambiaste Barrio desde otro dispositivo`, { timeout: 30_000 });
  await expect(banner).not.toContainText('otra persona');

  await banner.getByRole('button', { name: 'Resolver' }).first().click();
  const panel = page.getByRole('dialog', { name: 'Cambios pendientes' });
  await expect(panel.getByText('Conflicto: Cambiaste estos datos desde otro dispositivo mientras tanto.')).toBeVisible();
  await expect(panel.getByTestId('cambiado-por').first()).toContainText('Cambiado en el servidor por ti, desde otro dispositivo');
});
