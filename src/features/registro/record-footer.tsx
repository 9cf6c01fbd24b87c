/**
 * The actions of 'Editar Registro': Cancelar, Guardar, and Eliminar (desktop only, spec 01 §2:
 * deleting from a tablet in the field is too easy to do by mistake), which asks first and then
 * queues `solicitud.eliminar`.
 */
import { useAtomValue } from 'jotai';
import { useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { mutate } from '../../db/mutate';
import { reportDelivery } from '../../state/delivery';
import { syncClientAtom, useLocalDb } from '../../state/local-data';

export const DELETE_CONFIRMATION = '¿Estás seguro de eliminar este registro? Esta acción no se puede deshacer.';

interface Props {
  formId: string;
  solicitudId: string;
  subjectLine: string;
  canEdit: boolean;
  canDelete: boolean;
  saving: boolean;
  onCancel: () => void;
  /** Closes the modal once the deletion is queued. */
  onDeleted: () => void;
  /** Told while a deletion is being queued (closing then asks nothing). */
  onDeleting: (deleting: boolean) => void;
  /** Where the unsaved changes are (the draft's hint), shown beside the actions. */
  status?: ReactNode;
}

export function RecordFooter({ formId, solicitudId, subjectLine, canEdit, canDelete, saving, onCancel, onDeleted, onDeleting, status }: Props) {
  const db = useLocalDb();
  const client = useAtomValue(syncClientAtom);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const onDelete = async () => {
    setDeleting(true);
    onDeleting(true);
    try {
      const id = await mutate(db, 'solicitud.eliminar', { solicitudId });
      setConfirming(false);
      onDeleted();
      void reportDelivery(db, [id], { sent: 'Registro eliminado', description: subjectLine }, { client, online: navigator.onLine });
    } catch (error) {
      toast.error('Error al eliminar el registro', { description: error instanceof Error ? error.message : undefined });
      setDeleting(false);
      onDeleting(false);
    }
  };

  return (
    <div className="flex w-full flex-wrap items-center justify-between gap-3">
      <div className={`${status ? 'flex' : 'hidden lg:flex'} min-w-0 basis-full items-center gap-3 sm:flex-1 sm:basis-0`}>
        {canDelete && (
          <div className="hidden shrink-0 lg:block">
            <Button variant="danger-outline" onClick={() => setConfirming(true)}>
              Eliminar
            </Button>
          </div>
        )}
        {status}
      </div>
      <div className="ml-auto flex flex-1 justify-end gap-3 sm:flex-none">
        <Button onClick={onCancel} className="flex-1 sm:flex-none">
          Cancelar
        </Button>
        {canEdit && (
          <Button type="submit" form={formId} variant="primary" busy={saving} busyLabel="Guardando..." className="flex-1 px-6 sm:flex-none">
            Guardar
          </Button>
        )}
      </div>
      {confirming && (
        <ConfirmDialog
          title="Eliminar registro"
          message={DELETE_CONFIRMATION}
          confirmLabel="Eliminar"
          busy={deleting}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void onDelete()}
        />
      )}
    </div>
  );
}
