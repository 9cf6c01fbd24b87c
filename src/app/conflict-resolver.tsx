/**
 * The resolver of one conflicting change: a line per leaf field with the form's label, what this
 * device wanted, what the server holds and who changed it there and when; the person keeps their
 * value or takes the server's, line by line ('Conservar el mío' is chosen by default).
 */
import { useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import { Button } from '../components/ui/button';
import { toast } from '../components/ui/toast';
import type { ProblemRow } from '../db/database';
import { formatWhen } from '../domain/format';
import { resolveConflict } from '../sync/problems';
import { localDbAtom, syncClientAtom } from '../state/local-data';
import { useEtiquetas } from '../state/etiquetas';
import { myUserIdAtom } from '../state/session';
import { conflictLines, foldChoices } from '../features/registro/conflict-lines';

export function ConflictResolver({ problem, onDone }: { problem: ProblemRow; onDone: () => void }) {
  const db = useAtomValue(localDbAtom);
  const client = useAtomValue(syncClientAtom);
  const etiquetas = useEtiquetas();
  const userId = useAtomValue(myUserIdAtom);
  const lines = useMemo(() => conflictLines(problem.conflict, etiquetas), [problem.conflict, etiquetas]);
  const [choices, setChoices] = useState<Record<string, 'mine' | 'theirs'>>({});
  const [busy, setBusy] = useState(false);

  const apply = async () => {
    if (!db) return;
    setBusy(true);
    try {
      await resolveConflict(db, problem.id, foldChoices(problem.conflict, lines, choices));
      client?.notify();
      toast.success('Conflicto resuelto');
      onDone();
    } catch (e) {
      toast.error(e instanceof Error ? e.message : 'No se pudo resolver el conflicto');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mt-2 space-y-3 rounded-md bg-white p-3 ring-1 ring-amber-300" data-testid="resolver">
      {lines.map((l) => (
        <fieldset key={l.leaf} className="text-sm">
          <legend className="font-semibold text-slate-900">{l.label}</legend>
          <p className="text-slate-800">
            Tú: <strong>{l.mine}</strong> · Servidor: <strong>{l.server}</strong>
            <span className="text-slate-600"> · Antes: {l.base}</span>
          </p>
          {(l.changedBy || l.changedAt) && (
            <p className="text-slate-700" data-testid="cambiado-por">
              Cambiado en el servidor{l.changedById != null && l.changedById === userId ? ' por ti, desde otro dispositivo' : l.changedBy ? ` por ${l.changedBy}` : ''}
              {l.changedAt ? `, ${formatWhen(l.changedAt)}` : ''}
            </p>
          )}
          <div className="flex flex-wrap gap-x-4">
            {(['mine', 'theirs'] as const).map((c) => (
              <label key={c} className="flex min-h-11 items-center gap-2">
                <input
                  type="radio"
                  className="h-5 w-5 accent-blue-700"
                  name={`${problem.id}-${l.leaf}`}
                  checked={(choices[l.leaf] ?? 'mine') === c}
                  onChange={() => setChoices((s) => ({ ...s, [l.leaf]: c }))}
                />
                {c === 'mine' ? 'Conservar el mío' : 'Usar el del servidor'}
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      <Button variant="primary" busy={busy} onClick={() => void apply()}>
        Aplicar selección
      </Button>
    </div>
  );
}
