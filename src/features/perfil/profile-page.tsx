import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { ROLE_LABELS } from '../../domain/roles';
import { sessionAtom } from '../../state/session';
import { ProfileEditDialog } from './profile-edit-dialog';
import { AvatarIniciales } from './avatar';
import { PasswordDialog } from './password-dialog';

function Card({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <p className="text-sm font-medium text-slate-600">{label}</p>
      <p className="mt-1 break-words text-lg font-semibold text-slate-900">{value || '—'}</p>
    </div>
  );
}

export default function ProfilePage() {
  const state = useAtomValue(sessionAtom);
  const [editing, setEditing] = useState(false);
  const [changingPassword, setChangingPassword] = useState(false);
  if (state.status !== 'authenticated') {
    return <p role="alert">No se pudo cargar la información del usuario</p>;
  }
  const { user } = state.session;
  return (
    <section aria-labelledby="perfil-titulo" className="mx-auto max-w-3xl">
      <div className="flex flex-col items-center gap-4 rounded-xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200 sm:flex-row sm:text-left">
        <AvatarIniciales nombre={user.nombre} apellido={user.apellido} />
        <div className="sm:flex-1">
          <h1 id="perfil-titulo" className="text-2xl font-bold">
            {user.nombre}
          </h1>
          <p className="text-slate-700">{ROLE_LABELS[user.rol]}</p>
        </div>
        <div className="flex flex-wrap justify-center gap-2">
          <Button onClick={() => setChangingPassword(true)}>Cambiar contraseña</Button>
          <Button variant="primary" onClick={() => setEditing(true)}>
            Editar Perfil
          </Button>
        </div>
      </div>
      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        <Card label="Correo" value={user.correo} />
        <Card label="Cédula" value={user.cedula} />
        <Card label="Empresa" value={user.empresa} />
        <Card label="Rol" value={ROLE_LABELS[user.rol]} />
      </div>
      {editing && <ProfileEditDialog session={state.session} onClose={() => setEditing(false)} />}
      {changingPassword && <PasswordDialog session={state.session} onClose={() => setChangingPassword(false)} />}
    </section>
  );
}
