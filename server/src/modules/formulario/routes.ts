/**
 * Creation-form routes: schema reads (company-scoped) and `crear-registro-completo`, which calls
 * the same service as the `solicitud.crear` sync mutation.
 */
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { plainRecord } from '../../../../src/domain/plain-record';
import { parseInput } from '../../lib/validation';
import { requireUser } from '../../plugins/auth';
import { uuidv7 } from '../../../../src/domain/ids';
import { CrearRegistroArgs } from '../../../../src/domain/registro';
import { crearRegistroCompleto } from './service';
import { columnDefinitions, columnSchema, groupedSchema, recordFields, schemaOf } from './schemas';
import { entityFromPath } from '../../../../src/domain/field-definition';
import jsonColumnRoutes from './json-routes';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Keys of the spec's request body the server sets itself and never takes from the client. */
const SERVER_KEYS = ['id', 'estado', 'created_by_user_id', 'assigned_to_user_id', 'created_by_user_email', 'empresa_id', 'solicitante_id', 'radicado'];

export const SpecBody = v.object({
  solicitante: plainRecord(v.string(), v.unknown(), 'Falta el solicitante'),
  ubicaciones: v.optional(v.array(plainRecord(v.string(), v.unknown())), []),
  actividad_economica: v.optional(plainRecord(v.string(), v.unknown()), {}),
  informacion_financiera: v.optional(plainRecord(v.string(), v.unknown()), {}),
  referencias: v.optional(v.array(plainRecord(v.string(), v.unknown())), []),
  solicitudes: v.optional(v.array(plainRecord(v.string(), v.unknown())), []),
  acepta_terminos: v.optional(v.boolean(), false),
  acepta_firma: v.optional(v.boolean(), false),
});

function idAndValues(obj: Record<string, unknown> | undefined): { id: string; values: Record<string, unknown> } {
  const o = obj ?? {};
  const id = typeof o.id === 'string' && UUID.test(o.id) ? o.id : uuidv7();
  const values = Object.fromEntries(Object.entries(o).filter(([k]) => !SERVER_KEYS.includes(k)));
  return { id, values };
}

/** The spec's body `{solicitante, ubicaciones[], …, solicitudes[]}` as mutation args (ids kept when given). */
export function argsFromSpecBody(body: unknown): CrearRegistroArgs {
  if (body && typeof body === 'object' && 'solicitudId' in body) return parseInput(CrearRegistroArgs, body);
  const b = parseInput(SpecBody, body);
  const s = idAndValues(b.solicitante);
  const u = idAndValues(b.ubicaciones[0]);
  const a = idAndValues(b.actividad_economica);
  const f = idAndValues(b.informacion_financiera);
  const sol = idAndValues(b.solicitudes[0]);
  return parseInput(CrearRegistroArgs, {
    solicitudId: sol.id,
    solicitanteId: s.id,
    ubicacionId: u.id,
    actividadId: a.id,
    financieraId: f.id,
    solicitante: s.values,
    ubicacion: u.values,
    actividad_economica: a.values,
    informacion_financiera: f.values,
    solicitud: sol.values,
    referencias: b.referencias.map((r) => {
      const x = idAndValues(r);
      return { id: x.id, datos: x.values };
    }),
    acepta_terminos: b.acepta_terminos,
    acepta_firma: b.acepta_firma,
  });
}

export default async function formularioRoutes(app: FastifyInstance) {
  app.get<{ Params: { entity: string } }>('/api/schema/:entity', async (request) => {
    const user = requireUser(request);
    return { ok: true, data: await schemaOf(app.db, user, entityFromPath(request.params.entity)) };
  });

  jsonColumnRoutes(app);

  app.get('/api/json/schema/agrupado', async (request) => {
    const user = requireUser(request);
    return { ok: true, data: await groupedSchema(app.db, user) };
  });

  app.get<{ Params: { entity: string; target: string } }>('/api/json/schema/:entity/:target', async (request) => {
    const user = requireUser(request);
    const { target } = request.params;
    const entity = entityFromPath(request.params.entity);
    // A table name (`solicitudes`) is how spec 01's edit modal asks, reading data.campos_dinamicos;
    // the entity name (`solicitud`) is spec 02's configuration call, reading a list of definitions.
    const byTable = entity !== request.params.entity;
    const data = UUID.test(target)
      ? await recordFields(app.db, user, entity, target)
      : byTable
        ? await columnSchema(app.db, user, entity, target)
        : await columnDefinitions(app.db, user, entity, target);
    return { ok: true, data };
  });

  app.post(
    '/api/solicitantes/crear-registro-completo',
    { config: { permission: 'create_customer' } },
    async (request) => {
      const user = requireUser(request);
      const args = argsFromSpecBody(request.body);
      const data = await app.db.transaction((tx) => crearRegistroCompleto(tx, user, args));
      return { ok: true, data };
    },
  );
}
