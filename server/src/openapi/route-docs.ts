/**
 * What GET /api/openapi.json says about each route: a Spanish summary and the valibot schemas the
 * route parses its body and query with (the same objects, imported from the route files and
 * src/domain), converted to JSON Schema by @valibot/to-json-schema in plugins/openapi.ts.
 * Invariants:
 * - one entry per route of the app's route table (`METHOD url`); tests/api/openapi.test.ts fails
 *   on a route without one, and on an entry without a route;
 * - a route that takes a body names its schema, or says what it takes instead (`bodyKind`:
 *   multipart, a tus byte stream, the spec's whole-record shape as a plain object);
 * - path parameters come from the URL itself (`:name`), each a string.
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

export type BodyKind = 'json' | 'multipart' | 'tus' | 'none';

export interface RouteDoc {
  summary: string;
  tag: string;
  body?: v.GenericSchema;
  /** What the body is when it is not a JSON schema; 'none' for a write that takes no body. */
  bodyKind?: Exclude<BodyKind, 'json'>;
  query?: v.GenericSchema;
  /** A non-JSON answer (a file, CSV, Prometheus text). */
  produces?: string;
}

const Obj = plainRecord(v.string(), v.unknown());
const none = { bodyKind: 'none' } as const;

export const ROUTE_DOCS: Record<string, RouteDoc> = {
  'GET /api/health': { tag: 'Operación', summary: 'Estado del proceso' },
  'GET /api/ready': { tag: 'Operación', summary: 'Listo para atender: la base de datos responde' },
  'GET /api/metrics': { tag: 'Operación', summary: 'Métricas Prometheus (Bearer METRICS_TOKEN; 404 sin él)', produces: 'text/plain' },
  'GET /api/openapi.json': { tag: 'Operación', summary: 'Este documento OpenAPI 3.1' },
  'GET /api/legal/operador': { tag: 'Público', summary: 'Identidad del operador para las páginas legales' },
  'POST /api/auth/login': { tag: 'Sesión', summary: 'Iniciar sesión', body: LoginBody },
  'GET /api/validate-token': { tag: 'Sesión', summary: 'Validar el token y devolver el usuario' },

  'GET /api/seguimiento/radicado/:n': { tag: 'Público', summary: 'Seguimiento de una solicitud por radicado' },
  'GET /api/seguimiento/radicado/:n/estados': { tag: 'Público', summary: 'Etapas del seguimiento por radicado' },
  'GET /api/seguimiento/archivo/:docId': { tag: 'Público', summary: 'Archivo de un documento del seguimiento', produces: 'application/octet-stream' },
  'POST /api/seguimiento/actualizar-documentos': { tag: 'Público', summary: 'Subir documentos desde el seguimiento público', bodyKind: 'multipart' },
  'POST /api/seguimiento/uploads': { tag: 'Público', summary: 'Crear una subida reanudable (tus) desde el seguimiento', bodyKind: 'tus' },
  'PATCH /api/seguimiento/uploads/:id': { tag: 'Público', summary: 'Enviar bytes de una subida reanudable (tus)', bodyKind: 'tus' },
  'DELETE /api/seguimiento/uploads/:id': { tag: 'Público', summary: 'Cancelar una subida reanudable (tus)' },
  'POST /api/seguimiento/actualizar-estado': { tag: 'Seguimiento', summary: 'Actualizar las etapas de un radicado', body: EstadoBody },
  'PATCH /api/solicitudes/:id/etapas/:etapa': { tag: 'Seguimiento', summary: 'Actualizar una etapa del seguimiento', body: ActualizarEtapaArgs },

  'GET /api/dashboard/tabla': { tag: 'Solicitudes', summary: 'Tabla de solicitudes visibles para el usuario' },
  'GET /api/solicitudes/estados-disponibles': { tag: 'Solicitudes', summary: 'Estados de solicitud de la empresa' },
  'PATCH /api/solicitudes/actualizar-estado': { tag: 'Solicitudes', summary: 'Cambiar el estado de una solicitud', body: ActualizarEstadoBody },
  'POST /api/solicitantes/crear-registro-completo': { tag: 'Solicitudes', summary: 'Crear una solicitud completa', body: SpecBody },
  'GET /api/solicitantes/:id/traer-todos-registros': { tag: 'Solicitudes', summary: 'Registro completo de un solicitante' },
  'PATCH /api/solicitantes/:id/editar-registro-completo': { tag: 'Solicitudes', summary: 'Editar el registro completo', body: Obj },
  'PUT /api/edit-record/': { tag: 'Solicitudes', summary: 'Editar el registro completo (ruta heredada)', body: Obj },
  'PATCH /api/solicitudes/:id': { tag: 'Solicitudes', summary: 'Editar campos de una solicitud', body: Obj },
  'DELETE /api/solicitudes/:id': { tag: 'Solicitudes', summary: 'Eliminar una solicitud' },
  'DELETE /api/delete-customer/:id': { tag: 'Solicitudes', summary: 'Eliminar una solicitud (ruta heredada)' },
  'GET /api/solicitudes/:id/observaciones': { tag: 'Solicitudes', summary: 'Observaciones de una solicitud' },
  'POST /api/solicitudes/:id/observaciones': { tag: 'Solicitudes', summary: 'Agregar una observación', body: ObservacionBody },
  'GET /api/solicitudes/:id/historial': { tag: 'Solicitudes', summary: 'Historial de cambios de una solicitud' },
  'POST /api/solicitudes/:id/devolver': { tag: 'Revisiones', summary: 'Devolver una solicitud al asesor para corrección', body: DevolverBody },
  'GET /api/solicitudes/:id/revisiones': { tag: 'Revisiones', summary: 'Revisiones de una solicitud, la más reciente primero' },
  'POST /api/solicitudes/:id/revisiones/:revisionId/responder': { tag: 'Revisiones', summary: 'Responder una revisión', body: ResponderBody },
  'POST /api/solicitudes/:id/revisiones/:revisionId/cerrar': { tag: 'Revisiones', summary: 'Cerrar una revisión', ...none },
  'GET /api/referencias': { tag: 'Solicitudes', summary: 'Referencias de una solicitud', query: RegistroQuery },
  'POST /api/referencias': { tag: 'Solicitudes', summary: 'Agregar una referencia', body: ReferenciaPost },
  'PATCH /api/referencias': { tag: 'Solicitudes', summary: 'Editar una referencia', body: ReferenciaPatchBody },
  'DELETE /api/referencias': { tag: 'Solicitudes', summary: 'Eliminar una referencia', body: ReferenciaDeleteBody },
  'POST /api/ubicaciones/': { tag: 'Solicitudes', summary: 'Crear la ubicación de un solicitante (ruta heredada)', body: LegacyCreateBody },
  'POST /api/actividad_economica/': { tag: 'Solicitudes', summary: 'Crear la actividad económica de un solicitante (ruta heredada)', body: LegacyCreateBody },
  'POST /api/informacion_financiera/': { tag: 'Solicitudes', summary: 'Crear la información financiera de un solicitante (ruta heredada)', body: LegacyCreateBody },
  'POST /api/solicitantes/': { tag: 'Solicitudes', summary: 'Crear un solicitante (ruta heredada; visible con su primera solicitud)', body: LegacySolicitanteBody },
  'POST /api/solicitudes/': { tag: 'Solicitudes', summary: 'Radicar una solicitud para un solicitante (ruta heredada)', body: LegacySolicitudBody },
  'GET /api/documentos': { tag: 'Documentos', summary: 'Documentos de una solicitud', query: RegistroQuery },
  'GET /api/documentos/:id': { tag: 'Documentos', summary: 'Descargar un documento', produces: 'application/octet-stream' },
  'DELETE /api/documentos/:id': { tag: 'Documentos', summary: 'Eliminar un documento' },
  'POST /api/documentos': { tag: 'Documentos', summary: 'Subir documentos de una solicitud', bodyKind: 'multipart' },
  'POST /api/uploads': { tag: 'Documentos', summary: 'Crear una subida reanudable (tus)', bodyKind: 'tus' },
  'PATCH /api/uploads/:id': { tag: 'Documentos', summary: 'Enviar bytes de una subida reanudable (tus)', bodyKind: 'tus' },
  'DELETE /api/uploads/:id': { tag: 'Documentos', summary: 'Cancelar una subida reanudable (tus)' },

  'GET /api/sync/pull': { tag: 'Sincronización', summary: 'Traer cambios desde el cursor', query: PullQuery },
  'POST /api/sync/push': { tag: 'Sincronización', summary: 'Enviar mutaciones pendientes', body: PushBodySchema },

  'GET /api/usuarios': { tag: 'Usuarios', summary: 'Usuarios de la empresa' },
  'GET /api/usuarios/:id': { tag: 'Usuarios', summary: 'Un usuario' },
  'POST /api/usuarios': { tag: 'Usuarios', summary: 'Crear un usuario', body: UsuarioNuevoSchema },
  'PUT /api/usuarios/:id': { tag: 'Usuarios', summary: 'Editar un usuario', body: UsuarioCambiosSchema },
  'DELETE /api/usuarios/:id': { tag: 'Usuarios', summary: 'Eliminar un usuario' },
  'PUT /api/perfil': { tag: 'Usuarios', summary: 'Editar el perfil propio', body: PerfilBody },
  'POST /api/perfil/contrasena': { tag: 'Usuarios', summary: 'Cambiar la contraseña propia', body: CambioContrasenaSchema },

  'GET /api/schema/:entity': { tag: 'Configuración', summary: 'Campos de una entidad del formulario' },
  'GET /api/json/schema/agrupado': { tag: 'Configuración', summary: 'Campos de todas las entidades, agrupados' },
  'GET /api/json/schema/:entity/:target': { tag: 'Configuración', summary: 'Campos de una columna JSON' },
  'GET /api/json/:entity/:recordId/:jsonColumn': { tag: 'Solicitudes', summary: 'Leer la columna JSON de un registro (o una clave con ?path=)', query: JsonQuery },
  'PATCH /api/json/:entity/:recordId/:jsonColumn': { tag: 'Solicitudes', summary: 'Guardar claves de la columna JSON de un registro', body: JsonWriteBody, query: JsonQuery },
  'PUT /api/json/:entity/:recordId/:jsonColumn': { tag: 'Solicitudes', summary: 'Guardar claves de la columna JSON de un registro (como PATCH)', body: JsonWriteBody, query: JsonQuery },
  'POST /api/json/:entity/:recordId/:jsonColumn': { tag: 'Solicitudes', summary: 'Guardar claves de la columna JSON de un registro (como PATCH)', body: JsonWriteBody, query: JsonQuery },
  'DELETE /api/json/:entity/:recordId/:jsonColumn': { tag: 'Solicitudes', summary: 'Vaciar una clave de la columna JSON de un registro (?path=)', query: JsonQuery, bodyKind: 'none' },
  'POST /api/json/definitions/:entity/:json_column': { tag: 'Configuración', summary: 'Guardar definiciones de campos', body: DefinitionsBody },
  'PATCH /api/json/definitions/:id': { tag: 'Configuración', summary: 'Editar una definición de campo', body: Obj },
  'DELETE /api/json/definitions/:entity/:json_column': { tag: 'Configuración', summary: 'Eliminar las definiciones de una columna' },
  'DELETE /api/json/definitions/:entity/:json_column/:key': { tag: 'Configuración', summary: 'Eliminar una definición de campo' },
  'PATCH /api/json/definitions/:entity/:json_field/reorder': { tag: 'Configuración', summary: 'Reordenar campos', body: ReorderBody },
  'GET /api/configuraciones/columnas-tabla': { tag: 'Configuración', summary: 'Columnas de la tabla' },
  'PUT /api/configuraciones/columnas-tabla': { tag: 'Configuración', summary: 'Guardar columnas de la tabla', body: ColumnasBody },
  'POST /api/configuraciones/columnas-tabla/agregar': { tag: 'Configuración', summary: 'Agregar una columna a la tabla', body: AgregarBody },
  'GET /api/configuraciones/categorias': { tag: 'Configuración', summary: 'Categorías de listas de la empresa' },
  'GET /api/configuraciones/:categoria': { tag: 'Configuración', summary: 'Valores de una categoría' },
  'POST /api/configuraciones/:categoria': { tag: 'Configuración', summary: 'Crear una categoría', body: CategoriaBody },
  'PUT /api/configuraciones/:categoria': { tag: 'Configuración', summary: 'Guardar una categoría', body: CategoriaBody },
  'DELETE /api/configuraciones/:categoria': { tag: 'Configuración', summary: 'Eliminar una categoría' },

  'GET /api/notificaciones': { tag: 'Notificaciones', summary: 'Notificaciones visibles', query: NotificacionesQuery },
  'GET /api/notificaciones/pendientes': { tag: 'Notificaciones', summary: 'Notificaciones pendientes' },
  'GET /api/notificaciones/:id': { tag: 'Notificaciones', summary: 'Una notificación' },
  'POST /api/notificaciones': { tag: 'Notificaciones', summary: 'Crear una notificación', body: CrearNotificacionArgs },
  'PUT /api/notificaciones/:id': { tag: 'Notificaciones', summary: 'Editar una notificación', body: CambiosNotificacion },
  'PATCH /api/notificaciones/:id': { tag: 'Notificaciones', summary: 'Editar campos de una notificación', body: CambiosNotificacion },
  'PATCH /api/notificaciones/:id/marcar-leida': { tag: 'Notificaciones', summary: 'Marcar como leída', ...none },
  'PATCH /api/notificaciones/:id/marcar-completada': { tag: 'Notificaciones', summary: 'Marcar como completada', ...none },
  'PATCH /api/notificaciones/marcar-todas-leidas': { tag: 'Notificaciones', summary: 'Marcar como leídas las pendientes', body: v.partial(MarcarTodasLeidasArgs) },
  'DELETE /api/notificaciones/:id': { tag: 'Notificaciones', summary: 'Eliminar una notificación' },
  'POST /api/notificaciones/email': { tag: 'Notificaciones', summary: 'Enviar por correo el cambio de banco', body: EmailBody },

  'POST /api/descargar-ventas/': { tag: 'Estadísticas', summary: 'Descargar ventas en CSV', body: Obj, produces: 'text/csv' },
  'GET /api/estadisticas/generales': { tag: 'Estadísticas', summary: 'Estadísticas generales', query: EstadisticasQuery },
  'GET /api/estadisticas/rendimiento': { tag: 'Estadísticas', summary: 'Rendimiento por usuario', query: EstadisticasQuery },
  'GET /api/estadisticas/financieras': { tag: 'Estadísticas', summary: 'Estadísticas financieras', query: EstadisticasQuery },
  'GET /api/estadisticas/completas': { tag: 'Estadísticas', summary: 'Todas las estadísticas', query: EstadisticasQuery },
  'GET /api/estadisticas/usuarios': { tag: 'Estadísticas', summary: 'Estadísticas por usuario', query: EstadisticasQuery },
};
