/**
 * The signed-in frame. A top bar on every screen and at every width holds the product name, the
 * sync chip, the notification bell and (below 1024 px) the ☰ menu button, which carries a red
 * badge while the server refused a change. The side menu (a drawer below 1024 px) has the spec's
 * entries, the company and user, and 'Salir': logging out with unsent changes asks in the app's
 * dialog, saying how many would wait on this device; it also ends the session on the server.
 */
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { Suspense, useEffect, useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { isAdminOrSupervisor, ROLE_LABELS } from '../domain/roles';
import { plural } from '../domain/format';
import { clearStoredSession, sessionAtom } from '../state/session';
import { Badge } from '../components/ui/badge';
import { askConfirm } from '../components/ui/confirm-dialog';
import { ScreenBoundary } from '../components/ui/screen-boundary';
import { Spinner } from '../components/ui/spinner';
import { localDbAtom } from '../state/local-data';
import { readCounts } from '../sync/status';
import { NotificationBell } from '../features/notificaciones/notification-bell';
import { readErrorsAtom } from '../state/read-errors';
import { esAsesor, useDevueltasCount } from '../state/revisiones';
import { forgetHeldLogin } from '../state/device-session';
import { ConflictAnnouncer, ConflictBanner } from './conflict-banner';
import { DeliveryReports } from './delivery-reports';
import { DeviceLoginResume, SessionBanner } from './session-banner';
import { StaleQueueBanner } from './stale-queue';
import { SyncChip, useSyncView } from './sync-chip';
import { SyncPanelHost } from './sync-panel';
import { OPEN_PARAM } from './open-param';
import { endServerSession } from './end-server-session';
import { flushDraftsNow } from '../lib/use-flush-on-leave';
import { useOrphanDraftCount } from './use-orphan-drafts';

interface MenuItem {
  to: string;
  label: string;
  adminOnly?: boolean;
  /** The advisor's entries (issue 34's 'Correcciones pendientes'). */
  asesorOnly?: boolean;
}

// The spec's menu; entries for admin and supervisor only are marked.
const MENU: MenuItem[] = [
  { to: '/', label: 'Inicio' },
  { to: '/correcciones', label: 'Correcciones pendientes', asesorOnly: true },
  { to: '/statistics', label: 'Estadísticas' },
  { to: '/profile', label: 'Perfil' },
  { to: '/config', label: 'Configuración', adminOnly: true },
  { to: '/users', label: 'Usuarios', adminOnly: true },
];

export const logoutMessage = (pending: number) =>
  `Tienes ${plural(pending, 'cambio sin enviar', 'cambios sin enviar')}. Se quedan guardados en este dispositivo y se enviarán cuando vuelvas a iniciar sesión con este usuario.`;

export function Shell() {
  const [state, setState] = useAtom(sessionAtom);
  const [open, setOpen] = useState(false);
  const db = useAtomValue(localDbAtom);
  const view = useSyncView();
  const orphanDrafts = useOrphanDraftCount();
  const setReadErrors = useSetAtom(readErrorsAtom);
  const navigate = useNavigate();
  const location = useLocation();
  const devueltas = useDevueltasCount(state.status === 'authenticated' && esAsesor(state.session.user.rol));

  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  if (state.status !== 'authenticated') return null;
  const { user } = state.session;
  const items = MENU.filter((m) => (!m.adminOnly || isAdminOrSupervisor(user.rol)) && (!m.asesorOnly || esAsesor(user.rol)));

  const logout = async () => {
    flushDraftsNow(); // a form's last keystrokes reach its draft before the session ends
    const { pending } = db ? await readCounts(db).catch(() => ({ pending: 0 })) : { pending: 0 };
    if (pending > 0) {
      const ok = await askConfirm({
        title: '¿Cerrar sesión?',
        message: logoutMessage(pending),
        confirmLabel: 'Cerrar sesión',
        tone: 'primary',
      });
      if (!ok) return;
    }
    endServerSession(state.session.token); // best effort, before the token is dropped
    clearStoredSession();
    forgetHeldLogin();
    setReadErrors([]); // they quote this user's data; the next user must not see them
    setState({ status: 'unauthenticated' });
    void navigate('/login', { replace: true });
  };

  /** Refused changes and drafts left without their application: both wait in 'Cambios pendientes'. */
  const attentionCount = view.problems + orphanDrafts;
  const rejected = attentionCount > 0;
  const attention = view.problems > 0 ? ' (hay cambios rechazados)' : orphanDrafts > 0 ? ' (hay borradores sin su solicitud)' : '';

  return (
    <div className="min-h-screen">
      <header className="sticky top-0 z-30 flex h-[60px] items-center gap-2 bg-blue-900 px-3 text-white sm:px-4">
        <span className="text-lg font-bold">Radica</span>
        <div className="ml-auto flex min-w-0 items-center gap-1">
          <SyncChip />
          <NotificationBell
            watchRejections
            onOpenSolicitud={(id) => void navigate(`/?${OPEN_PARAM}=${encodeURIComponent(id)}`)}
          />
          <button
            type="button"
            className="relative flex h-11 w-11 shrink-0 items-center justify-center rounded-md hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-white lg:hidden"
            aria-label={`${open ? 'Cerrar menú' : 'Abrir menú'}${attention}${devueltas > 0 ? `, ${devueltas} con correcciones pendientes` : ''}`}
            aria-expanded={open}
            aria-controls="menu-lateral"
            onClick={() => setOpen((o) => !o)}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
              {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 6h16M4 12h16M4 18h16" />}
            </svg>
            {rejected && (
              <span
                data-testid="menu-badge"
                aria-hidden="true"
                className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs leading-5 font-bold text-white ring-2 ring-blue-900"
              >
                {attentionCount > 99 ? '99+' : attentionCount}
              </span>
            )}
            {!rejected && devueltas > 0 && (
              <span
                data-testid="menu-correcciones-badge"
                aria-hidden="true"
                className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-amber-400 px-1 text-center text-xs leading-5 font-bold text-amber-950 ring-2 ring-blue-900"
              >
                {devueltas > 99 ? '99+' : devueltas}
              </span>
            )}
          </button>
        </div>
      </header>

      <div className="lg:flex">
        <aside
          id="menu-lateral"
          className={`${open ? 'block' : 'hidden'} fixed inset-x-0 top-[60px] bottom-0 z-20 overflow-y-auto bg-blue-950 text-white lg:sticky lg:block lg:h-[calc(100vh-60px)] lg:w-64 lg:shrink-0`}
        >
          <div className="flex items-center gap-3 border-b border-blue-800 p-4">
            <img
              src={user.imagen_aliado || '/favicon.svg'}
              alt={`Logo de ${user.empresa}`}
              className="h-12 w-12 rounded-full bg-white object-contain p-1"
            />
            <div className="min-w-0">
              <p className="truncate font-semibold" data-testid="empresa-nombre">
                {user.empresa}
              </p>
              <p className="truncate text-sm text-blue-100" data-testid="usuario-nombre">
                {user.nombre}
              </p>
              <Badge color="blue">
                <span data-testid="rol-badge">{ROLE_LABELS[user.rol]}</span>
              </Badge>
            </div>
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
                    {item.to === '/correcciones' && devueltas > 0 && (
                      <span
                        data-testid="correcciones-badge"
                        className="ml-auto min-w-6 rounded-full bg-amber-400 px-1.5 text-center text-sm leading-6 font-bold text-amber-950"
                      >
                        {devueltas > 99 ? '99+' : devueltas}
                      </span>
                    )}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="p-4">
            <button
              type="button"
              onClick={() => void logout()}
              className="min-h-11 w-full rounded-md border border-blue-300 px-3 py-2 font-medium text-white hover:bg-blue-800"
            >
              Salir
            </button>
          </div>
        </aside>

        <main className="min-w-0 flex-1 p-4 lg:p-8">
          <SessionBanner />
          <ConflictBanner />
          <StaleQueueBanner />
          {/* A screen that fails fails here, inside the shell: the menu, the sync chip and the
              pending changes stay; another screen (another path) is another try. */}
          <ScreenBoundary resetKey={location.pathname} onHome={location.pathname === '/' ? undefined : () => void navigate('/')}>
            <Suspense fallback={<Spinner />}>
              <Outlet />
            </Suspense>
          </ScreenBoundary>
        </main>
      </div>
      <DeviceLoginResume />
      <ConflictAnnouncer />
      <DeliveryReports />
      <SyncPanelHost />
    </div>
  );
}
