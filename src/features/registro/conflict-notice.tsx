import { useAtomValue, useSetAtom } from 'jotai';
import { conflictoPropio } from '../../domain/errors';
import { myUserIdAtom } from '../../state/session';
import { Button } from '../../components/ui/button';
import { useConflictsBySolicitud } from '../../state/problems';
import { syncPanelAtom } from '../../state/sync-panel';
import { conflictLines, conflictWhat } from './conflict-lines';
import { useEtiquetas } from '../../state/etiquetas';

/**
 * Inside 'Editar Registro': a change of this device to this application that the server refused
 * because someone else changed the same fields. The form shows the server's values meanwhile.
 */
export function ConflictNotice({ solicitudId }: { solicitudId: string }) {
  const conflicts = useConflictsBySolicitud().get(solicitudId) ?? [];
  const openPanel = useSetAtom(syncPanelAtom);
  const etiquetas = useEtiquetas();
  const userId = useAtomValue(myUserIdAtom);
  if (!conflicts.length) return null;
  return (
    <div role="alert" className="mb-4 space-y-2" data-testid="conflicto-en-registro">
      {conflicts.map((p) => {
        const labels = [...new Set(conflictLines(p.conflict, etiquetas).map((l) => l.label))].join(', ');
        return (
          <div key={p.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-red-50 p-3 text-red-950 ring-1 ring-red-300">
            <p>
              <span className="font-semibold">
                {conflictoPropio(p.conflict, userId)
                  ? `Conflicto: ${conflictWhat(p.conflict, labels, true)}.`
                  : `Conflicto: ${conflictWhat(p.conflict, labels, false)} en el servidor.`}
              </span>{' '}
              Tu cambio hecho en este
              dispositivo no se guardó; el formulario muestra los valores del servidor. Elige qué conservar.
            </p>
            <Button variant="danger" onClick={() => openPanel({ open: true, problemId: p.id })}>
              Resolver
            </Button>
          </div>
        );
      })}
    </div>
  );
}
