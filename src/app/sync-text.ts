/**
 * What the top bar's sync chip says (ARCHITECTURE.md §7, issue 27). Pure, so every state is
 * unit-tested: offline with or without unsent changes, sending ('Enviando 30 cambios…', counting
 * down), counts with the right plural,
 * the last sync time, and a session that needs a login before anything can be sent.
 */
import { formatNumber, formatTime, plural } from '../domain/format';
import type { SyncState } from '../sync/status';

export interface SyncView {
  online: boolean;
  /** The engine's state; null while no engine runs (a login verified only on this device). */
  state: SyncState | null;
  pending: number;
  problems: number;
  lastSyncAt?: string;
}

export const pendingText = (n: number) => plural(n, 'cambio pendiente', 'cambios pendientes');
export const unsentText = (n: number) => plural(n, 'cambio sin enviar', 'cambios sin enviar');
export const problemsText = (n: number) => `${formatNumber(n)} con problemas`;

/** The red pill: conflicts named as such ('1 conflicto'), other refused changes counted. */
export function refusedText(total: number, conflicts: number): string {
  const others = Math.max(0, total - conflicts);
  if (conflicts === 0) return problemsText(total);
  return others > 0 ? `${plural(conflicts, 'conflicto')} · ${problemsText(others)}` : plural(conflicts, 'conflicto');
}

export function syncChipText(v: SyncView): string {
  if (!v.online || v.state === 'offline') return v.pending > 0 ? `Sin conexión · ${unsentText(v.pending)}` : 'Sin conexión';
  if (v.state === null || v.state === 'unauthenticated') {
    return v.pending > 0 ? `${unsentText(v.pending)} · inicia sesión` : 'Inicia sesión para sincronizar';
  }
  // The engine counts down what is still to send while a queue leaves (engine.ts).
  if (v.state === 'syncing') return v.pending > 0 ? `Enviando ${plural(v.pending, 'cambio')}…` : 'Sincronizando…';
  if (v.pending > 0) return pendingText(v.pending);
  if (v.lastSyncAt) return `Sincronizado ${formatTime(v.lastSyncAt)}`;
  return 'Sincronizando…';
}

/** The chip stands out (amber) when the person should know: offline, not signed in, an error. */
export function syncChipWarns(v: SyncView): boolean {
  return !v.online || v.state === 'offline' || v.state === 'unauthenticated' || v.state === null || v.state === 'error';
}
