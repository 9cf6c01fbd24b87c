/**
 * The resolver of one conflicting change: a line per leaf field with the form's label, what this
 * device wanted, what the server holds and who changed it there and when; the person keeps their
 * value or takes the server's, line by line ('Conservar el mío' is chosen by default). A reference
 * deleted on the server while this device edited it is created again or the edit dropped; a
 * reference this device deleted that was edited meanwhile is deleted anyway or kept.
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

  // A reference deleted meanwhile, or one this device deleted that was edited meanwhile: one choice for it whole.
  const whole = problem.name === 'referencia.eliminar' || !!problem.conflict?.referencia?.eliminada;

  const apply = async (all?: 'mine' | 'theirs') => {
    if (!db) return;
    setBusy(true);
    try {
      const fields = Object.keys(problem.conflict?.fields ?? {});
      await resolveConflict(db, problem.id, all ? Object.fromEntries(fields.map((f) => [f, all])) : foldChoices(problem.conflict, lines, choices));
      client?.notify();
      toast.success('Conflicto resuelto');
      onDone();
    } catch (e) {
      toast.error(e instanceof Error ? e.message : 'No se pudo resolver el conflicto');
    } finally {
      setBusy(false);
    }
  };

  const who = (l: (typeof lines)[number]) =>
    (l.changedBy || l.changedAt) && (
      <p className="text-slate-700" data-testid="cambiado-por">
        {problem.conflict?.referencia?.eliminada ? 'Eliminada en el servidor' : 'Cambiado en el servidor'}
        {l.changedById != null && l.changedById === userId ? ' por ti, desde otro dispositivo' : l.changedBy ? ` por ${l.changedBy}` : ''}
        {l.changedAt ? `, ${formatWhen(l.changedAt)}` : ''}
      </p>
    );

  if (whole) {
    const deleted = !!problem.conflict?.referencia?.eliminada;
    return (
      <div className="mt-2 space-y-3 rounded-md bg-white p-3 ring-1 ring-amber-300" data-testid="resolver">
        <p className="text-sm text-slate-800">
          {deleted
            ? 'La referencia ya no existe en el servidor. Puedes volver a crearla con tus cambios o descartarlos.'
            : 'La referencia cambió en el servidor después de que la viste. Puedes eliminarla de todos modos o conservarla con sus datos actuales.'}
        </p>
        {lines.map((l) => (
          <div key={l.leaf} className="text-sm">
            <p className="font-semibold text-slate-900">{l.label}</p>
            <p className="text-slate-800">
              {deleted ? (
                <>
                  Tú: <strong>{l.mine}</strong>
                  <span className="text-slate-600"> · Antes: {l.base}</span>
                </>
              ) : (
                <>
                  Ahora: <strong>{l.server}</strong>
                  <span className="text-slate-600"> · Cuando la viste: {l.base}</span>
                </>
              )}
            </p>
            {who(l)}
          </div>
        ))}
        <div className="flex flex-wrap gap-2">
          <Button variant={deleted ? 'primary' : 'danger'} busy={busy} onClick={() => void apply('mine')}>
            {deleted ? 'Volver a crearla con mis cambios' : 'Eliminarla de todos modos'}
          </Button>
          <Button busy={busy} onClick={() => void apply('theirs')}>
            {deleted ? 'Descartar mis cambios' : 'Conservar la referencia'}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="mt-2 space-y-3 rounded-md bg-white p-3 ring-1 ring-amber-300" data-testid="resolver">
      {lines.map((l) => (
        <fieldset key={l.leaf} className="text-sm">
          <legend className="font-semibold text-slate-900">{l.label}</legend>
          <p className="text-slate-800">
            Tú: <strong>{l.mine}</strong> · Servidor: <strong>{l.server}</strong>
            <span className="text-slate-600"> · Antes: {l.base}</span>
          </p>
          {who(l)}
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
