import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { FullPageLoading } from '../components/ui/spinner';
import { RequireAuth } from './guards';
import { Shell } from './shell';
import { SyncProvider } from './sync-provider';

// One lazy chunk per screen: the first screen only loads what it needs.
const LoginPage = lazy(() => import('../features/login/login-page'));
const ProfilePage = lazy(() => import('../features/perfil/profile-page'));
const CreditsPage = lazy(() => import('../features/creditos/credits-page'));
const TermsPage = lazy(() => import('../features/legal/terms-page'));
const SignatureAgreementPage = lazy(() => import('../features/legal/signature-agreement-page'));
const TrackingPage = lazy(() => import('../features/seguimiento/tracking-page'));
const StatisticsPage = lazy(() => import('../features/estadisticas/statistics-page'));

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
          <Route index element={<CreditsPage />} />
          <Route path="profile" element={<ProfilePage />} />
          <Route path="statistics" element={<StatisticsPage />} />
        </Route>
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </Suspense>
  );
}
