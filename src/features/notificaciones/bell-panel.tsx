/**
 * The bell's open panel: the pending notifications (priority, then newest first) with 'Marcar
 * leída', 'Completar', and for roles that may edit 'Editar'/'Eliminar' per item, plus 'Marcar todas
 * como leídas'. Every action is a local mutation (works offline); while open, toasts move to the
 * bottom so they never cover its header's buttons.
 */
import { useAtomValue } from 'jotai';
import { useEffect, useRef, type CSSProperties, type Ref } from 'react';
import { askConfirm, type ConfirmOptions } from '../../components/ui/confirm-dialog';
import { pushTopPanel } from '../../components/ui/dialog-stack';
import { Spinner } from '../../components/ui/spinner';
import { syncClientAtom, useLocalDb } from '../../state/local-data';
import { reportDelivery } from '../../state/delivery';
import { actionButton, EditDeleteButtons, notificacionNombre, NotificationSummary } from './notification-item';
import { SoloLecturaNote } from './solo-lectura-note';
import { useCanEditNotificaciones, useNotificacionActions, type NotificacionItem } from './use-notificaciones';

/**
 * Spec 01 §4 'Mark all read' (the button 'Marcar todas como leídas'): the list is reloaded 500 ms
 * later (§9). The spec names the transition in English; the screen says it in Spanish.
 */
export const RELOAD_AFTER_MARK_ALL_MS = 500;

export const MARK_ALL_SENT = 'Notificaciones marcadas como leídas';

/** The question before 'Marcar todas como leídas'. */
export function markAllQuestion(n: number): ConfirmOptions {
  return {
    title: '¿Marcar todas como leídas?',
    message: `${n === 1 ? 'La notificación pendiente se marcará' : `Las ${n} notificaciones pendientes se marcarán`} como leída${n === 1 ? '' : 's'} y saldrá${n === 1 ? '' : 'n'} de esta lista.`,
    confirmLabel: 'Marcar todas',
    tone: 'primary',
  };
}

export function BellPanel({
  ref,
  id,
  titleId,
  style,
  items,
  loading,
  onEdit,
  onOpen,
}: {
  ref: Ref<HTMLDivElement>;
  id: string;
  titleId: string;
  style: CSSProperties;
  items: NotificacionItem[];
  loading: boolean;
  onEdit: (n: NotificacionItem) => void;
  onOpen?: (solicitudId: string) => void;
}) {
  const actions = useNotificacionActions();
  const canEdit = useCanEditNotificaciones();
  const client = useAtomValue(syncClientAtom);
  const db = useLocalDb();
  const reload = useRef<ReturnType<typeof setTimeout> | null>(null);
  // Toasts go to the bottom while the list is open, off its header's buttons.
  useEffect(() => pushTopPanel(), []);
  useEffect(
    () => () => {
      if (reload.current) clearTimeout(reload.current);
    },
    [],
  );

  const markAll = async () => {
    // One tap takes every pending item off the list, with no way back: it asks first.
    if (!(await askConfirm(markAllQuestion(items.length)))) return;
    const id = await actions.marcarTodasLeidas(items.map((n) => n.id));
    if (id === null) return;
    // 'Notificaciones marcadas como leídas' once the server has it; offline, on this device.
    void reportDelivery(db, [id], { sent: MARK_ALL_SENT }, { client, online: navigator.onLine });
    // The list already shows the change; 500 ms later it is reloaded from the server when online.
    reload.current = setTimeout(
      () => void client?.syncNow().catch(() => undefined),
      RELOAD_AFTER_MARK_ALL_MS,
    );
  };

  return (
    <div
      ref={ref}
      id={id}
      role="dialog"
      aria-labelledby={titleId}
      tabIndex={-1}
      style={style}
      data-testid="notificaciones-panel"
      className="fixed z-50 flex flex-col overflow-hidden rounded-xl bg-white text-slate-900 shadow-2xl ring-1 ring-slate-300 focus:outline-none"
    >
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
        <div>
          <h2 id={titleId} className="text-lg font-bold">
            Notificaciones
          </h2>
          <p className="text-sm text-slate-700" data-testid="notificaciones-count">
            {items.length === 1 ? '1 pendiente' : `${items.length} pendientes`}
          </p>
        </div>
        {canEdit && (
          <button
            type="button"
            onClick={() => void markAll()}
            disabled={items.length === 0}
            className={`${actionButton} bg-blue-50 text-blue-900 ring-blue-200 hover:bg-blue-100 disabled:opacity-50`}
          >
            Marcar todas como leídas
          </button>
        )}
      </div>
      {!canEdit && (
        <SoloLecturaNote testId="notificaciones-solo-lectura" />
      )}
      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
        {loading ? (
          <div className="p-4">
            <Spinner />
          </div>
        ) : items.length === 0 ? (
          <p className="p-6 text-center text-slate-700">No tienes notificaciones pendientes</p>
        ) : (
          <ul className="divide-y divide-slate-200" aria-label="Notificaciones pendientes">
            {items.map((n) => (
              <li key={n.id} className="px-4 py-3" data-testid="notificacion-item" data-id={n.id}>
                <NotificationSummary n={n} onOpen={onOpen} />
                {canEdit && (
                  <div className="mt-2 flex flex-wrap gap-1">
                    <button
                      type="button"
                      onClick={() => void actions.marcarLeida(n.id)}
                      className={`${actionButton} bg-white text-blue-900 ring-slate-300 hover:bg-slate-50`}
                    >
                      Marcar leída
                    </button>
                    <button
                      type="button"
                      onClick={() => void actions.marcarCompletada(n.id)}
                      className={`${actionButton} bg-white text-green-900 ring-slate-300 hover:bg-slate-50`}
                    >
                      Completar
                    </button>
                    <EditDeleteButtons nombre={notificacionNombre(n)} onEdit={() => onEdit(n)} onDelete={() => void actions.eliminar(n.id)} />
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
