/**
 * The spec's legacy single-record creates, `POST /api/{table}/` (spec 02 §7 'Creation'), for the
 * applicant's one-per-applicant blocks: `ubicaciones`, `actividad_economica`,
 * `informacion_financiera`, body `{solicitante_id, …fields}`. (`referencias` is
 * referencias-routes.ts; `solicitantes` and `solicitudes` are legacy-create-registro.ts, with the
 * form's validation of a new applicant and of a new filing.)
 * Invariants:
 * - the applicant must have an application the user may see and edit; the block is created as an
 *   edit of that application (`editarSolicitud`, the sync push's service): same validation of
 *   kinds, sizes and plausibility rules, same audit and change sequence;
 * - a block the applicant already has is a 409 (it is edited, not created twice); a body with no
 *   field is a 400; nothing is written on a refusal.
 * Keys that are columns of the block go to the column, any other key into its JSON column.
 */
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { AppError } from '../../../../src/domain/errors';
import { EDITABLE_BLOCKS } from '../../../../src/domain/solicitud';
import { plainRecord } from '../../../../src/domain/plain-record';
import { parseInput } from '../../lib/validation';
import { requireUser } from '../../plugins/auth';
import { buildRecords } from '../solicitudes/repository';
import { editarSolicitud } from '../solicitudes/service';
import { visibleSolicitudesOf } from './service';
import legacyCreateRegistroRoutes from './legacy-create-registro';

const TABLES = {
  ubicaciones: { block: 'ubicacion', nombre: 'ubicación' },
  actividad_economica: { block: 'actividad_economica', nombre: 'actividad económica' },
  informacion_financiera: { block: 'informacion_financiera', nombre: 'información financiera' },
} as const;

export const LegacyCreateBody = v.looseObject({
  solicitante_id: v.pipe(v.string('El solicitante_id es obligatorio.'), v.uuid('El solicitante_id debe ser un identificador válido.')),
});
const Fields = plainRecord(v.string(), v.unknown());
/** Keys the server sets or that name the record, never a field of the block. */
const NOT_FIELDS = new Set(['id', 'solicitante_id', 'empresa_id', 'created_at', 'updated_at']);
const KEY = /^[a-zA-Z0-9_]{1,60}$/;

export default function legacyCreateRoutes(app: FastifyInstance) {
  for (const [table, { block, nombre }] of Object.entries(TABLES)) {
    // The spec writes `/{table}/`; the router also answers without the slash.
    app.post(`/api/${table}/`, { config: { permission: 'edit_customer' } }, async (request, reply) => {
      const user = requireUser(request);
      const raw = parseInput(Fields, request.body ?? {});
      const { solicitante_id } = parseInput(LegacyCreateBody, raw);
      const def = EDITABLE_BLOCKS[block];
      const changes: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(raw)) {
        if (NOT_FIELDS.has(key) || value === undefined) continue;
        if (!KEY.test(key)) throw new AppError('VALIDATION', `El campo "${key.slice(0, 60)}" no es válido.`, { fields: { [key.slice(0, 60)]: 'Campo no válido' } });
        if ((def.columns as readonly string[]).includes(key)) changes[`${block}.${key}`] = value;
        else if (key === def.json && value && typeof value === 'object' && !Array.isArray(value)) {
          for (const [k, val] of Object.entries(value)) changes[`${block}.${def.json}.${k}`] = val;
        } else changes[`${block}.${def.json}.${key}`] = value;
      }
      if (!Object.keys(changes).length) {
        throw new AppError('VALIDATION', `No hay datos para crear la ${nombre}.`, { fields: { _: 'Sin datos' } });
      }
      const data = await app.db.transaction(async (tx) => {
        const [sol] = await visibleSolicitudesOf(tx, user, solicitante_id.toLowerCase());
        const [record] = await buildRecords(tx, [sol], null);
        if (record[block]) throw new AppError('CONFLICT', `El solicitante ya tiene ${nombre}; edítala en lugar de crear otra.`);
        await editarSolicitud(tx, user, { solicitudId: sol.id, changes, base: {} });
        const [after] = await buildRecords(tx, [sol], null);
        if (!after[block]) throw new AppError('VALIDATION', `No hay datos para crear la ${nombre}.`, { fields: { _: 'Sin datos' } });
        return after[block];
      });
      return reply.code(201).send({ ok: true, data });
    });
  }
  legacyCreateRegistroRoutes(app);
}
