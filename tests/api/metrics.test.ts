/**
 * GET /api/metrics (Prometheus text, only for the METRICS_TOKEN bearer; 404 without a token
 * configured) and GET /api/ready (the database answers, else 503).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { bearer, createTestContext, freshDatabase, JWT_SECRET, loginAs, type TestContext } from './helpers';
import { buildApp } from '../../server/src/app';
import { emailOutbox, solicitudes } from '../../server/src/db/schema';

const TOKEN = 'metricas-' + 'k'.repeat(24);
let ctx: TestContext;
let plain: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ metricsToken: TOKEN });
  plain = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
  await plain.close();
});

const scrape = (app: TestContext['app'], authorization?: string) =>
  app.inject({ method: 'GET', url: '/api/metrics', headers: authorization ? { authorization } : {} });

/** The value of one sample line (`name{labels} value`), or undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(series + ' '));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /api/metrics', () => {
  it('answers 404 when no METRICS_TOKEN is configured, whatever the request carries', async () => {
    for (const auth of [undefined, `Bearer ${TOKEN}`, 'Bearer ']) {
      const res = await scrape(plain.app, auth);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ ok: false, code: 'NOT_FOUND' });
      expect(res.body).not.toContain('http_request_duration_seconds');
    }
  });

  it('answers 401 without the token, with a wrong one, or with a session JWT', async () => {
    const jwt = await loginAs(ctx.app, 'admin');
    for (const auth of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, TOKEN, bearer(jwt).authorization]) {
      const res = await scrape(ctx.app, auth);
      expect(res.statusCode, String(auth)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.json()).toMatchObject({ ok: false, code: 'UNAUTHENTICATED', error: 'Se necesita el token de métricas.' });
      expect(res.body).not.toContain('radica_');
    }
  });

  it('gives request durations by route pattern and status, sync counts, the e-mail queue and process metrics', async () => {
    const token = await loginAs(ctx.app, 'admin');
    const [sol] = await ctx.database.db.select().from(solicitudes).where(eq(solicitudes.empresaId, ctx.seeded.demo.id)).limit(1);
    const clientId = randomUUID();
    const at = new Date().toISOString();
    const batch = {
      clientId,
      mutations: [
        { id: 1, name: 'solicitud.cambiarEstado', args: { solicitudId: sol.id, estado: 'En estudio', base: { estado: sol.estado } }, at },
        { id: 2, name: 'solicitud.cambiarEstado', args: { solicitudId: sol.id, estado: 'Aprobado', base: { estado: 'Otro' } }, at },
      ],
    };
    const push = await ctx.app.inject({ method: 'POST', url: '/api/sync/push', headers: bearer(token), payload: batch });
    expect(push.json().data.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'rejected']);
    // The same batch again: both answered from the stored results.
    const replay = await ctx.app.inject({ method: 'POST', url: '/api/sync/push', headers: bearer(token), payload: batch });
    expect(replay.json().data.results.map((r: { status: string }) => r.status)).toEqual(['skipped', 'skipped']);
    const pull = await ctx.app.inject({ method: 'GET', url: `/api/sync/pull?clientId=${clientId}&cursor=0&limit=30`, headers: bearer(token) });
    const pulled = pull.json().data.changes.length as number;
    expect(pulled).toBeGreaterThan(0);
    const historial = await ctx.app.inject({ method: 'GET', url: `/api/solicitudes/${sol.id}/historial`, headers: bearer(token) });
    expect(historial.statusCode).toBe(200);
    await ctx.app.inject({ method: 'GET', url: '/api/no-existe' });
    const pendingBefore = (await ctx.database.db.select().from(emailOutbox)).filter((e) => !e.sentAt).length;
    await ctx.database.db.insert(emailOutbox).values([
      { empresaId: ctx.seeded.demo.id, tipo: 'prueba', destinatario: 'a@demo.co' },
      { empresaId: ctx.seeded.demo.id, tipo: 'prueba', destinatario: 'b@demo.co' },
      { empresaId: ctx.seeded.demo.id, tipo: 'prueba', destinatario: 'c@demo.co', sentAt: new Date().toISOString() },
    ]);

    const res = await scrape(ctx.app, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(sample(text, 'radica_sync_push_mutations_total{result="applied"}')).toBe(1);
    expect(sample(text, 'radica_sync_push_mutations_total{result="rejected"}')).toBe(1);
    expect(sample(text, 'radica_sync_push_mutations_total{result="skipped"}')).toBe(2);
    expect(sample(text, 'radica_sync_pull_rows_total')).toBe(pulled);
    expect(sample(text, 'radica_email_outbox_pending')).toBe(pendingBefore + 2);
    expect(sample(text, 'http_request_duration_seconds_count{method="POST",route="/api/sync/push",status_code="200"}')).toBe(2);
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/sync/pull",status_code="200"}')).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/solicitudes/:id/historial",status_code="200"}')).toBe(1);
    expect(text).toContain('http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/solicitudes/:id/historial",status_code="200"}');
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"}')).toBe(1);
    expect(text).not.toContain(sol.id);
    expect(text).toMatch(/^# TYPE http_request_duration_seconds histogram$/m);
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(text).toMatch(/^nodejs_heap_size_total_bytes \d+/m);

    // The scrapes themselves are timed too, the refused ones by their status.
    const again = (await scrape(ctx.app, `Bearer ${TOKEN}`)).body;
    expect(sample(again, 'http_request_duration_seconds_count{method="GET",route="/api/metrics",status_code="200"}')).toBe(1);
    expect(sample(again, 'http_request_duration_seconds_count{method="GET",route="/api/metrics",status_code="401"}')).toBeGreaterThanOrEqual(5);
  });
});

describe('GET /api/ready', () => {
  it('answers ok while the database answers, and 503 with a Spanish message once it is gone; /api/health stays up', async () => {
    const { database, drop } = await freshDatabase();
    const app = await buildApp({ db: database.db, jwtSecret: JWT_SECRET });
    try {
      const ready = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ ok: true });

      await database.close();
      const down = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ ok: false, code: 'UNAVAILABLE', error: 'La base de datos no responde; el servidor no está listo.' });
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
    } finally {
      await app.close();
      await drop();
    }
  });
});
