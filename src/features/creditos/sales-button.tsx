/**
 * 'Descargar Ventas': the sales CSV from the server, so it needs a connection (said when offline).
 * A failure says the spec's 'Error al descargar ventas' and, under it, why (the server's message,
 * or that the server could not be reached), so the person knows whether trying again can help.
 */
import { useState } from 'react';
import { toast } from 'sonner';
import { buttonClass } from '../../components/ui/button';
import type { Session } from '../../domain/session';
import { ApiError } from '../../lib/api';
import { useOnline } from '../../lib/use-online';
import { downloadSales } from './sales-download';

export function SalesButton({ session }: { session: Session }) {
  const online = useOnline();
  const [busy, setBusy] = useState(false);
  const offlineText = 'Necesitas conexión para descargar las ventas';

  const onClick = async () => {
    setBusy(true);
    try {
      await downloadSales(session.token, session.user.cedula);
    } catch (err) {
      toast.error('Error al descargar ventas', { description: err instanceof ApiError && err.message ? err.message : undefined });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col items-end gap-1">
      <button
        type="button"
        disabled={!online || busy}
        title={online ? undefined : offlineText}
        aria-describedby={online ? undefined : 'ventas-offline'}
        onClick={() => void onClick()}
        className={buttonClass('success')}
      >
        {busy ? 'Descargando...' : 'Descargar Ventas'}
      </button>
      {!online && (
        <span id="ventas-offline" className="text-xs text-slate-600">
          {offlineText}
        </span>
      )}
    </div>
  );
}
