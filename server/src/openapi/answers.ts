/**
 * The shapes of the answers GET /api/openapi.json documents: for each JSON route, the `data` of
 * its `{ ok: true, data }` (or its whole answer when it is not that envelope). Valibot schemas,
 * converted by @valibot/to-json-schema like the bodies; the domain's enums and types where they
 * exist (`typed<T>()` makes tsc check a schema against the domain's interface of that answer).
 * Invariants:
 * - documentation only: Fastify never serializes with these (fast-json-stringify would drop every
 *   property a schema leaves out); tests/api/openapi-answers.ts checks real answers against them;
 * - objects are open (`v.object`): an answer may carry more than its schema lists, but every listed
 *   property is there with that type; a value the server may leave empty is `nullable`.
 */
import * as v from 'valibot';
import { ROLES } from '../../../src/domain/roles';
import { ESTADOS_REVISION, type Revision } from '../../../src/domain/revision';
import type { Notificacion } from '../../../src/domain/notificacion';
import type { HistorialEntry } from '../../../src/domain/historial';
import { ESTADOS_CORREO, type CorreoSolicitud } from '../../../src/domain/correo';
import type { SessionUser } from '../../../src/domain/session';
import type { Categoria } from '../../../src/domain/categoria';
import type { Columna } from '../../../src/domain/columnas';
import type { EstadisticasFinancieras, EstadisticasGenerales, EstadisticasRendimiento, EstadisticasUsuarios } from '../../../src/domain/estadisticas';
import type { Json, SolicitudRecord, ActividadBlock, DocumentoRow, FinancieraBlock, ObservacionRow, SolicitanteBlock, SolicitudBlock, UbicacionBlock } from '../../../src/domain/solicitud';
import { SYNC_ENTITIES, type PullResponse, type PushResponse, type SyncEntity } from '../../../src/domain/sync-protocol';
import { ETAPAS } from '../../../src/domain/seguimiento';
import { OperadorLegalSchema } from '../../../src/domain/legal';

/** The schema's output must fit the domain's type `T` (tsc fails when the two drift apart). */
const typed =
  <T>() =>
  <S extends v.GenericSchema<unknown, T>>(schema: S) =>
    schema;

const int = v.pipe(v.number(), v.integer());
const str = v.string();
const nstr = v.nullable(v.string());
const nint = v.nullable(int);
/** Any JSON value (documented as `{}`: no constraint). */
const AnyJson = v.custom<Json>(() => true);
/** A JSON column: any keys, any JSON values. */
const JsonObject = v.record(v.string(), AnyJson);
const Conteo = v.record(v.string(), v.number());
const list = <S extends v.GenericSchema>(item: S) => v.array(item);

// ---- session and users ------------------------------------------------------------------------

const InfoExtra = v.object({ ciudad: v.optional(str), banco_nombre: v.optional(str), linea_credito: v.optional(str) });

export const SessionUserShape = typed<Omit<SessionUser, 'rol' | 'info_extra'>>()(
  v.object({
    id: int,
    nombre: str,
    apellido: nstr,
    usuario: nstr,
    correo: str,
    cedula: str,
    rol: v.picklist(ROLES),
    empresa: str,
    empresa_id: int,
    imagen_aliado: nstr,
    info_extra: InfoExtra,
    created_at: str,
  }),
);

const LoginData = v.object({
  acceso: v.literal('AUTORIZADO'),
  usuario: SessionUserShape,
  empresa: v.object({ id: int, nombre: str, imagen: nstr }),
  rol: v.picklist(ROLES),
  access_token: str,
  token_type: v.literal('bearer'),
});
/** The login answer: the spec's fields at the top level and, again, under `data`. */
export const LoginAnswer = v.object({ ok: v.literal(true), ...LoginData.entries, data: LoginData });

export const ValidateTokenData = v.object({ valid: v.literal(true), usuario: SessionUserShape });

export const UsuarioShape = v.object({
  id: int,
  nombre: str,
  apellido: nstr,
  correo: str,
  cedula: str,
  rol: v.picklist(ROLES),
  info_extra: InfoExtra,
  created_at: str,
  updated_at: str,
});
export const EliminadoUsuario = v.object({ id: int });
export const ContrasenaCambiada = v.object({ access_token: str, token_type: v.literal('bearer') });

// ---- the application record -------------------------------------------------------------------

export const SolicitanteShape = typed<SolicitanteBlock>()(
  v.object({
    id: str,
    nombres: str,
    primer_apellido: str,
    segundo_apellido: nstr,
    correo: nstr,
    numero_documento: str,
    tipo_identificacion: nstr,
    fecha_nacimiento: nstr,
    genero: nstr,
    info_extra: JsonObject,
  }),
);
export const UbicacionShape = typed<UbicacionBlock>()(
  v.object({ id: str, ciudad_residencia: nstr, departamento_residencia: nstr, barrio: nstr, estrato: nint, detalle_direccion: JsonObject }),
);
export const ActividadShape = typed<ActividadBlock>()(
  v.object({ id: str, tipo_actividad: nstr, sector_economico: nstr, cargo_actual: nstr, tipo_contrato: nstr, detalle_actividad: JsonObject }),
);
export const FinancieraShape = typed<FinancieraBlock>()(
  v.object({
    id: str,
    total_ingresos_mensuales: v.nullable(v.number()),
    total_egresos_mensuales: v.nullable(v.number()),
    total_activos: v.nullable(v.number()),
    total_pasivos: v.nullable(v.number()),
    detalle_financiera: JsonObject,
  }),
);
const Preferencias = v.object({ email: v.boolean(), sms: v.boolean() });
/** An observation as the record carries it; the observation routes add `fecha` (the spec's name). */
const ObservacionRecord = typed<ObservacionRow>()(
  v.object({ id: str, tipo: str, observacion: str, usuario_id: nint, usuario_nombre: nstr, fecha_creacion: str }),
);
export const ObservacionShape = v.object({ ...ObservacionRecord.entries, fecha: str });
const SolicitudBlockShape = typed<SolicitudBlock>()(
  v.object({
    id: str,
    estado: str,
    banco_nombre: nstr,
    ciudad_solicitud: nstr,
    tipo_credito: nstr,
    detalle_credito: JsonObject,
    preferencias_notificacion: Preferencias,
    radicado: nstr,
    created_by_user_id: nint,
    assigned_to_user_id: nint,
    created_at: str,
    updated_at: str,
  }),
);
const SolicitudShape = v.object({ ...SolicitudBlockShape.entries, observaciones_historial: list(ObservacionRecord) });
export const ReferenciaShape = v.object({
  id: str,
  referencia_id: str,
  id_tipo_referencia: nstr,
  tipo_referencia: nstr,
  solicitante_id: str,
  detalle_referencia: JsonObject,
});
const DocumentoBrief = typed<DocumentoRow>()(v.object({ id: str, nombre: str, mime: str, file_size: int, created_at: str }));
export const DocumentoShape = v.object({
  ...DocumentoBrief.entries,
  filename: str,
  solicitud_id: str,
  solicitante_id: str,
  documento_url: str,
});

/** GET /api/solicitantes/{id}/traer-todos-registros and the answer of editing it. */
export const RegistroCompleto = v.object({
  solicitante: SolicitanteShape,
  ubicaciones: list(UbicacionShape),
  actividad_economica: v.nullable(ActividadShape),
  informacion_financiera: v.nullable(FinancieraShape),
  solicitudes: list(SolicitudShape),
  referencias: list(ReferenciaShape),
  documentos: list(DocumentoBrief),
  preferencias_notificacion: v.nullable(Preferencias),
});
/** traer-todos-registros answers the spec's `{ ok, data, error: null }`. */
export const RegistroCompletoAnswer = v.object({ ok: v.literal(true), data: RegistroCompleto, error: v.null() });

/** One row of GET /api/dashboard/tabla: the spec's blocks without ids, and its flat columns. */
export const TablaRow = v.object({
  solicitante: v.object({ ...SolicitanteShape.entries }),
  ubicacion: v.nullable(v.object({ ciudad_residencia: nstr, departamento_residencia: nstr, barrio: nstr, estrato: nint, detalle_direccion: JsonObject })),
  actividad_economica: v.nullable(v.object({ sector_economico: nstr, cargo_actual: nstr, tipo_contrato: nstr, detalle_actividad: JsonObject })),
  informacion_financiera: v.nullable(
    v.object({
      total_ingresos_mensuales: v.nullable(v.number()),
      total_egresos_mensuales: v.nullable(v.number()),
      total_activos: v.nullable(v.number()),
      total_pasivos: v.nullable(v.number()),
    }),
  ),
  solicitud: v.object({ id: str, estado: str, banco: nstr, detalle_credito: JsonObject, ciudad_solicitud: nstr, observacion: nstr, created_at: str, radicado: nstr }),
  estado_solicitud: str,
  nombre_completo: str,
});

/** POST /api/solicitantes/: the applicant's block with its creation time. */
export const SolicitanteCreado = v.object({ ...SolicitanteShape.entries, created_at: str });
/** POST /api/solicitudes/: the application's block with both ids the spec's callers read. */
export const SolicitudRadicada = v.object({ ...SolicitudBlockShape.entries, solicitud_id: str, solicitante_id: str });
export const Creada = v.object({ id: str, solicitante_id: str, solicitud_id: str, radicado: str, estado: str });
export const Editada = v.object({ id: str, changed: int });
export const Eliminado = v.object({ id: str, eliminado: v.literal(true) });
export const Eliminada = v.object({ id: str, eliminada: v.literal(true) });
export const Eliminados = v.object({ eliminados: list(str) });
export const Contados = (key: string) => v.object({ [key]: int });
export const EstadoCambiado = v.object({ id: str, estado: str });
export const Estados = v.object({ estados: list(str) });
export const Historial = list(
  typed<HistorialEntry>()(
    v.object({
      id: int,
      fecha: str,
      usuario_id: nint,
      usuario_nombre: nstr,
      entidad: str,
      entidad_id: str,
      accion: str,
      cambios: v.record(v.string(), v.object({ old: v.unknown(), new: v.unknown() })),
    }),
  ),
);
export const Observaciones = v.object({ historial: list(ObservacionShape) });
export const DocumentoSubido = v.object({ ...DocumentoShape.entries, nuevo: v.boolean() });

// ---- reviews ----------------------------------------------------------------------------------

export const RevisionShape = typed<Revision>()(
  v.object({
    id: str,
    solicitud_id: str,
    estado: v.picklist(ESTADOS_REVISION),
    mensaje: str,
    campos: list(v.object({ campo: str, comentario: str, respuesta: nstr, antes: v.unknown(), despues: v.unknown() })),
    ronda: int,
    devuelta_por: int,
    devuelta_por_nombre: str,
    devuelta_en: str,
    respondida_por: nint,
    respondida_por_nombre: nstr,
    respondida_en: nstr,
    cerrada_por: nint,
    cerrada_por_nombre: nstr,
    cerrada_en: nstr,
  }),
);

// ---- tracking ---------------------------------------------------------------------------------

export const Seguimiento = v.object({
  id_radicado: str,
  banco: nstr,
  producto_solicitado: nstr,
  estado_global: str,
  fecha_cambio: nstr,
  empresa: v.object({
    nombre: str,
    contacto: v.object({ telefono: v.optional(nstr), whatsapp: v.optional(nstr), correo: v.optional(nstr), horario: v.optional(nstr) }),
  }),
  etapas: list(
    v.object({
      etapa: v.picklist(ETAPAS),
      estado: str,
      comentarios: nstr,
      fecha_actualizacion: nstr,
      archivos: list(v.object({ id: str, nombre: str, estado: str, url: str })),
      historial: list(v.object({ estado: str, comentario: nstr, fecha: str })),
    }),
  ),
});
export const EtapaActualizada = v.object({ solicitudId: str, etapa: v.picklist(ETAPAS), estado: str, comentarios: nstr, changed: v.boolean() });
/** Answers without data: `{ ok: true }`. */
export const SoloOk = v.object({ ok: v.literal(true) });

// ---- configuration ----------------------------------------------------------------------------

const ListValues = v.nullable(JsonObject);
const Condicion = v.nullable(v.object({ field: str, value: v.unknown() }));
/** A stored field definition (`json_definitions`). */
export const Definicion = v.object({
  id: int,
  entity: str,
  json_column: str,
  key: str,
  type: str,
  required: v.boolean(),
  description: nstr,
  order_index: nint,
  default_value: v.unknown(),
  list_values: ListValues,
  conditional_on: Condicion,
  isActive: v.boolean(),
});
export const DefinicionGuardada = v.object({ ...Definicion.entries, empresa_id: int });
const CampoFijo = v.object({ key: str, type: str, required: v.boolean(), description: nstr, order_index: nint, list_values: v.optional(ListValues) });
export const EntitySchemaShape = v.object({
  entidad: str,
  tabla: nstr,
  json_column: str,
  total_campos: int,
  campos_fijos: list(CampoFijo),
  campos_dinamicos: list(Definicion),
});
/** A record's JSON column after a write, or as read: the whole object. */
export const JsonColumn = v.pipe(JsonObject, v.description('La columna JSON completa del registro'));
/** A read with `?path=` answers that key's value, any JSON; without it, the whole column. */
export const JsonValue = v.pipe(
  v.union([JsonObject, v.array(v.unknown()), v.string(), v.number(), v.boolean(), v.null()]),
  v.description('La columna JSON completa, o con ?path= el valor de esa clave'),
);
export const Agrupado = v.record(v.string(), EntitySchemaShape);
export const CamposConValor = list(v.object({ ...Definicion.entries, value: v.unknown() }));

export const CategoriaShape = typed<Categoria>()(v.object({ id: int, categoria: str, descripcion: str, activo: v.boolean(), configuracion: v.unknown() }));
export const Categorias = v.object({ categorias: list(str) });
export const CategoriaEliminada = v.object({ categoria: str });
export const ColumnaShape = typed<Columna>()(v.object({ id: int, nombre: str, nombre_interno: str, activo: v.boolean(), orden: int }));
export const Columnas = v.object({ columnas: list(ColumnaShape) });

// ---- notifications ----------------------------------------------------------------------------

export const NotificacionShape = typed<Notificacion>()(
  v.object({
    id: str,
    tipo: str,
    titulo: str,
    mensaje: str,
    prioridad: str,
    estado: str,
    fecha_recordatorio: nstr,
    fecha_vencimiento: nstr,
    solicitud_id: nstr,
    metadata: v.objectWithRest({ accion_requerida: v.optional(str), estado_actual: v.optional(str) }, v.unknown()),
    datos_adicionales: v.nullable(JsonObject),
    created_at: str,
    updated_at: str,
  }),
);
export const EmailEnviado = v.object({ tipo: str, destinatarios: int, estado: str });

// ---- statistics -------------------------------------------------------------------------------

const Generales = typed<EstadisticasGenerales>()(
  v.object({
    total_solicitantes: int,
    total_solicitudes: int,
    total_documentos: int,
    solicitudes_por_dia: Conteo,
    solicitudes_por_estado: Conteo,
    solicitudes_por_banco: Conteo,
    solicitudes_por_ciudad: Conteo,
  }),
);
const Rendimiento = typed<EstadisticasRendimiento>()(
  v.object({
    solicitudes_completadas: int,
    solicitudes_pendientes: int,
    periodo_dias: int,
    solicitudes_por_dia: Conteo,
    productividad_usuarios: Conteo,
    devoluciones_por_asesor: v.optional(
      list(v.object({ asesor: str, solicitudes: int, devueltas: int, porcentaje_devueltas: v.number(), respondidas: int, mediana_horas_respuesta: v.nullable(v.number()) })),
    ),
  }),
);
const Financieras = typed<EstadisticasFinancieras>()(
  v.object({
    referencias_promedio: v.number(),
    documentos_promedio: v.number(),
    total_referencias: int,
    total_documentos: int,
    rangos_ingresos: Conteo,
    tipos_actividad_economica: Conteo,
    periodo_dias: int,
    monto_total_solicitado: v.number(),
    monto_promedio_solicitado: v.number(),
    monto_total_aprobado: v.number(),
    monto_total_desembolsado: v.number(),
  }),
);
const Usuarios = typed<EstadisticasUsuarios>()(
  v.object({ total_usuarios: int, usuarios_por_rol: Conteo, usuarios_por_banco: Conteo, usuarios_por_ciudad: Conteo }),
);
const estadisticas = <S extends v.GenericSchema>(s: S) => v.object({ estadisticas: s });
export const Estadisticas = {
  generales: estadisticas(Generales),
  rendimiento: estadisticas(Rendimiento),
  financieras: estadisticas(Financieras),
  completas: estadisticas(v.object({ generales: Generales, rendimiento: Rendimiento, financieras: Financieras })),
  usuarios: estadisticas(Usuarios),
};

// ---- operation --------------------------------------------------------------------------------

export const OperadorLegal = OperadorLegalSchema;
/** GET /api/openapi.json answers the document itself. */
export const OpenapiDocument = v.object({ openapi: v.pipe(str, v.startsWith('3.1')), info: JsonObject, paths: JsonObject });

// ---- sync -------------------------------------------------------------------------------------

const Position = v.object({ created_at: str, id: str });

/** An application as pull sends it and the device mirrors it (SolicitudRecord). */
export const SolicitudRecordShape = typed<SolicitudRecord>()(
  v.object({
    id: str,
    solicitante: SolicitanteShape,
    ubicacion: v.nullable(UbicacionShape),
    actividad_economica: v.nullable(ActividadShape),
    informacion_financiera: v.nullable(FinancieraShape),
    solicitud: SolicitudBlockShape,
    referencias: list(v.object({ id: str, tipo_referencia: nstr, detalle_referencia: JsonObject })),
    observaciones: list(ObservacionRecord),
    documentos: list(DocumentoBrief),
  }),
);
/** Each entity's row (absent on a `del`). */
const ROWS: Record<SyncEntity, v.GenericSchema> = {
  solicitud: SolicitudRecordShape,
  notificacion: NotificacionShape,
  definicion: DefinicionGuardada,
  columna: ColumnaShape,
  categoria: CategoriaShape,
  estados: v.object({ id: str, estados: list(str) }),
  usuario: v.object({ id: int, nombre: str, apellido: nstr, correo: str, cedula: str, rol: v.picklist(ROLES), info_extra: InfoExtra, created_at: nstr }),
  revision: RevisionShape,
};
const Change = v.variant(
  'entity',
  SYNC_ENTITIES.map((entity) => v.object({ entity: v.literal(entity), id: str, op: v.picklist(['put', 'del']), row: v.optional(ROWS[entity]) })),
);
export const PullData = typed<PullResponse>()(
  v.object({
    cursor: int,
    more: v.boolean(),
    lastMutationId: int,
    scope: v.optional(str),
    total: v.optional(int),
    recent: v.optional(v.object({ floor: int, before: v.nullable(Position), stops: v.optional(list(Position)) })),
    changes: list(Change),
  }),
);
export const PushData = typed<Omit<PushResponse, 'results'>>()(
  v.object({
    lastMutationId: int,
    results: list(
      v.object({
        id: int,
        status: v.picklist(['applied', 'rejected', 'skipped']),
        code: v.optional(str),
        error: v.optional(str),
        conflict: v.optional(JsonObject),
      }),
    ),
  }),
);

export const CorreoShape = typed<CorreoSolicitud>()(
  v.object({
    id: int,
    tipo: str,
    destinatario: str,
    asunto: str,
    estado: v.picklist(ESTADOS_CORREO),
    intentos: int,
    ultimo_error: nstr,
    creado_en: str,
    enviado_en: nstr,
  }),
);
