/**
 * The e-mails of one application over HTTP: what became of each, and queuing a failed one again.
 * Reading needs view_customer (the application must be visible) and a role of the broker's own
 * staff (ROLES_CORREOS: not banco); retrying is for admin and supervisor, who receive the
 * company's e-mails and answer for them.
 */
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { AppError } from '../../../../src/domain/errors';
import { requireUser } from '../../plugins/auth';
import { SOLICITUD_NO_EXISTE } from '../solicitudes/service';
import { correosDeSolicitud, reintentarCorreo } from './correos';
import { CORREO_NO_EXISTE } from '../../../../src/domain/correo';
import { ROLES_CORREOS } from '../../../../src/domain/roles';

const IdParams = v.object({ id: v.pipe(v.string(), v.uuid()) });
const RetryParams = v.object({ id: v.pipe(v.string(), v.uuid()), correoId: v.pipe(v.string(), v.regex(/^\d{1,9}$/)) });

export default async function emailRoutes(app: FastifyInstance) {
  app.get('/api/solicitudes/:id/correos', { config: { permission: 'view_customer', roles: ROLES_CORREOS } }, async (request) => {
    const user = requireUser(request);
    const params = v.safeParse(IdParams, request.params);
    if (!params.success) throw new AppError('NOT_FOUND', SOLICITUD_NO_EXISTE);
    const data = await app.db.transaction((tx) => correosDeSolicitud(tx, user, params.output.id.toLowerCase()));
    return { ok: true, data };
  });

  app.post('/api/solicitudes/:id/correos/:correoId/reintentar', { config: { roles: ['admin', 'supervisor'] } }, async (request) => {
    const user = requireUser(request);
    const params = v.safeParse(RetryParams, request.params);
    if (!params.success) throw new AppError('NOT_FOUND', CORREO_NO_EXISTE);
    const { id, correoId } = params.output;
    const data = await app.db.transaction((tx) => reintentarCorreo(tx, user, id.toLowerCase(), Number(correoId)));
    return { ok: true, data };
  });
}
