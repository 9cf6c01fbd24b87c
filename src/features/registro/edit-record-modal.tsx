/**
 * The 'Editar Registro' modal (spec 01 §2): the record mirrored in Dexie and the company's field
 * definitions and lists mirrored with it, so it opens and saves the same with or without a
 * network, and a field added in the configuration shows after the next sync. The form itself is
 * record-form.tsx; this part loads what it needs and says when the record is not there.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useCompanyLists } from '../../components/fields/use-company-lists';
import { Dialog } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { toRecord } from '../../db/database';
import { registroSchemas } from '../../domain/campos-fijos';
import { fullName, type SolicitudRecord } from '../../domain/solicitud';
import { useLocalDb } from '../../state/local-data';
import { sessionAtom } from '../../state/session';
import { RecordForm } from './record-form';
import { loadErrorText } from './load-error';
import { readRecordDraft, type SavedRecordDraft } from './record-draft';

export { EDIT_SAVED_OFFLINE } from './use-record-save';
export { DELETE_CONFIRMATION } from './record-footer';

export interface EditRecordModalProps {
  solicitudId: string;
  onClose: () => void;
  /** The request's notifications section, built by the notifications feature and wired by the app. */
  notificationsPanel?: ReactNode | ((solicitudId: string) => ReactNode);
}

export default function EditRecordModal({ solicitudId, onClose, notificationsPanel }: EditRecordModalProps) {
  const db = useLocalDb();
  const state = useAtomValue(sessionAtom);
  // A failed read of this device's store (IndexedDB gone, quota, a broken upgrade) is said in the
  // modal instead of breaking the screen.
  const loaded = useLiveQuery(
    async () => {
      try {
        return { row: (await db.solicitudes.get(solicitudId)) ?? null };
      } catch (error) {
        return { error: loadErrorText(error) };
      }
    },
    [db, solicitudId],
  );
  const row = loaded === undefined ? undefined : 'row' in loaded ? loaded.row : null;
  // The company's definitions, mirrored by pull: a field added in /config arrives with the next sync.
  const definiciones = useLiveQuery(() => db.definiciones.toArray(), [db]);
  const schemas = useMemo(() => (definiciones ? registroSchemas(definiciones) : null), [definiciones]);
  const lists = useCompanyLists(db);
  // Unsaved changes kept from an earlier edit of this record (record-draft.ts), read once.
  const [draft, setDraft] = useState<SavedRecordDraft | null | undefined>(undefined);
  useEffect(() => {
    let current = true;
    readRecordDraft(db, solicitudId).then(
      (found) => current && setDraft(found),
      () => current && setDraft(null),
    );
    return () => {
      current = false;
    };
  }, [db, solicitudId]);
  // The form is built once from the record as first seen: those are the base values of the edit.
  // With a draft, the record as seen when that edit began, so its changes keep their base.
  const [initial, setInitial] = useState<SolicitudRecord | null>(null);
  const [formKey, setFormKey] = useState(0);
  useEffect(() => {
    if (row && !initial && draft !== undefined) setInitial(draft ? draft.draft.record : toRecord(row));
  }, [row, initial, draft]);
  // 'Descartar cambios recuperados': the form starts again from the record as it is now.
  const discardRestored = () => {
    setDraft(null);
    setInitial(row ? toRecord(row) : null);
    setFormKey((k) => k + 1);
  };

  const session = state.status === 'authenticated' ? state.session : null;
  const live = row ? toRecord(row) : initial;
  if (!session) return null;
  if (loaded && 'error' in loaded) {
    return (
      <Dialog title="Editar Registro" size="full" onClose={onClose} testId="editar-registro">
        <p role="alert" className="py-8 text-center text-red-800">
          {loaded.error}
        </p>
      </Dialog>
    );
  }
  if (row === undefined || (row && !initial) || !schemas || draft === undefined) {
    return (
      <Dialog title="Editar Registro" size="full" onClose={onClose} testId="editar-registro">
        <div className="flex justify-center py-12">
          <Spinner label="Cargando..." />
        </div>
      </Dialog>
    );
  }
  if (!initial || !live) {
    return (
      <Dialog title="Editar Registro" size="full" onClose={onClose} testId="editar-registro">
        <p role="alert" className="py-8 text-center text-slate-700">
          No se encontró la solicitud. Puede que se haya eliminado o que ya no tengas acceso a ella.
        </p>
      </Dialog>
    );
  }
  const subtitle = (
    <span>
      {fullName(live.solicitante)}
      {live.solicitud.radicado ? ` · ${live.solicitud.radicado}` : ''}
      {row?.pending === 1 && <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Sin sincronizar</span>}
    </span>
  );
  return (
    <RecordForm
      key={formKey}
      initial={initial}
      live={live}
      session={session}
      schemas={schemas}
      definiciones={definiciones}
      lists={lists}
      subtitle={subtitle}
      onClose={onClose}
      notificationsPanel={typeof notificationsPanel === 'function' ? notificationsPanel(solicitudId) : notificationsPanel}
      restored={draft}
      onDiscardRestored={discardRestored}
      gone={row === null}
    />
  );
}
