/**
 * Tenancy and role matrix (issue #12), driven by the app's own route table: every route must have
 * an entry in MATRIX below (and every entry a route), so a new route cannot be forgotten.
 * Each route is called
 * - without a token: 401 (public routes: their normal answer);
 * - by every role of both companies on objects it may see: 2xx when the entry lists the role, else 403;
 * - with the ids of the other company's objects: 403/404 (or an in-band rejection for push);
 * - by asesor, banco and user with ids of their own company they may not see: 403/404.
 * Every answer is checked for leaks: no identifying value of the other company (and, for asesor,
 * banco and user, of the hidden application) that the request did not carry itself. A refused
 * write changes no row of any table; an allowed write changes no row of the other company; and
 * after every write the audit trail only grew, its existing rows byte-identical.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from './helpers';
import { answerRecorder } from './openapi-answers';
import { tusUploads } from '../../server/src/db/schema';
import {
  auditState,
  createSecurityWorld,
  fingerprint,
  freshRecordBody,
  groupKeys,
  leaked,
  multipart,
  other,
  PASSWORD,
  PDF,
  RESTRICTED,
  type Actor,
  type AuditState,
  type SecurityWorld,
  type Target,
} from './security-fixtures';
import { ROLES, ROLES_CORREOS, type Role } from '../../src/domain/roles';

type Kind = 'own' | 'foreign' | 'hidden';
interface Call {
  a: Actor;
  /** The objects addressed: own company's shared target, the other company's, or own hidden. */
  t: Target;
  kind: Kind;
  w: SecurityWorld;
}
interface Entry {
  /** Roles that may use the route (on objects they see). */
  roles: readonly Role[];
  build(c: Call): Promise<InjectOptions> | InjectOptions;
  /** company: ids of another company are refused; visibility: also ids asesor/banco/user may not see. */
  scope: 'none' | 'company' | 'visibility';
  /** Needs a new target for each allowed call (the call destroys or fills it up). */
  fresh?: boolean;
  /** Answers that count as a refusal for foreign/hidden ids (default 403, 404). */
  refused?: number[];
  /** Extra checks on a refusal answered 200 (lists filtered by an id, push). */
  refusedBody?(res: LightMyRequestResponse): void;
  ok?: number[];
  public?: boolean;
  /** The build itself writes (prepares a state), so a cached fingerprint is stale. */
  mutates?: boolean;
  /** The token a role's call carries instead of the actor's own (a logout would end the session the matrix goes on with). */
  session?(a: Actor): Promise<string>;
}

const ALL = ROLES;
const VIEW: readonly Role[] = ALL;
const EDIT: readonly Role[] = ['admin', 'supervisor', 'manager', 'asesor', 'banco'];
const STATUS: readonly Role[] = ['admin', 'supervisor', 'manager', 'banco'];
const CREATE: readonly Role[] = ['admin', 'supervisor', 'manager', 'asesor'];
const DELETE: readonly Role[] = ['admin', 'supervisor'];
const MANAGERS: readonly Role[] = ['admin', 'supervisor'];
const SALES: readonly Role[] = ['admin'];
const REVIEWERS: readonly Role[] = ['admin', 'supervisor', 'manager'];

/** Another session of the actor: a new login. */
async function spareSession(a: Actor): Promise<string> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: a.correo, password: PASSWORD } });
  return res.json().access_token as string;
}

/** A review of `t` that is not closed: the latest one, else a new one returned by its company's admin. */
async function openReview(w: SecurityWorld, t: Target): Promise<string> {
  const rows = (await w.ctx.database.db.execute(
    sql`select id from revisiones where solicitud_id = ${t.solicitudId} and estado <> 'cerrada' limit 1`,
  )) as unknown as { rows: Array<{ id: string }> };
  if (rows.rows[0]) return rows.rows[0].id;
  const res = await w.ctx.app.inject({
    method: 'POST',
    url: `/api/solicitudes/${t.solicitudId}/devolver`,
    headers: { authorization: `Bearer ${w.actor(t.company, 'admin').token}` },
    payload: { mensaje: 'Revise la ciudad', campos: [{ campo: 'solicitud.ciudad_solicitud', comentario: 'No coincide' }] },
  });
  if (res.statusCode !== 200) throw new Error(`devolver for the matrix: ${res.statusCode} ${res.body}`);
  return (res.json().data as { id: string }).id;
}

/** A failed e-mail of the target's application (the relay gave it up), for the retry route. */
async function failedEmail(w: SecurityWorld, t: Target): Promise<number> {
  const rows = (await w.ctx.database.db.execute(
    sql`insert into email_outbox (empresa_id, tipo, destinatario, datos, estado, ultimo_error, message_id)
        select empresa_id, 'cambio_banco', 'buzon-' || empresa_id || '@radica.test', jsonb_build_object('solicitud_id', id), 'fallido', '550 Buzón no disponible', gen_random_uuid()::text
        from solicitudes where id = ${t.solicitudId} returning id`,
  )) as unknown as { rows: Array<{ id: number }> };
  return Number(rows.rows[0].id);
}

const emptyList = (res: LightMyRequestResponse) => {
  expect(res.json().data).toEqual([]);
};
let seq = 0;
const uniq = () => `${Date.now().toString(36)}${(seq += 1)}`;

const META = { accion_requerida: 'contactar_cliente', estado_actual: 'en_proceso' };
const get = (url: string): InjectOptions => ({ method: 'GET', url });

/** An upload in progress on `t`: a staff one of `owner`, or a public one (null). */
async function tusUpload(c: Call, owner: Actor | null): Promise<string> {
  const id = randomBytes(16).toString('hex');
  await c.w.ctx.database.db.insert(tusUploads).values({
    id,
    kind: owner ? 'staff' : 'public',
    empresaId: c.w.fx[c.t.company].empresaId,
    usuarioId: owner?.id ?? null,
    solicitudId: c.t.solicitudId,
    documentoId: randomUUID(),
    nombre: 'cedula.pdf',
    size: PDF.length,
  });
  return id;
}
/** The staff upload a call addresses: the caller's own when it may upload there, else the target company admin's. */
const staffUpload = (c: Call) => tusUpload(c, c.kind === 'own' && EDIT.includes(c.a.role) ? c.a : c.w.fx[c.t.company].admin);
const TUS = { 'tus-resumable': '1.0.0' };
const tusPatch = (url: string): InjectOptions => ({
  method: 'PATCH',
  url,
  headers: { ...TUS, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
  payload: PDF,
});
const tusCreate = (url: string, meta: Record<string, string>): InjectOptions => ({
  method: 'POST',
  url,
  headers: {
    ...TUS,
    'upload-length': String(PDF.length),
    'upload-metadata': Object.entries(meta).map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`).join(','),
  },
});

const MATRIX: Record<string, Entry> = {
  // ---- public ----
  'GET /api/health': { public: true, roles: ALL, scope: 'none', build: () => get('/api/health') },
  'GET /api/legal/operador': { public: true, roles: ALL, scope: 'none', build: () => get('/api/legal/operador') },
  'GET /api/ready': { public: true, roles: ALL, scope: 'none', build: () => get('/api/ready') },
  // OpenAPI document and Swagger UI (tests/api/openapi.test.ts).
  'GET /api/openapi.json': { public: true, roles: ALL, scope: 'none', build: () => get('/api/openapi.json') },
  'GET /api/docs': { public: true, roles: ALL, scope: 'none', build: () => get('/api/docs') },
  'GET /api/docs/static/index.html': { public: true, roles: ALL, scope: 'none', ok: [302], build: () => get('/api/docs/static/index.html') },
  'GET /api/docs/static/swagger-initializer.js': { public: true, roles: ALL, scope: 'none', build: () => get('/api/docs/static/swagger-initializer.js') },
  'GET /api/docs/json': { public: true, roles: ALL, scope: 'none', build: () => get('/api/docs/json') },
  'GET /api/docs/yaml': { public: true, roles: ALL, scope: 'none', build: () => get('/api/docs/yaml') },
  'GET /api/docs/static/*': { public: true, roles: ALL, scope: 'none', build: () => get('/api/docs/static/swagger-ui.css') },
  // This app has no METRICS_TOKEN: 404 for everyone, a session token included (the token itself:
  // tests/api/metrics.test.ts).
  'GET /api/metrics': { public: true, roles: ALL, scope: 'none', ok: [404], build: () => get('/api/metrics') },
  'POST /api/auth/login': {
    public: true,
    roles: ALL,
    scope: 'none',
    build: ({ a }) => ({ method: 'POST', url: '/api/auth/login', payload: { email: a.correo, password: PASSWORD } }),
  },
  // Each call ends a new session of the actor, never the one the rest of the matrix uses.
  'POST /api/auth/logout': { public: true, roles: ALL, scope: 'none', session: spareSession, build: () => ({ method: 'POST', url: '/api/auth/logout' }) },
  'GET /api/seguimiento/radicado/:n': { public: true, roles: ALL, scope: 'none', build: ({ t }) => get(`/api/seguimiento/radicado/${t.radicado}`) },
  'GET /api/seguimiento/radicado/:n/estados': { public: true, roles: ALL, scope: 'none', build: ({ t }) => get(`/api/seguimiento/radicado/${t.radicado}/estados`) },
  'GET /api/seguimiento/archivo/:docId': {
    public: true,
    roles: ALL,
    scope: 'none',
    // Only tracking documents are public (a staff document of the same filing is a 404).
    build: ({ t }) => get(`/api/seguimiento/archivo/${t.archivoId}?radicado=${t.radicado}`),
  },
  'POST /api/seguimiento/actualizar-documentos': {
    public: true,
    roles: ALL,
    scope: 'none',
    build: ({ t }) => ({
      method: 'POST',
      url: '/api/seguimiento/actualizar-documentos',
      ...multipart({ id_radicado: t.radicado }, [{ field: 'archivos', name: 'cedula.pdf', data: PDF }]),
    }),
  },
  'POST /api/seguimiento/uploads': {
    public: true,
    roles: ALL,
    scope: 'none',
    ok: [201],
    build: ({ t }) => tusCreate('/api/seguimiento/uploads', { radicado: t.radicado, filename: 'cedula.pdf' }),
  },
  'PATCH /api/seguimiento/uploads/:id': {
    public: true,
    roles: ALL,
    scope: 'none',
    ok: [204],
    mutates: true,
    build: async (c) => tusPatch(`/api/seguimiento/uploads/${await tusUpload(c, null)}`),
  },
  'DELETE /api/seguimiento/uploads/:id': {
    public: true,
    roles: ALL,
    scope: 'none',
    ok: [204],
    mutates: true,
    build: async (c) => ({ method: 'DELETE', url: `/api/seguimiento/uploads/${await tusUpload(c, null)}`, headers: TUS }),
  },

  // ---- session, lists, sync ----
  'GET /api/validate-token': { roles: ALL, scope: 'none', build: () => get('/api/validate-token') },
  'GET /api/dashboard/tabla': { roles: VIEW, scope: 'none', build: () => get('/api/dashboard/tabla') },
  'GET /api/solicitudes/estados-disponibles': { roles: ALL, scope: 'none', build: () => get('/api/solicitudes/estados-disponibles') },
  'PATCH /api/solicitudes/actualizar-estado': {
    roles: STATUS,
    scope: 'visibility',
    build: ({ t }) => ({ method: 'PATCH', url: '/api/solicitudes/actualizar-estado', payload: { id: t.solicitudId, estado: 'En estudio' } }),
  },
  'GET /api/sync/pull': { roles: ALL, scope: 'none', build: () => get(`/api/sync/pull?clientId=${randomUUID()}`) },
  'POST /api/sync/push': {
    roles: ALL,
    scope: 'visibility',
    refused: [200],
    refusedBody: (res) => {
      const r = res.json().data.results[0];
      expect(r.status).toBe('rejected');
      expect(['NOT_FOUND', 'FORBIDDEN']).toContain(r.code);
    },
    build: ({ t }) => ({
      method: 'POST',
      url: '/api/sync/push',
      payload: { clientId: randomUUID(), mutations: [{ id: 1, name: 'notificacion.marcarLeida', args: { id: t.notificacionId } }] },
    }),
  },

  // ---- tracking (staff) ----
  'POST /api/seguimiento/actualizar-estado': {
    roles: MANAGERS,
    scope: 'visibility',
    build: ({ t }) => ({
      method: 'POST',
      url: '/api/seguimiento/actualizar-estado',
      payload: { id_radicado: t.radicado, etapas: [{ etapa: 'banco', estado: 'En estudio', comentarios: `Revisión ${uniq()}` }] },
    }),
  },

  'PATCH /api/solicitudes/:id/etapas/:etapa': {
    roles: MANAGERS,
    scope: 'visibility',
    build: ({ t }) => ({ method: 'PATCH', url: `/api/solicitudes/${t.solicitudId}/etapas/banco`, payload: { estado: 'En estudio', comentarios: `Revisión ${uniq()}` } }),
  },

  // ---- users and profile ----
  'GET /api/usuarios': { roles: MANAGERS, scope: 'none', build: () => get('/api/usuarios') },
  'GET /api/usuarios/:id': { roles: MANAGERS, scope: 'company', build: ({ t }) => get(`/api/usuarios/${t.usuarioId}`) },
  'POST /api/usuarios': {
    roles: MANAGERS,
    scope: 'none',
    build: () => {
      const k = uniq();
      return {
        method: 'POST',
        url: '/api/usuarios',
        payload: { nombre: 'Usuario Matriz', cedula: `55${String(seq).padStart(6, '0')}`, correo: `matriz.${k}@demo.co`, contraseña: 'secreta123', rol: 'asesor', info_extra: {} },
      };
    },
  },
  'PUT /api/usuarios/:id': {
    roles: MANAGERS,
    scope: 'company',
    build: ({ t }) => ({ method: 'PUT', url: `/api/usuarios/${t.usuarioId}`, payload: { nombre: `Nombre ${uniq()}` } }),
  },
  'DELETE /api/usuarios/:id': { roles: MANAGERS, scope: 'company', fresh: true, build: ({ t }) => ({ method: 'DELETE', url: `/api/usuarios/${t.usuarioId}` }) },
  'PUT /api/perfil': {
    roles: ALL,
    scope: 'none',
    build: ({ a }) => ({ method: 'PUT', url: '/api/perfil', payload: { nombre: a.nombre, correo: a.correo } }),
  },
  // A real change would end the actor's other tokens mid-matrix: a wrong current password (400,
  // nothing written) proves every role reaches it and nobody without a token does.
  'POST /api/perfil/contrasena': {
    roles: ALL,
    scope: 'none',
    ok: [400],
    build: () => ({ method: 'POST', url: '/api/perfil/contrasena', payload: { actual: 'no-es-la-actual', nueva: 'NuevaClave123', confirmacion: 'NuevaClave123' } }),
  },

  // ---- creation form and schemas ----
  'GET /api/schema/:entity': { roles: ALL, scope: 'none', build: () => get('/api/schema/solicitante') },
  'GET /api/json/schema/agrupado': { roles: ALL, scope: 'none', build: () => get('/api/json/schema/agrupado') },
  'GET /api/json/schema/:entity/:target': {
    roles: ALL,
    scope: 'visibility',
    build: ({ t }) => get(`/api/json/schema/solicitante/${t.solicitanteId}`),
  },
  'POST /api/solicitantes/crear-registro-completo': {
    roles: CREATE,
    scope: 'visibility',
    // Another company's (or an unseen) id reused for the new record: refused, never its data.
    refused: [403, 404, 409],
    build: ({ t, kind }) => ({
      method: 'POST',
      url: '/api/solicitantes/crear-registro-completo',
      payload: kind === 'own' ? freshRecordBody() : freshRecordBody({ solicitudId: t.solicitudId, solicitanteId: t.solicitanteId }),
    }),
  },

  // ---- notifications ----
  'GET /api/notificaciones': {
    roles: VIEW,
    scope: 'visibility',
    refused: [200, 403, 404],
    refusedBody: emptyList,
    build: ({ t }) => get(`/api/notificaciones?solicitud_id=${t.solicitudId}`),
  },
  'GET /api/notificaciones/pendientes': { roles: VIEW, scope: 'none', build: () => get('/api/notificaciones/pendientes') },
  'GET /api/notificaciones/:id': { roles: VIEW, scope: 'visibility', build: ({ t }) => get(`/api/notificaciones/${t.notificacionId}`) },
  'POST /api/notificaciones': {
    roles: EDIT,
    scope: 'visibility',
    build: ({ t }) => ({
      method: 'POST',
      url: '/api/notificaciones',
      payload: { titulo: 'Llamar al cliente', mensaje: 'Confirmar ingresos', tipo: 'contactar_cliente', solicitud_id: t.solicitudId, metadata: META },
    }),
  },
  'PUT /api/notificaciones/:id': {
    roles: EDIT,
    scope: 'visibility',
    build: ({ t }) => ({
      method: 'PUT',
      url: `/api/notificaciones/${t.notificacionId}`,
      payload: { titulo: 'Llamar al cliente', mensaje: `Confirmar ingresos ${uniq()}`, tipo: 'contactar_cliente', solicitud_id: t.solicitudId, metadata: META },
    }),
  },
  'PATCH /api/notificaciones/:id': {
    roles: EDIT,
    scope: 'visibility',
    build: ({ t }) => ({ method: 'PATCH', url: `/api/notificaciones/${t.notificacionId}`, payload: { titulo: `Título ${uniq()}` } }),
  },
  'PATCH /api/notificaciones/:id/marcar-leida': {
    roles: EDIT,
    scope: 'visibility',
    build: ({ t }) => ({ method: 'PATCH', url: `/api/notificaciones/${t.notificacionId}/marcar-leida` }),
  },
  'PATCH /api/notificaciones/:id/marcar-completada': {
    roles: EDIT,
    scope: 'visibility',
    build: ({ t }) => ({ method: 'PATCH', url: `/api/notificaciones/${t.notificacionId}/marcar-completada` }),
  },
  'PATCH /api/notificaciones/marcar-todas-leidas': {
    roles: EDIT,
    scope: 'visibility',
    // Ids the user does not see are simply not marked: 200 with nothing changed is a refusal too.
    refused: [200, 403, 404],
    build: ({ t }) => ({ method: 'PATCH', url: '/api/notificaciones/marcar-todas-leidas', payload: { ids: [t.notificacionId] } }),
  },
  'DELETE /api/notificaciones/:id': {
    roles: EDIT,
    scope: 'visibility',
    fresh: true,
    build: ({ t }) => ({ method: 'DELETE', url: `/api/notificaciones/${t.notificacionId}` }),
  },

  // ---- configuration ----
  'POST /api/json/definitions/:entity/:json_column': {
    roles: MANAGERS,
    scope: 'none',
    build: () => ({
      method: 'POST',
      url: '/api/json/definitions/solicitud/detalle_credito',
      payload: { definitions: [{ key: `campo_${uniq()}`, type: 'string', description: 'Campo de la matriz' }] },
    }),
  },
  'PATCH /api/json/definitions/:id': {
    roles: MANAGERS,
    scope: 'company',
    build: ({ t }) => ({ method: 'PATCH', url: `/api/json/definitions/${t.definicionId}`, payload: { description: `Descripción ${uniq()}` } }),
  },
  'DELETE /api/json/definitions/:entity/:json_column': {
    roles: MANAGERS,
    scope: 'none',
    fresh: true,
    build: () => ({ method: 'DELETE', url: '/api/json/definitions/referencia/detalle_referencia' }),
  },
  'DELETE /api/json/definitions/:entity/:json_column/:key': {
    roles: MANAGERS,
    scope: 'none',
    fresh: true,
    build: ({ t }) => ({ method: 'DELETE', url: `/api/json/definitions/referencia/detalle_referencia/${t.definicionKey}` }),
  },
  'PATCH /api/json/definitions/:entity/:json_field/reorder': {
    roles: MANAGERS,
    scope: 'none',
    build: async ({ a, w }) => {
      const keys = await groupKeys(w.ctx, w.fx[a.company].empresaId, 'solicitud');
      return {
        method: 'PATCH',
        url: '/api/json/definitions/solicitud/detalle_credito/reorder',
        payload: { field_orders: keys.map((key, i) => ({ key, order_index: i + 1 })) },
      };
    },
  },
  'GET /api/configuraciones/columnas-tabla': { roles: ALL, scope: 'none', build: () => get('/api/configuraciones/columnas-tabla') },
  'PUT /api/configuraciones/columnas-tabla': {
    roles: MANAGERS,
    scope: 'none',
    build: () => ({
      method: 'PUT',
      url: '/api/configuraciones/columnas-tabla',
      payload: { columnas: [{ nombre: 'Nombres', nombre_interno: 'nombres', activo: true, orden: 1 }] },
    }),
  },
  'POST /api/configuraciones/columnas-tabla/agregar': {
    roles: MANAGERS,
    scope: 'none',
    mutates: true,
    build: async ({ a, w, kind }) => {
      // The column must not be there yet: start from an empty list for an allowed call.
      if (kind === 'own' && MANAGERS.includes(a.role)) {
        await w.ctx.database.db.execute(sql`delete from columnas_tabla where empresa_id = ${w.fx[a.company].empresaId}`);
      }
      return { method: 'POST', url: '/api/configuraciones/columnas-tabla/agregar', payload: { nombre: 'Estado', nombre_interno: 'estado', activo: true } };
    },
  },
  'GET /api/configuraciones/categorias': { roles: ALL, scope: 'none', build: () => get('/api/configuraciones/categorias') },
  'GET /api/configuraciones/:categoria': { roles: ALL, scope: 'company', build: ({ t }) => get(`/api/configuraciones/${t.categoria}`) },
  'POST /api/configuraciones/:categoria': {
    roles: MANAGERS,
    scope: 'none',
    build: () => ({ method: 'POST', url: `/api/configuraciones/lista_${uniq()}`, payload: { descripcion: 'Lista nueva', configuracion: ['x', 'y'] } }),
  },
  'PUT /api/configuraciones/:categoria': {
    roles: MANAGERS,
    scope: 'company',
    build: ({ t }) => ({ method: 'PUT', url: `/api/configuraciones/${t.categoria}`, payload: { descripcion: `Lista ${uniq()}`, configuracion: ['a'] } }),
  },
  'DELETE /api/configuraciones/:categoria': {
    roles: MANAGERS,
    scope: 'company',
    fresh: true,
    build: ({ t }) => ({ method: 'DELETE', url: `/api/configuraciones/${t.categoria}` }),
  },

  // ---- complete record, references, observations, documents ----
  'GET /api/solicitantes/:id/traer-todos-registros': {
    roles: VIEW,
    scope: 'visibility',
    build: ({ t }) => get(`/api/solicitantes/${t.solicitanteId}/traer-todos-registros`),
  },
  'PATCH /api/solicitantes/:id/editar-registro-completo': {
    roles: EDIT,
    scope: 'visibility',
    build: ({ t }) => ({
      method: 'PATCH',
      url: `/api/solicitantes/${t.solicitanteId}/editar-registro-completo`,
      payload: { solicitante: { nombres: 'Renata' }, solicitudes: [{ id: t.solicitudId, ciudad_solicitud: 'Tunja' }] },
    }),
  },
  'PUT /api/edit-record/': {
    roles: EDIT,
    scope: 'visibility',
    build: ({ a, t }) => ({ method: 'PUT', url: '/api/edit-record/', payload: { cedula: a.cedula, solicitud: { id: t.solicitudId, ciudad_solicitud: 'Neiva' } } }),
  },
  'PATCH /api/solicitudes/:id': {
    roles: EDIT,
    scope: 'visibility',
    build: ({ t }) => ({ method: 'PATCH', url: `/api/solicitudes/${t.solicitudId}`, payload: { ciudad_solicitud: `Tunja ${uniq()}` } }),
  },
  'DELETE /api/solicitudes/:id': {
    roles: DELETE,
    scope: 'visibility',
    fresh: true,
    build: ({ t }) => ({ method: 'DELETE', url: `/api/solicitudes/${t.solicitudId}` }),
  },
  'DELETE /api/delete-customer/:id': {
    roles: DELETE,
    scope: 'visibility',
    fresh: true,
    build: ({ t }) => ({ method: 'DELETE', url: `/api/delete-customer/${t.solicitanteId}` }),
  },
  'GET /api/solicitudes/:id/observaciones': { roles: VIEW, scope: 'visibility', build: ({ t }) => get(`/api/solicitudes/${t.solicitudId}/observaciones`) },
  'GET /api/solicitudes/:id/historial': { roles: MANAGERS, scope: 'company', build: ({ t }) => get(`/api/solicitudes/${t.solicitudId}/historial`) },
  'GET /api/solicitudes/:id/correos': { roles: ROLES_CORREOS, scope: 'visibility', build: ({ t }) => get(`/api/solicitudes/${t.solicitudId}/correos`) },
  'POST /api/solicitudes/:id/correos/:correoId/reintentar': {
    roles: MANAGERS,
    scope: 'visibility',
    mutates: true,
    build: async ({ t, w }) => ({ method: 'POST', url: `/api/solicitudes/${t.solicitudId}/correos/${await failedEmail(w, t)}/reintentar` }),
  },
  // ---- review loop (issue 34): reviewers return and close; the advisor (the shared target's
  // creator is the asesor) answers; its assignee, the read-only user, may not (no edit_customer).
  'POST /api/solicitudes/:id/devolver': {
    roles: REVIEWERS,
    scope: 'visibility',
    fresh: true,
    build: ({ t }) => ({ method: 'POST', url: `/api/solicitudes/${t.solicitudId}/devolver`, payload: { mensaje: `Revise ${uniq()}`, campos: [{ campo: 'solicitud.ciudad_solicitud', comentario: 'No coincide' }] } }),
  },
  'GET /api/solicitudes/:id/revisiones': { roles: VIEW, scope: 'visibility', build: ({ t }) => get(`/api/solicitudes/${t.solicitudId}/revisiones`) },
  'POST /api/solicitudes/:id/revisiones/:revisionId/responder': {
    roles: ['asesor'],
    scope: 'visibility',
    mutates: true,
    build: async ({ t, w }) => ({
      method: 'POST',
      url: `/api/solicitudes/${t.solicitudId}/revisiones/${await openReview(w, t)}/responder`,
      payload: { respuestas: [{ campo: 'solicitud.ciudad_solicitud', respuesta: `Revisado ${uniq()}` }] },
    }),
  },
  'POST /api/solicitudes/:id/revisiones/:revisionId/cerrar': {
    roles: REVIEWERS,
    scope: 'visibility',
    mutates: true,
    build: async ({ t, w }) => ({ method: 'POST', url: `/api/solicitudes/${t.solicitudId}/revisiones/${await openReview(w, t)}/cerrar` }),
  },
  'POST /api/solicitudes/:id/observaciones': {
    roles: EDIT,
    scope: 'visibility',
    build: ({ t }) => ({ method: 'POST', url: `/api/solicitudes/${t.solicitudId}/observaciones`, payload: { observacion: `Nota ${uniq()}` } }),
  },
  'GET /api/referencias': { roles: VIEW, scope: 'visibility', build: ({ t }) => get(`/api/referencias?solicitud_id=${t.solicitudId}`) },
  'POST /api/referencias': {
    roles: EDIT,
    scope: 'visibility',
    fresh: true,
    build: ({ t }) => ({
      method: 'POST',
      url: '/api/referencias',
      payload: { solicitante_id: t.solicitanteId, referencia: { tipo_referencia: 'familiar', nombre_completo: 'Ana Ruiz' } },
    }),
  },
  'PATCH /api/referencias': {
    roles: EDIT,
    scope: 'visibility',
    build: ({ t }) => ({
      method: 'PATCH',
      url: '/api/referencias',
      payload: { solicitante_id: t.solicitanteId, referencia_id: t.referenciaId, updates: { ciudad: `Cali ${uniq()}` } },
    }),
  },
  'DELETE /api/referencias': {
    roles: EDIT,
    scope: 'visibility',
    fresh: true,
    build: ({ t }) => ({ method: 'DELETE', url: '/api/referencias', payload: { solicitante_id: t.solicitanteId, referencia_id: t.referenciaId } }),
  },
  'GET /api/json/:entity/:recordId/:jsonColumn': {
    roles: VIEW,
    scope: 'visibility',
    build: ({ t }) => get(`/api/json/solicitudes/${t.solicitudId}/detalle_credito`),
  },
  'PATCH /api/json/:entity/:recordId/:jsonColumn': {
    roles: EDIT,
    scope: 'visibility',
    build: ({ t }) => ({ method: 'PATCH', url: `/api/json/solicitud/${t.solicitudId}/detalle_credito`, payload: { value: { nota_json: `Nota ${uniq()}` } } }),
  },
  'PUT /api/json/:entity/:recordId/:jsonColumn': {
    roles: EDIT,
    scope: 'visibility',
    build: ({ t }) => ({ method: 'PUT', url: `/api/json/referencias/${t.referenciaId}/detalle_referencia`, payload: { path: 'ciudad', value: `Cali ${uniq()}` } }),
  },
  'POST /api/json/:entity/:recordId/:jsonColumn': {
    roles: EDIT,
    scope: 'visibility',
    build: ({ t }) => ({ method: 'POST', url: `/api/json/solicitantes/${t.solicitanteId}/info_extra`, payload: { value: { profesion: `Oficio ${uniq()}` } } }),
  },
  'DELETE /api/json/:entity/:recordId/:jsonColumn': {
    roles: EDIT,
    scope: 'visibility',
    build: ({ t }) => ({ method: 'DELETE', url: `/api/json/solicitud/${t.solicitudId}/detalle_credito?path=nota_json` }),
  },
  // Legacy create: 201, or 409 when the applicant already has the block (tests/api/rutas-spec.test.ts).
  'POST /api/ubicaciones/': {
    roles: EDIT,
    scope: 'visibility',
    ok: [201, 409],
    build: ({ t }) => ({ method: 'POST', url: '/api/ubicaciones/', payload: { solicitante_id: t.solicitanteId, barrio: `Chipre ${uniq()}` } }),
  },
  // Legacy create: 201, or 409 when the applicant already has the block (tests/api/rutas-spec.test.ts).
  'POST /api/actividad_economica/': {
    roles: EDIT,
    scope: 'visibility',
    ok: [201, 409],
    build: ({ t }) => ({ method: 'POST', url: '/api/actividad_economica/', payload: { solicitante_id: t.solicitanteId, cargo_actual: `Analista ${uniq()}` } }),
  },
  // Legacy create: 201, or 409 when the applicant already has the block (tests/api/rutas-spec.test.ts).
  'POST /api/informacion_financiera/': {
    roles: EDIT,
    scope: 'visibility',
    ok: [201, 409],
    build: ({ t }) => ({ method: 'POST', url: '/api/informacion_financiera/', payload: { solicitante_id: t.solicitanteId, total_activos: 85000000 } }),
  },
  // Legacy create of an applicant (legacy-create-registro.ts): a new id is created; another
  // company's (or an unseen) applicant id reused is the unknown applicant's 404, never its data.
  'POST /api/solicitantes/': {
    roles: CREATE,
    scope: 'visibility',
    ok: [201],
    build: ({ t, kind }) => {
      const values: Record<string, unknown> = { ...freshRecordBody().solicitante, id: t.solicitanteId };
      if (kind === 'own') delete values.id;
      return { method: 'POST', url: '/api/solicitantes/', payload: values };
    },
  },
  // Legacy create of an application for an applicant; fresh, so the shared applicant keeps one application.
  'POST /api/solicitudes/': {
    roles: CREATE,
    scope: 'visibility',
    fresh: true,
    ok: [201],
    build: ({ t }) => ({
      method: 'POST',
      url: '/api/solicitudes/',
      payload: { solicitante_id: t.solicitanteId, tipo_credito: 'vehicular', monto_solicitado: 45000000, plazo_meses: 60, acepta_terminos: true, acepta_firma: true },
    }),
  },
  'GET /api/documentos': { roles: VIEW, scope: 'visibility', build: ({ t }) => get(`/api/documentos?solicitud_id=${t.solicitudId}`) },
  'GET /api/documentos/:id': { roles: VIEW, scope: 'visibility', build: ({ t }) => get(`/api/documentos/${t.documentoId}`) },
  'DELETE /api/documentos/:id': {
    roles: EDIT,
    scope: 'visibility',
    fresh: true,
    build: ({ t }) => ({ method: 'DELETE', url: `/api/documentos/${t.documentoId}` }),
  },
  'POST /api/documentos': {
    roles: EDIT,
    scope: 'visibility',
    build: ({ t }) => ({
      method: 'POST',
      url: '/api/documentos',
      ...multipart({ solicitud_id: t.solicitudId, id: randomUUID() }, [{ field: 'file', name: 'extracto.pdf', data: PDF }]),
    }),
  },
  'POST /api/uploads': {
    roles: EDIT,
    scope: 'visibility',
    ok: [201],
    build: ({ t }) => tusCreate('/api/uploads', { solicitud_id: t.solicitudId, filename: 'extracto.pdf' }),
  },
  'PATCH /api/uploads/:id': {
    roles: EDIT,
    scope: 'visibility',
    ok: [204],
    mutates: true,
    build: async (c) => tusPatch(`/api/uploads/${await staffUpload(c)}`),
  },
  'DELETE /api/uploads/:id': {
    roles: EDIT,
    scope: 'visibility',
    ok: [204],
    mutates: true,
    build: async (c) => ({ method: 'DELETE', url: `/api/uploads/${await staffUpload(c)}`, headers: TUS }),
  },
  'POST /api/notificaciones/email': {
    roles: EDIT,
    scope: 'visibility',
    // One e-mail per application every 10 minutes (modules/email/encolar.ts): each allowed call needs its own.
    fresh: true,
    build: ({ t }) => ({
      method: 'POST',
      url: '/api/notificaciones/email',
      payload: { tipo: 'cambio_banco', destinatario: 'gerencia@demo.co', datos: { solicitud_id: t.solicitudId, banco_nuevo: 'Nu Bank' } },
    }),
  },
  'POST /api/descargar-ventas/': { roles: SALES, scope: 'none', build: () => ({ method: 'POST', url: '/api/descargar-ventas/', payload: {} }) },

  // ---- statistics ----
  'GET /api/estadisticas/generales': { roles: ALL, scope: 'none', build: () => get('/api/estadisticas/generales') },
  'GET /api/estadisticas/rendimiento': { roles: ALL, scope: 'none', build: () => get('/api/estadisticas/rendimiento?dias=90') },
  'GET /api/estadisticas/financieras': { roles: ALL, scope: 'none', build: () => get('/api/estadisticas/financieras') },
  'GET /api/estadisticas/completas': { roles: ALL, scope: 'none', build: () => get('/api/estadisticas/completas') },
  'GET /api/estadisticas/usuarios': { roles: MANAGERS, scope: 'none', build: () => get('/api/estadisticas/usuarios') },
};

const routeKey = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
const isWrite = (method: string) => method !== 'GET';

// Every JSON answer of the matrix is also checked against GET /api/openapi.json (last test).
const answers = answerRecorder();
let ctx: TestContext;
let w: SecurityWorld;
beforeAll(async () => {
  ctx = await createTestContext({ beforeReady: answers.install });
  w = await createSecurityWorld(ctx);
}, 300_000);
afterAll(() => ctx?.close());

describe('route table ⇄ matrix', () => {
  it('has an entry for every route and a route for every entry', () => {
    const routes = ctx.app.routeTable.map(routeKey);
    expect(routes.filter((k) => !MATRIX[k]), 'routes without a matrix entry').toEqual([]);
    expect(Object.keys(MATRIX).filter((k) => !routes.includes(k)), 'matrix entries without a route').toEqual([]);
    // Entries declare public exactly for the public routes.
    for (const r of ctx.app.routeTable) expect(!!MATRIX[routeKey(r)].public, routeKey(r)).toBe(r.access === 'public');
  });

  it('has no route that writes the audit trail directly', () => {
    const writers = ctx.app.routeTable.filter((r) => isWrite(r.method) && /audit/i.test(r.url));
    expect(writers).toEqual([]);
  });
});

describe('every route × every role × both companies', () => {
  it('answers 401/403/404 as the rules say, leaks nothing, and refused writes change nothing', async () => {
    let calls = 0;
    const cells = new Set<string>();
    let audit: AuditState = await auditState(ctx);
    let whole: Record<string, string> | null = null;
    const failures: string[] = [];

    const send = async (opts: InjectOptions, a: Actor | null, entry?: Entry) => {
      calls += 1;
      const headers = { ...(opts.headers ?? {}) } as Record<string, string>;
      if (a) headers.authorization = `Bearer ${entry?.session ? await entry.session(a) : a.token}`;
      return ctx.app.inject({ ...opts, headers });
    };

    /** After a write: the audit trail only grew and its earlier rows are unchanged. */
    const checkAudit = async (label: string) => {
      const now = await auditState(ctx, audit);
      if (now.count < audit.count || now.prevHash !== audit.hash) failures.push(`${label}: audit rows changed or removed`);
      audit = now;
    };

    for (const route of ctx.app.routeTable) {
      const key = routeKey(route);
      const entry = MATRIX[key];
      const write = isWrite(route.method);

      // 1. Without a token.
      {
        const a = w.actor(1, 'admin');
        const opts = await entry.build({ a, t: w.fx[1].shared, kind: 'own', w });
        if (entry.mutates) whole = null;
        const before = write && !entry.public ? (whole ??= await fingerprint(ctx)) : null;
        const res = await send(opts, null);
        if (entry.public) {
          if (!(entry.ok ?? [200, 201]).includes(res.statusCode)) failures.push(`${key} public: ${res.statusCode} ${res.body.slice(0, 200)}`);
          whole = null;
        } else {
          if (res.statusCode !== 401) failures.push(`${key} without token: ${res.statusCode}`);
          else expect(res.json()).toMatchObject({ ok: false, code: 'UNAUTHENTICATED' });
          if (before) {
            const after = await fingerprint(ctx);
            if (JSON.stringify(after) !== JSON.stringify(before)) failures.push(`${key} without token changed data`);
            whole = after;
          }
        }
        if (write) await checkAudit(`${key} anon`);
      }

      for (const a of w.actors) {
        cells.add(`${key}|${a.role}|${a.company}`);
        const allowed = entry.roles.includes(a.role);

        // 2. Own company, objects the role sees.
        {
          const t = entry.fresh && allowed ? await w.freshTarget(a.company, 'shared') : w.fx[a.company].shared;
          const opts = await entry.build({ a, t, kind: 'own', w });
          if (entry.mutates || (entry.fresh && allowed)) whole = null;
          const label = `${key} as ${a.label}`;
          const theirs = write && allowed ? await fingerprint(ctx, { empresaId: w.fx[other(a.company)].empresaId }) : null;
          const before = write && !allowed ? (whole ??= await fingerprint(ctx)) : null;
          const res = await send(opts, a, entry);
          const expected = allowed ? (entry.ok ?? [200, 201]) : [403];
          if (!expected.includes(res.statusCode)) failures.push(`${label}: ${res.statusCode} (expected ${expected}) ${res.body.slice(0, 300)}`);
          if (!allowed && res.statusCode === 403) expect(res.json()).toMatchObject({ ok: false, code: 'FORBIDDEN' });
          const leaks = leaked(w.secrets[other(a.company)], res, opts);
          if (leaks.length) failures.push(`${label}: leaks other company's ${leaks.slice(0, 5).join(', ')}`);
          if (RESTRICTED.includes(a.role)) {
            const hid = leaked(w.hiddenSecrets[a.company], res, opts);
            if (hid.length) failures.push(`${label}: leaks unseen ${hid.join(', ')}`);
          }
          if (theirs) {
            const after = await fingerprint(ctx, { empresaId: w.fx[other(a.company)].empresaId });
            if (JSON.stringify(after) !== JSON.stringify(theirs)) failures.push(`${label}: changed the other company's rows`);
          }
          if (before) {
            const after = await fingerprint(ctx);
            if (JSON.stringify(after) !== JSON.stringify(before)) failures.push(`${label}: refused but changed data`);
            whole = after;
          } else if (write) whole = null;
          if (write) await checkAudit(label);
        }

        // 3. The other company's objects; 4. own-company objects this role may not see.
        const probes: Array<[Kind, Target]> = [];
        if (entry.scope !== 'none') probes.push(['foreign', w.fx[other(a.company)].shared]);
        if (entry.scope === 'visibility' && RESTRICTED.includes(a.role)) probes.push(['hidden', w.fx[a.company].hidden]);
        for (const [kind, t] of probes) {
          const opts = await entry.build({ a, t, kind, w });
          const label = `${key} as ${a.label} on ${kind} ids`;
          const exclude = key === 'POST /api/sync/push' ? ['sync_clients', 'sync_results'] : [];
          const before = write ? await fingerprint(ctx, { exclude }) : null;
          const res = await send(opts, a, entry);
          const refused = entry.refused ?? [403, 404];
          if (!refused.includes(res.statusCode) && !(allowed ? [] : [403]).includes(res.statusCode)) {
            failures.push(`${label}: ${res.statusCode} ${res.body.slice(0, 300)}`);
          } else if (res.statusCode === 200 && entry.refusedBody && allowed) {
            try {
              entry.refusedBody(res);
            } catch (err) {
              failures.push(`${label}: ${(err as Error).message}`);
            }
          }
          const secrets = kind === 'foreign' ? w.secrets[other(a.company)] : w.hiddenSecrets[a.company];
          const leaks = leaked(secrets, res, opts);
          if (leaks.length) failures.push(`${label}: leaks ${leaks.slice(0, 5).join(', ')}`);
          if (before) {
            const after = await fingerprint(ctx, { exclude });
            if (JSON.stringify(after) !== JSON.stringify(before)) {
              const changed = Object.keys(after).filter((k) => after[k] !== before[k]);
              failures.push(`${label}: refused but changed ${changed.join(', ')}`);
            }
            whole = null;
            await checkAudit(label);
          }
        }
      }
    }

    const routes = ctx.app.routeTable.length;
    console.log(
      `[matrix] ${routes} routes × ${ROLES.length} roles × 2 companies = ${cells.size} cells; ${calls} requests in all`,
    );
    expect(cells.size).toBe(routes * ROLES.length * 2);
    expect(failures).toEqual([]);
  }, 900_000);
});

describe('the answers of every route × every role', () => {
  it('have the shapes GET /api/openapi.json documents (tests/api/openapi-answers.ts)', async () => {
    const { checked, routes, mismatches } = await answers.check(ctx.app);
    console.log(`[matrix] ${checked} JSON answers of ${routes.size} routes checked against the OpenAPI document`);
    expect(mismatches).toEqual([]);
    expect(routes.size).toBeGreaterThan(80);
  });
});
