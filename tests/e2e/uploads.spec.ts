/**
 * Resumable uploads from the browser (tus): a 5 MB file whose connection is cut halfway through
 * a piece resumes from the offset the server stored, not from zero, shows its progress in the
 * 'Archivos' section meanwhile, and ends as one document on the server.
 */
import { expect, test, type Route } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { setup } from './fixtures/registro';

const MB = 1024 * 1024;
const FILE = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(5 * MB - 9)]);

test('an upload cut halfway resumes from its offset and ends as one document', async ({ page, context, request }) => {
  const { modal, api, radicado, row, documento } = await setup(page, request, 'admin@demo.co', 4);
  await modal.open(radicado, documento);

  const offsets: number[] = [];
  let cut = false;
  let releaseCut!: () => void;
  const uiChecked = new Promise<void>((resolve) => (releaseCut = resolve));
  await context.route('**/api/uploads/*', async (route: Route) => {
    const req = route.request();
    if (req.method() !== 'PATCH') return route.continue();
    const offset = Number(await req.headerValue('upload-offset'));
    offsets.push(offset);
    if (cut || offset !== 2 * MB) return route.continue();
    cut = true;
    // The server receives half of this piece, then the connection dies before its answer.
    const body = req.postDataBuffer()!;
    const half = body.subarray(0, body.length / 2);
    const headers = { ...(await req.allHeaders()) };
    delete headers['content-length'];
    const res = await route.fetch({ postData: half, headers });
    expect(res.status()).toBe(204);
    await uiChecked;
    await route.abort('connectionreset');
  });

  await modal.dialog().locator('input[type="file"][aria-label="Subir archivos"]').setInputFiles({ name: 'escrituras.pdf', mimeType: 'application/pdf', buffer: FILE });
  const item = modal.dialog().getByTestId('archivo').filter({ hasText: 'escrituras.pdf' });
  // While the third piece is on its way: 'Subiendo...' with a bar and a percentage.
  await expect(item.getByTestId('archivo-estado')).toHaveText('Subiendo...', { timeout: 30_000 });
  await expect.poll(() => cut, { timeout: 30_000 }).toBe(true);
  await expect(item.getByRole('progressbar', { name: 'Progreso de escrituras.pdf' })).toBeVisible();
  await expect(item.getByTestId('progreso-porcentaje')).toHaveText(/^[1-9]\d?%$/);
  releaseCut();

  await expect(item.getByTestId('archivo-estado')).toHaveText('En el servidor', { timeout: 60_000 });
  const resumedAt = offsets[offsets.indexOf(2 * MB) + 1];
  expect(resumedAt).toBe(2.5 * MB);
  expect(offsets.slice(offsets.indexOf(2 * MB) + 1)).not.toContain(0);
  expect(offsets.filter((o) => o === 0)).toHaveLength(1);
  const docs = (await api.documentos(row.solicitud.id)).filter((d) => d.nombre === 'escrituras.pdf');
  expect(docs).toHaveLength(1);
  expect(docs[0]).toMatchObject({ mime: 'application/pdf', file_size: FILE.length });
});
