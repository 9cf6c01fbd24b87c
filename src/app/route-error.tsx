/**
 * What the app shows when the app itself fails to render (above the shell), instead of React
 * Router's English page ('Unexpected Application Error!'). A window or a screen that fails is
 * caught nearer, by ScreenBoundary (src/components/ui/screen-boundary.tsx), so the shell and the
 * list stay; this page is the last resort, in the same words. Whatever the cause, the applications
 * and the queued changes live in IndexedDB and are untouched, so the page says so, and offers the
 * list or another try.
 */
import { useNavigate, useRouteError } from 'react-router-dom';
import { FailedScreen } from '../components/ui/screen-boundary';

export function RouteError() {
  const error = useRouteError();
  const navigate = useNavigate();
  console.error(error);
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 p-4">
      <FailedScreen error={error} onHome={() => void navigate('/', { replace: true })} />
    </main>
  );
}
