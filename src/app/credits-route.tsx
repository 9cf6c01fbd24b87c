/**
 * The home route: the credits list and, over it, the 'Editar Registro' modal of the row the user
 * opens. Composed here because features do not import each other; the per-request notifications
 * panel (notifications feature) is passed to the modal through its `notificationsPanel` slot.
 */
import { lazy, Suspense, useState } from 'react';
import CreditsPage from '../features/creditos/credits-page';

const EditRecordModal = lazy(() => import('../features/registro/edit-record-modal'));

export default function CreditsRoute() {
  const [openId, setOpenId] = useState<string | null>(null);
  return (
    <>
      <CreditsPage onOpen={setOpenId} />
      {openId && (
        <Suspense fallback={null}>
          <EditRecordModal key={openId} solicitudId={openId} onClose={() => setOpenId(null)} />
        </Suspense>
      )}
    </>
  );
}
