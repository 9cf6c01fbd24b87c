/** REST routes for applications; each calls the same service function as the sync push. */
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { parseInput } from '../../lib/validation';
import { requireUser } from '../../plugins/auth';
import { cambiarEstado, estadosPermitidos } from './service';

export const ActualizarEstadoBody = v.object({
  id: v.pipe(v.string('El id es obligatorio'), v.uuid('ID de la solicitud no encontrado')),
  estado: v.pipe(v.string('El estado es obligatorio'), v.trim(), v.minLength(1, 'El estado es obligatorio'), v.maxLength(80)),
});

export default async function solicitudesRoutes(app: FastifyInstance) {
  app.patch('/api/solicitudes/actualizar-estado', { config: { permission: 'change_status' } }, async (request) => {
    const user = requireUser(request);
    const body = parseInput(ActualizarEstadoBody, request.body);
    const data = await app.db.transaction((tx) => cambiarEstado(tx, user, { solicitudId: body.id, estado: body.estado, base: { estado: null } }));
    return { ok: true, data };
  });

  app.get('/api/solicitudes/estados-disponibles', async (request) => {
    const user = requireUser(request);
    return { ok: true, data: { estados: await estadosPermitidos(app.db, user.empresaId) } };
  });
}
