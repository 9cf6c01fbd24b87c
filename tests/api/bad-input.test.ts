/**
 * Bad input never answers 500 and never blocks a device (issue #30): JSON nested past the fixed
 * depth limit is a 400 before any handler; broken multipart bodies are 400; a push mutation whose
 * field keys name prototype members or whose value is nested thousands deep is rejected in-band,
 * and the mutations after it are applied.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { bearer, createTestContext, loginAs, type TestContext } from './helpers';
import { solicitudes } from '../../server/src/db/schema';
import { MAX_JSON_DEPTH } from '../../server/src/lib/validation';

let ctx: TestContext;
let sol: typeof solicitudes.$inferSelect;
beforeAll(async () => {
  ctx = await createTestContext({ seguimientoRateLimit: 10_000 });
  [sol] = await ctx.database.db.select().from(solicitudes).where(eq(solicitudes.empresaId, ctx.seeded.demo.id)).limit(1);
});
afterAll(() => ctx.close());

/** `{"a":{"a":…}}` or `[[…]]` n levels deep, as raw JSON text (JSON.stringify would overflow). */
const deepArray = (n: number) => '['.repeat(n) + ']'.repeat(n);
const deepObject = (n: number, leaf = '1') => '{"a":'.repeat(n) + leaf + '}'.repeat(n);

const edit = (id: number, changes: Record<string, unknown>) => ({
  id,
  name: 'solicitud.editar',
  args: { solicitudId: sol.id, changes, base: {} },
  at: new Date().toISOString(),
});

describe('malformed mutations are rejected in-band', () => {
  it('refuses field keys naming prototype members and applies the mutations around them', async () => {
    const token = await loginAs(ctx.app, 'admin');
    const bad = ['constructor.name', '__proto__.x', 'toString.x', 'hasOwnProperty.x', 'solicitante.constructor', 'solicitante.info_extra.__proto__', 'solicitante.info_extra.constructor'];
    const mutations = [edit(1, { 'solicitud.ciudad_solicitud': 'Pasto' }), ...bad.map((k, i) => edit(i + 2, { [k]: 'x' })), edit(bad.length + 2, { 'solicitud.ciudad_solicitud': 'Ibagué' })];
    const res = await ctx.app.inject({ method: 'POST', url: '/api/sync/push', headers: bearer(token), payload: { clientId: randomUUID(), mutations } });
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json().data.results as Array<{ id: number; status: string; code?: string }>;
    expect(results.map((r) => r.status)).toEqual(['applied', ...bad.map(() => 'rejected'), 'applied']);
    for (const r of results.slice(1, -1)) expect(r.code).toBe('VALIDATION');
    const [after] = await ctx.database.db.select().from(solicitudes).where(eq(solicitudes.id, sol.id));
    expect(after.ciudadSolicitud).toBe('Ibagué');
  });

  it('rejects a value nested 5,000 deep in-band; the next mutation is applied', async () => {
    const token = await loginAs(ctx.app, 'admin');
    const clientId = randomUUID();
    // Raw JSON: the test itself could not JSON.stringify a value this deep.
    const m1 = JSON.stringify(edit(1, { 'solicitud.ciudad_solicitud': 'Neiva' }));
    const m2 = JSON.stringify(edit(2, { 'solicitante.info_extra.nota': '__DEEP__' })).replace('"__DEEP__"', deepArray(5000));
    const m3 = JSON.stringify(edit(3, { 'solicitante.info_extra.otra_nota': '__DEEP__' })).replace('"__DEEP__"', deepObject(5000));
    const m4 = JSON.stringify(edit(4, { 'solicitud.ciudad_solicitud': 'Tunja' }));
    const payload = `{"clientId":"${clientId}","mutations":[${m1},${m2},${m3},${m4}]}`;
    const res = await ctx.app.inject({ method: 'POST', url: '/api/sync/push', headers: { ...bearer(token), 'content-type': 'application/json' }, payload });
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json().data.results as Array<{ status: string; code?: string; error?: string }>;
    expect(results.map((r) => r.status)).toEqual(['applied', 'rejected', 'rejected', 'applied']);
    expect(results[1]).toMatchObject({ code: 'VALIDATION', error: expect.stringMatching(/anidad/) });
    const [after] = await ctx.database.db.select().from(solicitudes).where(eq(solicitudes.id, sol.id));
    expect(after.ciudadSolicitud).toBe('Tunja');
  });
});

describe('JSON nested past the depth limit', () => {
  it('is a 400 before any handler, on public and authenticated routes', async () => {
    const token = await loginAs(ctx.app, 'admin');
    const tooDeep = deepObject(MAX_JSON_DEPTH + 1);
    const cases: Array<{ method: 'POST' | 'PATCH' | 'PUT'; url: string; payload: string; auth: boolean }> = [
      { method: 'POST', url: '/api/auth/login', payload: `{"email":"admin@demo.co","password":"demo1234","x":${tooDeep}}`, auth: false },
      { method: 'PATCH', url: `/api/solicitudes/${sol.id}`, payload: `{"ciudad_solicitud":"Cali","info":${deepArray(5000)}}`, auth: true },
      { method: 'POST', url: '/api/notificaciones', payload: `{"titulo":"t","mensaje":"m","tipo":"contactar_cliente","metadata":${tooDeep}}`, auth: true },
      { method: 'PUT', url: '/api/perfil', payload: `{"nombre":"Admin","extra":${deepObject(100_000)}}`, auth: true },
    ];
    for (const c of cases) {
      const res = await ctx.app.inject({ method: c.method, url: c.url, payload: c.payload, headers: { 'content-type': 'application/json', ...(c.auth ? bearer(token) : {}) } });
      expect(res.statusCode, `${c.url}: ${res.body.slice(0, 200)}`).toBe(400);
      expect(res.json()).toMatchObject({ ok: false, code: 'VALIDATION', error: expect.stringMatching(/anidad/) });
    }
    // At the limit it is read as usual (a login with an extra, harmless field).
    const ok = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: `{"email":"admin@demo.co","password":"demo1234","x":${deepObject(MAX_JSON_DEPTH - 1)}}`, headers: { 'content-type': 'application/json' } });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('broken multipart bodies', () => {
  const routes = [
    { url: '/api/seguimiento/actualizar-documentos', auth: false, fields: () => `id_radicado=${sol.radicado}` },
    { url: '/api/documentos', auth: true, fields: () => `solicitud_id=${sol.id}` },
  ];
  const PDF = '%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n';

  it('answers 400 for a multipart type without a boundary', async () => {
    const token = await loginAs(ctx.app, 'admin');
    for (const r of routes) {
      const res = await ctx.app.inject({ method: 'POST', url: r.url, payload: 'hola', headers: { 'content-type': 'multipart/form-data', ...(r.auth ? bearer(token) : {}) } });
      expect(res.statusCode, `${r.url}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ ok: false, code: 'VALIDATION' });
    }
  });

  it('answers 400 for a truncated body (no closing boundary, cut inside a file or a header)', async () => {
    const token = await loginAs(ctx.app, 'admin');
    for (const r of routes) {
      const [name, value] = r.fields().split('=');
      const b = 'radicaBoundary123';
      const head = `--${b}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
      const file = `--${b}\r\nContent-Disposition: form-data; name="${r.url.includes('seguimiento') ? 'archivos' : 'file'}"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n${PDF}`;
      for (const payload of [head + file, head + file.slice(0, 40), head.slice(0, 30), `--${b}\r\nContent-Disposition: form-da`]) {
        const res = await ctx.app.inject({ method: 'POST', url: r.url, payload, headers: { 'content-type': `multipart/form-data; boundary=${b}`, ...(r.auth ? bearer(token) : {}) } });
        expect(res.statusCode, `${r.url} ${JSON.stringify(payload.slice(-30))}: ${res.body}`).toBe(400);
        expect(res.json()).toMatchObject({ ok: false, code: 'VALIDATION' });
      }
    }
  });
});

describe('URLs the router itself refuses', () => {
  it('answer in the app shape, in Spanish, without echoing the path or naming the framework', async () => {
    const token = await loginAs(ctx.app, 'admin');
    const cases = [
      { url: '/api/seguimiento/radicado/%C0%AF', headers: {}, status: 400 },
      { url: `/api/usuarios/${'a'.repeat(600)}`, headers: bearer(token), status: 414 },
    ];
    for (const c of cases) {
      const res = await ctx.app.inject({ method: 'GET', url: c.url, headers: c.headers });
      expect(res.statusCode, c.url).toBe(c.status);
      expect(res.json()).toEqual({ ok: false, code: 'VALIDATION', error: 'La dirección solicitada no es válida.' });
      expect(res.body).not.toMatch(/FST_|aaaa|%C0/);
    }
  });
});
