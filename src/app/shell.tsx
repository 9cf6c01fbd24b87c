import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { Suspense, useEffect, useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { isAdminOrSupervisor, ROLE_LABELS } from '../domain/roles';
import { clearStoredSession, sessionAtom } from '../state/session';
import { Badge } from '../components/ui/badge';
import { Spinner } from '../components/ui/spinner';
import { SessionExpiredBanner, SyncIndicator } from './sync-status';
import { syncStatusAtom } from '../state/local-data';
import { NotificationBell } from '../features/notificaciones/notification-bell';
import { readErrorsAtom } from '../state/read-errors';

interface MenuItem {
  to: string;
  label: string;
  adminOnly?: boolean;
}

// The spec's menu; entries for admin and supervisor only are marked.
const MENU: MenuItem[] = [
  { to: '/', label: 'Inicio' },
  { to: '/statistics', label: 'Estadísticas' },
  { to: '/profile', label: 'Perfil' },
  { to: '/config', label: 'Configuración', adminOnly: true },
  { to: '/users', label: 'Usuarios', adminOnly: true },
];

/** Side menu plus the outlet; on small screens a top bar with a hamburger toggle. */
export function Shell() {
  const [state, setState] = useAtom(sessionAtom);
  const [open, setOpen] = useState(false);
  const syncStatus = useAtomValue(syncStatusAtom);
  const setReadErrors = useSetAtom(readErrorsAtom);
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(() => setOpen(false), [location.pathname]);

  if (state.status !== 'authenticated') return null;
  const { user } = state.session;
  const items = MENU.filter((m) => !m.adminOnly || isAdminOrSupervisor(user.rol));

  const logout = () => {
    const pending = syncStatus?.pending ?? 0;
    if (
      pending > 0 &&
      !window.confirm(
        `Tienes ${pending} cambios sin enviar. Se guardarán en este dispositivo y se enviarán cuando vuelvas a iniciar sesión. ¿Cerrar sesión?`,
      )
    ) {
      return;
    }
    clearStoredSession();
    setReadErrors([]); // they quote this user's data; the next user must not see them
    setState({ status: 'unauthenticated' });
    void navigate('/login', { replace: true });
  };

  return (
    <div className="min-h-screen lg:flex">
      <header className="sticky top-0 z-30 flex items-center justify-between bg-blue-900 px-4 py-2 text-white lg:hidden">
        <span className="text-lg font-bold">Radica</span>
        <div className="flex items-center gap-1">
        <NotificationBell />
        <button
          type="button"
          className="flex h-11 w-11 items-center justify-center rounded-md hover:bg-blue-800"
          aria-label={open ? 'Cerrar menú' : 'Abrir menú'}
          aria-expanded={open}
          aria-controls="menu-lateral"
          onClick={() => setOpen((o) => !o)}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
            {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 6h16M4 12h16M4 18h16" />}
          </svg>
        </button>
        </div>
      </header>

      <aside
        id="menu-lateral"
        className={`${open ? 'block' : 'hidden'} fixed inset-x-0 top-[60px] bottom-0 z-20 overflow-y-auto bg-blue-950 text-white lg:static lg:block lg:w-64 lg:shrink-0 lg:min-h-screen`}
      >
        <div className="flex items-center gap-3 border-b border-blue-800 p-4">
          <img
            src={user.imagen_aliado || '/favicon.svg'}
            alt={`Logo de ${user.empresa}`}
            className="h-12 w-12 rounded-full bg-white object-contain p-1"
          />
          <div className="min-w-0">
            <p className="truncate font-semibold" data-testid="empresa-nombre">{user.empresa}</p>
            <p className="truncate text-sm text-blue-100" data-testid="usuario-nombre">{user.nombre}</p>
            <Badge color="blue">
              <span data-testid="rol-badge">{ROLE_LABELS[user.rol]}</span>
            </Badge>
          </div>
        </div>
        <div className="flex items-center justify-between gap-2 border-b border-blue-800 px-4 py-2" id="shell-tools">
          {/* On small screens the bell sits in the top bar; this one also raises rejection toasts. */}
          <div className="hidden lg:block">
            <NotificationBell watchRejections />
          </div>
          <SyncIndicator />
        </div>
        <nav aria-label="Menú principal" className="p-2">
          <ul className="space-y-1">
            {items.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.to === '/'}
                  className={({ isActive }) =>
                    `flex min-h-11 items-center rounded-md px-3 py-2 font-medium ${isActive ? 'bg-blue-700 text-white' : 'text-blue-50 hover:bg-blue-800'}`
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="p-4">
          <button
            type="button"
            onClick={logout}
            className="min-h-11 w-full rounded-md border border-blue-300 px-3 py-2 font-medium text-white hover:bg-blue-800"
          >
            Salir
          </button>
        </div>
      </aside>

      <main className="min-w-0 flex-1 p-4 lg:p-8">
        <SessionExpiredBanner />
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
