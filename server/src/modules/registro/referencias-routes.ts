/**
 * References with the spec's bodies (spec 02 §7 'References', ARCHITECTURE.md §5):
 *   GET    /api/referencias?solicitante_id=   (none: 404 'No hay referencias para este solicitante')
 *   POST   /api/referencias {solicitante_id, referencia}
 *   PATCH  /api/referencias {solicitante_id, referencia_id, updates}
 *   DELETE /api/referencias {solicitante_id, referencia_id}
 * Invariants: every write goes through the service functions of the referencia.* sync mutations
 * (same tenancy, roles, limits, cleaning and audit); the applicant must have an application the
 * user may see, and the reference must be that applicant's. A body with no data is a 400 and
 * writes nothing, so no empty reference is ever stored.
 * POST also takes the device's own shape {solicitud_id | solicitante_id, id, tipo_referencia,
 * detalle_referencia}, and the legacy create's (`POST /api/referencias/`, spec 02 §7): the
 * reference's fields flat beside solicitante_id.
 */
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { AppError } from '../../../../src/domain/errors';
import { uuidv7 } from '../../../../src/domain/ids';
import { splitColumns } from '../../../../src/domain/campos-fijos';
import { plainRecord } from '../../../../src/domain/plain-record';
import { DetalleReferencia } from '../../../../src/domain/registro-mutations';
import { parseInput } from '../../lib/validation';
import { requireUser } from '../../plugins/auth';
import { lockVisibleSolicitud } from '../solicitudes/service';
import {
  agregarReferencia,
  editarReferencia,
  eliminarReferencia,
  listarReferencias,
  listarTodasReferencias,
  referenciaNoExiste,
  visibleSolicitudesOf,
} from './service';

const uuid = (msg = 'Identificador inválido') => v.pipe(v.string(msg), v.uuid(msg));
const SOLICITANTE_ID = uuid('El solicitante_id debe ser un identificador válido.');
/** The spec's clients sent integer ids (0 sent as 1); ours are UUIDs, anything else does not exist. */
const REFERENCIA_ID = v.union([v.pipe(v.string(), v.maxLength(60)), v.number()], 'El referencia_id no es válido.');

export const SIN_REFERENCIAS = 'No hay referencias para este solicitante';
export const REFERENCIA_VACIA = 'La referencia no tiene datos: escribe al menos el nombre, el celular, la dirección o la relación.';

export const ListQuery = v.object({
  solicitud_id: v.optional(uuid()),
  solicitante_id: v.optional(uuid()),
  empresa_id: v.optional(v.string()),
});

/** A reference as the spec sends it: fixed fields and detalle_referencia's contents, merged. */
const ReferenciaPlana = plainRecord(v.string(), v.unknown());

export const ReferenciaPost = v.object({
  id: v.optional(uuid()),
  solicitud_id: v.optional(uuid()),
  solicitante_id: v.optional(SOLICITANTE_ID),
  referencia: v.optional(ReferenciaPlana),
  tipo_referencia: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(60)))),
  detalle_referencia: v.optional(DetalleReferencia),
});
export const ReferenciaPatchBody = v.object({
  solicitante_id: SOLICITANTE_ID,
  referencia_id: REFERENCIA_ID,
  updates: ReferenciaPlana,
});
export const ReferenciaDeleteBody = v.object({
  solicitante_id: SOLICITANTE_ID,
  referencia_id: REFERENCIA_ID,
});

const DetalleArgs = v.object({ tipo_referencia: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(60)))), detalle_referencia: DetalleReferencia });

/**
 * A flat reference (spec shape) as the service's args: tipo_referencia is its column, a nested
 * detalle_referencia object and every other key go into detalle_referencia (the creation form's
 * split, so both paths store a reference alike).
 */
function fromPlana(plana: Record<string, unknown>) {
  const rest: Record<string, unknown> = { ...plana };
  for (const k of ['id', 'referencia_id', 'solicitante_id', 'solicitud_id', 'empresa_id']) delete rest[k];
  const nested = rest.detalle_referencia;
  delete rest.detalle_referencia;
  const { columns, json } = splitColumns('referencia', rest);
  const detalle = { ...(nested && typeof nested === 'object' && !Array.isArray(nested) ? nested : {}), ...json };
  return parseInput(DetalleArgs, {
    ...(columns.tipo_referencia !== undefined ? { tipo_referencia: columns.tipo_referencia } : {}),
    detalle_referencia: detalle,
  });
}

const hasValue = (x: unknown) => x !== null && x !== undefined && !(typeof x === 'string' && x.trim() === '');
const vacia = () => new AppError('VALIDATION', REFERENCIA_VACIA, { fields: { referencia: REFERENCIA_VACIA } });

function referenciaIdOf(sent: string | number): string {
  const id = String(sent).trim();
  if (!v.is(uuid(), id)) throw referenciaNoExiste(id);
  return id.toLowerCase();
}

export default function referenciasRoutes(app: FastifyInstance) {
  const tx = app.db.transaction.bind(app.db);

  app.get('/api/referencias', { config: { permission: 'view_customer' } }, async (request) => {
    const user = requireUser(request);
    const q = parseInput(ListQuery, request.query ?? {});
    const data = await tx(async (t) => {
      if (q.solicitante_id) {
        const rows = await listarReferencias(t, user, q.solicitante_id);
        if (!rows.length) throw new AppError('NOT_FOUND', SIN_REFERENCIAS);
        return rows;
      }
      if (q.solicitud_id) {
        const sol = await lockVisibleSolicitud(t, user, q.solicitud_id);
        return listarReferencias(t, user, sol.solicitanteId);
      }
      return listarTodasReferencias(t, user);
    });
    return { ok: true, data };
  });

  app.post('/api/referencias', { config: { permission: 'edit_customer' } }, async (request) => {
    const user = requireUser(request);
    const body = parseInput(ReferenciaPost, request.body ?? {});
    // The spec's shape ({referencia}), the device's ({tipo_referencia, detalle_referencia}), or the
    // legacy single-record create (`POST /referencias/`: the reference's fields flat in the body).
    const fields = body.referencia
      ? fromPlana(body.referencia)
      : body.detalle_referencia
        ? { tipo_referencia: body.tipo_referencia, detalle_referencia: body.detalle_referencia }
        : fromPlana(parseInput(ReferenciaPlana, request.body));
    if (!Object.values(fields.detalle_referencia).some(hasValue)) throw vacia();
    const referenciaId = (body.id ?? (typeof body.referencia?.id === 'string' && v.is(uuid(), body.referencia.id) ? body.referencia.id : undefined))?.toLowerCase();
    const data = await tx(async (t) => {
      let solicitudId = body.solicitud_id;
      if (!solicitudId && body.solicitante_id) solicitudId = (await visibleSolicitudesOf(t, user, body.solicitante_id))[0].id;
      if (!solicitudId) throw new AppError('VALIDATION', 'ID del solicitante no encontrado', { fields: { solicitante_id: 'ID del solicitante no encontrado' } });
      return agregarReferencia(t, user, {
        solicitudId,
        referenciaId: referenciaId ?? uuidv7(),
        tipo_referencia: fields.tipo_referencia ?? null,
        detalle_referencia: fields.detalle_referencia,
      });
    });
    return { ok: true, data };
  });

  app.patch('/api/referencias', { config: { permission: 'edit_customer' } }, async (request) => {
    const user = requireUser(request);
    const body = parseInput(ReferenciaPatchBody, request.body ?? {});
    const referenciaId = referenciaIdOf(body.referencia_id);
    const updates = fromPlana(body.updates);
    const hasDetalle = Object.keys(updates.detalle_referencia).length > 0;
    if (updates.tipo_referencia === undefined && !hasDetalle) throw new AppError('VALIDATION', 'No hay cambios para guardar.');
    const data = await tx(async (t) => {
      const own = await visibleSolicitudesOf(t, user, body.solicitante_id);
      return editarReferencia(t, user, {
        solicitudId: own[0].id,
        referenciaId,
        ...(updates.tipo_referencia !== undefined ? { tipo_referencia: updates.tipo_referencia } : {}),
        ...(hasDetalle ? { detalle_referencia: updates.detalle_referencia } : {}),
      });
    });
    return { ok: true, data };
  });

  app.delete('/api/referencias', { config: { permission: 'edit_customer' } }, async (request) => {
    const user = requireUser(request);
    const body = parseInput(ReferenciaDeleteBody, request.body ?? {});
    const referenciaId = referenciaIdOf(body.referencia_id);
    const data = await tx(async (t) => {
      const own = await visibleSolicitudesOf(t, user, body.solicitante_id);
      return eliminarReferencia(t, user, { solicitudId: own[0].id, referenciaId });
    });
    return { ok: true, data };
  });
}
