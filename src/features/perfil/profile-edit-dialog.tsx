import { valibotResolver } from '@hookform/resolvers/valibot';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { useDiscardGuard } from '../../components/ui/discard-guard';
import { TextField } from '../../components/ui/text-field';
import { mutate } from '../../db/mutate';
import type { Session, SessionUser } from '../../domain/session';
import { PerfilSchema, type Perfil } from '../../domain/usuario';
import { ApiError, apiJson } from '../../lib/api';
import { useLocalDb } from '../../state/local-data';
import { mergeSessionUser, sessionAtom, storeSession } from '../../state/session';

export const PERFIL_OK = 'Perfil actualizado correctamente';
export const PERFIL_ERROR = 'Error al actualizar la información del usuario';
export const PERFIL_OFFLINE = 'Perfil guardado en este dispositivo; se enviará al servidor cuando haya conexión.';

const READONLY = 'bg-slate-100 text-slate-700 border-slate-200';

/**
 * 'Editar Perfil': nombre and correo editable, cédula and empresa read-only (the server refuses
 * them too). Online, the answer's empresa and imagen_aliado are merged over the stored session.
 * Without a connection the change is queued as `perfil.editar` and the session shows it at once;
 * a later refusal reaches the sync panel.
 */
export function ProfileEditDialog({ session, onClose }: { session: Session; onClose: () => void }) {
  const { user } = session;
  const db = useLocalDb();
  const setSession = useSetAtom(sessionAtom);
  const [busy, setBusy] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isDirty },
  } = useForm<Perfil>({
    defaultValues: { nombre: user.nombre, correo: user.correo },
    resolver: valibotResolver(PerfilSchema),
  });
  const guard = useDiscardGuard(isDirty && !busy, onClose);

  const apply = (next: SessionUser) => {
    const updated = { token: session.token, user: next };
    storeSession(updated);
    setSession({ status: 'authenticated', session: updated });
  };

  const save = async (values: Perfil) => {
    setBusy(true);
    try {
      const answer = await apiJson<Partial<SessionUser>>('/api/perfil', {
        method: 'PUT',
        token: session.token,
        // The spec's payload: nombre, cedula, correo, rol, info_extra (the server keeps cédula and rol).
        body: JSON.stringify({ ...values, cedula: user.cedula, rol: user.rol, info_extra: user.info_extra }),
      });
      apply(mergeSessionUser(user, answer));
      toast.success(PERFIL_OK);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.network) {
        // No connection: queue it like every other change.
        try {
          await mutate(db, 'perfil.editar', { ...values, usuarioId: user.id });
          apply(mergeSessionUser(user, values));
          toast.success(PERFIL_OFFLINE);
          onClose();
        } catch (queueError) {
          console.error(PERFIL_ERROR, queueError);
          toast.error(PERFIL_ERROR, { description: (queueError as Error).message });
        }
      } else {
        console.error(PERFIL_ERROR, error);
        toast.error(PERFIL_ERROR, { description: error instanceof Error ? error.message : undefined });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      title="Editar Perfil"
      onClose={guard.requestClose}
      footer={
        <>
          <Button onClick={guard.requestClose} disabled={busy}>
            Cancelar
          </Button>
          <Button type="submit" form="perfil-editar" variant="primary" busy={busy} busyLabel="Guardando...">
            Guardar Cambios
          </Button>
        </>
      }
    >
      <form id="perfil-editar" noValidate onSubmit={(e) => void handleSubmit(save)(e)} className="grid gap-4 sm:grid-cols-2">
        <TextField label="Nombre" autoComplete="name" {...register('nombre')} error={errors.nombre?.message} />
        <TextField label="Correo" type="email" autoComplete="email" {...register('correo')} error={errors.correo?.message} />
        <TextField label="Cédula" className={READONLY} value={user.cedula} readOnly aria-readonly="true" />
        <TextField label="Empresa" className={READONLY} value={user.empresa} readOnly aria-readonly="true" />
        <p className="text-sm text-slate-600 sm:col-span-2">La cédula y la empresa no se pueden modificar.</p>
      </form>
      {guard.prompt}
    </Dialog>
  );
}
