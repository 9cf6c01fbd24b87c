/**
 * 'Ya existe una solicitud con este documento': shown before saving an application whose applicant
 * has the same tipo and número as one the company already has. It does not block (one person may
 * ask for several credits): the person opens the existing one, goes back to the form, or saves.
 */
import { Button } from './button';
import { Dialog } from './dialog';
import { StatusBadge } from './status-badge';

export interface DuplicateMatch {
  id: string;
  nombre: string;
  radicado: string | null;
  estado: string;
}

export const DUPLICATE_TITLE = 'Ya existe una solicitud con este documento';

export function DuplicateDocumentDialog({
  documento,
  matches,
  onOpen,
  onSave,
  onBack,
}: {
  /** 'CC 1020304050'. */
  documento: string;
  matches: readonly DuplicateMatch[];
  /** Opens an existing application; absent where that is not possible. */
  onOpen?: (id: string) => void;
  onSave: () => void;
  onBack: () => void;
}) {
  return (
    <Dialog
      title={DUPLICATE_TITLE}
      size="md"
      role="alertdialog"
      onClose={onBack}
      footer={
        <>
          <Button data-autofocus onClick={onBack}>
            Volver al formulario
          </Button>
          <Button variant="primary" onClick={onSave}>
            Guardar de todos modos
          </Button>
        </>
      }
    >
      <p className="text-slate-800">
        El documento <strong>{documento}</strong> ya está en {matches.length === 1 ? 'esta solicitud' : 'estas solicitudes'} de la empresa. Una
        misma persona puede pedir varios créditos: revisa si es la misma antes de guardar.
      </p>
      <ul className="mt-3 space-y-2" aria-label="Solicitudes con el mismo documento">
        {matches.map((m) => (
          <li key={m.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-slate-50 p-3 ring-1 ring-slate-200">
            <span>
              <span className="font-semibold">{m.nombre}</span> · {m.radicado ?? 'sin radicar'} <StatusBadge estado={m.estado} />
            </span>
            {onOpen && <Button onClick={() => onOpen(m.id)}>Abrir solicitud existente</Button>}
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
