/**
 * The changes the server refused and nobody has handled yet, read live from the local store: the
 * shell's banner and toasts, the list's row marker and the banner inside 'Editar Registro' all
 * read them here.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import type { ProblemRow } from '../db/database';
import { localDbAtom } from './local-data';

const NONE: ProblemRow[] = [];

/** undefined until the first read answered. */
export function useOpenProblemsLoading(): ProblemRow[] | undefined {
  const db = useAtomValue(localDbAtom);
  return useLiveQuery(async () => (db ? (await db.problems.orderBy('id').toArray()).filter((p) => !p.resolvedAt) : NONE), [db]);
}

export function useOpenProblems(): ProblemRow[] {
  return useOpenProblemsLoading() ?? NONE;
}

/** The application a change is about, when its arguments name one. */
export function problemSolicitudId(p: Pick<ProblemRow, 'args'>): string | null {
  const id = (p.args as { solicitudId?: unknown } | null)?.solicitudId;
  return typeof id === 'string' ? id : null;
}

/** Open conflicts by application id. */
export function useConflictsBySolicitud(): ReadonlyMap<string, ProblemRow[]> {
  const problems = useOpenProblems();
  const map = new Map<string, ProblemRow[]>();
  for (const p of problems) {
    if (p.code !== 'CONFLICT') continue;
    const id = problemSolicitudId(p);
    if (id) map.set(id, [...(map.get(id) ?? []), p]);
  }
  return map;
}

/**
 * Calls `announce` once for each problem that appears after the first read: the ones there before
 * are already listed in 'Cambios pendientes' and the banner. Waits while `problems` is undefined
 * or `ready` is false (the caller's own lookups not done yet).
 */
export function useProblemsAppearing(problems: readonly ProblemRow[] | undefined, announce: (p: ProblemRow) => void, ready = true): void {
  const seen = useRef<Set<number> | null>(null);
  const callback = useRef(announce);
  useEffect(() => {
    callback.current = announce;
  });
  useEffect(() => {
    if (!problems || !ready) return;
    if (seen.current === null) {
      seen.current = new Set(problems.map((p) => p.id));
      return;
    }
    for (const p of problems) {
      if (seen.current.has(p.id)) continue;
      seen.current.add(p.id);
      callback.current(p);
    }
  }, [problems, ready]);
}
