/**
 * The users list: a table from 1200 px (users-page.tsx), cards below it, so a phone or a tablet sees
 * every column without scrolling sideways. A row and a card open the user the same way (click,
 * Enter, Space) and carry the same test id, so the page objects find either.
 */
import type { KeyboardEvent } from 'react';
import { Badge } from '../../components/ui/badge';
import { infoExtraText, type UsuarioRow } from '../../domain/usuario';
import { fechaCorta, rolLabel } from './format';

const COLUMNS = ['ID', 'Nombre', 'Correo', 'Cédula', 'Rol', 'Información Adicional', 'Fecha de Creación'] as const;

interface Props {
  users: UsuarioRow[];
  /** Said instead of the list when it is empty. */
  empty: string;
  onOpen: (id: UsuarioRow['id']) => void;
}

/** A row or card opens its user, except one whose deletion is on its way to the server. */
function activation(user: UsuarioRow, onOpen: Props['onOpen']) {
  // Not focusable nor clickable: its badge says why ('Eliminación pendiente').
  if (user.eliminando) return { 'data-testid': 'usuario-row' };
  return {
    tabIndex: 0,
    'data-testid': 'usuario-row',
    onClick: () => onOpen(user.id),
    onKeyDown: (e: KeyboardEvent) => {
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        onOpen(user.id);
      }
    },
  };
}

function Unsynced({ user }: { user: UsuarioRow }) {
  if (user.eliminando) {
    return (
      <span className="ml-2 align-middle">
        <Badge color="red">Eliminación pendiente</Badge>
      </span>
    );
  }
  if (!user.local && !user.pendiente) return null;
  return (
    <span className="ml-2 align-middle">
      <Badge color="yellow">Sin sincronizar</Badge>
    </span>
  );
}

/** The name, struck through while its deletion is on its way. */
function Nombre({ user }: { user: UsuarioRow }) {
  return user.eliminando ? <span className="line-through decoration-slate-500">{user.nombre}</span> : <>{user.nombre}</>;
}

export function UsersTable({ users, empty, onOpen }: Props) {
  return (
    <div className="overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
      {/* Shown from 1200 px (users-page.tsx), where the menu leaves it about 880 px: it fits without scrolling. */}
      <table className="w-full text-left text-sm">
        <thead className="bg-slate-100 text-slate-700">
          <tr>
            {COLUMNS.map((c) => (
              <th key={c} scope="col" className="px-3 py-3 font-semibold">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {users.length === 0 && (
            <tr>
              <td colSpan={COLUMNS.length} className="px-3 py-8 text-center text-slate-600">
                {empty}
              </td>
            </tr>
          )}
          {users.map((u) => (
            <tr
              key={String(u.id)}
              {...activation(u, onOpen)}
              className={u.eliminando ? 'bg-slate-50 text-slate-600' : 'cursor-pointer hover:bg-blue-50 focus:bg-blue-50 focus:outline-2 focus:outline-blue-700'}
            >
              <td className="px-3 py-3 text-slate-700">{u.local ? '—' : u.id}</td>
              <td className="px-3 py-3 font-medium text-slate-900">
                <Nombre user={u} />
                <Unsynced user={u} />
              </td>
              <td className="px-3 py-3 whitespace-nowrap">{u.correo}</td>
              <td className="px-3 py-3">{u.cedula}</td>
              <td className="px-3 py-3">
                <Badge color="blue">{rolLabel(u.rol)}</Badge>
              </td>
              <td className="px-3 py-3 text-slate-700">{infoExtraText(u.info_extra) || '—'}</td>
              <td className="px-3 py-3 whitespace-nowrap">{fechaCorta(u.created_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Name and role on top, the other columns as a definition list; two a row on a tablet. */
export function UsersCards({ users, empty, onOpen }: Props) {
  if (users.length === 0) {
    return <p className="rounded-lg bg-white p-8 text-center text-slate-600 shadow-sm ring-1 ring-slate-200">{empty}</p>;
  }
  return (
    <ul className="grid gap-3 md:grid-cols-2" aria-label="Usuarios">
      {users.map((u) => (
        <li key={String(u.id)}>
          <div
            {...activation(u, onOpen)}
            className={`h-full rounded-lg p-4 shadow-sm ring-1 ring-slate-200 ${u.eliminando ? 'bg-slate-50' : 'cursor-pointer bg-white hover:bg-blue-50 focus:bg-blue-50 focus:outline-2 focus:outline-blue-700'}`}
          >
            <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
              <p className="min-w-0 font-semibold break-words text-slate-900">
                <Nombre user={u} />
                <Unsynced user={u} />
              </p>
              <Badge color="blue">{rolLabel(u.rol)}</Badge>
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="font-medium text-slate-600">Correo</dt>
              <dd className="min-w-0 text-slate-900 [overflow-wrap:anywhere]">{u.correo}</dd>
              <dt className="font-medium text-slate-600">Cédula</dt>
              <dd className="min-w-0 break-words text-slate-900">{u.cedula}</dd>
              <dt className="font-medium text-slate-600">Información Adicional</dt>
              <dd className="min-w-0 break-words text-slate-900">{infoExtraText(u.info_extra) || '—'}</dd>
              <dt className="font-medium text-slate-600">Fecha de Creación</dt>
              <dd className="text-slate-900">{fechaCorta(u.created_at)}</dd>
              <dt className="font-medium text-slate-600">ID</dt>
              <dd className="text-slate-900">{u.local ? '—' : u.id}</dd>
            </dl>
          </div>
        </li>
      ))}
    </ul>
  );
}
