import { useAtomValue } from 'jotai';
import { syncStatusAtom } from '../../state/local-data';
import type { SyncStatus } from '../../workers/sync-client';

const ENTERO = new Intl.NumberFormat('es-CO');

/** 'Descargando 12.000 de 50.000 solicitudes' (Colombian grouping). */
export function progresoTexto(done: number, total: number): string {
  return `Descargando ${ENTERO.format(done)} de ${ENTERO.format(total)} ${total === 1 ? 'solicitud' : 'solicitudes'}`;
}

/** The line for a first sync that stopped half-way: what is on the device, and when it goes on. */
export function pausaTexto(done: number, total: number, state: SyncStatus['state']): string {
  const cuando = state === 'offline' ? 'Seguirá al volver la conexión.' : state === 'unauthenticated' ? 'Seguirá al iniciar sesión.' : 'Se reintentará automáticamente.';
  return `Descarga en pausa: ${ENTERO.format(done)} de ${ENTERO.format(total)} ${total === 1 ? 'solicitud' : 'solicitudes'} en este dispositivo. ${cuando}`;
}

/**
 * The progress of a first sync, over the list: the applications already written are in the list
 * (newest first, src/sync/pull.ts), and this line says how many of the server's are there yet, or
 * that the download is paused. Nothing shows outside a first sync (only it reports progress).
 */
export function SyncProgress() {
  const status = useAtomValue(syncStatusAtom);
  const progress = status?.state === 'idle' ? undefined : status?.progress;
  if (!status || !progress || progress.total === 0) return null;
  const text = status.state === 'syncing' ? progresoTexto(progress.done, progress.total) : pausaTexto(progress.done, progress.total, status.state);
  return (
    <div className="rounded-lg bg-blue-50 px-4 py-3 text-sm text-blue-950 ring-1 ring-blue-200" data-testid="sync-progress">
      <p role="status">{text}</p>
      <progress
        className="mt-2 block h-2 w-full appearance-none overflow-hidden rounded-full [&::-moz-progress-bar]:bg-blue-700 [&::-webkit-progress-bar]:bg-blue-100 [&::-webkit-progress-value]:bg-blue-700"
        max={progress.total}
        value={progress.done}
        aria-label={text}
      />
    </div>
  );
}
