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
  kept: 'Tus solicitudes y los cambios guardados en este dispositivo no se perdieron.',
} as const;

/** The title and the two lines of a failure, by its kind. */
export function screenErrorText(error: unknown): { title: string; text: string } {
  const kind = isChunkLoadError(error) ? 'chunk' : 'other';
  return { title: SCREEN_ERROR_TITLES[kind], text: SCREEN_ERROR_TEXTS[kind] };
}

interface ScreenBoundaryProps {
  children: ReactNode;
  /** A window: the failure shows as an alert window whose 'Cerrar' calls this. */
  onClose?: () => void;
  /** A screen: the failure shows in its place, with this way back ('Volver al inicio'). */
  onHome?: () => void;
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
    // Without a way home it is a part of a screen (a panel): a lesser heading.
    return <FailedScreen error={error} onHome={onHome} heading={onHome ? 'h1' : 'h2'} />;
  }
}

const reload = () => window.location.reload();

function FailedWindow({ error, onClose }: { error: unknown; onClose: () => void }) {
  const id = useId();
  const { title, text } = screenErrorText(error);
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

export function FailedScreen({ error, onHome, heading: Heading = 'h1' }: { error: unknown; onHome?: () => void; heading?: 'h1' | 'h2' }) {
  const { title, text } = screenErrorText(error);
  return (
    <div role="alert" className="mx-auto w-full max-w-lg rounded-xl border border-amber-300 bg-white p-6 shadow-sm">
      <Heading className="text-xl font-semibold text-slate-900">{title}</Heading>
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
