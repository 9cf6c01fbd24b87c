/**
 * The head of 'Editar Registro' when the application is under review (issue 34): who returned it,
 * when and why; the flagged things that are not a form field (documents, references); and the
 * actions of each side: 'Enviar correcciones' for the advisor (enabled once every flagged field
 * was edited or answered), 'Cerrar revisión' and 'Devolver de nuevo' for the reviewer once
 * answered, 'Devolver al asesor' when there is no open review. While a transition waits on this
 * device it says so.
 */
import { Button } from '../../components/ui/button';
import { askConfirm } from '../../components/ui/confirm-dialog';
import { formatDateTime, plural } from '../../domain/format';
import type { Revision } from '../../domain/revision';
import { SAVED_ON_DEVICE } from '../../state/delivery';
import { useRevisionEnEspera } from '../../state/revisiones';
import { fieldId } from './entity-fields';
import { useReview } from './review-context';
import { ReviewNote } from './review-note';
import { respuestasDe, type Respuesta } from './use-review-actions';

interface Props {
  /** Whether this user may return the application (admin, supervisor, manager). */
  canReturn: boolean;
  /** The open or answered review, when there is none the panel only offers 'Devolver al asesor'. */
  onReturn: (again: Revision | null) => void;
  onSend: (respuestas: Respuesta[]) => void;
  onClose: (revision: Revision) => Promise<void>;
  sending: boolean;
}

const BOX = 'rounded-lg border-2 p-4 space-y-3';

/** Scrolls a flagged field into view and focuses it (on a tablet it may sit far down the form). */
function goToField(formPath: string) {
  const el = document.getElementById(fieldId(formPath));
  el?.scrollIntoView({ block: 'center' });
  el?.focus({ preventScroll: true });
}

export function ReviewPanel({ canReturn, onReturn, onSend, onClose, sending }: Props) {
  const review = useReview();
  const waiting = useRevisionEnEspera(review?.revision.id ?? null);
  if (!review) {
    return canReturn ? (
      <div className="flex justify-end">
        <Button variant="secondary" onClick={() => onReturn(null)}>
          Devolver al asesor
        </Button>
      </div>
    ) : null;
  }
  const { revision, mode, flags } = review;
  const pendientes = flags.filter((f) => !f.touched && f.answer.trim() === '').length;
  const others = flags.filter((f) => !f.field.formPath);
  const onForm = flags.filter((f) => f.field.formPath);
  const answered = revision.estado === 'respondida';
  const title = !answered ? 'Devuelta para corrección' : mode === 'revisar' ? 'Correcciones recibidas' : 'Correcciones enviadas';
  return (
    <section
      aria-label="Revisión de la solicitud"
      data-testid="panel-revision"
      className={`${BOX} ${answered ? 'border-blue-300 bg-blue-50' : 'border-amber-400 bg-amber-50'}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
        {waiting && (
          <span data-testid="revision-en-dispositivo" className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-300 ring-inset">
            guardado en este dispositivo
          </span>
        )}
      </div>
      <p className="text-sm text-slate-700">
        Devuelta por {revision.devuelta_por_nombre} el {formatDateTime(revision.devuelta_en)} · {plural(flags.length, 'campo')}
        {answered && revision.respondida_por_nombre && ` · respondida por ${revision.respondida_por_nombre} el ${formatDateTime(revision.respondida_en)}`}
      </p>
      <p className="whitespace-pre-line text-slate-900">
        <span className="font-semibold">Mensaje:</span> {revision.mensaje}
      </p>
      {onForm.length > 0 && (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-slate-700">Campos marcados en el formulario:</span>
          {onForm.map((f) => (
            <button
              key={f.flag.campo}
              type="button"
              onClick={() => goToField(f.field.formPath!)}
              className="min-h-11 rounded-md bg-white px-3 py-2 font-medium text-blue-800 underline ring-1 ring-amber-300 hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-blue-700"
            >
              {f.field.label}
            </button>
          ))}
        </div>
      )}
      {others.length > 0 && (
        <ul className="space-y-3">
          {others.map((f) => (
            <li key={f.flag.campo} data-testid="campo-devuelto" data-campo={f.flag.campo} className="rounded-md bg-white p-3 ring-1 ring-amber-300">
              <ReviewNote view={f} showLabel />
            </li>
          ))}
        </ul>
      )}
      {waiting && (
        <p className="text-sm font-medium text-amber-900">{SAVED_ON_DEVICE}</p>
      )}
      {mode === 'responder' && (
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="primary" onClick={() => onSend(respuestasDe(flags))} disabled={!review.complete || sending} busy={sending} busyLabel="Enviando…">
            Enviar correcciones
          </Button>
          <span className="text-sm text-slate-700" aria-live="polite">
            {pendientes > 0 ? `Falta corregir o responder ${plural(pendientes, 'campo')}.` : 'Todos los campos marcados tienen corrección o respuesta.'}
          </span>
        </div>
      )}
      {mode === 'revisar' && (
        <div className="flex flex-wrap gap-3">
          <Button
            variant="success"
            onClick={() =>
              void askConfirm({
                title: '¿Cerrar revisión?',
                message: 'La revisión queda cerrada y la solicitud deja de aparecer como devuelta. Una revisión cerrada no se puede reabrir.',
                confirmLabel: 'Cerrar revisión',
                tone: 'primary',
              }).then((ok) => (ok ? onClose(revision) : undefined))
            }
          >
            Cerrar revisión
          </Button>
          <Button variant="secondary" onClick={() => onReturn(revision)}>
            Devolver de nuevo
          </Button>
        </div>
      )}
    </section>
  );
}
