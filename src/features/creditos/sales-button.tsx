/**
 * 'Descargar Ventas': the sales CSV from the server, so it needs a connection (said when offline).
 * A failure says the spec's 'Error al descargar ventas' and, under it, why (the server's message,
 * or that the server could not be reached), so the person knows whether trying again can help.
 * While the server makes the file the button says 'Preparando archivo…' with a spinner, then
 * 'Descargando...' while the bytes arrive; the page stays usable meanwhile (the work is the
 * server's, none of it on the page's main thread).
 */
import { useState } from 'react';
import { toast } from 'sonner';
import { buttonClass } from '../../components/ui/button';
import type { Session } from '../../domain/session';
import { ApiError } from '../../lib/api';
import { useOnline } from '../../lib/use-online';
import { downloadSales, type SalesPhase } from './sales-download';

const PHASE_LABELS: Record<SalesPhase, string> = {
  preparando: 'Preparando archivo…',
  descargando: 'Descargando...',
};

export function SalesButton({ session }: { session: Session }) {
  const online = useOnline();
  const [phase, setPhase] = useState<SalesPhase | null>(null);
  const busy = phase !== null;
  const offlineText = 'Necesitas conexión para descargar las ventas';

  const onClick = async () => {
    setPhase('preparando');
    try {
      await downloadSales(session.token, session.user.cedula, setPhase);
    } catch (err) {
      toast.error('Error al descargar ventas', { description: err instanceof ApiError && err.message ? err.message : undefined });
    } finally {
      setPhase(null);
    }
  };

  return (
    <div className="flex flex-col items-end gap-1">
      <button
        type="button"
        disabled={!online || busy}
        title={online ? undefined : offlineText}
        aria-describedby={online ? undefined : 'ventas-offline'}
        aria-busy={busy || undefined}
        onClick={() => void onClick()}
        className={buttonClass('success')}
      >
        {phase && (
          <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white" data-testid="ventas-spinner" />
        )}
        {phase ? PHASE_LABELS[phase] : 'Descargar Ventas'}
      </button>
      {!online && (
        <span id="ventas-offline" className="text-xs text-slate-600">
          {offlineText}
        </span>
      )}
    </div>
  );
}
