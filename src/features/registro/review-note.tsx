/**
 * A flagged field in 'Editar Registro': the field as usual, highlighted, with the reviewer's
 * comment beside it; for the advisor an answer box and the quick answer 'El documento ya fue
 * solicitado al cliente'; for the reviewer, once answered, before → after and the answer.
 */
import { useId, type ReactNode } from 'react';
import { RESPUESTA_DOCUMENTO_SOLICITADO } from '../../domain/revision';
import { INPUT_CLASS } from '../../components/ui/text-field';
import { formatValue } from './historial-format';
import { useReview, type FlagView } from './review-context';

export function FlaggedField({ view, children }: { view: FlagView; children: ReactNode }) {
  return (
    <div
      data-testid="campo-devuelto"
      data-campo={view.flag.campo}
      className="grid gap-3 rounded-lg border-2 border-amber-400 bg-amber-50 p-3 sm:col-span-2 sm:grid-cols-2"
    >
      <div className="min-w-0">{children}</div>
      <ReviewNote view={view} />
    </div>
  );
}

function StatusChip({ done }: { done: boolean }) {
  return done ? (
    <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900 ring-1 ring-green-300 ring-inset">Corregido</span>
  ) : (
    <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-400 ring-inset">Por corregir</span>
  );
}

/** The comment and, by mode, the answer box or the answer with before → after. */
export function ReviewNote({ view, showLabel = false }: { view: FlagView; showLabel?: boolean }) {
  const review = useReview();
  const id = useId();
  if (!review) return null;
  const { flag, field } = view;
  const answered = view.answer.trim() !== '';
  // A field corrected without words has no answer text (null): the round's state says it was answered.
  const answeredRound = review.revision.estado === 'respondida';
  return (
    <div className="min-w-0 space-y-2 text-sm" data-testid="nota-revision">
      <div className="flex flex-wrap items-center gap-2">
        {showLabel && <span className="font-semibold text-slate-900">{field.label}</span>}
        {review.mode === 'responder' && <StatusChip done={view.touched || answered} />}
      </div>
      <p className="text-slate-800">
        <span className="font-semibold">Comentario de {review.revision.devuelta_por_nombre}:</span> {flag.comentario}
      </p>
      {review.mode === 'responder' && (
        <div className="space-y-2">
          <label htmlFor={id} className="block font-medium text-slate-800">
            Respuesta sobre {field.label}
          </label>
          <textarea
            id={id}
            rows={2}
            maxLength={1000}
            className={INPUT_CLASS}
            value={view.answer}
            onChange={(e) => review.setAnswer(flag.campo, e.target.value)}
          />
          <button
            type="button"
            aria-pressed={view.answer === RESPUESTA_DOCUMENTO_SOLICITADO}
            onClick={() => review.setAnswer(flag.campo, view.answer === RESPUESTA_DOCUMENTO_SOLICITADO ? '' : RESPUESTA_DOCUMENTO_SOLICITADO)}
            className="min-h-11 rounded-md border border-amber-500 bg-white px-3 py-2 text-left font-medium text-amber-950 hover:bg-amber-100 aria-pressed:bg-amber-200 focus-visible:outline-2 focus-visible:outline-blue-700"
          >
            {RESPUESTA_DOCUMENTO_SOLICITADO}
          </button>
        </div>
      )}
      {review.mode !== 'responder' && answeredRound && (
        <>
          <p className="text-slate-800" data-testid="antes-despues">
            <span className="font-semibold">Antes:</span> {formatValue(flag.antes, flag.campo)} <span aria-hidden="true">→</span>
            <span className="sr-only">, después:</span> <span className="font-semibold text-slate-900">{formatValue(flag.despues, flag.campo)}</span>
          </p>
          <p className="text-slate-800">
            <span className="font-semibold">Respuesta de {review.revision.respondida_por_nombre ?? 'el asesor'}:</span>{' '}
            {flag.respuesta?.trim() || 'Corrigió el campo sin comentarios.'}
          </p>
        </>
      )}
      {review.mode !== 'responder' && !answeredRound && <p className="text-slate-600">Esperando la respuesta del asesor.</p>}
    </div>
  );
}
