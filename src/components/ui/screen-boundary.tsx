/**
 * What a part of the app shows when it fails to render, so the rest keeps working: a window
 * ('Editar Registro', 'Nuevo Cliente', a notification) fails as a small alert window over the list,
 * which stays with its sync chip and its pending changes; a screen fails inside the shell, whose
 * menu leads elsewhere. Before, any such failure replaced the whole app with the route's error page.
 * On a tablet the usual cause is code (a lazy chunk) that was not on the device yet when the
 * connection dropped: the service worker had not finished its first download. A failed import
 * stays failed for the page's life (React.lazy keeps the rejection), so the way to try again is
 * to reload the app; the applications, drafts and queued changes live in IndexedDB and are
 * untouched, and the text says so.
 */
import { Component, useId, type ErrorInfo, type ReactNode } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';

/** A failed `import()` of a screen's chunk, as Chromium, Firefox and Safari word it. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return /dynamically imported module|Importing a module script failed|Loading chunk|ChunkLoadError/i.test(message);
}

export const SCREEN_ERROR_TITLES = {
  chunk: 'Esta pantalla aún no está disponible sin conexión',
  other: 'No se pudo mostrar esta pantalla',
} as const;

export const SCREEN_ERROR_TEXTS = {
  chunk: 'La aplicación no terminó de descargarse en este dispositivo antes de perder la conexión. Vuelve a intentarlo cuando tengas conexión.',
  other: 'Ocurrió un error inesperado al abrirla. Vuelve al inicio o inténtalo de nuevo.',
  otherWindow: 'Ocurrió un error inesperado al abrirla. Ciérrala y sigue con la lista, o recarga la aplicación.',
  otherPart: 'Ocurrió un error inesperado al mostrar esta parte. El resto sigue disponible.',
  kept: 'Tus solicitudes y los cambios guardados en este dispositivo no se perdieron.',
} as const;

/** Where a failure shows: a whole screen, a window over the list, or a part of a screen (a panel). */
export type FailedPlace = 'screen' | 'window' | 'part';

/** The title and the line of a failure, by its kind and where it shows (its text names the ways on). */
export function screenErrorText(error: unknown, place: FailedPlace = 'screen'): { title: string; text: string } {
  if (isChunkLoadError(error)) return { title: SCREEN_ERROR_TITLES.chunk, text: SCREEN_ERROR_TEXTS.chunk };
  const text = place === 'window' ? SCREEN_ERROR_TEXTS.otherWindow : place === 'part' ? SCREEN_ERROR_TEXTS.otherPart : SCREEN_ERROR_TEXTS.other;
  return { title: SCREEN_ERROR_TITLES.other, text };
}

interface ScreenBoundaryProps {
  children: ReactNode;
  /** A window: the failure shows as an alert window whose 'Cerrar' calls this. */
  onClose?: () => void;
  /** A screen: the failure shows in its place, with this way back ('Volver al inicio'). */
  onHome?: () => void;
  /**
   * A part of a window, by its name ('Historial de Notificaciones' in 'Editar Registro'): it fails
   * in its place, with no reload, which would drop what the window holds unsaved.
   */
  part?: string;
  /** A new value clears the failure (the screen's path: another screen is another try). */
  resetKey?: unknown;
}

export class ScreenBoundary extends Component<ScreenBoundaryProps, { error: unknown }> {
  state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('Error desconocido') };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  componentDidUpdate(prev: ScreenBoundaryProps) {
    if (this.state.error && prev.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const { onClose, onHome } = this.props;
    if (onClose) return <FailedWindow error={error} onClose={onClose} />;
    const { part } = this.props;
    if (part) return <FailedPart error={error} name={part} />;
    return <FailedScreen error={error} onHome={onHome} />;
  }
}

const reload = () => window.location.reload();

function FailedWindow({ error, onClose }: { error: unknown; onClose: () => void }) {
  const id = useId();
  const { title, text } = screenErrorText(error, 'window');
  return (
    <Dialog
      title={title}
      onClose={onClose}
      size="sm"
      role="alertdialog"
      describedBy={id}
      testId="ventana-no-disponible"
      hideClose
      footer={
        <>
          <Button data-autofocus onClick={onClose}>
            Cerrar
          </Button>
          <Button variant="primary" onClick={reload}>
            Recargar la aplicación
          </Button>
        </>
      }
    >
      <div id={id} className="space-y-2 text-slate-800">
        <p>{text}</p>
        <p>{SCREEN_ERROR_TEXTS.kept}</p>
      </div>
    </Dialog>
  );
}

/** A part's failure, in its place and by its name: no way on, the rest of the window goes on. */
function FailedPart({ error, name }: { error: unknown; name: string }) {
  const chunk = isChunkLoadError(error);
  return (
    <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-4">
      <h2 className="text-lg font-semibold text-slate-900">{chunk ? `«${name}» aún no está disponible sin conexión` : `No se pudo mostrar «${name}»`}</h2>
      <p className="mt-2 text-slate-700">{screenErrorText(error, 'part').text}</p>
    </div>
  );
}

/** A screen's failure with its ways on: 'Volver al inicio' when given, and 'Intentar de nuevo'. */
export function FailedScreen({ error, onHome }: { error: unknown; onHome?: () => void }) {
  const { title, text } = screenErrorText(error);
  return (
    <div role="alert" className="mx-auto w-full max-w-lg rounded-xl border border-amber-300 bg-white p-6 shadow-sm">
      <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
      <p className="mt-3 text-slate-700">{text}</p>
      <p className="mt-2 text-slate-700">{SCREEN_ERROR_TEXTS.kept}</p>
      <div className="mt-5 flex flex-wrap gap-3">
        {onHome && (
          <Button variant="primary" onClick={onHome}>
            Volver al inicio
          </Button>
        )}
        <Button onClick={reload}>Intentar de nuevo</Button>
      </div>
    </div>
  );
}
