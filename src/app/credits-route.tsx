/**
 * The index screen: the credits list composed with the creation form ('Nuevo Cliente'). Features
 * do not import each other, so they meet here in the app layer.
 */
import { lazy, Suspense, useState } from 'react';
import CreditsPage from '../features/creditos/credits-page';

const NuevoClienteModal = lazy(() =>
  import('../features/formulario/nuevo-cliente-modal').then((m) => ({ default: m.NuevoClienteModal })),
);

export default function CreditsRoute() {
  const [creating, setCreating] = useState(false);
  const [formLoaded, setFormLoaded] = useState(false);
  return (
    <>
      <CreditsPage
        onNew={() => {
          setFormLoaded(true);
          setCreating(true);
        }}
      />
      {formLoaded && (
        <Suspense fallback={null}>
          <NuevoClienteModal open={creating} onClose={() => setCreating(false)} />
        </Suspense>
      )}
    </>
  );
}
