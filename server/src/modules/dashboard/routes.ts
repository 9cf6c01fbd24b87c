/** GET /api/dashboard/tabla: the rows the user may see, in the spec's row shape, newest first. */
import type { FastifyInstance } from 'fastify';
import { readSnapshot } from '../../db/client';
import { requireUser } from '../../plugins/auth';
import { visibleSolicitudes } from '../solicitudes/visibility';
import { buildRecords, loadSolicitudRows, toListRow } from '../solicitudes/repository';

export default async function dashboardRoutes(app: FastifyInstance) {
  app.get('/api/dashboard/tabla', { config: { permission: 'view_customer' } }, async (request) => {
    const user = requireUser(request);
    // One snapshot: the rows and their child tables as of one moment.
    const records = await readSnapshot(app.db, async (tx) =>
      buildRecords(tx, await loadSolicitudRows(tx, visibleSolicitudes(user))),
    );
    return { ok: true, data: records.map(toListRow) };
  });
}
