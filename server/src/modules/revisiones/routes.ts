/**
 * REST routes of the review loop (issue 34); each calls the same service function as the sync
 * push (revision.devolver/responder/cerrar). Company, user and role come from the token; roles and
 * visibility are the service's (an application or review the user may not see is a 404).
 */
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../lib/validation';
import { requireUser } from '../../plugins/auth';
import { AppError } from '../../../../src/domain/errors';
import { DevolverBody, ResponderBody } from '../../../../src/domain/revision';
import { SOLICITUD_NO_EXISTE } from '../solicitudes/service';
import { cerrar, devolverPorRuta, responder, REVISION_NO_EXISTE } from './service';
import { listRevisiones } from './rows';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids in the path that are not UUIDs name nothing: 404, like any unknown id. */
function ids(params: unknown): { id: string; revisionId: string } {
  const p = params as { id?: unknown; revisionId?: unknown };
  const id = String(p.id ?? '').toLowerCase();
  if (!UUID.test(id)) throw new AppError('NOT_FOUND', SOLICITUD_NO_EXISTE);
  const revisionId = p.revisionId === undefined ? '' : String(p.revisionId).toLowerCase();
  if (p.revisionId !== undefined && !UUID.test(revisionId)) throw new AppError('NOT_FOUND', REVISION_NO_EXISTE);
  return { id, revisionId };
}

export default async function revisionesRoutes(app: FastifyInstance) {
  const read = { config: { permission: 'view_customer' as const } };

  app.post('/api/solicitudes/:id/devolver', read, async (request) => {
    const user = requireUser(request);
    const { id } = ids(request.params);
    const body = parseInput(DevolverBody, request.body);
    return { ok: true, data: await app.db.transaction((tx) => devolverPorRuta(tx, user, id, body)) };
  });

  app.get('/api/solicitudes/:id/revisiones', read, async (request) => {
    const user = requireUser(request);
    const { id } = ids(request.params);
    return { ok: true, data: await listRevisiones(app.db, user, id) };
  });

  // Answering corrects the record: edit_customer, like the service (the read-only 'user' may not).
  app.post('/api/solicitudes/:id/revisiones/:revisionId/responder', { config: { permission: 'edit_customer' as const } }, async (request) => {
    const user = requireUser(request);
    const { id, revisionId } = ids(request.params);
    const body = parseInput(ResponderBody, request.body);
    return { ok: true, data: await app.db.transaction((tx) => responder(tx, user, { ...body, solicitudId: id, revisionId })) };
  });

  app.post('/api/solicitudes/:id/revisiones/:revisionId/cerrar', read, async (request) => {
    const user = requireUser(request);
    const { id, revisionId } = ids(request.params);
    return { ok: true, data: await app.db.transaction((tx) => cerrar(tx, user, { solicitudId: id, revisionId })) };
  });
}
