/**
 * GET /api/openapi.json (OpenAPI 3.1) and /api/docs (Swagger UI), both public.
 * Invariants:
 * - the document is built by @fastify/swagger from the routes the app really registered; each
 *   operation's body, query and answers come from ROUTE_DOCS (server/src/openapi/route-docs.ts):
 *   the valibot schemas the routes parse with, and the shapes of their answers (openapi/answers.ts),
 *   converted by @valibot/to-json-schema. Fastify neither validates nor serializes with these JSON
 *   schemas (they exist only in the document; no route gets a `response` schema): the routes keep
 *   validating with valibot and answering with JSON.stringify, so answers (every property of them)
 *   and Spanish messages stay the same.
 * - a route missing from ROUTE_DOCS is still listed, marked `x-radica-undocumented`, and
 *   tests/api/openapi.test.ts fails on it.
 * - `openapiCollector` must be registered before the auth plugin and every route (it marks the
 *   docs routes public before the auth plugin records them); `openapiRoutes` after the auth plugin.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance, RouteOptions } from 'fastify';
import swagger, { type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import { ROUTE_DOCS, type RouteDoc } from '../openapi/route-docs';

export const DOCS_PREFIX = '/api/docs';
export const OPENAPI_PATH = '/api/openapi.json';

const isDocsRoute = (url: string) => url === OPENAPI_PATH || url === DOCS_PREFIX || url.startsWith(`${DOCS_PREFIX}/`);

type Json = Record<string, unknown>;

/** Bodies and queries as the route takes them (input); answers as the server gives them (output). */
function jsonSchema(schema: v.GenericSchema, typeMode: 'input' | 'output' = 'input'): Json {
  const { $schema: _drop, ...rest } = toJsonSchema(schema, {
    target: 'draft-2020-12',
    typeMode,
    errorMode: 'ignore',
    // A valibot variant (a pull's changes by entity) is a oneOf told apart by one key: say which,
    // as OpenAPI's discriminator, so readers (and Ajv) pick the branch by it.
    overrideSchema: ({ valibotSchema, jsonSchema }) =>
      valibotSchema.type === 'variant' && 'key' in valibotSchema && typeof valibotSchema.key === 'string'
        ? { ...jsonSchema, discriminator: { propertyName: valibotSchema.key } }
        : undefined,
  }) as Json;
  return rest;
}

function paramsOf(url: string): Json | undefined {
  const names = [...url.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]);
  if (names.length === 0) return undefined;
  return { type: 'object', properties: Object.fromEntries(names.map((n) => [n, { type: 'string' }])), required: names };
}

const ERROR = {
  description: 'Error: { ok: false, code, error, fields? } con el mensaje en español',
  type: 'object',
  properties: {
    ok: { type: 'boolean', const: false },
    code: { type: 'string' },
    error: { type: 'string' },
    fields: { type: 'object', additionalProperties: { type: 'string' } },
  },
  required: ['ok', 'code', 'error'],
};

/**
 * The OpenAPI response object of a route's success: `{ ok: true, data }` with the shape of its
 * data, its whole JSON answer, a file or text, or no body. Set on each method's own operation by
 * perMethod (one Fastify route may serve several methods); never given to Fastify as a route's
 * response schema, so answers are never serialized (and so never trimmed) by it.
 */
export function okResponse(doc: RouteDoc): Json {
  if (doc.produces === 'none') return { description: 'Sin cuerpo: la respuesta va en las cabeceras (tus)' };
  if (doc.produces) return { description: `Respuesta ${doc.produces}`, content: { [doc.produces]: { schema: { type: 'string' } } } };
  if (doc.answer) return { description: 'Respuesta correcta', content: { 'application/json': { schema: jsonSchema(doc.answer, 'output') } } };
  const data = doc.data ? jsonSchema(doc.data, 'output') : {};
  const schema = { type: 'object', properties: { ok: { const: true }, data }, required: ['ok', 'data'] };
  return { description: 'Respuesta correcta: { ok: true, data }', content: { 'application/json': { schema } } };
}

/** The Fastify-style schema @fastify/swagger turns into one operation. */
function operationSchema(method: string, url: string, doc: RouteDoc | undefined): Json {
  if (!doc) return { summary: 'Sin documentar', 'x-radica-undocumented': true, params: paramsOf(url) };
  // The success answer is set per method by perMethod (okResponse); errors share one envelope.
  const out: Json = { summary: doc.summary, tags: [doc.tag], response: { '2xx': { description: 'Respuesta correcta', type: 'null' }, '4xx': ERROR, '5xx': ERROR } };
  const params = paramsOf(url);
  if (params) out.params = params;
  if (doc.query) out.querystring = jsonSchema(doc.query);
  if (doc.body) out.body = jsonSchema(doc.body);
  else if (doc.bodyKind === 'multipart') out.consumes = ['multipart/form-data'];
  else if (doc.bodyKind === 'tus') out.consumes = ['application/offset+octet-stream'];
  if (doc.bodyKind) out['x-radica-body'] = doc.bodyKind;
  if (method !== 'GET' && method !== 'DELETE' && !doc.body && !doc.bodyKind) out['x-radica-undocumented'] = true;
  return out;
}

type OpenapiDoc = { paths?: Record<string, Record<string, Json & { responses?: Json }>> };

/** Each method of a multi-method route gets its own summary, success answer, and no body when it takes none. */
function perMethod(doc: OpenapiDoc): OpenapiDoc {
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    const url = path.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, ':$1');
    for (const [method, shared] of Object.entries(item)) {
      const entry = ROUTE_DOCS[`${method.toUpperCase()} ${url}`];
      if (!entry) continue;
      // The methods of one route share one operation object: each gets its own copy.
      const op = (item[method] = structuredClone(shared)) as Json & { responses?: Json };
      op.summary = entry.summary;
      op.responses = { ...op.responses, '2XX': okResponse(entry) };
      if (!entry.body) delete op.requestBody;
      if (entry.bodyKind) op['x-radica-body'] = entry.bodyKind;
      else delete op['x-radica-body'];
    }
  }
  return doc;
}

/** Registers @fastify/swagger (it collects every route registered after it) and marks the docs routes public. */
export const openapiCollector = fp(async function openapiCollector(app: FastifyInstance) {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (isDocsRoute(route.url)) route.config = { ...route.config, access: 'public' };
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Radica API', version: '1', description: 'API del servidor de Radica. Respuestas { ok, data } o { ok: false, code, error }.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: ({ url, route }) => {
      const methods = (Array.isArray(route.method) ? route.method : [route.method]).map((m) => m.toUpperCase());
      if (!url.startsWith('/api') || (isDocsRoute(url) && url !== OPENAPI_PATH)) return { url, schema: { hide: true } };
      // One Fastify route may serve several methods (tus: HEAD, PATCH, DELETE): its schema is the
      // first documented method's; transformObject then gives each method its own summary and body.
      const method = methods.find((m) => ROUTE_DOCS[`${m} ${url}`]) ?? methods.find((m) => m !== 'HEAD') ?? methods[0];
      const schema = operationSchema(method, url, ROUTE_DOCS[`${method} ${url}`]);
      if (route.config?.access === 'public') schema.security = [];
      return { url, schema };
    },
    transformObject: (document) => ('openapiObject' in document ? perMethod(document.openapiObject as OpenapiDoc) : document.swaggerObject) as ReturnType<SwaggerTransformObject>,
  });
});

/** GET /api/openapi.json and the Swagger UI at /api/docs. */
export async function openapiRoutes(app: FastifyInstance) {
  app.get(OPENAPI_PATH, { config: { access: 'public' } }, async () => app.swagger());
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { validatorUrl: null, docExpansion: 'list' },
  });
}
