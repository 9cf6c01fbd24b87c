import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { isAdminOrSupervisor } from '../domain/roles';
import { sessionAtom } from '../state/session';
import { FullPageLoading } from '../components/ui/spinner';

/** Login required: 'Cargando...' while the session loads, /login when there is none. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const state = useAtomValue(sessionAtom);
  const location = useLocation();
  if (state.status === 'loading') return <FullPageLoading />;
  if (state.status === 'unauthenticated') return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return children;
}

/** Admin or supervisor only; any other role goes to /. */
export function RequireAdminOrSupervisor({ children }: { children: ReactNode }) {
  const state = useAtomValue(sessionAtom);
  if (state.status === 'loading') return <FullPageLoading />;
  if (state.status !== 'authenticated') return <Navigate to="/login" replace />;
  if (!isAdminOrSupervisor(state.session.user.rol)) return <Navigate to="/" replace />;
  return children;
}
