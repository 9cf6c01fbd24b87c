/**
 * The JSON-column routes of spec 02 §7: `GET /api/json/{entity}/{recordId}/{jsonColumn}[?path=]`,
 * `PATCH` (also `PUT` and `POST`, which the spec's client tries in turn) with `{value:{…}}`,
 * `{path, value}` or the fallback's `{datos:{…}}`, `?validate=true` against the definitions, and
 * `DELETE ?path=`. Thin handlers; the rules are in json-column.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { AppError } from '../../../../src/domain/errors';
import { entityFromPath } from '../../../../src/domain/field-definition';
import { plainRecord } from '../../../../src/domain/plain-record';
import { readSnapshot } from '../../db/client';
import { parseInput } from '../../lib/validation';
import { requireUser } from '../../plugins/auth';
import { jsonTarget, readJsonPath, writeJsonKeys } from './json-column';

type Params = { entity: string; recordId: string; jsonColumn: string };
const PATH = '/api/json/:entity/:recordId/:jsonColumn';

export const JsonQuery = v.object({
  path: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1, 'La clave (path) está vacía.'), v.maxLength(130, 'La clave (path) es demasiado larga.'))),
  validate: v.optional(v.picklist(['true', 'false'], 'validate debe ser true o false.')),
  empresa_id: v.optional(v.string()),
});
const Values = plainRecord(v.string(), v.unknown());
export const JsonWriteBody = v.object({
  value: v.optional(v.unknown()),
  path: v.optional(v.pipe(v.string('La clave (path) debe ser un texto.'), v.trim(), v.minLength(1, 'La clave (path) está vacía.'), v.maxLength(130))),
  datos: v.optional(Values),
});

const SIN_DATOS = 'Envía value con los campos a guardar, o path y value.';

/** The keys a write sets: `{path, value}` one key, `{value:{…}}` or `{datos:{…}}` several. */
function valuesOf(body: v.InferOutput<typeof JsonWriteBody>): Record<string, unknown> {
  if (body.path !== undefined) {
    if (body.value === undefined) throw new AppError('VALIDATION', SIN_DATOS, { fields: { value: 'Falta el valor' } });
    return { [body.path]: body.value };
  }
  if (body.value !== undefined) return parseInput(v.object({ value: Values }), { value: body.value }).value;
  if (body.datos) return body.datos;
  throw new AppError('VALIDATION', SIN_DATOS, { fields: { value: 'Falta el valor' } });
}

const target = (request: FastifyRequest) => {
  const p = request.params as Params;
  return { entity: entityFromPath(p.entity), recordId: p.recordId, jsonColumn: p.jsonColumn };
};

export default function jsonColumnRoutes(app: FastifyInstance) {
  app.get(PATH, { config: { permission: 'view_customer' } }, async (request) => {
    const user = requireUser(request);
    const q = parseInput(JsonQuery, request.query ?? {});
    const { entity, recordId, jsonColumn } = target(request);
    const t = await readSnapshot(app.db, (tx) => jsonTarget(tx, user, entity, recordId, jsonColumn));
    return { ok: true, data: q.path ? readJsonPath(t.json, q.path) : t.json };
  });

  for (const method of ['PATCH', 'PUT', 'POST'] as const) {
    app.route({
      method,
      url: PATH,
      config: { permission: 'edit_customer' },
      handler: async (request) => {
        const user = requireUser(request);
        const q = parseInput(JsonQuery, request.query ?? {});
        const values = valuesOf(parseInput(JsonWriteBody, request.body ?? {}));
        const { entity, recordId, jsonColumn } = target(request);
        const data = await app.db.transaction(async (tx) => {
          const t = await jsonTarget(tx, user, entity, recordId, jsonColumn);
          return writeJsonKeys(tx, user, t, values, q.validate === 'true');
        });
        return { ok: true, data };
      },
    });
  }

  app.delete(PATH, { config: { permission: 'edit_customer' } }, async (request) => {
    const user = requireUser(request);
    const q = parseInput(JsonQuery, request.query ?? {});
    if (!q.path) throw new AppError('VALIDATION', 'Indica la clave a eliminar (path).', { fields: { path: 'Falta la clave' } });
    const path = q.path;
    const { entity, recordId, jsonColumn } = target(request);
    const data = await app.db.transaction(async (tx) => {
      const t = await jsonTarget(tx, user, entity, recordId, jsonColumn);
      return writeJsonKeys(tx, user, t, { [path]: null }, false);
    });
    return { ok: true, data };
  });
}
