/**
 * What 'Editar Registro' says about its draft (record-draft.ts): the notice of changes brought
 * back from an earlier edit, with 'Descartar cambios recuperados' (asked first), the mark beside
 * each restored field, and the hint under the form that the changes are kept on this device.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { askConfirm } from '../../components/ui/confirm-dialog';
import { formatDateTime } from '../../domain/format';
import type { DraftStatus } from './use-record-draft';

export const restoredNoticeText = (savedAt: string) =>
  `Recuperamos cambios sin guardar de ${formatDateTime(savedAt)}.`;
export const RESTORED_FIELD = 'Cambio recuperado, sin guardar';
export const DRAFT_KEPT =
  'Borrador guardado en este dispositivo. Pulsa Guardar para enviar los cambios.';
export const DRAFT_FAILED =
  'No se pudo guardar el borrador en este dispositivo: si cierras, se perderán los cambios.';
export const DISCARD_RESTORED = 'Descartar cambios recuperados';
/** Chosen files stay in memory until Guardar (edit-files.tsx): the draft does not hold them, and says so. */
export const DRAFT_WITHOUT_FILES = 'Los archivos elegidos no se guardan en el borrador: se suben al pulsar Guardar.';

export function RestoredDraftNotice({
  savedAt,
  changedSince,
  onDiscard,
}: {
  savedAt: string;
  changedSince: boolean;
  onDiscard: () => void;
}) {
  const discard = () =>
    void askConfirm({
      title: '¿Descartar los cambios recuperados?',
      message:
        'Se borrarán de este dispositivo los cambios sin guardar y el formulario volverá a mostrar la solicitud como está guardada. Esta acción no se puede deshacer.',
      confirmLabel: 'Descartar cambios',
      cancelLabel: 'Conservar cambios',
      tone: 'danger',
    }).then((ok) => ok && onDiscard());
  return (
    <div
      role="status"
      data-testid="borrador-recuperado"
      className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-lg bg-amber-50 p-3 text-amber-950 ring-1 ring-amber-300"
    >
      <div className="min-w-0 flex-1 basis-64 space-y-1">
        <p className="font-semibold">{restoredNoticeText(savedAt)}</p>
        <p className="text-sm">
          Los campos marcados aún no están guardados: revísalos y pulsa Guardar para enviarlos.
        </p>
        {changedSince && (
          <p className="text-sm">
            La solicitud cambió desde entonces. El formulario la muestra como estaba cuando
            empezaste a editar; al guardar solo se envían tus cambios, y si alguien cambió los
            mismos campos se te pedirá elegir.
          </p>
        )}
      </div>
      <Button variant="danger-outline" onClick={discard} className="w-full sm:w-auto">
        {DISCARD_RESTORED}
      </Button>
    </div>
  );
}

/** The hint beside Guardar while there are changes; `filesChosen` when a file was chosen in this edit. */
export const DRAFT_KEPT_GONE = 'Borrador guardado en este dispositivo. Cópialo desde Cambios pendientes.';

export function DraftHint({ status, filesChosen = false, gone = false }: { status: DraftStatus; filesChosen?: boolean; gone?: boolean }) {
  // The application left the device: Guardar cannot send anything, the draft waits in 'Cambios pendientes'.
  if (gone && status === 'saved') {
    return (
      <p data-testid="borrador-registro" className="text-sm text-slate-700">
        {DRAFT_KEPT_GONE}
      </p>
    );
  }
  if (status === 'none') {
    // Only files changed: nothing is kept on the device until Guardar.
    return filesChosen ? (
      <p data-testid="borrador-registro" className="text-sm font-medium text-amber-900">
        {DRAFT_WITHOUT_FILES}
      </p>
    ) : null;
  }
  return status === 'saved' ? (
    <p data-testid="borrador-registro" className="text-sm text-slate-700">
      {DRAFT_KEPT}
      {filesChosen && <span className="mt-1 block font-medium text-amber-900">{DRAFT_WITHOUT_FILES}</span>}
    </p>
  ) : (
    <p data-testid="borrador-registro" role="alert" className="text-sm font-medium text-red-800">
      {DRAFT_FAILED}
    </p>
  );
}

const RestoredPaths = createContext<ReadonlySet<string> | null>(null);

export function RestoredPathsProvider({
  value,
  children,
}: {
  value: ReadonlySet<string> | null;
  children: ReactNode;
}) {
  return <RestoredPaths.Provider value={value}>{children}</RestoredPaths.Provider>;
}

/** The form paths brought back from a draft, if the form started from one. */
export function useRestoredPaths(): ReadonlySet<string> | null {
  return useContext(RestoredPaths);
}

/** A restored field: marked, with a line saying it is not saved yet. */
export function RestoredField({ wide, children }: { wide: boolean; children: ReactNode }) {
  return (
    <div
      data-testid="campo-recuperado"
      className={`rounded-lg bg-amber-50 p-2 ring-1 ring-amber-300 ${wide ? 'sm:col-span-2' : ''}`}
    >
      {children}
      <p className="mt-1 text-xs font-medium text-amber-900">{RESTORED_FIELD}</p>
    </div>
  );
}
