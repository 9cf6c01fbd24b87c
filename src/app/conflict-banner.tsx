/**
 * Conflicts are announced, not discovered: when the server refuses a change because someone else
 * changed the same fields, a toast says so at once and a banner above every screen stays until
 * the conflict is resolved or discarded ('Conflicto en RAD-… : otra persona cambió …'), with
 * 'Resolver' opening the resolver. Other refused changes, and files the server refused, get one
 * line with their count.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useAtomValue, useSetAtom } from 'jotai';
import { Button } from '../components/ui/button';
import { toast } from '../components/ui/toast';
import type { ProblemRow } from '../db/database';
import { plural } from '../domain/format';
import { localDbAtom } from '../state/local-data';
import { myUserIdAtom } from '../state/session';
import { conflictoPropio } from '../domain/errors';
import { useOpenProblems, useOpenProblemsLoading, useProblemsAppearing } from '../state/problems';
import { syncPanelAtom } from '../state/sync-panel';
import { NOT_FILED, describeChange, type Subjects } from './change-description';
import { conflictLines, conflictWhat } from '../features/registro/conflict-lines';
import { loadSubjects } from './subjects';

/**
 * 'Conflicto en RAD-7K2M9QXD (Ana Pérez): otra persona cambió Nombres, Barrio', or 'cambiaste
 * Nombres desde otro dispositivo' when the server's values are the same person's (`userId`).
 */
export function conflictText(p: ProblemRow, subjects: Subjects | undefined, userId: number | null = null): string {
  const labels = [...new Set(conflictLines(p.conflict, subjects?.etiquetas).map((l) => l.label))].join(', ') || 'los mismos datos';
  const id = (p.args as { solicitudId?: unknown } | null)?.solicitudId;
  const sol = typeof id === 'string' ? subjects?.solicitudes.get(id) : undefined;
  let where: string;
  if (sol) where = sol.radicado ? `${sol.radicado} (${sol.nombre})` : `${sol.nombre} (${NOT_FILED})`;
  else where = (subjects && describeChange(p.name, p.args, subjects).subject) || describeChange(p.name, p.args, EMPTY).title.toLowerCase();
  return `Conflicto en ${where}: ${conflictWhat(p.conflict, labels, conflictoPropio(p.conflict, userId))}`;
}

const NO_PROBLEMS: ProblemRow[] = [];
const EMPTY: Subjects = { solicitudes: new Map(), notificaciones: new Map(), usuarios: new Map() };

/** Whom the problems are about; undefined until looked up for exactly these problems. */
function useSubjects(problems: readonly ProblemRow[]): Subjects | undefined {
  const db = useAtomValue(localDbAtom);
  const key = problems.map((p) => p.id).join(',');
  const found = useLiveQuery(async () => ({ key, subjects: db ? await loadSubjects(db, problems.map((p) => p.args), problems) : EMPTY }), [db, key]);
  return found?.key === key ? found.subjects : undefined;
}

/**
 * A conflict the person can settle field by field: it carries the server's values. A CONFLICT
 * without them (an answer to a review closed meanwhile, issue 34) is a refusal with its reason.
 */
export const resolvable = (p: Pick<ProblemRow, 'code' | 'conflict'>) => p.code === 'CONFLICT' && !!p.conflict;

export function ConflictBanner() {
  const problems = useOpenProblems();
  const subjects = useSubjects(problems);
  const openPanel = useSetAtom(syncPanelAtom);
  const userId = useAtomValue(myUserIdAtom);
  const db = useAtomValue(localDbAtom);
  const refusedFiles = useLiveQuery(async () => (db ? db.files.where('status').equals('error').count() : 0), [db]) ?? 0;
  if (!problems.length && !refusedFiles) return null;
  const conflicts = problems.filter(resolvable);
  const rejected = problems.length - conflicts.length + refusedFiles;
  return (
    <div role="region" aria-label="Conflictos y cambios rechazados" className="mb-4 space-y-2" data-testid="banner-conflictos">
      {conflicts.map((p) => (
        <div key={p.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-red-50 p-3 text-red-950 ring-1 ring-red-300">
          <p className="font-medium">{conflictText(p, subjects, userId)}.</p>
          <Button variant="danger" onClick={() => openPanel({ open: true, problemId: p.id })}>
            Resolver
          </Button>
        </div>
      ))}
      {rejected > 0 && (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-amber-50 p-3 text-amber-950 ring-1 ring-amber-300">
          <p className="font-medium">
            El servidor rechazó {plural(rejected, 'cambio', 'cambios')} de este dispositivo. {rejected === 1 ? 'Revísalo' : 'Revísalos'} en Cambios pendientes.
          </p>
          <Button onClick={() => openPanel({ open: true })}>Revisar</Button>
        </div>
      )}
    </div>
  );
}

/** A toast for each conflict that appears while the app is open (older ones are in the banner). */
export function ConflictAnnouncer() {
  const loaded = useOpenProblemsLoading();
  const subjects = useSubjects(loaded ?? NO_PROBLEMS);
  const openPanel = useSetAtom(syncPanelAtom);
  const userId = useAtomValue(myUserIdAtom);
  useProblemsAppearing(
    loaded,
    (p) => {
      if (!resolvable(p)) return;
      toast.error(conflictText(p, subjects, userId), {
        duration: 10_000,
        action: { label: 'Resolver', onClick: () => openPanel({ open: true, problemId: p.id }) },
      });
    },
    subjects !== undefined,
  );
  return null;
}
