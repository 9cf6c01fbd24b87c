import { Provider as JotaiProvider } from 'jotai';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { ConfirmHost } from '../components/ui/confirm-dialog';
import { NavigationGuard } from './navigation-guard';
import { SessionBootstrap } from './session-bootstrap';
import { CuentaDesactivada } from './cuenta-desactivada';
import { AppRoutes } from './routes';
import { PwaUpdate } from './pwa-update';
import { SessionToaster } from './session-toasts';
import { RouteError } from './route-error';

function Root() {
  return (
    <>
      <SessionBootstrap>
        <AppRoutes />
      </SessionBootstrap>
      <NavigationGuard />
      <PwaUpdate />
      <ConfirmHost />
      <SessionToaster />
      <CuentaDesactivada />
    </>
  );
}

// A data router (one catch-all route holding the app's <Routes>) so a route change can be held
// back while a form has unsaved edits (useBlocker in NavigationGuard). A screen that fails to
// render shows RouteError, in Spanish, instead of the router's own page.
const router = createBrowserRouter([{ path: '*', element: <Root />, errorElement: <RouteError /> }]);

export function App() {
  return (
    <JotaiProvider>
      <RouterProvider router={router} />
    </JotaiProvider>
  );
}
