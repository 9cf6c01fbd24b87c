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

/** 'Editar' and 'Eliminar' of one notification (roles with edit rights only: the caller decides). */
export function EditDeleteButtons({ onEdit, onDelete }: { onEdit: () => void; onDelete: () => void }) {
  return (
    <>
      <button
        type="button"
        onClick={onEdit}
        className={`${actionButton} bg-white text-slate-900 ring-slate-300 hover:bg-slate-50`}
      >
        Editar
      </button>
      <button
        type="button"
        onClick={onDelete}
        className={`${actionButton} bg-white text-red-800 ring-slate-300 hover:bg-red-50`}
      >
        Eliminar
      </button>
    </>
  );
}

/** The text of one notification; the caller adds its actions. */
export function NotificationSummary({
  n,
  showEstado = false,
}: {
  n: NotificacionItem;
  showEstado?: boolean;
}) {
  return (
    <div className="min-w-0">
      <div className="flex flex-wrap items-center gap-1.5">
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
      </div>
      <p
        className="mt-1 font-semibold break-words text-slate-900"
        data-testid="notificacion-titulo"
      >
        {n.titulo}
      </p>
      <p className="line-clamp-3 text-sm break-words text-slate-700">{n.mensaje}</p>
      <p className="mt-1 text-xs text-slate-600">
        {fechaCorta(n.created_at)}
        {n.fecha_recordatorio ? ` · Recordatorio: ${fechaCorta(n.fecha_recordatorio)}` : ''}
        {n.fecha_vencimiento ? ` · Vence: ${fechaCorta(n.fecha_vencimiento)}` : ''}
      </p>
    </div>
  );
}
