/** GET /api/dashboard/tabla: the rows the user may see, in the spec's row shape, newest first. */
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../plugins/auth';
import { toListRow } from '../solicitudes/repository';
import { tablaRecords } from './service';

export default async function dashboardRoutes(app: FastifyInstance) {
  app.get('/api/dashboard/tabla', { config: { permission: 'view_customer' } }, async (request) => {
    const user = requireUser(request);
    const records = await tablaRecords(app.db, user);
    return { ok: true, data: records.map(toListRow) };
  });
}
