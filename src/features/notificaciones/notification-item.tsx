import { formatDateTime } from '../../domain/format';
import { Badge } from '../../components/ui/badge';
import type { BadgeColor } from '../../domain/estados';
import {
  ESTADO_LABELS,
  PRIORIDAD_LABELS,
  TIPO_LABELS,
  type EstadoNotificacion,
  type TipoNotificacion,
} from '../../domain/notificacion';
import type { NotificacionItem } from './use-notificaciones';

const PRIORIDAD_COLOR: Record<string, BadgeColor> = {
  urgente: 'red',
  alta: 'orange',
  normal: 'blue',
  media: 'blue',
  baja: 'gray',
};
const ESTADO_COLOR: Record<string, BadgeColor> = {
  pendiente: 'yellow',
  leida: 'gray',
  completada: 'green',
};

/** dd/mm/yyyy hh:mm in Colombian time. */
export function fechaCorta(value: unknown): string {
  return value ? formatDateTime(String(value)) : '';
}

export const actionButton =
  'inline-flex min-h-11 items-center justify-center rounded-md px-2.5 text-[13px] font-medium ring-1 ring-inset focus:outline-2 focus:outline-offset-1 focus:outline-blue-700';

/**
 * A notification as its buttons name it: 'notificación «Cambio de banco» del 27/11/2026 10:30'. A
 * list shows several 'Editar' and 'Eliminar'; each button's accessible name says which one it acts
 * on, starting with its visible word.
 */
export function notificacionNombre(n: Pick<NotificacionItem, 'titulo' | 'created_at'>): string {
  const fecha = fechaCorta(n.created_at);
  return `notificación «${n.titulo}»${fecha ? ` del ${fecha}` : ''}`;
}

/** 'Editar' and 'Eliminar' of one notification (roles with edit rights only: the caller decides). */
export function EditDeleteButtons({ nombre, onEdit, onDelete }: { nombre: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <>
      <button
        type="button"
        onClick={onEdit}
        aria-label={`Editar ${nombre}`}
        className={`${actionButton} bg-white text-slate-900 ring-slate-300 hover:bg-slate-50`}
      >
        Editar
      </button>
      <button
        type="button"
        onClick={onDelete}
        aria-label={`Eliminar ${nombre}`}
        className={`${actionButton} bg-white text-red-800 ring-slate-300 hover:bg-red-50`}
      >
        Eliminar
      </button>
    </>
  );
}

/**
 * The text of one notification; the caller adds its actions. With `onOpen`, a notification that
 * names an application is one button (click, Enter or Space) that opens that application's
 * 'Editar Registro'; its inner parts are spans so the button holds only phrasing content.
 */
export function NotificationSummary({
  n,
  showEstado = false,
  onOpen,
}: {
  n: NotificacionItem;
  showEstado?: boolean;
  onOpen?: (solicitudId: string) => void;
}) {
  const solicitudId = n.solicitud_id;
  if (onOpen && solicitudId) {
    return (
      <button
        type="button"
        onClick={() => onOpen(solicitudId)}
        data-testid="notificacion-abrir"
        title="Abrir la solicitud"
        className="-mx-1 block w-[calc(100%+0.5rem)] min-w-0 rounded-md px-1 py-0.5 text-left hover:bg-slate-50 focus:outline-2 focus:outline-offset-1 focus:outline-blue-700"
      >
        <SummaryParts n={n} showEstado={showEstado} />
        <span className="mt-1 block text-xs font-medium text-blue-800 underline">Abrir la solicitud</span>
      </button>
    );
  }
  return (
    <div className="min-w-0">
      <SummaryParts n={n} showEstado={showEstado} />
    </div>
  );
}

function SummaryParts({ n, showEstado }: { n: NotificacionItem; showEstado: boolean }) {
  return (
    <>
      <span className="flex flex-wrap items-center gap-1.5">
        <Badge color={PRIORIDAD_COLOR[n.prioridad] ?? 'blue'}>
          {PRIORIDAD_LABELS[n.prioridad] ?? n.prioridad}
        </Badge>
        {showEstado && (
          <Badge color={ESTADO_COLOR[n.estado] ?? 'gray'}>
            <span data-testid="notificacion-estado">
              {ESTADO_LABELS[n.estado as EstadoNotificacion] ?? n.estado}
            </span>
          </Badge>
        )}
        <span className="text-xs text-slate-600">
          {TIPO_LABELS[n.tipo as TipoNotificacion] ?? n.tipo}
        </span>
      </span>
      <span
        className="mt-1 block font-semibold break-words text-slate-900"
        data-testid="notificacion-titulo"
      >
        {n.titulo}
      </span>
      <span className="line-clamp-3 block text-sm break-words text-slate-700">{n.mensaje}</span>
      <span className="mt-1 block text-xs text-slate-600">
        {fechaCorta(n.created_at)}
        {n.fecha_recordatorio ? ` · Recordatorio: ${fechaCorta(n.fecha_recordatorio)}` : ''}
        {n.fecha_vencimiento ? ` · Vence: ${fechaCorta(n.fecha_vencimiento)}` : ''}
      </span>
    </>
  );
}
