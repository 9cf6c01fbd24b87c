/**
 * Staff route over one tracking stage: `PATCH /api/solicitudes/{id}/etapas/{etapa}` with
 * `{estado, comentarios?, base?}`, the REST twin of the `etapa.actualizar` mutation (same service,
 * same checks: admin or supervisor, the application visible to them, a status of the company's list).
 */
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { AppError } from '../../../../src/domain/errors';
import { ActualizarEtapaArgs } from '../../../../src/domain/seguimiento';
import { parseInput } from '../../lib/validation';
import { requireUser } from '../../plugins/auth';
import { actualizarEtapa } from './actualizar-etapa';

export const Params = v.object({ id: v.pipe(v.string(), v.uuid()), etapa: v.pipe(v.string(), v.regex(/^[a-z_]{1,60}$/i)) });

export default async function etapasRoutes(app: FastifyInstance) {
  app.patch('/api/solicitudes/:id/etapas/:etapa', { config: { roles: ['admin', 'supervisor'] } }, async (request) => {
    const user = requireUser(request);
    const params = v.safeParse(Params, request.params);
    if (!params.success) throw new AppError('NOT_FOUND', 'La solicitud o la etapa no existe o no tienes acceso a ella.');
    const body = request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? (request.body as Record<string, unknown>) : {};
    const args = parseInput(ActualizarEtapaArgs, { ...body, solicitudId: params.output.id.toLowerCase(), etapa: params.output.etapa });
    const data = await app.db.transaction((tx) => actualizarEtapa(tx, user, args));
    return { ok: true, data };
  });
}
