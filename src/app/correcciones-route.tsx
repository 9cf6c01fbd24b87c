/**
 * 'Correcciones pendientes' (issue 34): the advisor's list of returned applications and the
 * 'Editar Registro' modal of the one opened, with its flagged fields. Features do not import each
 * other, so they meet here in the app layer, like the credits list and its modal.
 */
import { lazy, Suspense, useState } from 'react';
import { ScreenBoundary } from '../components/ui/screen-boundary';
import CorreccionesPage from '../features/revisiones/correcciones-page';

const EditRecordModal = lazy(() => import('../features/registro/edit-record-modal'));

export default function CorreccionesRoute() {
  const [openId, setOpenId] = useState<string | null>(null);
  return (
    <>
      <CorreccionesPage onOpen={setOpenId} />
      {openId && (
        <ScreenBoundary key={openId} onClose={() => setOpenId(null)}>
          <Suspense fallback={null}>
            <EditRecordModal solicitudId={openId} onClose={() => setOpenId(null)} />
          </Suspense>
        </ScreenBoundary>
      )}
    </>
  );
}
