/**
 * Real answers checked against GET /api/openapi.json (issue 32): a test context installs the
 * recorder (`createTestContext({ beforeReady: recorder.install })`), its calls run as usual, and
 * `recorder.check(app)` validates every JSON answer a route gave against the schema the document
 * declares for that route, method and status (Ajv, JSON Schema draft 2020-12, as OpenAPI 3.1 uses).
 * Invariants:
 * - the hook only reads: it returns the payload it was given, so the answers the tests see are the
 *   server's own bytes;
 * - an answer of a route the document does not describe, or of a status it gives no JSON schema
 *   for, is a mismatch too (a documented route cannot answer undocumented JSON);
 * - the docs routes (/api/docs/*) are Swagger UI's own and are not checked; /api/openapi.json is.
 */
import type { FastifyInstance } from 'fastify';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020';

export interface Answer {
  method: string;
  /** The route's URL pattern (`/api/usuarios/:id`). */
  url: string;
  status: number;
  body: string;
}

type Schema = Record<string, unknown>;
type Operation = { responses?: Record<string, { content?: Record<string, { schema?: Schema }> }> };
export type Doc = { paths: Record<string, Record<string, Operation>> };

const openapiPath = (url: string) => url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');

/** The JSON schema of `status` in `op`: the exact code, else its class (`2XX`), else `default`. */
function responseSchema(op: Operation | undefined, status: number): Schema | undefined {
  const r = op?.responses ?? {};
  const entry = r[String(status)] ?? r[`${String(status)[0]}XX`] ?? r.default;
  return entry?.content?.['application/json']?.schema;
}

export interface Conformance {
  /** Answers validated against a schema. */
  checked: number;
  /** `METHOD url` of the routes whose answers were validated. */
  routes: Set<string>;
  /** One readable line per answer that does not conform: route, status, Ajv's errors, the body's start. */
  mismatches: string[];
}

export function checkAnswers(doc: Doc, answers: Answer[]): Conformance {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false, discriminator: true });
  const compiled = new Map<Schema, ValidateFunction>();
  const mismatches: string[] = [];
  const routes = new Set<string>();
  let checked = 0;
  for (const a of answers) {
    const label = `${a.method} ${a.url} → ${a.status}`;
    const schema = responseSchema(doc.paths[openapiPath(a.url)]?.[a.method.toLowerCase()], a.status);
    if (!schema) {
      mismatches.push(`${label}: the document has no JSON answer for it — ${a.body.slice(0, 160)}`);
      continue;
    }
    let validate = compiled.get(schema);
    if (!validate) compiled.set(schema, (validate = ajv.compile(schema)));
    checked += 1;
    routes.add(`${a.method} ${a.url}`);
    if (validate(JSON.parse(a.body))) continue;
    const errors = (validate.errors ?? [])
      .slice(0, 4)
      .map((e) => `${e.instancePath || '/'} ${e.message ?? ''}${e.params && Object.keys(e.params).length ? ` ${JSON.stringify(e.params)}` : ''}`)
      .join('; ');
    mismatches.push(`${label}: ${errors} — ${a.body.slice(0, 160)}`);
  }
  return { checked, routes, mismatches };
}

export function answerRecorder() {
  const answers: Answer[] = [];
  const serialized = new Set<string>();
  return {
    answers,
    install(app: FastifyInstance) {
      app.addHook('onSend', async (request, reply, payload) => {
        const url = request.routeOptions.url;
        if (!url || url.startsWith('/api/docs')) return payload;
        // A route given a response schema would be serialized by fast-json-stringify, which drops
        // every property the schema leaves out: the documented shapes must stay documentation.
        const schema = request.routeOptions.schema as { response?: unknown } | undefined;
        if (schema?.response) serialized.add(`${request.method} ${url}`);
        const type = String(reply.getHeader('content-type') ?? '');
        if (typeof payload === 'string' && type.startsWith('application/json')) {
          answers.push({ method: request.method, url, status: reply.statusCode, body: payload });
        }
        return payload;
      });
    },
    /** Checks the answers recorded so far (and forgets them) against the app's document. */
    async check(app: FastifyInstance): Promise<Conformance> {
      const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as Doc;
      const result = checkAnswers(doc, answers.splice(0));
      for (const key of serialized) result.mismatches.push(`${key}: Fastify serializes this route's answers with a response schema`);
      return result;
    },
  };
}
