/**
 * A build written under a running server (a deploy whose restart comes later, `npm start` after a
 * rebuild) is served whole: index.html is read on each request, so the hashed assets it names must
 * be found on each request too, not from a list made at start. Before, the new index.html named
 * assets the server answered 404, and a new browser showed 'No se pudo cargar Radica'.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestContext, JWT_SECRET, type TestContext } from './helpers';
import { buildApp } from '../../server/src/app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

it('serves the assets of a build written after the server started, with their caching; a missing one stays a 404', async () => {
  const dist = await mkdtemp(path.join(tmpdir(), 'radica-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), '<script src="/assets/index-old111.js"></script>');
  await writeFile(path.join(dist, 'assets', 'index-old111.js'), 'console.log("old");');
  const app = await buildApp({ db: ctx.database.db, jwtSecret: JWT_SECRET, distDir: dist });
  try {
    expect((await app.inject({ method: 'GET', url: '/assets/index-old111.js' })).statusCode).toBe(200);
    // The new build lands while the server runs.
    await writeFile(path.join(dist, 'index.html'), '<script src="/assets/index-new222.js"></script>');
    await writeFile(path.join(dist, 'assets', 'index-new222.js'), 'console.log("new");');
    const page = await app.inject({ method: 'GET', url: '/creditos' });
    expect(page.body).toContain('/assets/index-new222.js');
    const asset = await app.inject({ method: 'GET', url: '/assets/index-new222.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("new");');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await app.inject({ method: 'GET', url: '/assets/index-none333.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ ok: false, error: 'El archivo solicitado no existe.' });
    // Nothing outside dist: a path climbing out is only a client route (the app's page).
    const outside = await app.inject({ method: 'GET', url: '/assets/..%2f..%2fetc%2fpasswd' });
    expect(outside.body).not.toContain('root:');
  } finally {
    await app.close();
    await rm(dist, { recursive: true, force: true });
  }
});
