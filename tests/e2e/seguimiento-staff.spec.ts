/**
 * A document an applicant uploads on the public tracking page reaches staff: it is pulled with the
 * application and listed in the 'Editar Registro' modal's files.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { LoginPage } from './fixtures/app';
import { RegistroModal, ServerApi, waitForRows } from './fixtures/registro';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

test('a document uploaded on /seguimiento shows in the staff edit modal', async ({ page, request }) => {
  await new LoginPage(page).loginAndWait('admin@demo.co');
  await waitForRows(page);
  const modal = new RegistroModal(page);
  const radicado = await modal.radicadoAt(4);
  const api = await new ServerApi(request).login('admin@demo.co');
  const row = (await api.byRadicado(radicado))!;

  const nombre = `cedula-${randomUUID().slice(0, 8)}.pdf`;
  const upload = await request.post('/api/seguimiento/actualizar-documentos', {
    multipart: {
      id_radicado: radicado,
      upload_id: randomUUID(),
      archivos: { name: nombre, mimeType: 'application/pdf', buffer: PDF },
    },
  });
  expect(upload.ok(), await upload.text()).toBe(true);

  // App start syncs: the reload pulls the application again, now with its new document.
  await page.reload();
  await waitForRows(page);
  await modal.open(radicado, row.solicitante.numero_documento);
  await expect(modal.dialog().getByTestId('archivo').filter({ hasText: nombre })).toHaveCount(1, { timeout: 30_000 });
});
