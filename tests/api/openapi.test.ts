/**
 * GET /api/openapi.json (issue 32): an OpenAPI 3.1 document of every route of the app's own route
 * table (the table the role matrix uses), each with a schema: the valibot schemas the route parses
 * its body and query with, its path parameters and its answer shapes. A route added without an
 * entry in server/src/openapi/route-docs.ts fails here. /api/docs serves Swagger UI under the
 * app's Content-Security-Policy, without a token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { bearer, createTestContext, loginAs, type DemoUser, type TestContext } from './helpers';
import { answerRecorder, checkAnswers, type Doc as AnswersDoc } from './openapi-answers';
import { legacyApplicantBody } from './security-fixtures';
import { ROUTE_DOCS } from '../../server/src/openapi/route-docs';
import { actividadEconomica, informacionFinanciera, solicitudes, ubicaciones } from '../../server/src/db/schema';

const recorder = answerRecorder();
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ beforeReady: recorder.install });
});
afterAll(() => ctx.close());

type JsonSchema = { type?: string; properties?: Record<string, JsonSchema>; required?: string[]; [k: string]: unknown };
type Operation = {
  summary?: string;
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  parameters?: Array<{ in: string; name: string; required?: boolean; schema?: unknown }>;
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: JsonSchema }> }>;
  'x-radica-undocumented'?: boolean;
  'x-radica-body'?: string;
};
type Doc = { openapi: string; paths: Record<string, Record<string, Operation>> };

/** Fastify's `:id` as OpenAPI's `{id}`. */
const openapiPath = (url: string) => url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
const routeKey = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
const DOCS_ROUTES = /^GET \/api\/docs\b/;

async function document(): Promise<Doc> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Doc;
}

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document served without a token', async () => {
    const doc = await document();
    expect(doc.openapi).toMatch(/^3\.1\./);
  });

  it('has an operation with a schema for every route of the route table, and no entry without a route', async () => {
    const doc = await document();
    const routes = ctx.app.routeTable.filter((r) => !DOCS_ROUTES.test(routeKey(r)));
    expect(routes.length).toBeGreaterThan(80);
    const missing: string[] = [];
    for (const r of routes) {
      const op = doc.paths[openapiPath(r.url)]?.[r.method.toLowerCase()];
      if (!op || op['x-radica-undocumented'] || !ROUTE_DOCS[routeKey(r)]) {
        missing.push(routeKey(r));
        continue;
      }
      expect(op.summary, routeKey(r)).toBeTruthy();
      // Every path parameter is declared.
      for (const [, name] of r.url.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)) {
        expect(op.parameters?.some((p) => p.in === 'path' && p.name === name && p.required), `${routeKey(r)} :${name}`).toBe(true);
      }
      // A write names its body (a JSON schema, or multipart / tus / none on purpose).
      if (r.method !== 'GET' && r.method !== 'DELETE') {
        expect(op.requestBody || op['x-radica-body'], `${routeKey(r)} has no body schema`).toBeTruthy();
      }
      expect(Object.keys(op.responses ?? {}).length, `${routeKey(r)} has no answer shape`).toBeGreaterThan(0);
    }
    expect(missing, 'routes without a schema in server/src/openapi/route-docs.ts').toEqual([]);
    const keys = new Set(routes.map(routeKey));
    expect(Object.keys(ROUTE_DOCS).filter((k) => !keys.has(k)), 'route-docs entries without a route').toEqual([]);
  });

  it('gives bodies and queries the shapes of the valibot schemas the routes validate with', async () => {
    const doc = await document();
    const login = doc.paths['/api/auth/login'].post.requestBody!.content['application/json'].schema;
    expect(login).toMatchObject({ type: 'object', properties: { email: expect.any(Object), password: expect.any(Object) } });
    const push = doc.paths['/api/sync/push'].post.requestBody!.content['application/json'].schema as { properties: Record<string, unknown>; required: string[] };
    expect(push.required).toEqual(expect.arrayContaining(['clientId', 'mutations']));
    const pull = doc.paths['/api/sync/pull'].get.parameters!.filter((p) => p.in === 'query').map((p) => p.name);
    expect(pull).toEqual(expect.arrayContaining(['clientId', 'cursor']));
    const nuevo = doc.paths['/api/usuarios'].post.requestBody!.content['application/json'].schema as { properties: Record<string, unknown> };
    expect(Object.keys(nuevo.properties)).toEqual(expect.arrayContaining(['nombre', 'correo', 'rol']));
    expect(doc.paths['/api/documentos'].post['x-radica-body']).toBe('multipart');
  });

  it('gives every JSON route an answer shape: the data of { ok: true, data }, never an empty schema', async () => {
    const doc = await document();
    const routes = ctx.app.routeTable.filter((r) => !DOCS_ROUTES.test(routeKey(r)));
    const shapeless: string[] = [];
    for (const r of routes) {
      const op = doc.paths[openapiPath(r.url)]?.[r.method.toLowerCase()];
      const ok = op?.responses?.['2XX'];
      const json = ok?.content?.['application/json']?.schema;
      // A file, text or tus answer says so (produces); every other answer is JSON with a shape.
      if (ok && !json && ROUTE_DOCS[routeKey(r)]?.produces) continue;
      const data = json?.properties?.data;
      const empty = (x: JsonSchema | undefined) => !x || Object.keys(x).filter((k) => k !== 'description').length === 0;
      if (empty(json) || (json?.required?.includes('data') ?? true ? empty(data) : false)) shapeless.push(routeKey(r));
      // Errors keep one envelope.
      expect(op?.responses?.['4XX']?.content?.['application/json']?.schema?.required, routeKey(r)).toEqual(['ok', 'code', 'error']);
    }
    expect(shapeless, 'JSON routes without an answer shape in server/src/openapi/route-docs.ts').toEqual([]);
    const usuarios = doc.paths['/api/usuarios'].get.responses!['2XX'].content!['application/json'].schema!;
    expect(usuarios.properties!.data).toMatchObject({ type: 'array', items: { type: 'object', required: expect.arrayContaining(['id', 'correo', 'rol']) } });
    const pull = doc.paths['/api/sync/pull'].get.responses!['2XX'].content!['application/json'].schema!;
    expect(pull.properties!.data.required).toEqual(expect.arrayContaining(['cursor', 'more', 'lastMutationId', 'changes']));
    expect(doc.paths['/api/uploads/{id}'].patch.responses!['2XX'].content).toBeUndefined();
    expect(Object.keys(doc.paths['/api/documentos/{id}'].get.responses!['2XX'].content!)).toEqual(['application/octet-stream']);
  });
});

describe('real answers conform to the document', () => {
  const call = async (who: DemoUser | null, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) => {
    const res = await ctx.app.inject({ method, url, headers: who ? bearer(await loginAs(ctx.app, who)) : {}, ...(payload ? { payload } : {}) });
    expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
    return res;
  };
  const demoSolicitudes = () =>
    ctx.database.db.select().from(solicitudes).where(and(eq(solicitudes.empresaId, ctx.seeded.demo.id), isNull(solicitudes.deletedAt)));

  it('every JSON answer of a call to each kind of route validates against its documented schema (Ajv, draft 2020-12)', async () => {
    // The role matrix (matrix.test.ts) checks every route's answers for every role the same way;
    // here, the answers it cannot reach (creations of missing blocks, a password change, a
    // review's life) and the main reads, so this file fails on its own.
    // b: one the admin created or is assigned, so the admin may answer its review (a table read
    // without an order comes in no promised order).
    const rows = await demoSolicitudes();
    const a = rows[0];
    const admin = ctx.seeded.users.admin;
    const b = rows.find((r) => r.id !== a.id && (r.createdByUserId === admin || r.assignedToUserId === admin))!;
    const reads = [
      '/api/health',
      '/api/ready',
      '/api/validate-token',
      '/api/usuarios',
      '/api/dashboard/tabla',
      `/api/solicitantes/${a.solicitanteId}/traer-todos-registros`,
      '/api/sync/pull?clientId=' + randomUUID() + '&cursor=0',
      '/api/notificaciones',
      '/api/estadisticas/completas',
      '/api/estadisticas/usuarios',
      '/api/json/schema/agrupado',
      `/api/referencias?solicitante_id=${a.solicitanteId}`,
      `/api/solicitudes/${a.id}/historial`,
    ];
    for (const url of reads) expect((await call('admin', 'GET', url)).statusCode, url).toBe(200);
    expect((await call(null, 'POST', '/api/auth/login', { email: 'manager@demo.co', password: 'demo1234' })).statusCode).toBe(200);
    const push = await call('admin', 'POST', '/api/sync/push', { clientId: randomUUID(), mutations: [{ id: 1, name: 'notificacion.marcarLeida', args: { id: randomUUID() } }] });
    expect(push.json().data.results[0].status).toBe('rejected');

    // Missing blocks created by the legacy routes.
    await ctx.database.db.delete(ubicaciones).where(eq(ubicaciones.solicitanteId, b.solicitanteId));
    await ctx.database.db.delete(actividadEconomica).where(eq(actividadEconomica.solicitanteId, b.solicitanteId));
    await ctx.database.db.delete(informacionFinanciera).where(eq(informacionFinanciera.solicitanteId, b.solicitanteId));
    for (const [table, fields] of [
      ['ubicaciones', { ciudad_residencia: 'Manizales', barrio: 'Chipre' }],
      ['actividad_economica', { sector_economico: 'Comercio', empresa: 'Tienda' }],
      ['informacion_financiera', { total_activos: 85000000 }],
    ] as const) {
      expect((await call('manager', 'POST', `/api/${table}/`, { solicitante_id: b.solicitanteId, ...fields })).statusCode, table).toBe(201);
    }

    // An applicant and its application by the spec's legacy creates.
    const solicitante = await call('asesor', 'POST', '/api/solicitantes/', legacyApplicantBody());
    expect(solicitante.statusCode, solicitante.body).toBe(201);
    const radicada = await call('asesor', 'POST', '/api/solicitudes/', {
      solicitante_id: solicitante.json().data.id,
      banco_nombre: 'Bancolombia',
      ciudad_solicitud: 'Medellín',
      tipo_credito: 'hipotecario',
      monto_solicitado: '180000000',
      plazo_meses: '240',
      acepta_terminos: true,
      acepta_firma: true,
    });
    expect(radicada.statusCode, radicada.body).toBe(201);

    // A review returned, listed, answered and closed.
    const devuelta = await call('admin', 'POST', `/api/solicitudes/${b.id}/devolver`, {
      mensaje: 'Revise la ciudad',
      campos: [{ campo: 'solicitud.ciudad_solicitud', comentario: 'No coincide' }],
    });
    expect(devuelta.statusCode, devuelta.body).toBe(200);
    const revisionId = devuelta.json().data.id as string;
    expect((await call('admin', 'GET', `/api/solicitudes/${b.id}/revisiones`)).json().data.length).toBeGreaterThan(0);
    const respondida = await call('admin', 'POST', `/api/solicitudes/${b.id}/revisiones/${revisionId}/responder`, {
      respuestas: [{ campo: 'solicitud.ciudad_solicitud', respuesta: 'Corregida', valor: 'Neiva' }],
    });
    expect(respondida.statusCode, respondida.body).toBe(200);
    expect((await call('manager', 'POST', `/api/solicitudes/${b.id}/revisiones/${revisionId}/cerrar`)).statusCode).toBe(200);

    // A pull after all that: its changes carry every kind of row (the review's too).
    const pulled = await call('admin', 'GET', `/api/sync/pull?clientId=${randomUUID()}&cursor=0`);
    const kinds = new Set((pulled.json().data.changes as Array<{ entity: string }>).map((c) => c.entity));
    expect([...kinds]).toEqual(expect.arrayContaining(['solicitud', 'revision', 'usuario', 'notificacion']));

    // Refusals answer the error envelope.
    expect((await call(null, 'GET', '/api/usuarios')).statusCode).toBe(401);
    expect((await call('user', 'GET', '/api/estadisticas/usuarios')).statusCode).toBe(403);

    // Last: a password change (it ends the sessions of that user).
    const cambio = await call('banco', 'POST', '/api/perfil/contrasena', { actual: 'demo1234', nueva: 'otra-clave-9', confirmacion: 'otra-clave-9' });
    expect(cambio.statusCode, cambio.body).toBe(200);

    const { checked, routes, mismatches } = await recorder.check(ctx.app);
    expect(mismatches, 'answers that do not match GET /api/openapi.json').toEqual([]);
    expect(checked).toBeGreaterThan(30);
    for (const key of ['POST /api/ubicaciones/', 'POST /api/solicitantes/', 'POST /api/solicitudes/', 'GET /api/solicitudes/:id/revisiones', 'POST /api/perfil/contrasena', 'GET /api/sync/pull', 'POST /api/auth/login']) {
      expect(routes, key).toContain(key);
    }
  });

  it('reports an answer that does not match, naming the route, the status and the field', async () => {
    const doc = (await document()) as unknown as AnswersDoc;
    const res = await call('admin', 'GET', '/api/usuarios');
    const answer = { method: 'GET', url: '/api/usuarios', status: 200, body: res.body };
    expect(checkAnswers(doc, [answer]).mismatches).toEqual([]);
    // The same answer against a schema broken on purpose: a property no user has.
    const broken = structuredClone(doc) as unknown as Doc;
    const items = broken.paths['/api/usuarios'].get.responses!['2XX'].content!['application/json'].schema!.properties!.data.items as JsonSchema;
    items.required = [...(items.required ?? []), 'telefono_oculto'];
    const { mismatches } = checkAnswers(broken as unknown as AnswersDoc, [answer, { ...answer, method: 'GET', url: '/api/no-documentada' }]);
    expect(mismatches).toHaveLength(2);
    expect(mismatches[0]).toMatch(/^GET \/api\/usuarios → 200: \/data\/0 must have required property 'telefono_oculto'/);
    expect(mismatches[1]).toMatch(/^GET \/api\/no-documentada → 200: the document has no JSON answer for it/);
  });
});

describe('/api/docs', () => {
  it('serves Swagger UI without a token, its scripts from the same origin as the CSP requires', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode, page.body).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    // No inline script (the CSP would block it): every script is a file served here.
    const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, body] of scripts) {
      expect(body.trim(), 'inline script').toBe('');
      const src = /src="([^"]+)"/.exec(attrs)![1];
      const url = new URL(src, 'http://x/api/docs').pathname;
      const js = await ctx.app.inject({ method: 'GET', url });
      expect(js.statusCode, url).toBe(200);
    }
    const spec = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(spec.statusCode).toBe(200);
    expect(spec.json().openapi).toMatch(/^3\.1\./);
  });
});
