/**
 * 'Tomar foto' on a tablet: a real 3000×2250 JPEG (drawn and encoded by Chromium) is downscaled
 * to 2000 px and re-encoded on the device, the saving is shown, and two pages combine into one PDF;
 * both reach the server as documents.
 */
import { expect, test, type Page } from '@playwright/test';
import { setup } from './fixtures/registro';

test.use({ hasTouch: true });

/** A photo-like JPEG made by the browser: gradients and many shapes, quality 0.95. */
async function cameraJpeg(page: Page, width: number, height: number): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ([w, h]) => {
      const canvas = new OffscreenCanvas(w, h);
      const ctx = canvas.getContext('2d')!;
      const g = ctx.createLinearGradient(0, 0, w, h);
      g.addColorStop(0, '#5b7');
      g.addColorStop(1, '#d84');
      ctx.fillStyle = g;
      ctx.fillRect(0, 0, w, h);
      let seed = 7;
      const rnd = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
      for (let i = 0; i < 4000; i++) {
        ctx.fillStyle = `hsl(${rnd() * 360} 60% ${30 + rnd() * 40}%)`;
        ctx.fillRect(rnd() * w, rnd() * h, 4 + rnd() * 60, 4 + rnd() * 60);
      }
      const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.95 });
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let s = '';
      for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(s);
    },
    [width, height] as const,
  );
  return Buffer.from(base64, 'base64');
}

test('a photo is made lighter on the tablet, and two pages become one PDF', async ({ page, request }) => {
  const { modal, api, radicado, row, documento } = await setup(page, request, 'admin@demo.co', 5);
  await page.setViewportSize({ width: 820, height: 1180 }); // a tablet, after the desktop login
  await modal.open(radicado, documento);
  const photo = await cameraJpeg(page, 3000, 2250);
  const camera = modal.dialog().getByTestId('camara');

  // One photo: the saving is shown before it is saved.
  await camera.locator('input[capture="environment"]').setInputFiles({ name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(camera.getByTestId('foto-tomada')).toHaveText(/^Página 1: [\d,]+ (MB|KB) → \d+ KB$/);
  await camera.getByRole('button', { name: 'Guardar foto' }).click();
  const single = modal.dialog().getByTestId('archivo').filter({ hasText: 'IMG_0001.jpg' });
  await expect(single).toContainText(/[\d,]+ (MB|KB) → \d+ KB/);
  await expect(single.getByTestId('archivo-estado')).toHaveText('En el servidor', { timeout: 60_000 });

  // Two pages, combined into one PDF.
  await camera.locator('input[capture="environment"]').setInputFiles({ name: 'IMG_0002.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(camera.getByTestId('foto-tomada')).toHaveCount(1);
  await camera.locator('input[capture="environment"]').setInputFiles({ name: 'IMG_0003.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(camera.getByTestId('foto-tomada')).toHaveCount(2);
  await camera.getByRole('button', { name: 'Guardar como un PDF (2 páginas)' }).click();
  const pdf = modal.dialog().getByTestId('archivo').filter({ hasText: /documento-\d+\.pdf/ });
  await expect(pdf.getByTestId('archivo-estado')).toHaveText('En el servidor', { timeout: 60_000 });

  const docs = await api.documentos(row.solicitud.id);
  const jpg = docs.find((d) => d.nombre === 'IMG_0001.jpg')!;
  expect(jpg.mime).toBe('image/jpeg');
  expect(docs.filter((d) => /^documento-\d+\.pdf$/.test(d.nombre)).map((d) => d.mime)).toEqual(['application/pdf']);
  // The stored photo is the downscaled one: 2000×1500, lighter than the camera's.
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const stored = await request.get(`/api/documentos/${jpg.id}`, { headers: { authorization: `Bearer ${token}` } });
  const bytes = await stored.body();
  expect(bytes.length).toBeLessThan(photo.length);
  const size = await page.evaluate(async (b64) => {
    const bin = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bin], { type: 'image/jpeg' }));
    return [bitmap.width, bitmap.height];
  }, bytes.toString('base64'));
  expect(size).toEqual([2000, 1500]);
});
