import { valibotResolver } from '@hookform/resolvers/valibot';
import { useSetAtom } from 'jotai';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { BUTTON_PRIMARY, BUTTON_SECONDARY, Dialog } from '../../components/ui/dialog';
import { mutate } from '../../db/mutate';
import type { Session, SessionUser } from '../../domain/session';
import { PerfilSchema, type Perfil } from '../../domain/usuario';
import { apiJson } from '../../lib/api';
import { useLocalDb } from '../../state/local-data';
import { mergeSessionUser, sessionAtom, storeSession } from '../../state/session';

export const PERFIL_OK = 'Perfil actualizado correctamente';
export const PERFIL_ERROR = 'Error al actualizar la información del usuario';
export const PERFIL_OFFLINE = 'Perfil guardado en este dispositivo; se enviará al servidor cuando haya conexión.';

const INPUT = 'min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900';
const READONLY = 'min-h-11 w-full rounded-md border border-slate-200 bg-slate-100 px-3 py-2 text-slate-700';

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
  const ids = { nombre: useId(), correo: useId(), cedula: useId(), empresa: useId() };
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Perfil>({
    defaultValues: { nombre: user.nombre, correo: user.correo },
    resolver: valibotResolver(PerfilSchema),
  });

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
      if (error instanceof TypeError) {
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
      onClose={onClose}
      footer={
        <>
          <button type="button" className={BUTTON_SECONDARY} onClick={onClose} disabled={busy}>
            Cancelar
          </button>
          <button type="submit" form="perfil-editar" className={BUTTON_PRIMARY} disabled={busy}>
            {busy ? 'Guardando...' : 'Guardar Cambios'}
          </button>
        </>
      }
    >
      <form id="perfil-editar" noValidate onSubmit={(e) => void handleSubmit(save)(e)} className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={ids.nombre} className="mb-1 block text-sm font-medium text-slate-800">
            Nombre
          </label>
          <input id={ids.nombre} className={INPUT} aria-invalid={errors.nombre ? true : undefined} autoComplete="name" {...register('nombre')} />
          {errors.nombre?.message && <p role="alert" className="mt-1 text-sm text-red-700">{errors.nombre.message}</p>}
        </div>
        <div>
          <label htmlFor={ids.correo} className="mb-1 block text-sm font-medium text-slate-800">
            Correo
          </label>
          <input id={ids.correo} type="email" className={INPUT} aria-invalid={errors.correo ? true : undefined} autoComplete="email" {...register('correo')} />
          {errors.correo?.message && <p role="alert" className="mt-1 text-sm text-red-700">{errors.correo.message}</p>}
        </div>
        <div>
          <label htmlFor={ids.cedula} className="mb-1 block text-sm font-medium text-slate-800">
            Cédula
          </label>
          <input id={ids.cedula} className={READONLY} value={user.cedula} readOnly aria-readonly="true" />
        </div>
        <div>
          <label htmlFor={ids.empresa} className="mb-1 block text-sm font-medium text-slate-800">
            Empresa
          </label>
          <input id={ids.empresa} className={READONLY} value={user.empresa} readOnly aria-readonly="true" />
        </div>
        <p className="text-sm text-slate-600 sm:col-span-2">La cédula y la empresa no se pueden modificar.</p>
      </form>
    </Dialog>
  );
}
