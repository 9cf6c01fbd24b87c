import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { FullPageLoading } from '../components/ui/spinner';
import { RequireAdminOrSupervisor, RequireAuth } from './guards';
import { Shell } from './shell';
import { SyncProvider } from './sync-provider';

// One lazy chunk per screen: the first screen only loads what it needs.
const LoginPage = lazy(() => import('../features/login/login-page'));
const ProfilePage = lazy(() => import('../features/perfil/profile-page'));
const CreditsRoute = lazy(() => import('./credits-route'));
const TermsPage = lazy(() => import('../features/legal/terms-page'));
const SignatureAgreementPage = lazy(() => import('../features/legal/signature-agreement-page'));
const TrackingPage = lazy(() => import('../features/seguimiento/tracking-page'));
const UsersPage = lazy(() => import('../features/usuarios/users-page'));
const ConfigPage = lazy(() => import('../features/configuracion/config-page'));
const StatisticsPage = lazy(() => import('../features/estadisticas/statistics-page'));
const CorreccionesRoute = lazy(() => import('./correcciones-route'));

export function AppRoutes() {
  return (
    <Suspense fallback={<FullPageLoading />}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/terminos-condiciones" element={<TermsPage />} />
        <Route path="/acuerdo-firma" element={<SignatureAgreementPage />} />
        <Route path="/seguimiento" element={<TrackingPage />} />
        <Route
          path="/"
          element={
            <RequireAuth>
              <SyncProvider>
                <Shell />
              </SyncProvider>
            </RequireAuth>
          }
        >
          <Route index element={<CreditsRoute />} />
          <Route path="profile" element={<ProfilePage />} />
          <Route path="users" element={<RequireAdminOrSupervisor><UsersPage /></RequireAdminOrSupervisor>} />
          <Route path="config" element={<RequireAdminOrSupervisor><ConfigPage /></RequireAdminOrSupervisor>} />
          <Route path="statistics" element={<StatisticsPage />} />
          <Route path="correcciones" element={<CorreccionesRoute />} />
        </Route>
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </Suspense>
  );
}
