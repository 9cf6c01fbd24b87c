/**
 * The legal pages never show a placeholder. The e2e server is the demo start (demo operator); a
 * second real server started here without LEGAL_* and without demo data shows the unpublished case.
 */
import { expect, test, type Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { startServer } from '../../server/src/server';
import { loadConfig } from '../../server/src/config';
import { OPERADOR_NO_PUBLICADO } from '../../src/domain/legal';

const PAGES = [
  { path: '/terminos-condiciones', heading: 'Términos y Condiciones de Uso' },
  { path: '/acuerdo-firma', heading: 'Acuerdo de Firma' },
];

async function expectNoPlaceholder(page: Page) {
  const body = await page.locator('body').innerText();
  expect(body).not.toMatch(/\[|\]|completar|undefined/i);
  await expect(page.locator('mark')).toHaveCount(0);
}

test('configured (the demo operator): both pages name the operator, its NIT and validity, with no placeholder', async ({ page }) => {
  for (const p of PAGES) {
    await page.goto(p.path);
    await expect(page.getByRole('heading', { level: 1, name: p.heading })).toBeVisible();
    await expect(page.getByText(/Radica Demostración S\.A\.S\., identificada con NIT 900\.000\.000-0/).first()).toBeVisible();
    await expect(page.getByText('Vigente desde: 1 de noviembre de 2026')).toBeVisible();
    await expect(page.getByTestId('aviso-operador')).toHaveCount(0);
    await expectNoPlaceholder(page);
  }
  for (const width of [390, 820, 1366]) {
    await page.setViewportSize({ width, height: width === 820 ? 1180 : width === 390 ? 844 : 850 });
    await page.goto('/acuerdo-firma');
    await expect(page.getByText(/Radica Demostración/).first()).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`acuerdo-${width}.png`) });
  }
});

test('not configured: the pages say plainly the operator has not published its details', async ({ page }) => {
  test.slow(); // boots a server of its own (migrations on a new PGlite) besides the pages
  const dataDir = mkdtempSync(join(tmpdir(), 'radica-legal-'));
  const server = await startServer({ port: 0, host: '127.0.0.1', dataDir, databaseUrl: '', seed: false, logger: false, config: loadConfig({}) });
  try {
    const base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
    for (const p of PAGES) {
      await page.goto(base + p.path);
      await expect(page.getByRole('heading', { level: 1, name: p.heading })).toBeVisible();
      await expect(page.getByTestId('aviso-operador')).toHaveText(OPERADOR_NO_PUBLICADO);
      await expect(page.getByText(/el operador de la plataforma, cuya razón social aún no ha sido publicada/i).first()).toBeVisible();
      await expect(page.getByText(/Vigente desde/)).toHaveCount(0);
      await expectNoPlaceholder(page);
    }
    for (const width of [390, 820, 1366]) {
      await page.setViewportSize({ width, height: width === 820 ? 1180 : width === 390 ? 844 : 850 });
      await page.goto(base + '/terminos-condiciones');
      await expect(page.getByTestId('aviso-operador')).toBeVisible();
      await page.screenshot({ path: test.info().outputPath(`terminos-sin-operador-${width}.png`) });
    }
  } finally {
    await server.shutdown();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
