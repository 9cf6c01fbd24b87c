/**
 * Notifications (spec 01 §2-§5, §9): their values, the form schema shared by the client form and
 * the server, the tipo -> accion_requerida rule, the order of the pending panel and the bell badge.
 */
import * as v from 'valibot';
import { plainRecord } from './plain-record';

export const TIPOS = [
  'retomar_operacion',
  'revisar_documentos',
  'aprobar_solicitud',
  'contactar_cliente',
  'seguimiento_credito',
  'documentacion_pendiente',
  'analisis_credito',
  'desembolso',
] as const;
export type TipoNotificacion = (typeof TIPOS)[number];

export const ESTADOS = ['pendiente', 'leida', 'completada'] as const;
export type EstadoNotificacion = (typeof ESTADOS)[number];

/** In the order the pending panel ranks them, most pressing first. */
export const PRIORIDADES = ['urgente', 'alta', 'normal', 'baja'] as const;
export type PrioridadNotificacion = (typeof PRIORIDADES)[number];
/**
 * Priorities only the server gives: a bank change's notice is 'media' (spec 01 §7). The form
 * does not offer them for a new notification, but keeps one when editing such a notice.
 */
export const PRIORIDADES_DEL_SISTEMA = ['media'] as const;
export const PRIORIDADES_GUARDADAS = [...PRIORIDADES, ...PRIORIDADES_DEL_SISTEMA] as const;

export const ACCIONES = [
  'revisar_documentos',
  'aprobar_solicitud',
  'solicitar_info',
  'contactar_cliente',
] as const;
export type AccionRequerida = (typeof ACCIONES)[number];

export const ESTADOS_ACTUALES = [
  'pendiente_revision',
  'en_proceso',
  'aprobada',
  'rechazada',
] as const;
export type EstadoActual = (typeof ESTADOS_ACTUALES)[number];

export interface Notificacion {
  id: string;
  tipo: string;
  titulo: string;
  mensaje: string;
  /** Usually one of PRIORIDADES, but a bank change creates 'media' (spec 01 §7). */
  prioridad: string;
  estado: string;
  fecha_recordatorio: string | null;
  fecha_vencimiento: string | null;
  solicitud_id: string | null;
  metadata: { accion_requerida?: string; estado_actual?: string; [k: string]: unknown };
  created_at: string;
  updated_at: string;
}

const ACCION_POR_TIPO: Record<TipoNotificacion, AccionRequerida> = {
  retomar_operacion: 'revisar_documentos',
  revisar_documentos: 'revisar_documentos',
  documentacion_pendiente: 'revisar_documentos',
  analisis_credito: 'revisar_documentos',
  aprobar_solicitud: 'aprobar_solicitud',
  desembolso: 'aprobar_solicitud',
  contactar_cliente: 'contactar_cliente',
  seguimiento_credito: 'solicitar_info',
};

/** The action a tipo implies; choosing a tipo in the form sets accion_requerida to this. */
export function accionParaTipo(tipo: TipoNotificacion): AccionRequerida;
export function accionParaTipo(tipo: string): AccionRequerida | undefined;
export function accionParaTipo(tipo: string): AccionRequerida | undefined {
  return Object.prototype.hasOwnProperty.call(ACCION_POR_TIPO, tipo)
    ? ACCION_POR_TIPO[tipo as TipoNotificacion]
    : undefined;
}

export const NOTIFICACION_DEFAULTS = {
  tipo: 'retomar_operacion',
  prioridad: 'normal',
  estado: 'pendiente',
  accion_requerida: 'revisar_documentos',
} as const satisfies {
  tipo: TipoNotificacion;
  prioridad: PrioridadNotificacion;
  estado: EstadoNotificacion;
  accion_requerida: AccionRequerida;
};

/**
 * A notification's date as the instant in ISO form (null when absent), read as `fechaInstant`
 * reads it; client and server store it so.
 */
export function fechaNotificacion(value: string | null | undefined): string | null {
  const t = fechaInstant(value);
  return t === null ? null : new Date(t).toISOString();
}

/**
 * What a new notification holds besides its id, texts and application (client mutator and server
 * service both build it here): priority normal and estado pendiente unless given, dates as ISO
 * instants, the action and the application's state in `metadata`.
 */
export function nuevaNotificacion(args: {
  prioridad?: string | null;
  estado?: string | null;
  fecha_recordatorio?: string | null;
  fecha_vencimiento?: string | null;
  accion_requerida: string;
  estado_actual?: string | null;
}) {
  return {
    prioridad: args.prioridad ?? NOTIFICACION_DEFAULTS.prioridad,
    estado: args.estado ?? NOTIFICACION_DEFAULTS.estado,
    fecha_recordatorio: fechaNotificacion(args.fecha_recordatorio),
    fecha_vencimiento: fechaNotificacion(args.fecha_vencimiento),
    metadata: { accion_requerida: args.accion_requerida, estado_actual: args.estado_actual ?? 'pendiente_revision' },
  };
}

/**
 * The estado a mark moves a notification to, or null when it stays as it is: 'leida' only moves
 * a pending one; 'completada' moves anything not completed yet.
 */
export function transicion(actual: string, marca: 'leida' | 'completada'): EstadoNotificacion | null {
  if (actual === marca) return null;
  if (marca === 'leida' && actual !== 'pendiente') return null;
  return marca;
}

// Unknown priorities (the server's 'media', or none) rank with normal.
function rank(prioridad: string | null | undefined): number {
  const i = (PRIORIDADES as readonly string[]).indexOf(String(prioridad ?? '').toLowerCase());
  return i === -1 ? PRIORIDADES.indexOf('normal') : i;
}

function time(createdAt: string | null | undefined): number {
  const t = createdAt ? Date.parse(createdAt) : NaN;
  return Number.isNaN(t) ? -Infinity : t;
}

/**
 * The pending panel's list: only estado pendiente, by priority (urgente, alta, normal, baja), then
 * newest created_at first; ties keep their input order. Returns a new array.
 */
export function sortPendientes<
  T extends { estado: string; prioridad?: string | null; created_at?: string | null },
>(list: readonly T[]): T[] {
  return list
    .filter((n) => n.estado === 'pendiente')
    .map((n) => ({ n, r: rank(n.prioridad), t: time(n.created_at) }))
    .sort((a, b) => a.r - b.r || (b.t === a.t ? 0 : b.t > a.t ? 1 : -1))
    .map((x) => x.n);
}

/** Text of the bell badge: '' when nothing is pending, '99+' above 99. */
export function badgeLabel(count: number): string {
  if (!Number.isFinite(count) || count <= 0) return '';
  return count > 99 ? '99+' : String(Math.floor(count));
}

const TITULO_MAX = 200;
const MENSAJE_MAX = 2000;

// An <input type="date"> gives 'yyyy-mm-dd', a datetime-local 'yyyy-mm-ddThh:mm' (with seconds when
// it has a step); stored values may be full ISO timestamps with an offset. Empty means no date.
const ISO_FECHA =
  /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])(?:[T ](?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:[.,]\d+)?)?(?:Z|[+-](?:[01]\d|2[0-3])(?::?[0-5]\d)?)?)?$/i;

/**
 * True for '' and for real calendar dates in ISO form ('2025-02-30' is refused) that `Date` can
 * read: both sides store a date through `fechaNotificacion`, which threw on an offset without
 * minutes ('+05') or a decimal comma in the seconds, so the device's mutator failed with a
 * RangeError and the server with a 500.
 */
export function isFechaIso(value: string): boolean {
  if (value === '') return true;
  const m = ISO_FECHA.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return new Date(Date.UTC(y, mo - 1, d)).getUTCDate() === d && !Number.isNaN(Date.parse(value));
}

const fechaOpcional = v.nullish(
  v.pipe(v.string('Fecha inválida'), v.check(isFechaIso, 'Fecha inválida')),
);

// A missing key would otherwise get valibot's generic key message; defaulting to '' makes an absent
// field fail with the same Spanish message as an empty one.
function required(message: string, max: number, maxMessage: string) {
  return v.optional(
    v.pipe(v.string(message), v.trim(), v.minLength(1, message), v.maxLength(max, maxMessage)),
    '',
  );
}

function requiredChoice<const T extends readonly [string, ...string[]]>(
  options: T,
  message: string,
) {
  return v.optional(v.pipe(v.string(message), v.picklist(options, message)), '');
}

/** The create/edit notification form (spec 01 §5), also parsed by the server. */
export const NotificacionFormSchema = v.object({
  titulo: required(
    'El título es obligatorio',
    TITULO_MAX,
    `El título no puede superar ${TITULO_MAX} caracteres`,
  ),
  mensaje: required(
    'El mensaje es obligatorio',
    MENSAJE_MAX,
    `El mensaje no puede superar ${MENSAJE_MAX} caracteres`,
  ),
  tipo: requiredChoice(TIPOS, 'El tipo es obligatorio'),
  accion_requerida: requiredChoice(ACCIONES, 'La acción requerida es obligatoria'),
  prioridad: v.optional(v.picklist(PRIORIDADES_GUARDADAS, 'Prioridad inválida')),
  estado: v.optional(v.picklist(ESTADOS, 'Estado inválido')),
  fecha_recordatorio: fechaOpcional,
  fecha_vencimiento: fechaOpcional,
});
export type NotificacionFormInput = v.InferInput<typeof NotificacionFormSchema>;
export type NotificacionForm = v.InferOutput<typeof NotificacionFormSchema>;

/** The history list of one application: newest created_at first (all estados). */
export function sortHistorial<T extends { created_at?: string | null }>(list: readonly T[]): T[] {
  return list
    .map((n, i) => ({ n, i, t: time(n.created_at) }))
    .sort((a, b) => (b.t === a.t ? a.i - b.i : b.t > a.t ? 1 : -1))
    .map((x) => x.n);
}

/** Fields a notification edit may change (the form's fields). */
export const CAMPOS_EDITABLES = [
  'titulo',
  'mensaje',
  'tipo',
  'accion_requerida',
  'prioridad',
  'estado',
  'fecha_recordatorio',
  'fecha_vencimiento',
] as const;
export type CampoEditable = (typeof CAMPOS_EDITABLES)[number];

/** Colombia's offset from UTC; the country keeps no daylight saving time. */
export const OFFSET_COLOMBIA = '-05:00';

/**
 * Date fields compare as instants ('2025-01-01 10:00:00+00' equals '2025-01-01T10:00:00.000Z', and
 * a plain day '2025-01-01' is its UTC midnight, as `fechaNotificacion` stores it). An offset of
 * hours alone ('+00', as PostgreSQL writes it) is read only after a time: the '-01' that ends a
 * plain day is its day, and reading it as an offset made every plain day read as no date at all
 * (the server then found nothing to change and wrote nothing, while the device showed the date).
 * A time without an offset ('2025-01-01T10:00', as an API caller may send it) is Colombia's time:
 * read in each side's own time zone, the device and a server in UTC stored two instants 5 h apart.
 */
export function fechaInstant(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const text = String(value).trim().replace(' ', 'T');
  if (!text.includes('T')) return parsed(text);
  const zoned = text.replace(/([+-]\d\d)$/, '$1:00');
  return parsed(/(Z|[+-]\d\d:?\d\d)$/i.test(zoned) ? zoned : zoned + OFFSET_COLOMBIA);
}

function parsed(text: string): number | null {
  const t = Date.parse(text);
  return Number.isNaN(t) ? null : t;
}

/** True when two values of one editable field mean the same (absent, null and '' are equal). */
export function mismoValor(campo: string, a: unknown, b: unknown): boolean {
  if (campo === 'fecha_recordatorio' || campo === 'fecha_vencimiento') {
    return fechaInstant(a) === fechaInstant(b);
  }
  const norm = (x: unknown) => (x === undefined || x === '' ? null : x);
  return norm(a) === norm(b);
}

/** The value of an editable field on a stored notification (accion_requerida lives in metadata). */
export function valorCampo(n: object, campo: CampoEditable): unknown {
  const row = n as Record<string, unknown>;
  if (campo === 'accion_requerida') {
    return (row.metadata as { accion_requerida?: unknown } | null)?.accion_requerida ?? null;
  }
  return row[campo] ?? null;
}

/** The moment encoded in a UUIDv7 (its first 48 bits), as ISO; null for other ids. */
export function uuidv7Time(id: string): string | null {
  const hex = id.replace(/-/g, '');
  if (!/^[0-9a-f]{12}7/i.test(hex)) return null;
  return new Date(parseInt(hex.slice(0, 12), 16)).toISOString();
}

const uuid = v.pipe(v.string('Identificador inválido'), v.uuid('Identificador inválido'));
const { entries: F } = NotificacionFormSchema;

/** notificacion.crear: the form plus the client's UUIDv7 id and the application it belongs to. */
export const CrearNotificacionArgs = v.object({
  id: uuid,
  solicitud_id: v.nullish(uuid, null),
  ...F,
  estado_actual: v.optional(v.picklist(ESTADOS_ACTUALES, 'Estado actual inválido')),
});
export type CrearNotificacionArgs = v.InferOutput<typeof CrearNotificacionArgs>;

/** The fields an edit may carry; each optional, each checked like the form checks it. */
export const CambiosNotificacion = v.strictObject(
  {
    titulo: v.optional(F.titulo.wrapped),
    mensaje: v.optional(F.mensaje.wrapped),
    tipo: v.optional(F.tipo.wrapped),
    accion_requerida: v.optional(F.accion_requerida.wrapped),
    prioridad: F.prioridad,
    estado: F.estado,
    fecha_recordatorio: F.fecha_recordatorio,
    fecha_vencimiento: F.fecha_vencimiento,
  },
  'Campo no editable',
);

/** notificacion.editar: `base` holds the values the user saw for each field in `changes`. */
export const EditarNotificacionArgs = v.object({
  id: uuid,
  changes: CambiosNotificacion,
  base: plainRecord(v.string(), v.unknown()),
});
export type EditarNotificacionArgs = v.InferOutput<typeof EditarNotificacionArgs>;

/** notificacion.eliminar, .marcarLeida, .marcarCompletada. */
export const NotificacionIdArgs = v.object({ id: uuid });
export type NotificacionIdArgs = v.InferOutput<typeof NotificacionIdArgs>;

/** notificacion.marcarTodasLeidas: the pending ids the user saw (a later arrival stays pending). */
export const MarcarTodasLeidasArgs = v.object({
  ids: v.pipe(v.array(uuid), v.maxLength(2000, 'Demasiadas notificaciones en una sola operación')),
});
export type MarcarTodasLeidasArgs = v.InferOutput<typeof MarcarTodasLeidasArgs>;

/** The spec 01 §8 toast of each notification mutation when it fails. */
export const ERROR_POR_MUTACION: Record<string, string> = {
  'notificacion.crear': 'Error al crear notificación',
  'notificacion.editar': 'Error al actualizar notificación',
  'notificacion.marcarCompletada': 'Error al actualizar notificación',
  'notificacion.marcarLeida': 'Error al marcar notificación como leída',
  'notificacion.marcarTodasLeidas': 'Error al marcar notificación como leída',
  'notificacion.eliminar': 'Error al eliminar notificación',
};

export const TIPO_LABELS: Record<TipoNotificacion, string> = {
  retomar_operacion: 'Retomar operación',
  revisar_documentos: 'Revisar documentos',
  aprobar_solicitud: 'Aprobar solicitud',
  contactar_cliente: 'Contactar cliente',
  seguimiento_credito: 'Seguimiento de crédito',
  documentacion_pendiente: 'Documentación pendiente',
  analisis_credito: 'Análisis de crédito',
  desembolso: 'Desembolso',
};

export const ACCION_LABELS: Record<AccionRequerida, string> = {
  revisar_documentos: 'Revisar documentos',
  aprobar_solicitud: 'Aprobar solicitud',
  solicitar_info: 'Solicitar información',
  contactar_cliente: 'Contactar cliente',
};

export const PRIORIDAD_LABELS: Record<string, string> = {
  urgente: 'Urgente',
  alta: 'Alta',
  normal: 'Normal',
  media: 'Media',
  baja: 'Baja',
};

export const ESTADO_LABELS: Record<EstadoNotificacion, string> = {
  pendiente: 'Pendiente',
  leida: 'Leída',
  completada: 'Completada',
};
