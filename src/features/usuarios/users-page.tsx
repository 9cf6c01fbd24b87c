import { useAtomValue } from 'jotai';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { useDiscardGuard } from '../../components/ui/discard-guard';
import { INPUT_CLASS } from '../../components/ui/text-field';
import { Pagination, pageCount } from '../../components/ui/pagination';
import { Spinner } from '../../components/ui/spinner';
import type { RadicaDB } from '../../db/database';
import { isAdminOrSupervisor, ROLE_LABELS } from '../../domain/roles';
import type { SessionUser } from '../../domain/session';
import { assignableRoles, matchesUsuario, type UsuarioRow } from '../../domain/usuario';
import { AppError } from '../../domain/errors';
import { useBancos } from './use-bancos';
import { useMinWidth } from '../../lib/use-wide';
import { useLocalDb } from '../../state/local-data';
import { sessionAtom } from '../../state/session';
import { UserDetailDialog } from './user-detail-dialog';
import { UsersCards, UsersTable } from './users-list';
import { UserForm, type UserFormOutput } from './user-form';
import { crearUsuario, USER_ERRORS, useRejections, useUsuarios } from './use-usuarios';
import { announceQueued } from '../../state/delivery';
import { syncClientAtom } from '../../state/local-data';

export default function UsersPage() {
  const state = useAtomValue(sessionAtom);
  if (state.status !== 'authenticated') {
    return (
      <section className="mx-auto max-w-xl p-6 text-center">
        <h1 className="text-xl font-bold">Autenticación Requerida</h1>
        <p className="mt-2 text-slate-700">Por favor inicia sesión para ver la información de usuarios.</p>
      </section>
    );
  }
  return <UsersView actor={state.session.user} />;
}

const USERS_TABLE_MIN_WIDTH = 1200;

function UsersView({ actor }: { actor: SessionUser }) {
  const db = useLocalDb();
  const users = useUsuarios(db);
  const watch = useRejections(db);
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [openId, setOpenId] = useState<UsuarioRow['id'] | null>(null);
  const [creating, setCreating] = useState(false);
  const canCreate = isAdminOrSupervisor(actor.rol);
  // The seven columns need about 830 px; beside the 256 px menu that is a 1200 px window. Below
  // it (phones, tablets, a small laptop) the users are cards, so nothing scrolls sideways.
  const wide = useMinWidth(USERS_TABLE_MIN_WIDTH);

  const filtered = useMemo(
    () => (users.status === 'ready' ? users.rows.filter((u) => matchesUsuario(u, deferred)) : []),
    [users, deferred],
  );
  const pages = pageCount(filtered.length, pageSize);
  const visible = filtered.slice((page - 1) * pageSize, page * pageSize);

  useEffect(() => {
    if (page > pages) setPage(pages);
  }, [page, pages]);

  const open = (id: UsuarioRow['id']) => setOpenId(id);
  const empty = query ? 'Ningún usuario coincide con la búsqueda.' : 'No hay usuarios.';

  return (
    <section aria-labelledby="usuarios-titulo" className="mx-auto max-w-7xl space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 id="usuarios-titulo" className="text-2xl font-bold text-slate-900">
            Usuarios
          </h1>
          <p className="text-slate-700" data-testid="conectado-como">
            Conectado como: <strong>{actor.nombre}</strong> <Badge color="blue">{ROLE_LABELS[actor.rol]}</Badge>
          </p>
        </div>
        {canCreate && (
          <Button variant="primary" onClick={() => setCreating(true)}>
            Nuevo Usuario
          </Button>
        )}
      </div>

      <div className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <label className="block text-sm font-medium text-slate-700">
          Buscar
          <input
            type="search"
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setPage(1);
            }}
            placeholder="Nombre, correo, cédula, rol…"
            className={`${INPUT_CLASS} mt-1`}
          />
        </label>
      </div>

      {users.status === 'loading' && (
        <div className="flex justify-center p-8 text-slate-700">
          <Spinner label="Cargando usuarios..." />
        </div>
      )}
      {users.status === 'error' && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-red-900 ring-1 ring-red-200">
          {USER_ERRORS.load}
        </p>
      )}
      {users.status === 'ready' && (
        <>
          {wide ? <UsersTable users={visible} empty={empty} onOpen={open} /> : <UsersCards users={visible} empty={empty} onOpen={open} />}
          <p className="text-sm text-slate-700" aria-live="polite">
            {filtered.length} {filtered.length === 1 ? 'usuario' : 'usuarios'}
          </p>
          <Pagination
            page={page}
            pages={pages}
            pageSize={pageSize}
            onPage={setPage}
            onPageSize={(n) => {
              setPageSize(n);
              setPage(1);
            }}
          />
        </>
      )}

      {openId !== null && (
        <UserDetailDialog db={db} id={openId} actor={actor} onClose={() => setOpenId(null)} onQueued={watch} />
      )}
      {creating && (
        <CreateUserDialog db={db} actor={actor} onClose={() => setCreating(false)} onQueued={watch} />
      )}
    </section>
  );
}

function CreateUserDialog({
  db,
  actor,
  onClose,
  onQueued,
}: {
  db: RadicaDB;
  actor: SessionUser;
  onClose: () => void;
  onQueued: (id: number) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [refused, setRefused] = useState<Record<string, string> | null>(null);
  const bancos = useBancos(db);
  const client = useAtomValue(syncClientAtom);
  const guard = useDiscardGuard(dirty && !busy, onClose);
  const submit = async (values: UserFormOutput) => {
    setBusy(true);
    try {
      const id = await crearUsuario(db, values);
      onQueued(id);
      announceQueued(db, client, id, { sent: 'Usuario creado', queued: 'Usuario guardado en este dispositivo. Se creará en el servidor cuando haya conexión.' });
      setDirty(false);
      onClose();
    } catch (error) {
      console.error(USER_ERRORS.create, error);
      if (error instanceof AppError && error.fields) setRefused(error.fields);
      toast.error(USER_ERRORS.create, {
        description: error instanceof Error && error.message ? error.message : 'Error desconocido',
      });
      setBusy(false);
    }
  };
  return (
    <Dialog
      title="Crear Nuevo Usuario"
      onClose={guard.requestClose}
      footer={
        <>
          <Button onClick={guard.requestClose} disabled={busy}>
            Cancelar
          </Button>
          <Button type="submit" form="usuario-crear" variant="primary" busy={busy} busyLabel="Creando...">
            Crear Usuario
          </Button>
        </>
      }
    >
      <UserForm mode="create" formId="usuario-crear" roles={assignableRoles(actor.rol)} bancos={bancos} refused={refused} onSubmit={submit} onDirtyChange={setDirty} />
      {guard.prompt}
    </Dialog>
  );
}
