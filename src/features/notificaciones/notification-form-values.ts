/**
 * The values of 'Nueva Notificación' / 'Editar Notificación': typed as the input of the domain's
 * NotificacionFormSchema (the schema the resolver checks with and the server parses with), how a
 * stored notification fills them, and what an edit sends. The date inputs are datetime-local
 * (Colombian time, 'yyyy-mm-ddThh:mm', whatever the device's zone); stored dates are ISO instants;
 * '' or null is no date.
 */
import {
  CAMPOS_EDITABLES,
  ESTADOS,
  NOTIFICACION_DEFAULTS,
  PRIORIDADES_GUARDADAS,
  fechaInstant,
  mismoValor,
  valorCampo,
  type NotificacionFormInput,
} from '../../domain/notificacion';
import { TIME_ZONE } from '../../domain/format';
import type { NotificacionItem } from './use-notificaciones';

/** The wall clock of Colombia, where every date and time is read and written (domain/format.ts). */
const BOGOTA = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * A stored instant as the value of an <input type="datetime-local">, in Colombian time like every
 * time the app shows, whatever the device's own time zone.
 */
export function toLocalInput(value: unknown): string {
  if (!value) return '';
  const d = new Date(String(value));
  if (Number.isNaN(d.getTime())) return '';
  const part = Object.fromEntries(BOGOTA.formatToParts(d).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}`;
}

/**
 * The value of a datetime-local input, read as Colombian time, as an ISO instant; '' is no date.
 * Read in the device's zone instead, a tablet set to UTC stored 10:00 as 10:00 UTC, which every
 * list then showed as 05:00. `fechaInstant` reads it as the server and the edit's comparison do.
 */
export function fromLocalInput(value: string | null | undefined): string | null {
  const t = fechaInstant(value);
  return t === null ? null : new Date(t).toISOString();
}

// The server stores only the schema's choices (a bank change's 'media' included, kept as it is);
// anything else falls back like a missing value.
const isPrioridad = (p: unknown): p is (typeof PRIORIDADES_GUARDADAS)[number] => (PRIORIDADES_GUARDADAS as readonly unknown[]).includes(p);
const isEstado = (e: unknown): e is (typeof ESTADOS)[number] => (ESTADOS as readonly unknown[]).includes(e);

/** What the form starts with: the defaults to create, the notification's own values to edit. */
export function initialValues(n: NotificacionItem | null): NotificacionFormInput {
  if (!n) {
    return {
      titulo: '',
      mensaje: '',
      tipo: NOTIFICACION_DEFAULTS.tipo,
      accion_requerida: NOTIFICACION_DEFAULTS.accion_requerida,
      prioridad: NOTIFICACION_DEFAULTS.prioridad,
      estado: NOTIFICACION_DEFAULTS.estado,
      fecha_recordatorio: '',
      fecha_vencimiento: '',
    };
  }
  return {
    titulo: n.titulo ?? '',
    mensaje: n.mensaje ?? '',
    tipo: n.tipo ?? '',
    accion_requerida: String(n.metadata?.accion_requerida ?? ''),
    prioridad: isPrioridad(n.prioridad) ? n.prioridad : 'normal',
    estado: isEstado(n.estado) ? n.estado : 'pendiente',
    fecha_recordatorio: toLocalInput(n.fecha_recordatorio),
    fecha_vencimiento: toLocalInput(n.fecha_vencimiento),
  };
}

/** The form's values as a mutation carries them: dates as ISO instants or null. */
export function toMutationValues(values: NotificacionFormInput): NotificacionFormInput {
  return {
    ...values,
    fecha_recordatorio: fromLocalInput(values.fecha_recordatorio),
    fecha_vencimiento: fromLocalInput(values.fecha_vencimiento),
  };
}

/**
 * An edit: only the fields whose value differs from what the user saw, with what was seen as
 * `base` (a field someone else changed meanwhile becomes a conflict); null when nothing changed.
 */
export function editOf(
  seen: NotificacionItem,
  data: NotificacionFormInput,
): { changes: Record<string, unknown>; base: Record<string, unknown> } | null {
  const changes: Record<string, unknown> = {};
  const base: Record<string, unknown> = {};
  for (const campo of CAMPOS_EDITABLES) {
    const before = valorCampo(seen, campo);
    if (mismoValor(campo, before, data[campo])) continue;
    changes[campo] = data[campo];
    base[campo] = before;
  }
  return Object.keys(changes).length ? { changes, base } : null;
}
