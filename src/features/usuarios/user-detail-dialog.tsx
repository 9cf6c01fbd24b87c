import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Dialog } from '../../components/ui/dialog';
import { useDiscardGuard } from '../../components/ui/discard-guard';
import { Spinner } from '../../components/ui/spinner';
import type { RadicaDB } from '../../db/database';
import { assignableRoles, canManageUsuario, INFO_EXTRA_KEYS, manageNote, INFO_EXTRA_LABELS, type UsuarioRow } from '../../domain/usuario';
import type { SessionUser } from '../../domain/session';
import { AppError } from '../../domain/errors';
import { UserForm, userFormValues, type UserFormOutput } from './user-form';
import { useBancos } from './use-bancos';
import { editarUsuario, eliminarUsuario, USER_ERRORS, useUsuario } from './use-usuarios';
import { fechaCorta, rolLabel } from './format';
import { useAtomValue } from 'jotai';
import { announceQueued } from '../../state/delivery';
import { syncClientAtom } from '../../state/local-data';

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
  const [dirty, setDirty] = useState(false);
  const [refused, setRefused] = useState<Record<string, string> | null>(null);
  const bancos = useBancos(db);
  const client = useAtomValue(syncClientAtom);
  const leaveEdit = useCallback(() => {
    setDirty(false);
    setMode('view');
  }, []);
  // In edit mode Cancelar goes back to the details, ✕ and Escape close: both ask while edited.
  const cancelEdit = useDiscardGuard(mode === 'edit' && dirty && !busy, leaveEdit);
  const closeEdit = useDiscardGuard(mode === 'edit' && dirty && !busy, onClose);

  if (user === undefined) {
    return (
      <Dialog title="Detalles del Usuario" onClose={onClose}>
        <Spinner />
      </Dialog>
    );
  }
  if (user === null) {
    return (
      <Dialog title="Detalles del Usuario" onClose={onClose} footer={<Button onClick={onClose}>Cerrar</Button>}>
        <p role="alert">{USER_ERRORS.get}: el usuario ya no existe.</p>
      </Dialog>
    );
  }

  const allowed = canManageUsuario(actor, user);
  const note = manageNote(actor, user);

  const save = async (values: UserFormOutput) => {
    setBusy(true);
    try {
      const queued = await editarUsuario(db, user, values);
      onQueued(queued);
      announceQueued(db, client, queued, { sent: 'Usuario actualizado' });
      leaveEdit();
    } catch (error) {
      console.error(USER_ERRORS.update, error);
      if (error instanceof AppError && error.fields) setRefused(error.fields);
      toast.error(USER_ERRORS.update, { description: errorText(error) });
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    try {
      const id = await eliminarUsuario(db, user.id as number);
      onQueued(id);
      announceQueued(db, client, id, { sent: 'Usuario eliminado' });
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
        onClose={closeEdit.requestClose}
        footer={
          <>
            <Button onClick={cancelEdit.requestClose} disabled={busy}>
              Cancelar
            </Button>
            <Button type="submit" form="usuario-editar" variant="primary" busy={busy} busyLabel="Guardando...">
              Guardar
            </Button>
          </>
        }
      >
        <UserForm
          mode="edit"
          formId="usuario-editar"
          defaults={userFormValues(user)}
          roles={assignableRoles(actor.rol)}
          bancos={bancos}
          refused={refused}
          onSubmit={save}
          onDirtyChange={setDirty}
        />
        {cancelEdit.prompt}
        {closeEdit.prompt}
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
        <>
          {allowed.delete && (
            <Button variant="danger" className="sm:mr-auto" onClick={() => setMode('confirm-delete')}>
              Eliminar
            </Button>
          )}
          <Button onClick={onClose}>Cerrar</Button>
          {allowed.edit && (
            <Button variant="primary" onClick={() => setMode('edit')}>
              Editar
            </Button>
          )}
        </>
      }
    >
      {user.local && (
        <p className="mb-3 rounded-md bg-amber-50 p-2 text-sm text-amber-900 ring-1 ring-amber-200">
          Este usuario se creó en este dispositivo y aún no llega al servidor. Podrás editarlo cuando se sincronice.
        </p>
      )}
      {note && (
        <p className="mb-3 rounded-md bg-slate-50 p-2 text-sm text-slate-700 ring-1 ring-slate-200" data-testid="usuario-nota">
          {note}
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
      {mode === 'confirm-delete' && (
        <ConfirmDialog
          title="Eliminar usuario"
          message={`Estás seguro de que deseas eliminar al usuario "${user.nombre}"? Esta acción no se puede deshacer.`}
          confirmLabel="Sí, eliminar"
          busy={busy}
          onCancel={() => setMode('view')}
          onConfirm={() => void remove()}
        />
      )}
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
