/**
 * REST routes of the 'Editar Registro' modal (spec 01 §7, ARCHITECTURE.md §5 paths): the complete
 * record, observations, references, documents, deletion, the e-mail outbox and the sales CSV.
 * Thin handlers: input is parsed with valibot, the work is done by the same service functions the
 * sync push handlers call. Multipart is registered here, encapsulated, for POST /api/documentos.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import * as v from 'valibot';
import { plainRecord } from '../../../../src/domain/plain-record';
import { AppError } from '../../../../src/domain/errors';
import { uuidv7 } from '../../../../src/domain/ids';
import { parseInput } from '../../lib/validation';
import { contentDisposition, typeOfStored } from '../../lib/file-type';
import { MAX_FILE_BYTES } from '../../../../src/domain/file-policy';
import { sizeOf } from '../../lib/file-store';
import { readSnapshot } from '../../db/client';
import { requireUser } from '../../plugins/auth';
import { cambiarEstado, editarSolicitud } from '../solicitudes/service';
import {
  agregarObservacion,
  eliminarDocumento,
  eliminarSolicitud,
  leerDocumento,
  listarDocumentos,
  listarObservaciones,
  solicitudOfDocumento,
  visibleSolicitudesOf,
  listarTodosDocumentos,
} from './service';
import { applyRecordEdit, completeRecordEdit, customerRowEdit, registroCompleto } from './record';
import { ventasStream } from './ventas';
import { encolarEmail } from '../email/encolar';
import { subirDocumentos } from './documentos';
import referenciasRoutes, { ListQuery } from './referencias-routes';
import legacyCreateRoutes from './legacy-create';


const uuid = (msg = 'Identificador inválido') => v.pipe(v.string(msg), v.uuid(msg));
export const IdParams = v.object({ id: uuid('No se encontró el registro') });
const parseId = (params: unknown, what: string) => {
  const r = v.safeParse(IdParams, params);
  if (!r.success) throw new AppError('NOT_FOUND', `${what} no existe o no tienes acceso.`);
  return r.output.id.toLowerCase();
};

export const ObservacionBody = v.object({
  id: v.optional(uuid()),
  observacion: v.pipe(v.string('La observación es obligatoria'), v.trim(), v.minLength(1, 'La observación no puede estar vacía'), v.maxLength(4000)),
  tipo: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(40))),
  fecha_creacion: v.optional(v.pipe(v.string(), v.isoTimestamp('Fecha inválida'))),
});

/**
 * The spec's body. `destinatario` is still checked when sent, but the server decides who gets the
 * e-mail (modules/email/outbox.ts): the request never chooses an address.
 */
export const EmailBody = v.object({
  tipo: v.pipe(v.string('El tipo es obligatorio'), v.trim(), v.minLength(1, 'El tipo es obligatorio'), v.maxLength(60)),
  destinatario: v.optional(v.pipe(v.string('El destinatario es obligatorio'), v.trim(), v.email('El correo del destinatario no es válido'), v.maxLength(200))),
  datos: v.optional(
    v.pipe(
      plainRecord(v.string(), v.unknown()),
      v.check((d) => JSON.stringify(d).length <= 20_000, 'Datos demasiado grandes.'),
      v.check((d) => d.solicitud_id === undefined || d.solicitud_id === null || (typeof d.solicitud_id === 'string' && /^[0-9a-f-]{36}$/i.test(d.solicitud_id)), 'solicitud_id inválido'),
    ),
    {},
  ),
});

const SOLICITUD_COLUMNS = ['banco_nombre', 'ciudad_solicitud', 'tipo_credito', 'detalle_credito', 'preferencias_notificacion'];

const isObject = (x: unknown): x is Record<string, unknown> => !!x && typeof x === 'object' && !Array.isArray(x);

/** The advisor's cedula the spec sends: required and equal to the session's. */
function checkCedula(body: Record<string, unknown>, cedula: string) {
  const sent = body.cedula;
  if (sent !== undefined && sent !== null && typeof sent !== 'string' && typeof sent !== 'number') {
    throw new AppError('VALIDATION', 'La cédula del asesor debe ser un texto.', { fields: { cedula: 'La cédula del asesor debe ser un texto.' } });
  }
  if (sent === undefined || sent === null || String(sent).trim() === '') {
    throw new AppError('VALIDATION', 'No se encontró la información del asesor', { fields: { cedula: 'No se encontró la información del asesor' } });
  }
  if (String(sent).trim() !== cedula) throw new AppError('FORBIDDEN', 'La cédula indicada no corresponde a la sesión.');
}

export default async function registroRoutes(app: FastifyInstance, opts: { descargasRateLimit: number }) {
  // The ceiling of any file field (100 MB); each file's own limit is its policy's (documentos.ts).
  await app.register(multipart, { limits: { fileSize: MAX_FILE_BYTES, files: 10, fields: 30, parts: 40 } });
  const tx = app.db.transaction.bind(app.db);

  // ---- complete record -------------------------------------------------------------------

  app.get('/api/solicitantes/:id/traer-todos-registros', { config: { permission: 'view_customer' } }, async (request) => {
    const user = requireUser(request);
    const id = parseId(request.params, 'El solicitante');
    return { ok: true, data: await readSnapshot(app.db, (t) => registroCompleto(t, user, id)), error: null };
  });

  app.patch('/api/solicitantes/:id/editar-registro-completo', { config: { permission: 'edit_customer' } }, async (request) => {
    const user = requireUser(request);
    const id = parseId(request.params, 'El solicitante');
    const body = isObject(request.body) ? request.body : {};
    const data = await tx(async (t) => {
      const own = await visibleSolicitudesOf(t, user, id);
      const edit = completeRecordEdit(body);
      const ownIds = new Set(own.map((s) => s.id));
      for (const sid of edit.solicitudes.keys()) {
        if (!ownIds.has(sid)) throw new AppError('NOT_FOUND', 'La solicitud no pertenece a este solicitante o no tienes acceso a ella.');
      }
      await applyRecordEdit(t, user, own[0].id, edit);
      return registroCompleto(t, user, id);
    });
    return { ok: true, data };
  });

  // Also answers without the slash (the router's ignoreTrailingSlash, app.ts).
  app.put('/api/edit-record/', { config: { permission: 'edit_customer' } }, async (request) => {
    const user = requireUser(request);
    const body = isObject(request.body) ? request.body : {};
    checkCedula(body, user.cedula);
    const { solicitudId, edit } = customerRowEdit(body);
    if (!solicitudId || !v.is(uuid(), solicitudId)) {
      throw new AppError('VALIDATION', 'ID de la solicitud no encontrado', { fields: { 'solicitud.id': 'ID de la solicitud no encontrado' } });
    }
    const data = await tx((t) => applyRecordEdit(t, user, solicitudId, edit));
    return { ok: true, data: { id: solicitudId, ...data } };
  });

  app.patch('/api/solicitudes/:id', { config: { permission: 'edit_customer' } }, async (request) => {
    const user = requireUser(request);
    const id = parseId(request.params, 'La solicitud');
    const body = isObject(request.body) ? request.body : {};
    const changes: Record<string, unknown> = {};
    for (const key of SOLICITUD_COLUMNS) if (body[key] !== undefined) changes[`solicitud.${key}`] = body[key];
    if (body.banco !== undefined && body.banco_nombre === undefined) changes['solicitud.banco_nombre'] = body.banco;
    const estado = typeof body.estado === 'string' ? body.estado : undefined;
    if (!Object.keys(changes).length && !estado) throw new AppError('VALIDATION', 'No hay cambios para guardar.');
    const data = await tx(async (t) => {
      const out: Record<string, unknown> = { id };
      if (Object.keys(changes).length) out.changed = (await editarSolicitud(t, user, { solicitudId: id, changes, base: {} })).changed;
      if (estado) out.estado = (await cambiarEstado(t, user, { solicitudId: id, estado, base: { estado: null } })).estado;
      return out;
    });
    return { ok: true, data };
  });

  // ---- deletion --------------------------------------------------------------------------

  app.delete('/api/solicitudes/:id', { config: { permission: 'delete_customer' } }, async (request) => {
    const user = requireUser(request);
    const id = parseId(request.params, 'La solicitud');
    return { ok: true, data: await tx((t) => eliminarSolicitud(t, user, { solicitudId: id })) };
  });

  /** The spec's customer deletion: the id of an application, or of an applicant (all its visible applications). */
  app.delete('/api/delete-customer/:id', { config: { permission: 'delete_customer' } }, async (request) => {
    const user = requireUser(request);
    const id = parseId(request.params, 'El registro');
    const data = await tx(async (t) => {
      try {
        return { eliminados: [(await eliminarSolicitud(t, user, { solicitudId: id })).id] };
      } catch (err) {
        if (!(err instanceof AppError) || err.code !== 'NOT_FOUND') throw err;
      }
      const own = await visibleSolicitudesOf(t, user, id).catch(() => {
        throw new AppError('NOT_FOUND', 'El registro no existe o no tienes acceso a él.');
      });
      const eliminados: string[] = [];
      for (const s of own) eliminados.push((await eliminarSolicitud(t, user, { solicitudId: s.id })).id);
      return { eliminados };
    });
    return { ok: true, data };
  });

  // ---- observations ----------------------------------------------------------------------

  app.get('/api/solicitudes/:id/observaciones', { config: { permission: 'view_customer' } }, async (request) => {
    const user = requireUser(request);
    const id = parseId(request.params, 'La solicitud');
    const historial = await tx((t) => listarObservaciones(t, user, id));
    return { ok: true, data: { historial } };
  });

  app.post('/api/solicitudes/:id/observaciones', { config: { permission: 'edit_customer' } }, async (request) => {
    const user = requireUser(request);
    const id = parseId(request.params, 'La solicitud');
    const body = parseInput(ObservacionBody, request.body ?? {});
    const data = await tx((t) =>
      agregarObservacion(t, user, {
        solicitudId: id,
        observacionId: body.id?.toLowerCase() ?? uuidv7(),
        observacion: body.observacion,
        tipo: body.tipo || 'comentario',
        fecha_creacion: body.fecha_creacion ?? new Date().toISOString(),
      }),
    );
    return { ok: true, data };
  });

  // ---- references (their own module, with the spec's bodies) ----------------------------

  referenciasRoutes(app);
  legacyCreateRoutes(app);

  // ---- documents -------------------------------------------------------------------------

  app.get('/api/documentos', { config: { permission: 'view_customer' } }, async (request) => {
    const user = requireUser(request);
    const q = parseInput(ListQuery, request.query ?? {});
    const data = await tx(async (t) => {
      if (q.solicitud_id) return listarDocumentos(t, user, q.solicitud_id);
      if (q.solicitante_id) return listarDocumentos(t, user, (await visibleSolicitudesOf(t, user, q.solicitante_id))[0].id);
      return listarTodosDocumentos(t, user);
    });
    return { ok: true, data };
  });

  // A budget per user: each download reads the whole file out of the database (on PGlite, in this
  // process), so a script fetching a large file in a loop would slow every other request. A person
  // opening documents one by one never meets it; past it, 429 with Retry-After and nothing is read.
  const descargas = {
    permission: 'view_customer' as const,
    rateLimit: {
      max: opts.descargasRateLimit,
      timeWindow: '1 minute',
      hook: 'preHandler' as const,
      keyGenerator: (req: FastifyRequest) => `descargas|${req.auth?.empresaId ?? ''}|${req.auth?.id ?? req.ip}`,
    },
  };
  app.get('/api/documentos/:id', { config: descargas }, async (request, reply) => {
    const user = requireUser(request);
    const id = parseId(request.params, 'El documento');
    const file = await readSnapshot(app.db, (t) => leerDocumento(t, user, id));
    // Served only with the type its bytes prove; anything else is a download of opaque bytes.
    const type = await typeOfStored(file.parts, file.nombre);
    return reply
      .header('Content-Type', type?.mime ?? 'application/octet-stream')
      .header('Content-Disposition', contentDisposition(file.nombre))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-store')
      .header('Content-Length', String(sizeOf(file.parts)))
      .send(Readable.from(file.parts));
  });

  app.delete('/api/documentos/:id', { config: { permission: 'edit_customer' } }, async (request) => {
    const user = requireUser(request);
    const id = parseId(request.params, 'El documento');
    const data = await tx(async (t) =>
      eliminarDocumento(t, user, { solicitudId: await solicitudOfDocumento(t, user, id), documentoId: id }),
    );
    return { ok: true, data };
  });

  /** One file answers its document; several answer the list, in the order sent. */
  app.post('/api/documentos', { config: { permission: 'edit_customer' } }, async (request) => {
    const user = requireUser(request);
    const stored = await subirDocumentos(app.db, user, request);
    return { ok: true, data: stored.length === 1 ? stored[0] : stored };
  });

  // ---- e-mail and sales ------------------------------------------------------------------

  app.post('/api/notificaciones/email', { config: { permission: 'edit_customer' } }, async (request) => {
    const user = requireUser(request);
    const body = parseInput(EmailBody, request.body ?? {});
    const data = await tx((t) => encolarEmail(t, user, { tipo: body.tipo, datos: body.datos }));
    return { ok: true, data };
  });

  // Also answers without the slash (the router's ignoreTrailingSlash, app.ts).
  app.post('/api/descargar-ventas/', { config: { permission: 'download_sales' } }, async (request, reply) => {
    const user = requireUser(request);
    const body = isObject(request.body) ? request.body : {};
    if (body.cedula !== undefined && body.cedula !== null) checkCedula(body, user.cedula);
    // Streamed as it is made (ventas.ts): other requests are served between its pages.
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', contentDisposition('ventas_realizadas.csv'))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-store')
      .send(ventasStream(app.db, user));
  });
}
