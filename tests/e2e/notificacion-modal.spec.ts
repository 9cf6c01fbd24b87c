/**
 * The per-application 'Historial de Notificaciones' inside the 'Editar Registro' modal: a
 * notification created there offline shows at once in the history and in the bell, survives a
 * reload, and reaches the server once after reconnecting.
 */
import { expect, test } from '@playwright/test';
import { LoginPage } from './fixtures/app';
import { NotificationBellPanel } from './fixtures/notificaciones';
import { RegistroModal, ServerApi, waitForRows, waitForServiceWorker } from './fixtures/registro';

test('a notification created offline in the edit modal shows in the history and the bell, and reaches the server', async ({
  page,
  context,
  request,
}) => {
  const email = 'manager@demo.co';
  await new LoginPage(page).loginAndWait(email);
  await waitForRows(page);
  await waitForServiceWorker(page);
  await waitForRows(page);
  const modal = new RegistroModal(page);
  const radicado = await modal.radicadoAt(3);
  const api = await new ServerApi(request).login(email);
  const row = (await api.byRadicado(radicado))!;
  const bell = new NotificationBellPanel(page);
  const countText = async () => (await bell.button().first().getAttribute('aria-label')) ?? '';
  const before = await countText();

  await modal.open(radicado, row.solicitante.numero_documento);
  const history = modal.dialog().getByTestId('notification-history');
  await expect(history.getByRole('heading', { name: 'Historial de Notificaciones' })).toBeVisible();

  await context.setOffline(true);
  await history.getByRole('button', { name: 'Nueva Notificación' }).click();
  const form = page.getByRole('dialog', { name: 'Nueva Notificación' });
  await expect(form.getByLabel('Tipo')).toHaveValue('retomar_operacion');
  await expect(form.getByLabel('Acción requerida')).toHaveValue('revisar_documentos');
  await form.getByRole('button', { name: 'Crear notificación' }).click();
  await expect(form.getByText('El título es obligatorio')).toBeVisible();
  await form.getByLabel('Título').fill('Llamar al cliente sin conexión');
  await form.getByLabel('Mensaje').fill('Confirmar los ingresos del último mes');
  await form.getByLabel('Tipo').selectOption('contactar_cliente');
  await expect(form.getByLabel('Acción requerida')).toHaveValue('contactar_cliente');
  await form.getByRole('button', { name: 'Crear notificación' }).click();
  await expect(form).toHaveCount(0);

  const item = history.getByTestId('historial-item').filter({ hasText: 'Llamar al cliente sin conexión' });
  await expect(item).toHaveCount(1);
  await expect(item.getByRole('button', { name: 'Marcar Leída' })).toBeVisible();
  await expect.poll(countText).not.toBe(before);

  // Still offline: a reload keeps it, in the history and in the bell.
  await page.reload();
  await waitForRows(page);
  await modal.open(radicado, row.solicitante.numero_documento);
  await expect(modal.dialog().getByTestId('historial-item').filter({ hasText: 'Llamar al cliente sin conexión' })).toHaveCount(1);
  await modal.dialog().getByRole('button', { name: 'Cancelar' }).click();
  await bell.open();
  await expect(bell.panel().getByText('Llamar al cliente sin conexión')).toBeVisible();

  await context.setOffline(false);
  const login = await request.post('/api/auth/login', { data: { email, password: 'demo1234' } });
  const token = ((await login.json()) as { access_token: string }).access_token;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/notificaciones?solicitud_id=${row.solicitud.id}`, { headers: { authorization: `Bearer ${token}` } });
        const data = ((await res.json()) as { data: Array<{ titulo: string; tipo: string }> }).data ?? [];
        return data.filter((n) => n.titulo === 'Llamar al cliente sin conexión').map((n) => n.tipo);
      },
      { timeout: 30_000 },
    )
    .toEqual(['contactar_cliente']);
});
