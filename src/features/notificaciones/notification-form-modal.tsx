/**
 * 'Nueva Notificación' / 'Editar Notificación'. Saving is a local mutation: it shows at once and
 * is sent when there is a connection. An edit sends only the changed fields, with the values the
 * user saw as `base` (a field someone else changed meanwhile becomes a conflict in the panel).
 * The form is checked with the domain's NotificacionFormSchema; its values go to the mutation as
 * typed (the mutation parses them with the same schema), so the resolver is `raw`.
 */
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useAtomValue } from 'jotai';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { useDiscardGuard } from '../../components/ui/discard-guard';
import { mutate } from '../../db/mutate';
import { uuidv7 } from '../../domain/ids';
import { NotificacionFormSchema, type NotificacionFormInput } from '../../domain/notificacion';
import { announceQueued } from '../../state/delivery';
import { syncClientAtom, useLocalDb } from '../../state/local-data';
import { NotificationFields } from './notification-fields';
import { editOf, initialValues, toMutationValues } from './notification-form-values';
import type { NotificacionItem } from './use-notificaciones';

const resolver = valibotResolver(NotificacionFormSchema, undefined, { raw: true });

export function NotificationFormModal({
  notificacion,
  solicitudId,
  onClose,
}: {
  /** null to create. */
  notificacion: NotificacionItem | null;
  /** The application a new notification belongs to. */
  solicitudId: string | null;
  onClose: () => void;
}) {
  const db = useLocalDb();
  const client = useAtomValue(syncClientAtom);
  const formId = useId();
  const [saving, setSaving] = useState(false);
  const editing = notificacion !== null;
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors, isDirty },
  } = useForm<NotificacionFormInput, unknown, NotificacionFormInput>({
    defaultValues: initialValues(notificacion),
    resolver,
  });

  const guard = useDiscardGuard(isDirty && !saving, onClose);

  const submit = async (values: NotificacionFormInput) => {
    setSaving(true);
    try {
      const data = toMutationValues(values);
      if (!editing) {
        const id = await mutate(db, 'notificacion.crear', { ...data, id: uuidv7(), solicitud_id: solicitudId });
        announceQueued(db, client, id, { sent: 'Notificación creada' });
      } else {
        const edit = editOf(notificacion, data);
        if (edit) {
          const id = await mutate(db, 'notificacion.editar', { id: notificacion.id, ...edit });
          announceQueued(db, client, id, { sent: 'Notificación actualizada' });
        }
      }
      onClose();
    } catch (error) {
      toast.error(editing ? 'Error al actualizar notificación' : 'Error al crear notificación', {
        description: error instanceof Error ? error.message : undefined,
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      title={editing ? 'Editar Notificación' : 'Nueva Notificación'}
      onClose={guard.requestClose}
      footer={
        <>
          <Button onClick={guard.requestClose}>Cancelar</Button>
          <Button type="submit" form={formId} variant="primary" busy={saving} busyLabel="Guardando...">
            {editing ? 'Guardar cambios' : 'Crear notificación'}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(e) => void handleSubmit(submit)(e)}
        className="grid gap-4 sm:grid-cols-2"
      >
        <NotificationFields formId={formId} register={register} setValue={setValue} errors={errors} prioridadActual={notificacion?.prioridad} />
      </form>
      {guard.prompt}
    </Dialog>
  );
}
