/**
 * The 'Nuevo Cliente' dialog: full screen on tablets and phones, a large centred panel on desktops.
 * It waits for the schemas (loading / waiting n of 6 / error with fallback fields), offers to
 * continue a saved draft, then shows the form. Its toast area (at the bottom, inside the dialog or
 * on the screen, above the screen's own toasts so neither hides the other) stays mounted when the
 * dialog closes, so the creation message after saving stays visible. Under its title goes `status`:
 * the top bar's sync state, which the full-screen dialog covers (src/app/form-sync-status.tsx).
 */
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { askConfirm, type ConfirmOptions } from '../../components/ui/confirm-dialog';
import { Dialog } from '../../components/ui/dialog';
import { useDiscardGuard } from '../../components/ui/discard-guard';
import { Spinner } from '../../components/ui/spinner';
import { PAGE_AREA, PAGE_POSITION, ToasterHost } from '../../components/ui/toast';
import type { DraftRow } from '../../db/database';
import { useLocalDb } from '../../state/local-data';
import { sessionAtom } from '../../state/session';
import { formatDateTime, plural } from '../../domain/format';
import { CLOSE_WITH_DRAFT, closeQuestion } from './close-question';
import { newFormState, type FormState } from './form-state';
import { FORM_TOASTER } from './form-toasts';
import { RegistroForm } from './registro-form';
import { useFormSchemas } from './use-form-schemas';

interface Props {
  open: boolean;
  onClose: () => void;
  /** Opens an existing application ('Editar Registro'), offered when the document already exists. */
  onOpenExisting?: (solicitudId: string) => void;
  /** Shown under the title: the sync state the full-screen dialog covers. */
  status?: React.ReactNode;
}

export function NuevoClienteModal({ open, onClose, onOpenExisting, status }: Props) {
  return (
    <>
      <ToasterHost id={FORM_TOASTER} above={PAGE_AREA} position={PAGE_POSITION} visibleToasts={20} containerAriaLabel="Avisos del formulario" />
      {open && <FormDialog onClose={onClose} onOpenExisting={onOpenExisting} status={status} />}
    </>
  );
}

/** The question before a draft is thrown away, naming whose it is and what it holds. */
export function discardDraftQuestion(draft: DraftRow): ConfirmOptions {
  const values = draft.values as Partial<FormState>;
  const nombre = [values.values?.solicitante?.nombres, values.values?.solicitante?.primer_apellido]
    .filter((v): v is string => typeof v === 'string' && v.trim() !== '')
    .join(' ');
  const files = values.files?.length ?? 0;
  const what = [nombre ? `el borrador de ${nombre}` : 'el borrador', files ? `con ${plural(files, 'archivo')}` : '']
    .filter(Boolean)
    .join(' ');
  return {
    title: '¿Descartar el borrador?',
    message: `Se borrará ${what} de este dispositivo. Esta acción no se puede deshacer.`,
    confirmLabel: 'Descartar borrador',
    tone: 'danger',
  };
}

type Start = { status: 'checking' } | { status: 'ask'; draft: DraftRow } | { status: 'ready'; state: FormState };

function FormDialog({ onClose, onOpenExisting, status }: { onClose: () => void; onOpenExisting?: (id: string) => void; status?: React.ReactNode }) {
  const db = useLocalDb();
  const session = useAtomValue(sessionAtom);
  const token = session.status === 'authenticated' ? session.session.token : null;
  const schemas = useFormSchemas(db, token);
  const [start, setStart] = useState<Start>({ status: 'checking' });
  const [filled, setFilled] = useState(false);
  // Whether the draft reached the device, asked when closing (the pending write is made first).
  const draftSaved = useRef<(() => Promise<boolean>) | null>(null);
  const [closeTexts, setCloseTexts] = useState(CLOSE_WITH_DRAFT);
  const guard = useDiscardGuard(filled, onClose, closeTexts);
  const { requestClose: ask } = guard;
  const requestClose = useCallback(() => {
    const check = draftSaved.current;
    if (!filled || !check) return ask();
    void check().then((saved) => {
      setCloseTexts(closeQuestion(saved));
      ask();
    });
  }, [filled, ask]);

  useEffect(() => {
    let live = true;
    void db.drafts
      .where('kind')
      .equals('solicitud')
      .toArray()
      .then((drafts) => {
        if (!live) return;
        const latest = drafts.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))[0];
        setStart(latest ? { status: 'ask', draft: latest } : { status: 'ready', state: newFormState() });
      })
      .catch(() => live && setStart({ status: 'ready', state: newFormState() }));
    return () => {
      live = false;
    };
  }, [db]);

  let body: React.ReactNode;
  if (schemas.status === 'loading' || start.status === 'checking') {
    body = <Centered><Spinner label="Cargando formulario dinámico..." /></Centered>;
  } else if (schemas.status === 'waiting') {
    body = (
      <Centered>
        <Spinner label="Esperando que todos los esquemas se carguen..." />
        <p className="mt-2 text-sm text-slate-700" data-testid="esquemas-cargados">
          {schemas.loaded} de {schemas.total} esquemas cargados
        </p>
      </Centered>
    );
  } else if (start.status === 'ask') {
    body = (
      <div className="mx-auto max-w-lg space-y-4 rounded-lg bg-amber-50 p-5 ring-1 ring-amber-300" role="alertdialog" aria-labelledby="borrador-titulo">
        <h3 id="borrador-titulo" className="text-lg font-semibold text-slate-900">
          Tienes un borrador sin terminar
        </h3>
        <p className="text-sm text-slate-800">
          Guardado el {formatDateTime(start.draft.updatedAt)}
        </p>
        <p className="text-sm text-slate-800">¿Quieres continuarlo?</p>
        <div className="flex flex-wrap gap-3">
          <Button variant="primary" data-autofocus onClick={() => setStart({ status: 'ready', state: start.draft.values as FormState })}>
            Continuar borrador
          </Button>
          <Button
            onClick={() => {
              // One tap must not lose a draft (and its photos): it asks first.
              const draft = start.draft;
              void askConfirm(discardDraftQuestion(draft)).then(async (ok) => {
                if (!ok) return;
                await db.drafts.delete(draft.id);
                setStart({ status: 'ready', state: newFormState() });
              });
            }}
          >
            Descartar y empezar de nuevo
          </Button>
        </div>
      </div>
    );
  } else {
    body = (
      <>
        {schemas.status === 'error' && (
          <div role="alert" className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-lg bg-red-50 p-4 text-red-900 ring-1 ring-red-300">
            <p>
              Error al cargar esquemas: {schemas.message}. Se muestran los campos básicos.
            </p>
            <Button variant="danger" onClick={() => window.location.reload()}>
              Reintentar
            </Button>
          </div>
        )}
        <RegistroForm
          db={db}
          schemas={schemas.schemas}
          initial={start.state}
          onSaved={onClose}
          onCancel={requestClose}
          onFilledChange={setFilled}
          draftSaved={draftSaved}
          onOpenExisting={
            onOpenExisting &&
            ((id) => {
              // The draft stays on the device (autosave): closing loses nothing.
              onClose();
              onOpenExisting(id);
            })
          }
        />
      </>
    );
  }

  return (
    <Dialog title="Nuevo Cliente" subtitle={status} size="full" onClose={requestClose} testId="nuevo-cliente">
      {body}
      {guard.prompt}
    </Dialog>
  );
}

function Centered({ children }: { children: React.ReactNode }) {
  return <div className="flex min-h-60 flex-col items-center justify-center py-10 text-slate-700">{children}</div>;
}
