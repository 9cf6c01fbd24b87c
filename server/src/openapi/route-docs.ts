/**
 * What GET /api/openapi.json says about each route: a Spanish summary and the valibot schemas the
 * route parses its body and query with (the same objects, imported from the route files and
 * src/domain), converted to JSON Schema by @valibot/to-json-schema in plugins/openapi.ts.
 * Invariants:
 * - one entry per route of the app's route table (`METHOD url`); tests/api/openapi.test.ts fails
 *   on a route without one, and on an entry without a route;
 * - a route that takes a body names its schema, or says what it takes instead (`bodyKind`:
 *   multipart, a tus byte stream, the spec's whole-record shape as a plain object);
 * - path parameters come from the URL itself (`:name`), each a string;
 * - a JSON route names its answer: the shape of `data` (or the whole answer when it is not the
 *   `{ ok: true, data }` envelope); a route answering a file, text or nothing says `produces`.
 */
import * as v from 'valibot';
import { plainRecord } from '../../../src/domain/plain-record';
import { CrearNotificacionArgs, CambiosNotificacion, MarcarTodasLeidasArgs } from '../../../src/domain/notificacion';
import { CambioContrasenaSchema, UsuarioCambiosSchema, UsuarioNuevoSchema } from '../../../src/domain/usuario';
import { PushBodySchema } from '../../../src/domain/sync-protocol';
import { ActualizarEtapaArgs } from '../../../src/domain/seguimiento';
import { DevolverBody, ResponderBody } from '../../../src/domain/revision';
import { LoginBody } from '../modules/auth/routes';
import { ListQuery as NotificacionesQuery } from '../modules/notificaciones/routes';
import { AgregarBody, CategoriaBody, ColumnasBody, DefinitionsBody, ReorderBody } from '../modules/configuracion/routes';
import { PerfilBody } from '../modules/usuarios/routes';
import { EmailBody, ObservacionBody } from '../modules/registro/routes';
import { ListQuery as RegistroQuery, ReferenciaDeleteBody, ReferenciaPatchBody, ReferenciaPost } from '../modules/registro/referencias-routes';
import { Query as EstadisticasQuery } from '../modules/estadisticas/routes';
import { PullQuery } from '../modules/sync/routes';
import { SpecBody } from '../modules/formulario/routes';
import { LegacyCreateBody } from '../modules/registro/legacy-create';
import { LegacySolicitanteBody, LegacySolicitudBody } from '../modules/registro/legacy-create-registro';
import { JsonQuery, JsonWriteBody } from '../modules/formulario/json-routes';
import { EstadoBody } from '../modules/seguimiento/routes';
import { ActualizarEstadoBody } from '../modules/solicitudes/routes';
import * as A from './answers';

export type BodyKind = 'json' | 'multipart' | 'tus' | 'none';

export interface RouteDoc {
  summary: string;
  tag: string;
  body?: v.GenericSchema;
  /** What the body is when it is not a JSON schema; 'none' for a write that takes no body. */
  bodyKind?: Exclude<BodyKind, 'json'>;
  query?: v.GenericSchema;
  /** The shape of `data` in the route's `{ ok: true, data }` answer (server/src/openapi/answers.ts). */
  data?: v.GenericSchema;
  /** The whole JSON answer, for the few routes that do not answer that envelope. */
  answer?: v.GenericSchema;
  /** A non-JSON answer (a file, CSV, Prometheus text), or 'none': no body (tus answers in headers). */
  produces?: string;
}

const Obj = plainRecord(v.string(), v.unknown());
const none = { bodyKind: 'none' } as const;

export const ROUTE_DOCS: Record<string, RouteDoc> = {
  'GET /api/health': { tag: 'Operación', summary: 'Estado del proceso', answer: A.SoloOk },
  'GET /api/ready': { tag: 'Operación', summary: 'Listo para atender: la base de datos responde', answer: A.SoloOk },
  'GET /api/metrics': { tag: 'Operación', summary: 'Métricas Prometheus (Bearer METRICS_TOKEN; 404 sin él)', produces: 'text/plain' },
  'GET /api/openapi.json': { tag: 'Operación', summary: 'Este documento OpenAPI 3.1', answer: A.OpenapiDocument },
  'GET /api/legal/operador': { tag: 'Público', summary: 'Identidad del operador para las páginas legales', data: A.OperadorLegal },
  'POST /api/auth/login': { tag: 'Sesión', summary: 'Iniciar sesión', body: LoginBody, answer: A.LoginAnswer },
  'POST /api/auth/logout': { tag: 'Sesión', summary: 'Cerrar la sesión de este token (las demás sesiones del usuario siguen)', ...none, answer: A.SoloOk },
  'GET /api/validate-token': { tag: 'Sesión', summary: 'Validar el token y devolver el usuario', data: A.ValidateTokenData },

  'GET /api/seguimiento/radicado/:n': { tag: 'Público', summary: 'Seguimiento de una solicitud por radicado', data: A.Seguimiento },
  'GET /api/seguimiento/radicado/:n/estados': { tag: 'Público', summary: 'Etapas del seguimiento por radicado', data: A.Estados },
  'GET /api/seguimiento/archivo/:docId': { tag: 'Público', summary: 'Archivo de un documento del seguimiento', produces: 'application/octet-stream' },
  'POST /api/seguimiento/actualizar-documentos': { tag: 'Público', summary: 'Subir documentos desde el seguimiento público', bodyKind: 'multipart', data: A.Contados('subidos') },
  'POST /api/seguimiento/uploads': { tag: 'Público', summary: 'Crear una subida reanudable (tus) desde el seguimiento', bodyKind: 'tus', produces: 'none' },
  'PATCH /api/seguimiento/uploads/:id': { tag: 'Público', summary: 'Enviar bytes de una subida reanudable (tus)', bodyKind: 'tus', produces: 'none' },
  'DELETE /api/seguimiento/uploads/:id': { tag: 'Público', summary: 'Cancelar una subida reanudable (tus)', produces: 'none' },
  'POST /api/seguimiento/actualizar-estado': { tag: 'Seguimiento', summary: 'Actualizar las etapas de un radicado', body: EstadoBody, answer: A.SoloOk },
  'PATCH /api/solicitudes/:id/etapas/:etapa': { tag: 'Seguimiento', summary: 'Actualizar una etapa del seguimiento', body: ActualizarEtapaArgs, data: A.EtapaActualizada },

  'GET /api/dashboard/tabla': { tag: 'Solicitudes', summary: 'Tabla de solicitudes visibles para el usuario', data: v.array(A.TablaRow) },
  'GET /api/solicitudes/estados-disponibles': { tag: 'Solicitudes', summary: 'Estados de solicitud de la empresa', data: A.Estados },
  'PATCH /api/solicitudes/actualizar-estado': { tag: 'Solicitudes', summary: 'Cambiar el estado de una solicitud', body: ActualizarEstadoBody, data: A.EstadoCambiado },
  'POST /api/solicitantes/crear-registro-completo': { tag: 'Solicitudes', summary: 'Crear una solicitud completa', body: SpecBody, data: A.Creada },
  'GET /api/solicitantes/:id/traer-todos-registros': { tag: 'Solicitudes', summary: 'Registro completo de un solicitante', answer: A.RegistroCompletoAnswer },
  'PATCH /api/solicitantes/:id/editar-registro-completo': { tag: 'Solicitudes', summary: 'Editar el registro completo', body: Obj, data: A.RegistroCompleto },
  'PUT /api/edit-record/': { tag: 'Solicitudes', summary: 'Editar el registro completo (ruta heredada)', body: Obj, data: A.Editada },
  'PATCH /api/solicitudes/:id': { tag: 'Solicitudes', summary: 'Editar campos de una solicitud', body: Obj, data: A.Editada },
  'DELETE /api/solicitudes/:id': { tag: 'Solicitudes', summary: 'Eliminar una solicitud', data: A.Eliminado },
  'DELETE /api/delete-customer/:id': { tag: 'Solicitudes', summary: 'Eliminar una solicitud (ruta heredada)', data: A.Eliminados },
  'GET /api/solicitudes/:id/observaciones': { tag: 'Solicitudes', summary: 'Observaciones de una solicitud', data: A.Observaciones },
  'POST /api/solicitudes/:id/observaciones': { tag: 'Solicitudes', summary: 'Agregar una observación', body: ObservacionBody, data: A.ObservacionShape },
  'GET /api/solicitudes/:id/historial': { tag: 'Solicitudes', summary: 'Historial de cambios de una solicitud', data: A.Historial },
  'GET /api/solicitudes/:id/correos': { tag: 'Solicitudes', summary: 'Correos de una solicitud y qué pasó con cada uno', data: v.array(A.CorreoShape) },
  'POST /api/solicitudes/:id/correos/:correoId/reintentar': { tag: 'Solicitudes', summary: 'Volver a poner en cola un correo que falló', ...none, data: A.CorreoShape },
  'POST /api/solicitudes/:id/devolver': { tag: 'Revisiones', summary: 'Devolver una solicitud al asesor para corrección', body: DevolverBody, data: A.RevisionShape },
  'GET /api/solicitudes/:id/revisiones': { tag: 'Revisiones', summary: 'Revisiones de una solicitud, la más reciente primero', data: v.array(A.RevisionShape) },
  'POST /api/solicitudes/:id/revisiones/:revisionId/responder': { tag: 'Revisiones', summary: 'Responder una revisión', body: ResponderBody, data: A.RevisionShape },
  'POST /api/solicitudes/:id/revisiones/:revisionId/cerrar': { tag: 'Revisiones', summary: 'Cerrar una revisión', ...none, data: A.RevisionShape },
  'GET /api/referencias': { tag: 'Solicitudes', summary: 'Referencias de una solicitud', query: RegistroQuery, data: v.array(A.ReferenciaShape) },
  'POST /api/referencias': { tag: 'Solicitudes', summary: 'Agregar una referencia', body: ReferenciaPost, data: A.ReferenciaShape },
  'PATCH /api/referencias': { tag: 'Solicitudes', summary: 'Editar una referencia', body: ReferenciaPatchBody, data: A.ReferenciaShape },
  'DELETE /api/referencias': { tag: 'Solicitudes', summary: 'Eliminar una referencia', body: ReferenciaDeleteBody, data: A.Eliminado },
  'POST /api/ubicaciones/': { tag: 'Solicitudes', summary: 'Crear la ubicación de un solicitante (ruta heredada)', body: LegacyCreateBody, data: A.UbicacionShape },
  'POST /api/actividad_economica/': { tag: 'Solicitudes', summary: 'Crear la actividad económica de un solicitante (ruta heredada)', body: LegacyCreateBody, data: A.ActividadShape },
  'POST /api/informacion_financiera/': { tag: 'Solicitudes', summary: 'Crear la información financiera de un solicitante (ruta heredada)', body: LegacyCreateBody, data: A.FinancieraShape },
  'POST /api/solicitantes/': { tag: 'Solicitudes', summary: 'Crear un solicitante (ruta heredada; visible con su primera solicitud)', body: LegacySolicitanteBody, data: A.SolicitanteCreado },
  'POST /api/solicitudes/': { tag: 'Solicitudes', summary: 'Radicar una solicitud para un solicitante (ruta heredada)', body: LegacySolicitudBody, data: A.SolicitudRadicada },
  'GET /api/documentos': { tag: 'Documentos', summary: 'Documentos de una solicitud', query: RegistroQuery, data: v.array(A.DocumentoShape) },
  'GET /api/documentos/:id': { tag: 'Documentos', summary: 'Descargar un documento', produces: 'application/octet-stream' },
  'DELETE /api/documentos/:id': { tag: 'Documentos', summary: 'Eliminar un documento', data: A.Eliminado },
  'POST /api/documentos': { tag: 'Documentos', summary: 'Subir documentos de una solicitud', bodyKind: 'multipart', data: A.DocumentoSubido },
  'POST /api/uploads': { tag: 'Documentos', summary: 'Crear una subida reanudable (tus)', bodyKind: 'tus', produces: 'none' },
  'PATCH /api/uploads/:id': { tag: 'Documentos', summary: 'Enviar bytes de una subida reanudable (tus)', bodyKind: 'tus', produces: 'none' },
  'DELETE /api/uploads/:id': { tag: 'Documentos', summary: 'Cancelar una subida reanudable (tus)', produces: 'none' },

  'GET /api/sync/pull': { tag: 'Sincronización', summary: 'Traer cambios desde el cursor', query: PullQuery, data: A.PullData },
  'POST /api/sync/push': { tag: 'Sincronización', summary: 'Enviar mutaciones pendientes', body: PushBodySchema, data: A.PushData },

  'GET /api/usuarios': { tag: 'Usuarios', summary: 'Usuarios de la empresa', data: v.array(A.UsuarioShape) },
  'GET /api/usuarios/:id': { tag: 'Usuarios', summary: 'Un usuario', data: A.UsuarioShape },
  'POST /api/usuarios': { tag: 'Usuarios', summary: 'Crear un usuario', body: UsuarioNuevoSchema, data: A.UsuarioShape },
  'PUT /api/usuarios/:id': { tag: 'Usuarios', summary: 'Editar un usuario', body: UsuarioCambiosSchema, data: A.UsuarioShape },
  'DELETE /api/usuarios/:id': { tag: 'Usuarios', summary: 'Eliminar un usuario', data: A.EliminadoUsuario },
  'PUT /api/perfil': { tag: 'Usuarios', summary: 'Editar el perfil propio', body: PerfilBody, data: A.SessionUserShape },
  'POST /api/perfil/contrasena': { tag: 'Usuarios', summary: 'Cambiar la contraseña propia', body: CambioContrasenaSchema, data: A.ContrasenaCambiada },

  'GET /api/schema/:entity': { tag: 'Configuración', summary: 'Campos de una entidad del formulario', data: A.EntitySchemaShape },
  'GET /api/json/schema/agrupado': { tag: 'Configuración', summary: 'Campos de todas las entidades, agrupados', data: A.Agrupado },
  'GET /api/json/schema/:entity/:target': { tag: 'Configuración', summary: 'Campos de una columna JSON', data: A.CamposConValor },
  'GET /api/json/:entity/:recordId/:jsonColumn': { tag: 'Solicitudes', summary: 'Leer la columna JSON de un registro (o una clave con ?path=)', query: JsonQuery, data: A.JsonValue },
  'PATCH /api/json/:entity/:recordId/:jsonColumn': { tag: 'Solicitudes', summary: 'Guardar claves de la columna JSON de un registro', body: JsonWriteBody, query: JsonQuery, data: A.JsonColumn },
  'PUT /api/json/:entity/:recordId/:jsonColumn': { tag: 'Solicitudes', summary: 'Guardar claves de la columna JSON de un registro (como PATCH)', body: JsonWriteBody, query: JsonQuery, data: A.JsonColumn },
  'POST /api/json/:entity/:recordId/:jsonColumn': { tag: 'Solicitudes', summary: 'Guardar claves de la columna JSON de un registro (como PATCH)', body: JsonWriteBody, query: JsonQuery, data: A.JsonColumn },
  'DELETE /api/json/:entity/:recordId/:jsonColumn': { tag: 'Solicitudes', summary: 'Vaciar una clave de la columna JSON de un registro (?path=)', query: JsonQuery, bodyKind: 'none', data: A.JsonColumn },
  'POST /api/json/definitions/:entity/:json_column': { tag: 'Configuración', summary: 'Guardar definiciones de campos', body: DefinitionsBody, data: v.array(A.DefinicionGuardada) },
  'PATCH /api/json/definitions/:id': { tag: 'Configuración', summary: 'Editar una definición de campo', body: Obj, data: A.DefinicionGuardada },
  'DELETE /api/json/definitions/:entity/:json_column': { tag: 'Configuración', summary: 'Eliminar las definiciones de una columna', data: A.Contados('eliminados') },
  'DELETE /api/json/definitions/:entity/:json_column/:key': { tag: 'Configuración', summary: 'Eliminar una definición de campo', data: A.Contados('eliminados') },
  'PATCH /api/json/definitions/:entity/:json_field/reorder': { tag: 'Configuración', summary: 'Reordenar campos', body: ReorderBody, data: A.Contados('actualizados') },
  'GET /api/configuraciones/columnas-tabla': { tag: 'Configuración', summary: 'Columnas de la tabla', data: A.Columnas },
  'PUT /api/configuraciones/columnas-tabla': { tag: 'Configuración', summary: 'Guardar columnas de la tabla', body: ColumnasBody, data: A.Columnas },
  'POST /api/configuraciones/columnas-tabla/agregar': { tag: 'Configuración', summary: 'Agregar una columna a la tabla', body: AgregarBody, data: A.ColumnaShape },
  'GET /api/configuraciones/categorias': { tag: 'Configuración', summary: 'Categorías de listas de la empresa', data: A.Categorias },
  'GET /api/configuraciones/:categoria': { tag: 'Configuración', summary: 'Valores de una categoría', data: A.CategoriaShape },
  'POST /api/configuraciones/:categoria': { tag: 'Configuración', summary: 'Crear una categoría', body: CategoriaBody, data: A.CategoriaShape },
  'PUT /api/configuraciones/:categoria': { tag: 'Configuración', summary: 'Guardar una categoría', body: CategoriaBody, data: A.CategoriaShape },
  'DELETE /api/configuraciones/:categoria': { tag: 'Configuración', summary: 'Eliminar una categoría', data: A.CategoriaEliminada },

  'GET /api/notificaciones': { tag: 'Notificaciones', summary: 'Notificaciones visibles', query: NotificacionesQuery, data: v.array(A.NotificacionShape) },
  'GET /api/notificaciones/pendientes': { tag: 'Notificaciones', summary: 'Notificaciones pendientes', data: v.array(A.NotificacionShape) },
  'GET /api/notificaciones/:id': { tag: 'Notificaciones', summary: 'Una notificación', data: A.NotificacionShape },
  'POST /api/notificaciones': { tag: 'Notificaciones', summary: 'Crear una notificación', body: CrearNotificacionArgs, data: A.NotificacionShape },
  'PUT /api/notificaciones/:id': { tag: 'Notificaciones', summary: 'Editar una notificación', body: CambiosNotificacion, data: A.NotificacionShape },
  'PATCH /api/notificaciones/:id': { tag: 'Notificaciones', summary: 'Editar campos de una notificación', body: CambiosNotificacion, data: A.NotificacionShape },
  'PATCH /api/notificaciones/:id/marcar-leida': { tag: 'Notificaciones', summary: 'Marcar como leída', ...none, data: A.NotificacionShape },
  'PATCH /api/notificaciones/:id/marcar-completada': { tag: 'Notificaciones', summary: 'Marcar como completada', ...none, data: A.NotificacionShape },
  'PATCH /api/notificaciones/marcar-todas-leidas': { tag: 'Notificaciones', summary: 'Marcar como leídas las pendientes', body: v.partial(MarcarTodasLeidasArgs), data: A.Contados('marcadas') },
  'DELETE /api/notificaciones/:id': { tag: 'Notificaciones', summary: 'Eliminar una notificación', data: A.Eliminada },
  'POST /api/notificaciones/email': { tag: 'Notificaciones', summary: 'Enviar por correo el cambio de banco', body: EmailBody, data: A.EmailEnviado },

  'POST /api/descargar-ventas/': { tag: 'Estadísticas', summary: 'Descargar ventas en CSV', body: Obj, produces: 'text/csv' },
  'GET /api/estadisticas/generales': { tag: 'Estadísticas', summary: 'Estadísticas generales', query: EstadisticasQuery, data: A.Estadisticas.generales },
  'GET /api/estadisticas/rendimiento': { tag: 'Estadísticas', summary: 'Rendimiento por usuario', query: EstadisticasQuery, data: A.Estadisticas.rendimiento },
  'GET /api/estadisticas/financieras': { tag: 'Estadísticas', summary: 'Estadísticas financieras', query: EstadisticasQuery, data: A.Estadisticas.financieras },
  'GET /api/estadisticas/completas': { tag: 'Estadísticas', summary: 'Todas las estadísticas', query: EstadisticasQuery, data: A.Estadisticas.completas },
  'GET /api/estadisticas/usuarios': { tag: 'Estadísticas', summary: 'Estadísticas por usuario', query: EstadisticasQuery, data: A.Estadisticas.usuarios },
};
