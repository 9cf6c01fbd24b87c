/**
 * The audit trail over HTTP: one read-only route. There is deliberately no write route: audit rows
 * are written only by `audit()` inside the transaction of the change they record.
 */
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { AppError } from '../../../../src/domain/errors';
import { requireUser } from '../../plugins/auth';
import { historialSolicitud } from './historial';

const IdParams = v.object({ id: v.pipe(v.string(), v.uuid()) });

export default async function auditRoutes(app: FastifyInstance) {
  app.get('/api/solicitudes/:id/historial', { config: { roles: ['admin', 'supervisor'] } }, async (request) => {
    const user = requireUser(request);
    const params = v.safeParse(IdParams, request.params);
    if (!params.success) throw new AppError('NOT_FOUND', 'La solicitud no existe o no tienes acceso a ella.');
    const data = await app.db.transaction((tx) => historialSolicitud(tx, user, params.output.id.toLowerCase()));
    return { ok: true, data };
  });
}
