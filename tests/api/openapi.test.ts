/**
 * GET /api/openapi.json (issue 32): an OpenAPI 3.1 document of every route of the app's own route
 * table (the table the role matrix uses), each with a schema: the valibot schemas the route parses
 * its body and query with, its path parameters and its answer shapes. A route added without an
 * entry in server/src/openapi/route-docs.ts fails here. /api/docs serves Swagger UI under the
 * app's Content-Security-Policy, without a token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers';
import { ROUTE_DOCS } from '../../server/src/openapi/route-docs';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Operation = {
  summary?: string;
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  parameters?: Array<{ in: string; name: string; required?: boolean; schema?: unknown }>;
  responses?: Record<string, unknown>;
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
