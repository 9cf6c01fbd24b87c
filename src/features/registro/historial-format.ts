/**
 * How 'Historial de cambios' reads in Spanish: a label per changed field (the form's own labels
 * where the field is on the form), per entity and per action, and each value as a person would
 * write it. Pure: no React, no Dexie.
 */
import { motivoCorreo } from '../../domain/correo';
import { CREDIT_KIND_LABELS } from '../../domain/credito';
import { formatDate, formatDateTime, formatFileSize, formatMoney, formatNumber, isMoneyKey } from '../../domain/format';
import { etiquetaConfigurada, type DefinicionEtiqueta } from '../../domain/field-definition';
import type { FileRef } from '../../domain/schema-compiler';
import type { HistorialEntry } from '../../domain/historial';
import { ACCION_LABELS, ESTADO_LABELS, PRIORIDAD_LABELS, TIPO_LABELS } from '../../domain/notificacion';
import { hasOptionLabels, optionLabel } from '../../domain/opciones';
import { etiquetaDeCampo } from '../../domain/validacion';

const EXTRA_LABELS: Record<string, string> = {
  estado: 'Estado',
  'solicitud.estado': 'Estado',
  'solicitud.radicado': 'Radicado',
  'solicitud.detalle_credito.monto_solicitado': 'Monto solicitado',
  'solicitud.detalle_credito.plazo_meses': 'Plazo (meses)',
  'solicitud.detalle_credito.tipo_credito': 'Tipo de crédito',
  'solicitud.detalle_credito': 'Información del crédito',
  'solicitante.preferencias_notificacion': 'Preferencias de notificación',
  deleted_at: 'Eliminado el',
  tipo_referencia: 'Tipo de referencia',
  detalle_referencia: 'Datos de la referencia',
  observacion: 'Observación',
  tipo: 'Tipo',
  nombre: 'Nombre',
  mime: 'Tipo de archivo',
  file_size: 'Tamaño (bytes)',
  titulo: 'Título',
  mensaje: 'Mensaje',
  prioridad: 'Prioridad',
  fecha_recordatorio: 'Fecha de recordatorio',
  fecha_vencimiento: 'Fecha de vencimiento',
  accion_requerida: 'Acción requerida',
  solicitud_id: 'Solicitud',
  documentos: 'Documentos',
  comentarios: 'Comentarios',
  destinatario: 'Destinatario',
  ronda: 'Ronda',
  campos: 'Campos por corregir',
  respuestas: 'Respuestas',
  ultimo_error: 'Motivo del fallo',
};

/** Link keys the server keeps to find a row's trail; not something a person changed. */
const HIDDEN_FIELDS = new Set(['solicitante_id', 'solicitud_id']);

const ENTITY_LABELS: Record<string, string> = {
  solicitud: 'Solicitud',
  solicitante: 'Solicitante',
  referencia: 'Referencia',
  observacion: 'Observación',
  documento: 'Documento',
  notificacion: 'Notificación',
  seguimiento_etapa: 'Etapa de seguimiento',
  revision: 'Revisión',
  email: 'Correo',
};

const ACTION_LABELS: Record<string, string> = {
  crear: 'Creación',
  editar: 'Edición',
  cambiarEstado: 'Cambio de estado',
  eliminar: 'Eliminación',
  agregar: 'Registro',
  subir: 'Archivo subido',
  marcarLeida: 'Marcada como leída',
  marcarTodasLeidas: 'Marcada como leída',
  marcarCompletada: 'Marcada como completada',
  seguimiento_documentos: 'Documentos recibidos desde el seguimiento',
  cambiar_estado: 'Cambio de estado de la etapa',
  devolver: 'Devolución para corrección',
  responder: 'Respuesta a correcciones',
  cerrar: 'Cierre de revisión',
  reintentar: 'Reintento de envío',
};

const humanize = (key: string) => {
  const text = key.replace(/_/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/**
 * A field's label: the one the company configured for it (`etiquetas`, its definitions), else the
 * form's for its key ('solicitante.info_extra.celular' -> 'Celular'), else its key in words.
 */
export function fieldLabel(path: string, etiquetas: readonly DefinicionEtiqueta[] = []): string {
  const configured = etiquetaConfigurada(path, etiquetas);
  if (configured) return configured;
  if (EXTRA_LABELS[path]) return EXTRA_LABELS[path];
  const last = path.slice(path.lastIndexOf('.') + 1);
  return (CREDIT_KIND_LABELS as Record<string, string>)[last] ?? EXTRA_LABELS[last] ?? etiquetaDeCampo(last);
}

export const entityLabel = (entidad: string) => ENTITY_LABELS[entidad] ?? humanize(entidad);
export const actionLabel = (accion: string) => ACTION_LABELS[accion] ?? humanize(accion);

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** An instant as 'dd/mm/yyyy hh:mm' (Colombian time); text that is not a date stays as it is. */
export function formatFecha(iso: string): string {
  return formatDateTime(iso) || iso;
}

export const EMPTY_VALUE = '(vacío)';

/** A year is written without a thousands separator ('Modelo: 2020', never '2.020'). */
const YEAR_KEY = /(^|[._])(anio|ano|año|modelo|year)([._]|$)|_(anio|ano|año)$/i;

/**
 * A value as a person reads it: '(vacío)', 'Sí'/'No', dates dd/mm/yyyy, amounts of the money
 * fields as '$ 222.000.000' (`path` names the field), a year as written, a choice by its option's
 * label ('Femenino', not 'F'), a file by its name and size, lists and key: value pairs.
 */
export function formatValue(value: unknown, path = ''): string {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  const money = path !== '' && isMoneyKey(path);
  if (typeof value === 'number') {
    if (money) return formatMoney(value);
    if (Number.isInteger(value) && value >= 1900 && value <= 2200 && YEAR_KEY.test(path)) return String(value);
    return Number.isInteger(value) ? formatNumber(value) : formatNumber(value, 2).replace(/,?0+$/, '');
  }
  if (typeof value === 'string') {
    if (money && /^\d+$/.test(value.trim())) return formatMoney(Number(value));
    // A choice stored as its code ('F', 'CC', 'hipotecario') reads as the form offers it.
    const key = path.slice(path.lastIndexOf('.') + 1);
    if (key && hasOptionLabels(key)) return optionLabel(key, value);
    if (ISO_DAY.test(value)) return formatDate(value);
    return ISO_INSTANT.test(value) ? formatFecha(value) : value;
  }
  if (Array.isArray(value)) return value.length ? value.map((v) => formatValue(v, path)).join(', ') : EMPTY_VALUE;
  const file = value as Partial<FileRef>;
  if (typeof file.id === 'string' && typeof file.nombre === 'string') {
    return typeof file.size === 'number' ? `${file.nombre} (${formatFileSize(file.size)})` : file.nombre;
  }
  const pairs = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== null && v !== undefined && v !== '');
  return pairs.length ? pairs.map(([k, v]) => `${fieldLabel(k)}: ${formatValue(v, k)}`).join(' · ') : EMPTY_VALUE;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * Splits values that are objects (detalle_credito, detalle_financiera, …) into their leaves: one
 * entry per leaf path whose value differs between any two of the given versions. A scalar value
 * is its own single leaf.
 */
export function leafPaths(path: string, versions: readonly unknown[]): string[] {
  if (!versions.some(isPlainObject)) return [path];
  const keys = new Set<string>();
  for (const v of versions) if (isPlainObject(v)) for (const k of Object.keys(v)) keys.add(k);
  const out: string[] = [];
  for (const k of keys) {
    const sub = versions.map((v) => (isPlainObject(v) ? v[k] : undefined));
    const differs = sub.some((x) => JSON.stringify(x ?? null) !== JSON.stringify(sub[0] ?? null));
    if (differs) out.push(...leafPaths(`${path}.${k}`, sub));
  }
  return out;
}

/** The value at `leaf` inside a value stored at `root` (`leaf` starts with `root`). */
export function leafValue(root: string, value: unknown, leaf: string): unknown {
  if (leaf === root) return value;
  let node: unknown = value;
  for (const k of leaf.slice(root.length + 1).split('.')) node = isPlainObject(node) ? node[k] : undefined;
  return node;
}

export interface ChangeLine {
  field: string;
  label: string;
  before: string;
  after: string;
}

/** A notification's codes by their labels ('seguimiento_credito' -> 'Seguimiento de crédito'). */
const NOTIFICATION_CODES: Record<string, Record<string, string>> = {
  tipo: TIPO_LABELS,
  estado: ESTADO_LABELS,
  prioridad: PRIORIDAD_LABELS,
  accion_requerida: ACCION_LABELS,
};

/** Where an e-mail is, as the 'Correos' section says it. */
const ESTADOS_CORREO: Record<string, string> = { pendiente: 'En cola', enviado: 'Enviado', fallido: 'No se pudo enviar' };

/** The value of `leaf` as a person reads it: a code of the entity by its label, else formatValue. */
function readable(entidad: string, leaf: string, value: unknown): string {
  if (entidad === 'notificacion' && typeof value === 'string') {
    const labels = NOTIFICATION_CODES[leaf.slice(leaf.lastIndexOf('.') + 1)];
    if (labels && Object.hasOwn(labels, value)) return labels[value];
  }
  if (entidad === 'email' && typeof value === 'string') {
    if (leaf === 'estado' && Object.hasOwn(ESTADOS_CORREO, value)) return ESTADOS_CORREO[value];
    // The mail server's reply in words ('El servidor de correo respondió: 550 …'), never a bare code.
    if (leaf === 'ultimo_error') return motivoCorreo(value) ?? EMPTY_VALUE;
  }
  return formatValue(value, leaf);
}

export function changeLines(entry: HistorialEntry, etiquetas: readonly DefinicionEtiqueta[] = []): ChangeLine[] {
  return Object.entries(entry.cambios)
    .filter(([field]) => !HIDDEN_FIELDS.has(field))
    .flatMap(([field, c]) =>
      leafPaths(field, [c.old, c.new]).map((leaf) => ({
        field: leaf,
        label: fieldLabel(leaf, etiquetas),
        before: readable(entry.entidad, leaf, leafValue(field, c.old, leaf)),
        after: readable(entry.entidad, leaf, leafValue(field, c.new, leaf)),
      })),
    );
}
