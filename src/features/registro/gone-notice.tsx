import { useSetAtom } from 'jotai';
import { Button } from '../../components/ui/button';
import { syncPanelAtom } from '../../state/sync-panel';

export const GONE_NOTICE = 'Esta solicitud ya no está en este dispositivo: se eliminó en el servidor o ya no tienes acceso a ella.';
export const GONE_DRAFT = 'Tus cambios no se pueden guardar en ella. Siguen en este dispositivo, en Cambios pendientes, donde puedes copiarlos.';

/**
 * Inside 'Editar Registro': the application left the device while it was open (the server deleted
 * it, or it moved out of what this user may see). The form stays as it was, so nothing typed
 * vanishes; the draft of what was typed is listed in 'Cambios pendientes' (src/app/orphan-drafts.ts).
 */
export function GoneNotice({ dirty }: { dirty: boolean }) {
  const openPanel = useSetAtom(syncPanelAtom);
  return (
    <div role="alert" className="mb-4 flex flex-wrap items-center justify-between gap-2 rounded-lg bg-red-50 p-3 text-red-950 ring-1 ring-red-300" data-testid="registro-eliminado">
      <p>
        <span className="font-semibold">{GONE_NOTICE}</span>
        {dirty && ` ${GONE_DRAFT}`}
      </p>
      {dirty && (
        <Button variant="danger" onClick={() => openPanel({ open: true })}>
          Ver Cambios pendientes
        </Button>
      )}
    </div>
  );
}
