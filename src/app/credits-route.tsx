/**
 * The home route: the credits list, the 'Editar Registro' modal of the row the user opens (with the
 * per-request notifications panel in its `notificationsPanel` slot) and the creation form
 * ('Nuevo Cliente'). Features do not import each other, so they meet here in the app layer; the
 * modal and the form load only when first opened, each inside its own ScreenBoundary.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ScreenBoundary } from '../components/ui/screen-boundary';
import CreditsPage from '../features/creditos/credits-page';
import { OPEN_PARAM } from './open-param';
import { FormSyncStatus } from './form-sync-status';

const EditRecordModal = lazy(() => import('../features/registro/edit-record-modal'));
const NotificationHistory = lazy(() =>
  import('../features/notificaciones/notification-history').then((m) => ({ default: m.NotificationHistory })),
);
const NuevoClienteModal = lazy(() =>
  import('../features/formulario/nuevo-cliente-modal').then((m) => ({ default: m.NuevoClienteModal })),
);

export default function CreditsRoute() {
  const [openId, setOpenId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [formLoaded, setFormLoaded] = useState(false);
  const [params, setParams] = useSearchParams();
  const linked = params.get(OPEN_PARAM);
  // A notification links to `/?solicitud=<id>`: open that application, then drop the parameter
  // (replace) so Back and a reload do not open it again.
  useEffect(() => {
    if (!linked) return;
    setOpenId(linked);
    setParams(
      (p) => {
        p.delete(OPEN_PARAM);
        return p;
      },
      { replace: true },
    );
  }, [linked, setParams]);
  return (
    <>
      <CreditsPage
        onOpen={setOpenId}
        onNew={() => {
          setFormLoaded(true);
          setCreating(true);
        }}
      />
      {/* A window that fails (its code not on the device yet, or a bug) fails alone: the list stays. */}
      {openId && (
        <ScreenBoundary key={openId} onClose={() => setOpenId(null)}>
          <Suspense fallback={null}>
            <EditRecordModal
              solicitudId={openId}
              onClose={() => setOpenId(null)}
              notificationsPanel={(id: string) => (
                <ScreenBoundary part="Historial de Notificaciones">
                  <Suspense fallback={null}>
                    <NotificationHistory solicitudId={id} />
                  </Suspense>
                </ScreenBoundary>
              )}
            />
          </Suspense>
        </ScreenBoundary>
      )}
      {formLoaded && (
        <ScreenBoundary
          onClose={() => {
            setCreating(false);
            setFormLoaded(false);
          }}
        >
          <Suspense fallback={null}>
            <NuevoClienteModal open={creating} onClose={() => setCreating(false)} onOpenExisting={setOpenId} status={<FormSyncStatus />} />
          </Suspense>
        </ScreenBoundary>
      )}
    </>
  );
}
