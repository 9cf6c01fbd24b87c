/**
 * Reading and writing notifications for the bell and the history: reads come from Dexie through
 * useLiveQuery, writes are local mutations (shown at once, synced later). A failed read gives an
 * empty list, the spec's toast, and a line in the sync panel; a failed or rejected write gives the
 * spec's toast for that action (spec 01 §8).
 */
import { askConfirm } from '../../components/ui/confirm-dialog';
import { useProblemsAppearing } from '../../state/problems';
import { useLiveQuery } from 'dexie-react-hooks';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import type { NotificacionRow, RadicaDB } from '../../db/database';
import { mutate } from '../../db/mutate';
import {
  ERROR_POR_MUTACION,
  sortHistorial,
  sortPendientes,
  type Notificacion,
} from '../../domain/notificacion';
import { can } from '../../domain/roles';
import { sessionAtom } from '../../state/session';
import { reportReadError } from '../../state/read-errors';
import { useLocalDb } from '../../state/local-data';

export type NotificacionItem = NotificacionRow & Notificacion;

interface ListState {
  items: NotificacionItem[];
  loading: boolean;
}

function useSafeList(
  query: (db: RadicaDB) => Promise<NotificacionItem[]>,
  errorText: string,
  deps: unknown[],
): ListState {
  const db = useLocalDb();
  const report = useSetAtom(reportReadError);
  const failed = useRef(false);
  const result = useLiveQuery(async () => {
    try {
      return { items: await query(db), error: null };
    } catch (error) {
      return { items: [] as NotificacionItem[], error };
    }
  }, [db, ...deps]);
  const error = result?.error ?? null;
  useEffect(() => {
    if (!error) {
      failed.current = false;
      return;
    }
    if (failed.current) return;
    failed.current = true;
    const detail = error instanceof Error ? error.message : String(error);
    toast.error(errorText, { description: detail });
    report({ text: errorText, detail });
  }, [error, errorText, report]);
  return { items: result?.items ?? [], loading: result === undefined };
}

/** The bell's list: pending only, by priority then newest first. */
export function usePendientes(): ListState {
  return useSafeList(
    async (db) =>
      sortPendientes(
        (await db.notificaciones
          .where('estado')
          .equals('pendiente')
          .toArray()) as NotificacionItem[],
      ),
    'Error al cargar notificaciones pendientes',
    [],
  );
}

/** One application's notifications, newest first. */
export function useHistorial(solicitudId: string): ListState {
  return useSafeList(
    async (db) =>
      sortHistorial(
        (await db.notificaciones
          .where('solicitud_id')
          .equals(solicitudId)
          .toArray()) as NotificacionItem[],
      ),
    'Error al cargar notificaciones',
    [solicitudId],
  );
}

/**
 * Creating, editing, deleting and marking read or completed need edit_customer (the server refuses
 * the rest): the read-only `user` sees the notifications and changes nothing in them.
 */
export function useCanEditNotificaciones(): boolean {
  const state = useAtomValue(sessionAtom);
  return state.status === 'authenticated' && can(state.session.user.rol, 'edit_customer');
}

/** What the read-only role reads where the actions would be. */
export const SOLO_LECTURA_NOTIFICACIONES = 'Tu rol solo puede ver las notificaciones: no puede marcarlas, editarlas ni eliminarlas.';

function description(error: unknown): string | undefined {
  return error instanceof Error && error.message ? error.message : undefined;
}

/** The row actions, each a local mutation with the spec's error toast. */
export function useNotificacionActions() {
  const db = useLocalDb();
  const run = async (name: keyof typeof ERROR_POR_MUTACION, work: () => Promise<unknown>) => {
    try {
      await work();
      return true;
    } catch (error) {
      toast.error(ERROR_POR_MUTACION[name], { description: description(error) });
      return false;
    }
  };
  return {
    marcarLeida: (id: string) =>
      run('notificacion.marcarLeida', () => mutate(db, 'notificacion.marcarLeida', { id })),
    marcarCompletada: (id: string) =>
      run('notificacion.marcarCompletada', () =>
        mutate(db, 'notificacion.marcarCompletada', { id }),
      ),
    /** The queued change's outbox id (to report where it is), or null when it failed. */
    marcarTodasLeidas: async (ids: string[]): Promise<number | null> => {
      let queued: number | null = null;
      const ok = await run('notificacion.marcarTodasLeidas', async () => {
        queued = await mutate(db, 'notificacion.marcarTodasLeidas', { ids });
      });
      return ok ? queued : null;
    },
    /** Asks the spec's confirmation first; false when the user declined or it failed. */
    eliminar: async (id: string) => {
      const ok = await askConfirm({
        title: 'Eliminar notificación',
        message: '¿Estás seguro de que quieres eliminar esta notificación?',
        confirmLabel: 'Eliminar',
      });
      if (!ok) return false;
      return run('notificacion.eliminar', () => mutate(db, 'notificacion.eliminar', { id }));
    },
  };
}

/**
 * Toasts the spec's message when the server rejects a notification change made on this device
 * (the change itself stays in the sync panel to retry or discard). Mount once.
 */
export function useRejectionToasts(): void {
  const db = useLocalDb();
  const problems = useLiveQuery(
    () =>
      db.problems
        .filter((p) => !p.resolvedAt && p.name.startsWith('notificacion.'))
        .toArray()
        .catch(() => []),
    [db],
  );
  useProblemsAppearing(problems, (p) =>
    toast.error(ERROR_POR_MUTACION[p.name] ?? 'Error al actualizar notificación', { description: p.error }),
  );
}
