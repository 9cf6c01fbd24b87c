import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../components/ui/badge';
import { BUTTON_DANGER, BUTTON_PRIMARY, BUTTON_SECONDARY, Dialog } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import type { RadicaDB } from '../../db/database';
import { assignableRoles, canManageUsuario, INFO_EXTRA_KEYS, INFO_EXTRA_LABELS, type UsuarioRow } from '../../domain/usuario';
import type { SessionUser } from '../../domain/session';
import { UserForm, userFormValues, type UserFormOutput } from './user-form';
import { editarUsuario, eliminarUsuario, USER_ERRORS, useUsuario } from './use-usuarios';
import { fechaCorta, rolLabel } from './format';

interface Props {
  db: RadicaDB;
  id: UsuarioRow['id'];
  actor: SessionUser;
  onClose: () => void;
  /** Called with the id of every mutation queued here (to report a later rejection). */
  onQueued: (mutationId: number | null) => void;
}

function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Error desconocido';
}

/** 'Detalles del Usuario': view mode, edit mode, save (back to view), delete with confirmation. */
export function UserDetailDialog({ db, id, actor, onClose, onQueued }: Props) {
  const user = useUsuario(db, id);
  const [mode, setMode] = useState<'view' | 'edit' | 'confirm-delete'>('view');
  const [busy, setBusy] = useState(false);

  if (user === undefined) {
    return (
      <Dialog title="Detalles del Usuario" onClose={onClose}>
        <Spinner />
      </Dialog>
    );
  }
  if (user === null) {
    return (
      <Dialog title="Detalles del Usuario" onClose={onClose} footer={<button type="button" className={BUTTON_SECONDARY} onClick={onClose}>Cerrar</button>}>
        <p role="alert">{USER_ERRORS.get}: el usuario ya no existe.</p>
      </Dialog>
    );
  }

  const allowed = canManageUsuario(actor, user);

  const save = async (values: UserFormOutput) => {
    setBusy(true);
    try {
      const queued = await editarUsuario(db, user, values);
      onQueued(queued);
      if (queued !== null) toast.success('Usuario actualizado');
      setMode('view');
    } catch (error) {
      console.error(USER_ERRORS.update, error);
      toast.error(USER_ERRORS.update, { description: errorText(error) });
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    try {
      onQueued(await eliminarUsuario(db, user.id as number));
      toast.success('Usuario eliminado');
      onClose();
    } catch (error) {
      console.error(USER_ERRORS.delete, error);
      toast.error(USER_ERRORS.delete, { description: errorText(error) });
      setBusy(false);
    }
  };

  if (mode === 'edit') {
    return (
      <Dialog
        key="edit"
        title="Detalles del Usuario"
        onClose={onClose}
        footer={
          <>
            <button type="button" className={BUTTON_SECONDARY} onClick={() => setMode('view')} disabled={busy}>
              Cancelar
            </button>
            <button type="submit" form="usuario-editar" className={BUTTON_PRIMARY} disabled={busy}>
              {busy ? 'Guardando...' : 'Guardar'}
            </button>
          </>
        }
      >
        <UserForm mode="edit" formId="usuario-editar" defaults={userFormValues(user)} roles={assignableRoles(actor.rol)} onSubmit={save} />
      </Dialog>
    );
  }

  const info = (key: (typeof INFO_EXTRA_KEYS)[number]) => {
    const value = user.info_extra?.[key];
    return typeof value === 'string' && value ? value : '—';
  };

  return (
    <Dialog
      key="view"
      title="Detalles del Usuario"
      onClose={onClose}
      footer={
        mode === 'confirm-delete' ? (
          <div role="alertdialog" aria-labelledby="confirmar-eliminar" className="flex w-full flex-wrap items-center justify-end gap-2">
            <p id="confirmar-eliminar" className="mr-auto font-medium text-red-900">
              Estás seguro de que deseas eliminar al usuario "{user.nombre}"? Esta acción no se puede deshacer.
            </p>
            <button type="button" className={BUTTON_SECONDARY} onClick={() => setMode('view')} disabled={busy}>
              Cancelar
            </button>
            <button type="button" className={BUTTON_DANGER} onClick={() => void remove()} disabled={busy} autoFocus>
              Sí, eliminar
            </button>
          </div>
        ) : (
          <>
            {allowed.delete && (
              <button type="button" className={`${BUTTON_DANGER} sm:mr-auto`} onClick={() => setMode('confirm-delete')}>
                Eliminar
              </button>
            )}
            <button type="button" className={BUTTON_SECONDARY} onClick={onClose}>
              Cerrar
            </button>
            {allowed.edit && (
              <button type="button" className={BUTTON_PRIMARY} onClick={() => setMode('edit')}>
                Editar
              </button>
            )}
          </>
        )
      }
    >
      {user.local && (
        <p className="mb-3 rounded-md bg-amber-50 p-2 text-sm text-amber-900 ring-1 ring-amber-200">
          Este usuario se creó en este dispositivo y aún no llega al servidor. Podrás editarlo cuando se sincronice.
        </p>
      )}
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2" data-testid="usuario-detalle">
        <Item label="ID" value={user.local ? 'Pendiente' : String(user.id)} />
        <Item label="Nombre" value={user.nombre} />
        <Item label="Correo" value={user.correo} />
        <Item label="Cédula" value={user.cedula} />
        <div>
          <dt className="text-sm font-medium text-slate-600">Rol</dt>
          <dd className="mt-0.5">
            <Badge color="blue">{rolLabel(user.rol)}</Badge>
          </dd>
        </div>
        <Item label="Fecha de Creación" value={fechaCorta(user.created_at)} />
        {INFO_EXTRA_KEYS.map((k) => (
          <Item key={k} label={INFO_EXTRA_LABELS[k]} value={info(k)} />
        ))}
      </dl>
    </Dialog>
  );
}

function Item({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-0.5 break-words text-slate-900">{value || '—'}</dd>
    </div>
  );
}
