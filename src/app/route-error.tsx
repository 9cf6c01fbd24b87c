/**
 * What the app shows when a screen fails to render, instead of React Router's English page
 * ('Unexpected Application Error!'). On a tablet the usual cause is a screen whose code (a lazy
 * chunk) was not on the device yet when the connection dropped: the service worker had not
 * finished its first download. Whatever the cause, the applications and the queued changes live in
 * IndexedDB and are untouched, so the page says so, and offers the list or another try.
 */
import { useNavigate, useRouteError } from 'react-router-dom';
import { Button } from '../components/ui/button';

/** A failed `import()` of a screen's chunk, as Chromium, Firefox and Safari word it. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return /dynamically imported module|Importing a module script failed|Loading chunk|ChunkLoadError/i.test(message);
}

export const ROUTE_ERROR_TITLES = {
  chunk: 'Esta pantalla aún no está disponible sin conexión',
  other: 'No se pudo mostrar esta pantalla',
} as const;

export function RouteError() {
  const error = useRouteError();
  const navigate = useNavigate();
  const chunk = isChunkLoadError(error);
  console.error(error);
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 p-4">
      <div role="alert" className="w-full max-w-lg rounded-xl border border-amber-300 bg-white p-6 shadow-sm">
        <h1 className="text-xl font-semibold text-slate-900">{chunk ? ROUTE_ERROR_TITLES.chunk : ROUTE_ERROR_TITLES.other}</h1>
        <p className="mt-3 text-slate-700">
          {chunk
            ? 'La aplicación no terminó de descargarse en este dispositivo antes de perder la conexión. Vuelve a intentarlo cuando tengas conexión.'
            : 'Ocurrió un error inesperado al abrirla. Vuelve al inicio o inténtalo de nuevo.'}
        </p>
        <p className="mt-2 text-slate-700">Tus solicitudes y los cambios guardados en este dispositivo no se perdieron.</p>
        <div className="mt-5 flex flex-wrap gap-3">
          <Button variant="primary" onClick={() => void navigate('/', { replace: true })}>
            Volver al inicio
          </Button>
          <Button onClick={() => window.location.reload()}>Intentar de nuevo</Button>
        </div>
      </div>
    </main>
  );
}
