/**
 * Drizzle schema: every entity of both specs plus the sync tables (ARCHITECTURE.md §6).
 * Invariants: every tenant row carries empresa_id; syncable rows carry `seq`, the company's change
 * sequence value of their last write (taken from empresas.change_seq under a row lock, so seq order
 * is commit order), and are soft-deleted (`deleted_at`) so pull can send tombstones.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });
const seqCol = () => bigint('seq', { mode: 'number' }).notNull().default(0);
type JsonObject = Record<string, unknown>;

export const empresas = pgTable('empresas', {
  id: serial('id').primaryKey(),
  nombre: text('nombre').notNull(),
  imagen: text('imagen'),
  changeSeq: bigint('change_seq', { mode: 'number' }).notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const usuarios = pgTable(
  'usuarios',
  {
    id: serial('id').primaryKey(),
    empresaId: integer('empresa_id')
      .notNull()
      .references(() => empresas.id),
    nombre: text('nombre').notNull(),
    apellido: text('apellido'),
    correo: text('correo').notNull(),
    cedula: text('cedula').notNull(),
    rol: text('rol').notNull(),
    passwordHash: text('password_hash').notNull(),
    infoExtra: jsonb('info_extra').$type<JsonObject>().notNull().default({}),
    tokenVersion: integer('token_version').notNull().default(0),
    seq: seqCol(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    // Unique among active users only: a deleted user's e-mail can be given to a new user.
    uniqueIndex('usuarios_correo_uq').on(sql`lower(${t.correo})`).where(sql`${t.deletedAt} is null`),
    index('usuarios_empresa_idx').on(t.empresaId, t.seq),
  ],
);

export const solicitantes = pgTable(
  'solicitantes',
  {
    id: uuid('id').primaryKey(),
    empresaId: integer('empresa_id')
      .notNull()
      .references(() => empresas.id),
    nombres: text('nombres').notNull(),
    primerApellido: text('primer_apellido').notNull(),
    segundoApellido: text('segundo_apellido'),
    correo: text('correo'),
    numeroDocumento: text('numero_documento').notNull(),
    tipoIdentificacion: text('tipo_identificacion'),
    fechaNacimiento: text('fecha_nacimiento'),
    genero: text('genero'),
    infoExtra: jsonb('info_extra').$type<JsonObject>().notNull().default({}),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('solicitantes_empresa_idx').on(t.empresaId)],
);

export const ubicaciones = pgTable(
  'ubicaciones',
  {
    id: uuid('id').primaryKey(),
    empresaId: integer('empresa_id').notNull(),
    solicitanteId: uuid('solicitante_id')
      .notNull()
      .references(() => solicitantes.id),
    ciudadResidencia: text('ciudad_residencia'),
    departamentoResidencia: text('departamento_residencia'),
    barrio: text('barrio'),
    estrato: integer('estrato'),
    detalleDireccion: jsonb('detalle_direccion').$type<JsonObject>().notNull().default({}),
  },
  (t) => [index('ubicaciones_solicitante_idx').on(t.solicitanteId)],
);

export const actividadEconomica = pgTable(
  'actividad_economica',
  {
    id: uuid('id').primaryKey(),
    empresaId: integer('empresa_id').notNull(),
    solicitanteId: uuid('solicitante_id')
      .notNull()
      .references(() => solicitantes.id),
    tipoActividad: text('tipo_actividad'),
    sectorEconomico: text('sector_economico'),
    cargoActual: text('cargo_actual'),
    tipoContrato: text('tipo_contrato'),
    detalleActividad: jsonb('detalle_actividad').$type<JsonObject>().notNull().default({}),
  },
  (t) => [
    index('actividad_solicitante_idx').on(t.solicitanteId),
    // Statistics: the newest activity row of each applicant is one index lookup.
    index('actividad_solicitante_id_idx').on(t.solicitanteId, t.id),
  ],
);

export const informacionFinanciera = pgTable(
  'informacion_financiera',
  {
    id: uuid('id').primaryKey(),
    empresaId: integer('empresa_id').notNull(),
    solicitanteId: uuid('solicitante_id')
      .notNull()
      .references(() => solicitantes.id),
    totalIngresosMensuales: numeric('total_ingresos_mensuales', { mode: 'number' }),
    totalEgresosMensuales: numeric('total_egresos_mensuales', { mode: 'number' }),
    totalActivos: numeric('total_activos', { mode: 'number' }),
    totalPasivos: numeric('total_pasivos', { mode: 'number' }),
    detalleFinanciera: jsonb('detalle_financiera').$type<JsonObject>().notNull().default({}),
  },
  (t) => [
    index('financiera_solicitante_idx').on(t.solicitanteId),
    // Statistics: the newest financial row of each applicant is one index lookup.
    index('financiera_solicitante_id_idx').on(t.solicitanteId, t.id),
  ],
);

export const referencias = pgTable(
  'referencias',
  {
    id: uuid('id').primaryKey(),
    empresaId: integer('empresa_id').notNull(),
    solicitanteId: uuid('solicitante_id')
      .notNull()
      .references(() => solicitantes.id),
    tipoReferencia: text('tipo_referencia'),
    detalleReferencia: jsonb('detalle_referencia').$type<JsonObject>().notNull().default({}),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('referencias_solicitante_idx').on(t.solicitanteId)],
);

export const solicitudes = pgTable(
  'solicitudes',
  {
    id: uuid('id').primaryKey(),
    empresaId: integer('empresa_id')
      .notNull()
      .references(() => empresas.id),
    solicitanteId: uuid('solicitante_id')
      .notNull()
      .references(() => solicitantes.id),
    radicado: text('radicado').notNull(),
    estado: text('estado').notNull().default('Pendiente'),
    bancoNombre: text('banco_nombre'),
    ciudadSolicitud: text('ciudad_solicitud'),
    tipoCredito: text('tipo_credito'),
    detalleCredito: jsonb('detalle_credito').$type<JsonObject>().notNull().default({}),
    preferenciasNotificacion: jsonb('preferencias_notificacion')
      .$type<{ email: boolean; sms: boolean }>()
      .notNull()
      .default({ email: true, sms: false }),
    createdByUserId: integer('created_by_user_id'),
    assignedToUserId: integer('assigned_to_user_id'),
    createdByUserEmail: text('created_by_user_email'),
    /**
     * Every bank the application was addressed to before (lower case): the banco users of those
     * banks once saw it, so only they (besides whoever sees it now) get its tombstones in a pull.
     */
    bancosAnteriores: text('bancos_anteriores').array().notNull().default(sql`'{}'::text[]`),
    seq: seqCol(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    uniqueIndex('solicitudes_radicado_uq').on(t.empresaId, t.radicado),
    index('solicitudes_empresa_seq_idx').on(t.empresaId, t.seq),
    index('solicitudes_empresa_created_idx').on(t.empresaId, t.createdAt),
    index('solicitudes_solicitante_idx').on(t.solicitanteId),
  ],
);

export const observaciones = pgTable(
  'observaciones',
  {
    id: uuid('id').primaryKey(),
    empresaId: integer('empresa_id').notNull(),
    solicitudId: uuid('solicitud_id')
      .notNull()
      .references(() => solicitudes.id),
    tipo: text('tipo').notNull().default('comentario'),
    observacion: text('observacion').notNull(),
    usuarioId: integer('usuario_id'),
    usuarioNombre: text('usuario_nombre'),
    fechaCreacion: ts('fecha_creacion').notNull().defaultNow(),
  },
  (t) => [index('observaciones_solicitud_idx').on(t.solicitudId)],
);

export const documentos = pgTable(
  'documentos',
  {
    id: uuid('id').primaryKey(),
    empresaId: integer('empresa_id').notNull(),
    solicitanteId: uuid('solicitante_id')
      .notNull()
      .references(() => solicitantes.id),
    solicitudId: uuid('solicitud_id'),
    etapaId: integer('etapa_id'),
    nombre: text('nombre').notNull(),
    mime: text('mime').notNull(),
    fileSize: integer('file_size').notNull(),
    estado: text('estado').notNull().default('Recibido'),
    createdAt: ts('created_at').notNull().defaultNow(),
    deletedAt: ts('deleted_at'),
  },
  // By application too: the public page's stage files and the stage-upload budget read them so.
  (t) => [index('documentos_solicitante_idx').on(t.solicitanteId), index('documentos_solicitud_idx').on(t.solicitudId)],
);

/**
 * File bytes live in their own table so listing documents never reads them, in parts of at most
 * 1 MiB (server/src/lib/file-store.ts): an upload is stored as it was received, piece by piece,
 * and no statement carries a whole large file. A file stored before parts existed is part 0.
 */
export const documentoContenidos = pgTable(
  'documento_contenidos',
  {
    documentoId: uuid('documento_id')
      .notNull()
      .references(() => documentos.id),
    parte: integer('parte').notNull().default(0),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.documentoId, t.parte] })],
);

export const notificaciones = pgTable(
  'notificaciones',
  {
    id: uuid('id').primaryKey(),
    empresaId: integer('empresa_id').notNull(),
    solicitudId: uuid('solicitud_id'),
    usuarioId: integer('usuario_id'),
    tipo: text('tipo').notNull(),
    titulo: text('titulo').notNull(),
    mensaje: text('mensaje').notNull(),
    prioridad: text('prioridad').notNull().default('normal'),
    estado: text('estado').notNull().default('pendiente'),
    fechaRecordatorio: ts('fecha_recordatorio'),
    fechaVencimiento: ts('fecha_vencimiento'),
    metadata: jsonb('metadata').$type<JsonObject>().notNull().default({}),
    datosAdicionales: jsonb('datos_adicionales').$type<JsonObject>().notNull().default({}),
    seq: seqCol(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    index('notificaciones_empresa_seq_idx').on(t.empresaId, t.seq),
    index('notificaciones_solicitud_idx').on(t.solicitudId),
  ],
);

/**
 * E-mails to send (bank change…), one row per recipient; delivered by the relay
 * (server/src/modules/email/relay.ts) only when SMTP_URL is configured, otherwise they stay queued.
 * A row is `pendiente` until it is `enviado` or `fallido`; a relay claims it by setting
 * `reclamado_hasta` (a lease) and counts the attempt in `intentos`; `message_id` is fixed when the
 * row is written, so a message sent again after a crash carries the same Message-ID.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: serial('id').primaryKey(),
    empresaId: integer('empresa_id').notNull(),
    tipo: text('tipo').notNull(),
    destinatario: text('destinatario').notNull(),
    datos: jsonb('datos').$type<JsonObject>().notNull().default({}),
    createdAt: ts('created_at').notNull().defaultNow(),
    sentAt: ts('sent_at'),
    estado: text('estado').notNull().default('pendiente'),
    intentos: integer('intentos').notNull().default(0),
    proximoIntento: ts('proximo_intento').notNull().defaultNow(),
    reclamadoHasta: ts('reclamado_hasta'),
    ultimoError: text('ultimo_error'),
    messageId: text('message_id'),
  },
  (t) => [index('email_outbox_pendientes_idx').on(t.proximoIntento).where(sql`${t.estado} = 'pendiente'`)],
);

export const definiciones = pgTable(
  'definiciones',
  {
    id: serial('id').primaryKey(),
    empresaId: integer('empresa_id').notNull(),
    entity: text('entity').notNull(),
    jsonColumn: text('json_column').notNull(),
    key: text('key').notNull(),
    type: text('type').notNull(),
    required: boolean('required').notNull().default(false),
    description: text('description'),
    defaultValue: jsonb('default_value'),
    orderIndex: integer('order_index'),
    listValues: jsonb('list_values'),
    conditionalOn: jsonb('conditional_on').$type<{ field: string; value: unknown } | null>(),
    isActive: boolean('is_active').notNull().default(true),
    seq: seqCol(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    uniqueIndex('definiciones_key_uq')
      .on(t.empresaId, t.entity, t.jsonColumn, t.key)
      .where(sql`${t.deletedAt} is null`),
    index('definiciones_empresa_seq_idx').on(t.empresaId, t.seq),
  ],
);

export const columnasTabla = pgTable(
  'columnas_tabla',
  {
    id: serial('id').primaryKey(),
    empresaId: integer('empresa_id').notNull(),
    nombre: text('nombre').notNull(),
    nombreInterno: text('nombre_interno').notNull(),
    activo: boolean('activo').notNull().default(true),
    orden: integer('orden').notNull(),
    seq: seqCol(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [index('columnas_empresa_seq_idx').on(t.empresaId, t.seq)],
);

/** Categories (configurable lists): ciudades and bancos are categories too. */
export const categorias = pgTable(
  'categorias',
  {
    id: serial('id').primaryKey(),
    empresaId: integer('empresa_id').notNull(),
    categoria: text('categoria').notNull(),
    descripcion: text('descripcion').notNull().default(''),
    activo: boolean('activo').notNull().default(true),
    configuracion: jsonb('configuracion').notNull(),
    seq: seqCol(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    uniqueIndex('categorias_uq').on(t.empresaId, t.categoria).where(sql`${t.deletedAt} is null`),
    index('categorias_empresa_seq_idx').on(t.empresaId, t.seq),
  ],
);

/** The company's list of allowed request statuses. */
export const estadosEmpresa = pgTable('estados_empresa', {
  empresaId: integer('empresa_id')
    .primaryKey()
    .references(() => empresas.id),
  estados: jsonb('estados').$type<string[]>().notNull(),
  seq: seqCol(),
});

/**
 * Reviews of an application (issue 34, 'Devuelta para corrección'; src/domain/revision.ts): the
 * office returns it to its advisor with flagged fields (`campos`, each with its comment, the value
 * when returned, and later the answer and the value when answered). `estado` is abierta →
 * respondida → cerrada (back to abierta with `ronda` + 1 when returned again); pulled as entity
 * `revision` by whoever may see the application.
 */
export const revisiones = pgTable(
  'revisiones',
  {
    id: uuid('id').primaryKey(),
    empresaId: integer('empresa_id').notNull(),
    solicitudId: uuid('solicitud_id')
      .notNull()
      .references(() => solicitudes.id),
    estado: text('estado').$type<'abierta' | 'respondida' | 'cerrada'>().notNull().default('abierta'),
    mensaje: text('mensaje').notNull(),
    campos: jsonb('campos').$type<Array<Record<string, unknown>>>().notNull().default([]),
    ronda: integer('ronda').notNull().default(1),
    devueltaPor: integer('devuelta_por').notNull(),
    devueltaEn: ts('devuelta_en').notNull().defaultNow(),
    /** When it was first returned (the statistics measure from here to the first answer). */
    primeraDevolucionEn: ts('primera_devolucion_en').notNull().defaultNow(),
    respondidaPor: integer('respondida_por'),
    respondidaEn: ts('respondida_en'),
    /** When the advisor first answered (null until then). */
    primeraRespuestaEn: ts('primera_respuesta_en'),
    cerradaPor: integer('cerrada_por'),
    cerradaEn: ts('cerrada_en'),
    seq: seqCol(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('revisiones_empresa_seq_idx').on(t.empresaId, t.seq),
    index('revisiones_solicitud_idx').on(t.solicitudId),
  ],
);

export const seguimientoEtapas = pgTable(
  'seguimiento_etapas',
  {
    id: serial('id').primaryKey(),
    empresaId: integer('empresa_id').notNull(),
    solicitudId: uuid('solicitud_id')
      .notNull()
      .references(() => solicitudes.id),
    etapa: text('etapa').notNull(),
    orden: integer('orden').notNull(),
    estado: text('estado').notNull(),
    comentarios: text('comentarios'),
    fechaActualizacion: ts('fecha_actualizacion').notNull().defaultNow(),
  },
  (t) => [index('etapas_solicitud_idx').on(t.solicitudId)],
);

export const seguimientoHistorial = pgTable(
  'seguimiento_historial',
  {
    id: serial('id').primaryKey(),
    etapaId: integer('etapa_id')
      .notNull()
      .references(() => seguimientoEtapas.id),
    estado: text('estado').notNull(),
    comentario: text('comentario'),
    fecha: ts('fecha').notNull().defaultNow(),
  },
  (t) => [index('historial_etapa_idx').on(t.etapaId)],
);

export const syncClients = pgTable('sync_clients', {
  clientId: uuid('client_id').primaryKey(),
  usuarioId: integer('usuario_id')
    .notNull()
    .references(() => usuarios.id),
  empresaId: integer('empresa_id').notNull(),
  lastMutationId: integer('last_mutation_id').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const syncResults = pgTable(
  'sync_results',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => syncClients.clientId),
    mutationId: integer('mutation_id').notNull(),
    status: text('status').notNull(),
    code: text('code'),
    error: text('error'),
    conflict: jsonb('conflict'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.mutationId] })],
);

/** Audit trail: one row per write, in the same transaction; no route changes it. */
export const auditoria = pgTable(
  'auditoria',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    empresaId: integer('empresa_id').notNull(),
    usuarioId: integer('usuario_id'),
    entidad: text('entidad').notNull(),
    entidadId: text('entidad_id').notNull(),
    accion: text('accion').notNull(),
    cambios: jsonb('cambios').$type<Record<string, { old: unknown; new: unknown }>>().notNull(),
    fecha: ts('fecha').notNull().defaultNow(),
  },
  (t) => [index('auditoria_entidad_idx').on(t.empresaId, t.entidad, t.entidadId)],
);

/**
 * Rate-limit counters shared by every server process on one PostgreSQL (plugins/rate-limit-store.ts):
 * one row per limited key, counting requests until `reset_at`; expired rows are swept.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: ts('reset_at').notNull(),
});

/**
 * Session tokens ended by 'Salir' (POST /api/auth/logout), by their `jti`, until the token's own
 * expiry: the auth hook refuses a token listed here (plugins/auth.ts). A row is useless once
 * `expira_en` has passed (the token no longer verifies), so each logout deletes the expired ones.
 */
export const sesionesRevocadas = pgTable(
  'sesiones_revocadas',
  {
    jti: text('jti').primaryKey(),
    expiraEn: ts('expira_en').notNull(),
  },
  (t) => [index('sesiones_revocadas_expira_idx').on(t.expiraEn)],
);

/**
 * Resumable uploads (tus 1.0.0) not yet turned into a document, or finished recently. Any server
 * process can resume one: the offset and the bytes received live here, not in a process.
 * `kind` keeps the staff path (/api/uploads, owner `usuario_id`) and the public tracking path
 * apart: neither path sees the other's uploads.
 */
export const tusUploads = pgTable(
  'tus_uploads',
  {
    id: text('id').primaryKey(),
    kind: text('kind').$type<'staff' | 'public'>().notNull(),
    empresaId: integer('empresa_id').notNull(),
    usuarioId: integer('usuario_id'),
    solicitudId: uuid('solicitud_id').notNull(),
    /** The document the finished upload becomes (the client's documento_id, or a server UUID). */
    documentoId: uuid('documento_id').notNull(),
    nombre: text('nombre').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    uploadOffset: bigint('upload_offset', { mode: 'number' }).notNull().default(0),
    metadata: jsonb('metadata').$type<Record<string, string | null>>().notNull().default({}),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** Set in the transaction that created the document; the chunks are gone then. */
    finishedAt: ts('finished_at'),
  },
  (t) => [index('tus_uploads_created_idx').on(t.createdAt), index('tus_uploads_solicitud_idx').on(t.solicitudId)],
);

/** The bytes of an upload in progress, one row per stored piece, keyed by its offset. */
export const tusUploadChunks = pgTable(
  'tus_upload_chunks',
  {
    uploadId: text('upload_id')
      .notNull()
      .references(() => tusUploads.id, { onDelete: 'cascade' }),
    chunkOffset: bigint('chunk_offset', { mode: 'number' }).notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.chunkOffset] })],
);
