/**
 * How the configuration screen writes. Decision: configuration changes go straight to the REST
 * routes (spec 02 §7) instead of local mutations. They are an admin desk task, they are
 * company-wide (a reorder or a column list is one whole-list write that must not be rebased over
 * another admin's), and definitions get their ids from the server, which the condition editor
 * needs. So a write needs a connection: offline, the screen says so in Spanish and changes
 * nothing. After each successful write the sync engine runs a cycle at once, so the local mirror
 * (definiciones, columnas, categorias) — and every screen that reads it, such as the credits
 * list — follows immediately. Reads stay on the local mirror.
 */
import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import { ApiError, apiJson } from '../../lib/api';
import { useOnline } from '../../lib/use-online';
import { syncClientAtom, syncStatusAtom } from '../../state/local-data';
import { sessionAtom } from '../../state/session';

export const OFFLINE_MESSAGE =
  'Sin conexión: los cambios de configuración necesitan internet, porque se guardan directamente en el servidor. Los botones para abrir y cambiar la configuración se activan cuando vuelva la conexión.';

/** The id of the page's offline notice: every disabled control points at it (aria-describedby). */
export const OFFLINE_REASON_ID = 'config-sin-conexion';

/**
 * Offline, every control that would write is disabled before anyone edits, and names the reason
 * (the page's notice). Spread on a button: `<button {...lock} disabled={lock.disabled || busy}>`.
 */
export function useOfflineLock(): { disabled: boolean; 'aria-describedby'?: string } {
  return useConfigOffline() ? { disabled: true, 'aria-describedby': OFFLINE_REASON_ID } : { disabled: false };
}

/**
 * No way to the server: the browser says it is offline, or the sync engine's last try found no
 * network (the device has a link but no route, or the browser's flag lags, as after a reload
 * without a connection). The same signal as the sync chip's 'Sin conexión'.
 */
export function useConfigOffline(): boolean {
  const online = useOnline();
  const status = useAtomValue(syncStatusAtom);
  return !online || status?.state === 'offline';
}

export type ConfigWrite = <T = unknown>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown) => Promise<T>;

/** `write(method, path, body)`: the REST call, then a sync cycle so the mirror holds the change. */
export function useConfigWrite(): ConfigWrite {
  const state = useAtomValue(sessionAtom);
  const client = useAtomValue(syncClientAtom);
  const token = state.status === 'authenticated' ? state.session.token : null;
  return useCallback(
    async <T,>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T> => {
      if (!navigator.onLine) throw new ApiError(0, OFFLINE_MESSAGE, 'NETWORK');
      let data: T;
      try {
        data = await apiJson<T>(`/api${path}`, {
          method,
          token,
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      } catch (err) {
        if (err instanceof ApiError && err.network) throw new ApiError(0, OFFLINE_MESSAGE, 'NETWORK');
        throw err;
      }
      await client?.syncNow().catch(() => undefined);
      return data;
    },
    [client, token],
  );
}

/** The message to show for a failed write: the server's Spanish sentence, or the fallback. */
export function errorText(err: unknown, fallback: string): string {
  if (err instanceof ApiError) {
    if (err.status === 0) return err.message;
    if (err.message) return err.message;
  }
  return fallback;
}

/** Tells the open creation forms that a group's schema changed (spec 02 §4). */
export function dispatchFieldConfigChanged(entity: string, jsonColumn: string, action: 'create' | 'update' | 'delete') {
  window.dispatchEvent(new CustomEvent('fieldConfigChanged', { detail: { entity, jsonColumn, action } }));
}
