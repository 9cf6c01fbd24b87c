/**
 * REST routes for notifications (spec 01 §7); each calls the same service function as the sync
 * push. The company and user come from the token (plugins/auth.ts); visibility is the service's.
 * POST /api/notificaciones/email is not here (it belongs to the record editor's module).
 */
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { parseInput } from '../../lib/validation';
import { requireUser } from '../../plugins/auth';
import { uuidv7 } from '../../../../src/domain/ids';
import {
  CAMPOS_EDITABLES,
  CambiosNotificacion,
  CrearNotificacionArgs,
  MarcarTodasLeidasArgs,
  NotificacionFormSchema,
} from '../../../../src/domain/notificacion';
import {
  crearNotificacion,
  editarNotificacion,
  eliminarNotificacion,
  getNotificacion,
  listNotificaciones,
  listPendientes,
  marcarCompletada,
  marcarLeida,
  marcarTodasLeidas,
  NOTIFICACION_NO_EXISTE,
} from './service';
import { AppError } from '../../../../src/domain/errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id in the path that is not a UUID cannot name a notification: 404, like any unknown id. */
function pathId(params: unknown): string {
  const id = String((params as { id?: unknown }).id ?? '');
  if (!UUID.test(id)) throw new AppError('NOT_FOUND', NOTIFICACION_NO_EXISTE);
  return id;
}

export const ListQuery = v.object({
  solicitud_id: v.optional(v.pipe(v.string(), v.uuid('ID de la solicitud no encontrado'))),
  empresa_id: v.optional(v.unknown()),
});

type Body = Record<string, unknown> & { metadata?: Record<string, unknown> };

/** The form sends accion_requerida and estado_actual inside metadata (spec 01 §7); both are read. */
function flatten(body: unknown): Body {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  const b = { ...(body as Body) };
  const meta = b.metadata && typeof b.metadata === 'object' ? b.metadata : {};
  if (b.accion_requerida === undefined && meta.accion_requerida !== undefined) b.accion_requerida = meta.accion_requerida;
  if (b.estado_actual === undefined && meta.estado_actual !== undefined) b.estado_actual = meta.estado_actual;
  delete b.metadata;
  return b;
}

function pickEditable(body: Body): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const c of CAMPOS_EDITABLES) if (body[c] !== undefined) out[c] = body[c];
  return out;
}

export default async function notificacionesRoutes(app: FastifyInstance) {
  const read = { config: { permission: 'view_customer' as const } };
  const edit = { config: { permission: 'edit_customer' as const } };

  app.get('/api/notificaciones', read, async (request) => {
    const user = requireUser(request);
    const q = parseInput(ListQuery, request.query ?? {});
    return { ok: true, data: await listNotificaciones(app.db, user, { solicitudId: q.solicitud_id }) };
  });

  app.get('/api/notificaciones/pendientes', read, async (request) => {
    const user = requireUser(request);
    return { ok: true, data: await listPendientes(app.db, user) };
  });

  app.get('/api/notificaciones/:id', read, async (request) => {
    const user = requireUser(request);
    return { ok: true, data: await getNotificacion(app.db, user, pathId(request.params)) };
  });

  app.post('/api/notificaciones', edit, async (request, reply) => {
    const user = requireUser(request);
    const body = flatten(request.body);
    const args = parseInput(CrearNotificacionArgs, { ...body, id: body.id ?? uuidv7() });
    const data = await app.db.transaction((tx) => crearNotificacion(tx, user, args));
    return reply.status(201).send({ ok: true, data });
  });

  // PUT sends the whole form (its required fields must be there); PATCH any subset of it.
  for (const method of ['put', 'patch'] as const) {
    app[method]('/api/notificaciones/:id', edit, async (request) => {
      const user = requireUser(request);
      const id = pathId(request.params);
      const body = flatten(request.body);
      if (method === 'put') parseInput(NotificacionFormSchema, body);
      const changes = parseInput(CambiosNotificacion, pickEditable(body));
      const data = await app.db.transaction((tx) => editarNotificacion(tx, user, { id, changes, base: {} }));
      return { ok: true, data };
    });
  }

  app.patch('/api/notificaciones/:id/marcar-leida', edit, async (request) => {
    const user = requireUser(request);
    const id = pathId(request.params);
    return { ok: true, data: await app.db.transaction((tx) => marcarLeida(tx, user, { id })) };
  });

  app.patch('/api/notificaciones/:id/marcar-completada', edit, async (request) => {
    const user = requireUser(request);
    const id = pathId(request.params);
    return { ok: true, data: await app.db.transaction((tx) => marcarCompletada(tx, user, { id })) };
  });

  // Without ids: every pending notification the user sees.
  app.patch('/api/notificaciones/marcar-todas-leidas', edit, async (request) => {
    const user = requireUser(request);
    const body = (request.body ?? {}) as { ids?: unknown };
    const args = body.ids === undefined ? {} : parseInput(MarcarTodasLeidasArgs, { ids: body.ids });
    return { ok: true, data: await app.db.transaction((tx) => marcarTodasLeidas(tx, user, args)) };
  });

  app.delete('/api/notificaciones/:id', edit, async (request) => {
    const user = requireUser(request);
    const id = pathId(request.params);
    return { ok: true, data: await app.db.transaction((tx) => eliminarNotificacion(tx, user, { id })) };
  });
}
