import { useState } from 'react';
import { Spinner } from '../../components/ui/spinner';
import { NotificationFormModal } from './notification-form-modal';
import { actionButton, EditDeleteButtons, notificacionNombre, NotificationSummary } from './notification-item';
import {
  useCanEditNotificaciones,
  useHistorial,
  useNotificacionActions,
  type NotificacionItem,
} from './use-notificaciones';
import { Button } from '../../components/ui/button';
import { SoloLecturaNote } from './solo-lectura-note';

/**
 * 'Historial de Notificaciones' of one application (spec 01 §2), for the 'Editar Registro' modal:
 * every notification of the application, newest first, each with edit and delete and, while
 * pending, 'Marcar Leída'; 'Nueva Notificación' opens the create form. The read-only role sees
 * the list alone, with a line saying why. Reads the local store and
 * writes local mutations, so it works offline.
 */
export function NotificationHistory({ solicitudId }: { solicitudId: string }) {
  const { items, loading } = useHistorial(solicitudId);
  const actions = useNotificacionActions();
  const canEdit = useCanEditNotificaciones();
  const [form, setForm] = useState<{ notificacion: NotificacionItem | null } | null>(null);

  return (
    <section
      aria-labelledby={`historial-${solicitudId}`}
      className="rounded-lg ring-1 ring-slate-200"
      data-testid="notification-history"
    >
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
        <h3 id={`historial-${solicitudId}`} className="text-lg font-semibold text-slate-900">
          Historial de Notificaciones
        </h3>
        {canEdit && (
          <Button variant="primary" onClick={() => setForm({ notificacion: null })}>
            Nueva Notificación
          </Button>
        )}
      </div>
      {!canEdit && (
        <SoloLecturaNote testId="historial-solo-lectura" />
      )}
      {loading ? (
        <div className="p-4">
          <Spinner />
        </div>
      ) : items.length === 0 ? (
        <p className="p-4 text-slate-700">No hay notificaciones para esta solicitud</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {items.map((n) => (
            <li
              key={n.id}
              className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-start sm:justify-between"
              data-testid="historial-item"
              data-id={n.id}
            >
              <NotificationSummary n={n} showEstado />
              {canEdit && (
                <div className="flex shrink-0 flex-wrap gap-1.5">
                  {n.estado === 'pendiente' && (
                    <button
                      type="button"
                      onClick={() => void actions.marcarLeida(n.id)}
                      aria-label={`Marcar Leída la ${notificacionNombre(n)}`}
                      className={`${actionButton} bg-white text-blue-900 ring-slate-300 hover:bg-slate-50`}
                    >
                      Marcar Leída
                    </button>
                  )}
                  <EditDeleteButtons nombre={notificacionNombre(n)} onEdit={() => setForm({ notificacion: n })} onDelete={() => void actions.eliminar(n.id)} />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {form && (
        <NotificationFormModal
          notificacion={form.notificacion}
          solicitudId={solicitudId}
          onClose={() => setForm(null)}
        />
      )}
    </section>
  );
}
