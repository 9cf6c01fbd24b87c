/**
 * The 'Nuevo Cliente' dialog: full screen on tablets and phones, a large centred panel on desktops.
 * It waits for the schemas (loading / waiting n of 6 / error with fallback fields), offers to
 * continue a saved draft, then shows the form. Its toast area (top-centre) stays mounted when the
 * dialog closes, so the creation message after saving stays visible.
 */
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { Toaster } from 'sonner';
import { Spinner } from '../../components/ui/spinner';
import type { DraftRow } from '../../db/database';
import { useLocalDb } from '../../state/local-data';
import { sessionAtom } from '../../state/session';
import { newFormState, type FormState } from './form-state';
import { FORM_TOASTER, RegistroForm } from './registro-form';
import { useFormSchemas } from './use-form-schemas';

interface Props {
  open: boolean;
  onClose: () => void;
}

export function NuevoClienteModal({ open, onClose }: Props) {
  return (
    <>
      <Toaster id={FORM_TOASTER} position="top-center" visibleToasts={20} richColors closeButton containerAriaLabel="Avisos del formulario" toastOptions={{ closeButtonAriaLabel: 'Cerrar aviso' }} />
      {open && <Dialog onClose={onClose} />}
    </>
  );
}

type Start = { status: 'checking' } | { status: 'ask'; draft: DraftRow } | { status: 'ready'; state: FormState };

function Dialog({ onClose }: { onClose: () => void }) {
  const db = useLocalDb();
  const session = useAtomValue(sessionAtom);
  const token = session.status === 'authenticated' ? session.session.token : null;
  const schemas = useFormSchemas(db, token);
  const [start, setStart] = useState<Start>({ status: 'checking' });
  const headingRef = useRef<HTMLHeadingElement>(null);

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

  useEffect(() => {
    headingRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      window.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
    };
  }, [onClose]);

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
          Guardado el {new Date(start.draft.updatedAt).toLocaleString('es-CO', { dateStyle: 'long', timeStyle: 'short' })}
        </p>
        <p className="text-sm text-slate-800">¿Quieres continuarlo?</p>
        <div className="flex flex-wrap gap-3">
          <button
            type="button"
            className="min-h-11 rounded-md bg-blue-700 px-4 text-sm font-semibold text-white hover:bg-blue-800"
            onClick={() => setStart({ status: 'ready', state: start.draft.values as FormState })}
          >
            Continuar borrador
          </button>
          <button
            type="button"
            className="min-h-11 rounded-md border border-slate-300 px-4 text-sm font-semibold text-slate-800 hover:bg-white"
            onClick={() => {
              void db.drafts.delete(start.draft.id);
              setStart({ status: 'ready', state: newFormState() });
            }}
          >
            Descartar y empezar de nuevo
          </button>
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
            <button
              type="button"
              className="min-h-11 rounded-md bg-red-700 px-4 text-sm font-semibold text-white hover:bg-red-800"
              onClick={() => window.location.reload()}
            >
              Reintentar
            </button>
          </div>
        )}
        <RegistroForm db={db} schemas={schemas.schemas} initial={start.state} onSaved={onClose} onCancel={onClose} />
      </>
    );
  }

  return (
    <div className="fixed inset-0 z-40 flex items-stretch justify-center bg-slate-900/50 lg:items-start lg:p-6">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="nuevo-cliente-titulo"
        className="flex h-full w-full flex-col bg-slate-100 lg:h-auto lg:max-h-[calc(100vh-3rem)] lg:max-w-6xl lg:rounded-xl lg:shadow-2xl"
      >
        <div className="flex items-center justify-between border-b border-slate-200 bg-white px-4 py-3 sm:px-6 lg:rounded-t-xl">
          <h2 id="nuevo-cliente-titulo" ref={headingRef} tabIndex={-1} className="text-lg font-bold text-slate-900 focus:outline-none">
            Nuevo Cliente
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label="Cerrar"
            className="flex min-h-11 min-w-11 items-center justify-center rounded-md text-2xl text-slate-700 hover:bg-slate-100"
          >
            ×
          </button>
        </div>
        <div className="flex-1 overflow-y-auto px-4 pt-4 sm:px-6">{body}</div>
      </div>
    </div>
  );
}

function Centered({ children }: { children: React.ReactNode }) {
  return <div className="flex min-h-60 flex-col items-center justify-center py-10 text-slate-700">{children}</div>;
}
