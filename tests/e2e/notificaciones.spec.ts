import { expect, test, type APIRequestContext } from '@playwright/test';
import { answerConfirm, LoginPage, PASSWORD, waitForServiceWorker } from './fixtures/app';
import { NotificationBellPanel } from './fixtures/notificaciones';

// Notifications arrive with the sync engine's first pull after login.
const FIRST_PULL = 30_000;

interface Wire {
  id: string;
  titulo: string;
  estado: string;
  prioridad: string;
}

async function api(request: APIRequestContext, email: string) {
  const login = await request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(login.ok()).toBe(true);
  const headers = {
    authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}`,
  };
  return {
    pendientes: async () => {
      const res = await request.get('/api/notificaciones/pendientes', { headers });
      expect(res.ok()).toBe(true);
      return ((await res.json()) as { data: Wire[] }).data;
    },
    get: (id: string) => request.get(`/api/notificaciones/${id}`, { headers }),
    create: async (body: Record<string, unknown>) => {
      const res = await request.post('/api/notificaciones', {
        headers,
        data: {
          mensaje: 'Creada para la prueba',
          tipo: 'contactar_cliente',
          accion_requerida: 'contactar_cliente',
          ...body,
        },
      });
      expect(res.status(), await res.text()).toBe(201);
      return ((await res.json()) as { data: Wire }).data;
    },
    remove: (id: string) => request.delete(`/api/notificaciones/${id}`, { headers }),
    filing: async (id: string) => {
      const res = await request.get('/api/dashboard/tabla', { headers });
      const rows = ((await res.json()) as { data: Array<{ solicitud: { id: string; radicado: string | null } }> }).data;
      return rows.find((r) => r.solicitud.id === id)!.solicitud.radicado;
    },
    solicitudes: async () => {
      const res = await request.get('/api/dashboard/tabla', { headers });
      return ((await res.json()) as { data: Array<{ solicitud: { id: string } }> }).data.map(
        (r) => r.solicitud.id,
      );
    },
  };
}

const RANK: Record<string, number> = { Urgente: 0, Alta: 1, Normal: 2, Media: 2, Baja: 3 };

test('the bell counts and orders the pending notifications; offline read, complete and edit reach the server; mark all empties the list', async ({
  page,
  context,
  request,
}) => {
  const email = 'manager@demo.co';
  const server = await api(request, email);
  const pending = await server.pendientes();
  expect(pending.length).toBeGreaterThan(3);

  await new LoginPage(page).loginAndWait(email);
  const bell = new NotificationBellPanel(page);
  await expect(bell.badge()).toHaveText(String(pending.length), { timeout: FIRST_PULL });
  await waitForServiceWorker(page);
  await expect(bell.badge()).toHaveText(String(pending.length), { timeout: FIRST_PULL });

  await bell.open();
  await expect(bell.count()).toHaveText(`${pending.length} pendientes`);
  await expect(bell.items()).toHaveCount(pending.length);
  const ranks = await bell
    .items()
    .evaluateAll((els) =>
      els.map((el) => el.querySelector('span.rounded-full')?.textContent ?? ''),
    );
  const numeric = ranks.map((r) => RANK[r] ?? 2);
  expect([...numeric].sort((a, b) => a - b)).toEqual(numeric);
  expect(await bell.titles()).toEqual(pending.map((n) => n.titulo));

  const [toRead, toComplete, toEdit] = pending;
  await context.setOffline(true);
  await bell.item(toRead.id).getByRole('button', { name: 'Marcar leída' }).click();
  await expect(bell.item(toRead.id)).toHaveCount(0);
  await bell.item(toComplete.id).getByRole('button', { name: 'Completar' }).click();
  await expect(bell.item(toComplete.id)).toHaveCount(0);
  await expect(bell.badge()).toHaveText(String(pending.length - 2));
  await expect(bell.count()).toHaveText(`${pending.length - 2} pendientes`);

  await bell.item(toEdit.id).getByRole('button', { name: 'Editar' }).click();
  const modal = page.getByRole('dialog', { name: 'Editar Notificación' });
  await expect(modal).toBeVisible();
  await modal.getByLabel('Título').fill('');
  await modal.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(modal.getByText('El título es obligatorio')).toBeVisible();
  await modal.getByLabel('Título').fill('Editada sin conexión');
  await modal.getByLabel('Tipo').selectOption('seguimiento_credito');
  await expect(modal.getByLabel('Acción requerida')).toHaveValue('solicitar_info');
  await modal.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(modal).toHaveCount(0);
  await expect(bell.item(toEdit.id).getByTestId('notificacion-titulo')).toHaveText(
    'Editada sin conexión',
  );
  await expect(page.getByTestId('sync-status').first()).toContainText(
    'Sin conexión · 3 cambios sin enviar',
  );

  // Still there after a reload without a connection.
  await page.reload();
  await expect(bell.badge()).toHaveText(String(pending.length - 2), { timeout: FIRST_PULL });
  await bell.open();
  await expect(bell.item(toEdit.id).getByTestId('notificacion-titulo')).toHaveText(
    'Editada sin conexión',
  );
  await expect(bell.item(toRead.id)).toHaveCount(0);

  await context.setOffline(false);
  await expect(page.getByTestId('sync-status').first()).toContainText('Sincronizado', {
    timeout: 30_000,
  });
  const byId = async (id: string) =>
    (
      (await (await server.get(id)).json()) as {
        data: Wire & { metadata: { accion_requerida: string } };
      }
    ).data;
  expect((await byId(toRead.id)).estado).toBe('leida');
  expect((await byId(toComplete.id)).estado).toBe('completada');
  expect(await byId(toEdit.id)).toMatchObject({
    titulo: 'Editada sin conexión',
    estado: 'pendiente',
    metadata: { accion_requerida: 'solicitar_info' },
  });
  expect((await server.pendientes()).length).toBe(pending.length - 2);

  // It asks first: 'Cancelar' leaves every one pending, here and on the server.
  const left = (await server.pendientes()).length;
  await bell.panel().getByRole('button', { name: 'Marcar todas como leídas' }).click();
  await answerConfirm(page, `Las ${left} notificaciones pendientes se marcarán como leídas y saldrán de esta lista.`, 'cancel');
  await expect(bell.count()).toHaveText(`${left} pendientes`);
  expect((await server.pendientes()).length).toBe(left);
  await bell.panel().getByRole('button', { name: 'Marcar todas como leídas' }).click();
  await answerConfirm(page, '¿Marcar todas como leídas?', 'confirm');
  await expect(bell.panel().getByText('No tienes notificaciones pendientes')).toBeVisible();
  // Said once the server has it.
  await expect(page.getByText('Notificaciones marcadas como leídas')).toBeVisible({ timeout: 30_000 });
  await expect(bell.badge()).toHaveCount(0);
  await expect.poll(async () => (await server.pendientes()).length, { timeout: 30_000 }).toBe(0);
  await page.reload();
  await expect(
    page.getByRole('button', { name: 'Notificaciones: ninguna pendiente' }).first(),
  ).toBeVisible({ timeout: FIRST_PULL });
});

test("the badge shows '99+' above 99, and the panel works from the keyboard", async ({
  page,
  request,
}) => {
  const email = 'asesor@demo.co';
  const server = await api(request, email);
  const before = (await server.pendientes()).length;
  for (let i = before; i < 100; i++)
    await server.create({ titulo: `Recordatorio ${i}`, solicitud_id: null, prioridad: 'baja' });
  expect((await server.pendientes()).length).toBe(100);

  await new LoginPage(page).loginAndWait(email);
  const bell = new NotificationBellPanel(page);
  await expect(bell.badge()).toHaveText('99+', { timeout: FIRST_PULL });

  await bell.button().focus();
  await page.keyboard.press('Enter');
  await expect(bell.panel()).toBeVisible();
  await expect(bell.count()).toHaveText('100 pendientes');
  await expect(bell.panel()).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(
    bell.panel().getByRole('button', { name: 'Marcar todas como leídas' }),
  ).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(bell.panel()).toHaveCount(0);
  await expect(bell.button()).toBeFocused();

  const box = await (async () => {
    await bell.open();
    return bell.panel().boundingBox();
  })();
  expect(box!.width).toBe(24 * 16);
  expect(box!.height).toBeLessThanOrEqual(0.8 * 850 + 0.5);
});

test('delete asks for confirmation; a change the server rejects shows its toast', async ({
  page,
  context,
  request,
}) => {
  const email = 'supervisor@demo.co';
  const server = await api(request, email);
  const [solicitud] = await server.solicitudes();
  const keep = await server.create({
    titulo: 'Para borrar',
    solicitud_id: solicitud,
    prioridad: 'urgente',
  });
  const other = await server.create({
    titulo: 'La borra otro',
    solicitud_id: solicitud,
    prioridad: 'urgente',
  });

  await new LoginPage(page).loginAndWait(email);
  const bell = new NotificationBellPanel(page);
  await bell.open();
  await expect(bell.item(keep.id)).toBeVisible({ timeout: FIRST_PULL });

  await bell.item(keep.id).getByRole('button', { name: 'Eliminar' }).click();
  await answerConfirm(page, '¿Estás seguro de que quieres eliminar esta notificación?', 'cancel');
  await expect(bell.item(keep.id)).toBeVisible();
  await bell.item(keep.id).getByRole('button', { name: 'Eliminar' }).click();
  await answerConfirm(page, '¿Estás seguro de que quieres eliminar esta notificación?', 'confirm');
  await expect(bell.item(keep.id)).toHaveCount(0);
  await expect
    .poll(async () => (await server.get(keep.id)).status(), { timeout: 30_000 })
    .toBe(404);

  // Edited offline while an admin deletes it on the server: the push is rejected.
  await context.setOffline(true);
  await bell.item(other.id).getByRole('button', { name: 'Editar' }).click();
  const modal = page.getByRole('dialog', { name: 'Editar Notificación' });
  await modal.getByLabel('Mensaje').fill('Cambio que llegará tarde');
  await modal.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(modal).toHaveCount(0);
  const admin = await api(request, 'admin@demo.co');
  expect((await admin.remove(other.id)).ok()).toBe(true);
  await context.setOffline(false);
  await expect(page.getByText('Error al actualizar notificación')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('sync-status').first()).toBeVisible();
  await expect(page.getByText('1 con problemas').first()).toBeVisible();
});

test("clicking a notification opens its application's 'Editar Registro'; one without an application only reads", async ({
  page,
  request,
}) => {
  const email = 'supervisor@demo.co';
  const server = await api(request, email);
  const [solicitud] = await server.solicitudes();
  const radicado = await server.filing(solicitud);
  expect(radicado).toMatch(/^RAD-/);
  const linked = await server.create({ titulo: 'Revisar ingresos', solicitud_id: solicitud, prioridad: 'urgente' });
  const loose = await server.create({ titulo: 'Llamar a la oficina', solicitud_id: null, prioridad: 'urgente' });

  await new LoginPage(page).loginAndWait(email);
  const bell = new NotificationBellPanel(page);
  await bell.open();
  await expect(bell.item(linked.id)).toBeVisible({ timeout: FIRST_PULL });
  await expect(bell.item(loose.id).getByTestId('notificacion-abrir')).toHaveCount(0);

  // Keyboard: the notification is one button; Enter opens the application and closes the panel.
  await bell.item(linked.id).getByTestId('notificacion-abrir').focus();
  await page.keyboard.press('Enter');
  const registro = page.getByRole('dialog', { name: 'Editar Registro' });
  await expect(registro).toBeVisible();
  await expect(registro.getByText(radicado!).first()).toBeVisible();
  await expect(bell.panel()).toHaveCount(0);
  // The link does not stay in the address: a reload shows the list, not the modal.
  expect(new URL(page.url()).search).toBe('');
});

test.describe('on a tablet', () => {
  test.use({ viewport: { width: 820, height: 1180 }, hasTouch: true });

  test('the bell is in the top bar, the panel fits, and its targets are touch-sized', async ({
    page,
    request,
  }) => {
    const email = 'admin@demo.co';
    const server = await api(request, email);
    const [solicitud] = await server.solicitudes();
    await server.create({ titulo: 'En la tableta', solicitud_id: solicitud, prioridad: 'alta' });
    const pending = (await server.pendientes()).length;

    await new LoginPage(page).goto();
    await new LoginPage(page).login(email);
    const bell = new NotificationBellPanel(page);
    await expect(bell.badge()).toHaveText(String(pending), { timeout: FIRST_PULL });
    await bell.button().tap();
    await expect(bell.panel()).toBeVisible();
    const box = (await bell.panel().boundingBox())!;
    expect(box.width).toBe(24 * 16);
    expect(box.x + box.width).toBeLessThanOrEqual(820);
    expect(box.height).toBeLessThanOrEqual(0.8 * 1180 + 0.5);
    for (const b of await bell.panel().getByRole('button').all()) {
      const bb = await b.boundingBox();
      if (bb) expect(bb.height).toBeGreaterThanOrEqual(44);
    }
    await page.mouse.click(20, 600);
    await expect(bell.panel()).toHaveCount(0);
  });
});

test("offline, 'Marcar todas como leídas' says the change is on this device, not done; the server has it once back online", async ({
  page,
  context,
  request,
}) => {
  const email = 'manager@demo.co';
  const server = await api(request, email);
  await server.create({ titulo: 'Llamar sin conexión 1', solicitud_id: null, prioridad: 'media' });
  await server.create({ titulo: 'Llamar sin conexión 2', solicitud_id: null, prioridad: 'media' });
  const pending = (await server.pendientes()).length;

  await new LoginPage(page).loginAndWait(email);
  await waitForServiceWorker(page);
  const bell = new NotificationBellPanel(page);
  await expect(bell.badge()).toHaveText(String(pending), { timeout: FIRST_PULL });
  await context.setOffline(true);
  await bell.open();
  await bell.panel().getByRole('button', { name: 'Marcar todas como leídas' }).click();
  const ask = page.getByRole('alertdialog', { name: '¿Marcar todas como leídas?' });
  await expect(ask).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('marcar-todas-1366.png') });
  await answerConfirm(page, `Las ${pending} notificaciones pendientes se marcarán como leídas y saldrán de esta lista.`, 'confirm');
  await expect(bell.panel().getByText('No tienes notificaciones pendientes')).toBeVisible();
  // Before: a green 'Notificaciones marcadas como leídas' while the change had not left the device.
  await expect(page.getByText('Guardado en este dispositivo. Se enviará al servidor cuando haya conexión.')).toBeVisible();
  await expect(page.getByText('Notificaciones marcadas como leídas')).toHaveCount(0);
  expect((await server.pendientes()).length).toBe(pending);

  await context.setOffline(false);
  await expect.poll(async () => (await server.pendientes()).length, { timeout: 30_000 }).toBe(0);
});

test("the read-only 'user' sees the company's pending notifications and why it cannot mark them; they stay pending for the staff", async ({
  page,
  request,
}) => {
  const admin = await api(request, 'admin@demo.co');
  const reader = await api(request, 'user@demo.co');
  const [solicitud] = await reader.solicitudes();
  const n = await admin.create({ titulo: 'Aprobar desembolso hoy', solicitud_id: solicitud, prioridad: 'urgente' });

  await new LoginPage(page).loginAndWait('user@demo.co');
  const bell = new NotificationBellPanel(page);
  await bell.open();
  await expect(bell.item(n.id)).toBeVisible({ timeout: FIRST_PULL });
  // Marking one read takes it off every admin's and supervisor's panel: the role that only views
  // has no button for it (before: 'Marcar leída', 'Completar', 'Marcar todas como leídas').
  await expect(bell.panel().getByTestId('notificaciones-solo-lectura')).toHaveText(
    'Tu rol solo puede ver las notificaciones: no puede marcarlas, editarlas ni eliminarlas.',
  );
  await expect(bell.panel().getByRole('button', { name: 'Marcar todas como leídas' })).toHaveCount(0);
  await expect(bell.item(n.id).getByRole('button', { name: /Marcar leída|Completar|Editar|Eliminar/ })).toHaveCount(0);

  // The application's history reads the same.
  await bell.item(n.id).getByTestId('notificacion-abrir').click();
  const historial = page.getByRole('dialog', { name: 'Editar Registro' }).getByTestId('notification-history');
  await expect(historial.locator(`[data-testid="historial-item"][data-id="${n.id}"]`)).toBeVisible();
  await expect(historial.getByTestId('historial-solo-lectura')).toBeVisible();
  await expect(historial.getByRole('button', { name: /Marcar Leída|Nueva Notificación/ })).toHaveCount(0);

  // And the server refuses it should anyone try: the staff still have it pending.
  const login = await request.post('/api/auth/login', { data: { email: 'user@demo.co', password: PASSWORD } });
  const token = ((await login.json()) as { access_token: string }).access_token;
  const res = await request.patch(`/api/notificaciones/${n.id}/marcar-leida`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(403);
  expect((await admin.pendientes()).map((p) => p.id)).toContain(n.id);
});
