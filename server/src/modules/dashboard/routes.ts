/** GET /api/dashboard/tabla: the rows the user may see, in the spec's row shape, newest first. */
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../plugins/auth';
import { visibleSolicitudes } from '../solicitudes/visibility';
import { buildRecords, loadSolicitudRows, toListRow } from '../solicitudes/repository';

export default async function dashboardRoutes(app: FastifyInstance) {
  app.get('/api/dashboard/tabla', { config: { permission: 'view_customer' } }, async (request) => {
    const user = requireUser(request);
    const rows = await loadSolicitudRows(app.db, visibleSolicitudes(user));
    const records = await buildRecords(app.db, rows);
    return { ok: true, data: records.map(toListRow) };
  });
}
