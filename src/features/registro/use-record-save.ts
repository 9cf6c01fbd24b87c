/**
 * Saving 'Editar Registro': asks once about a document another applicant of the company already
 * has, then queues the edit (`solicitud.editar`, only the changed fields, each with its base), the
 * files chosen in its file fields, and the reference additions and edits as local mutations, so saving works the same offline; the
 * toast says where the change is (on this device, or on the server once it took it).
 */
import { useAtomValue } from 'jotai';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { mutate } from '../../db/mutate';
import type { Session } from '../../domain/session';
import { reportDelivery } from '../../state/delivery';
import { findSameDocument, type SameDocument } from '../../state/duplicates';
import { syncClientAtom, useLocalDb } from '../../state/local-data';
import { MSG_BANK_NOTIFIED, bankNoticeDetail, bankNoticeMarks, watchBankNotice } from './bank-change-notice';
import type { RecordEdit } from './record-changes';

export const EDIT_SAVED_OFFLINE = 'Cambios guardados en este dispositivo. Se enviarán al servidor cuando haya conexión.';

/**
 * A mutation queued right after the edit's, in the same outbox order (the answer to a review
 * travels after the field edits it speaks of), with the toasts that then speak for both.
 */
export interface FollowUp {
  queue: () => Promise<number>;
  sent: string;
  queued: string;
}

export interface PendingDuplicate {
  documento: string;
  matches: SameDocument[];
  edit: RecordEdit;
  then?: FollowUp;
}

const hasChanges = (e: RecordEdit) =>
  Object.keys(e.changes).length > 0 || e.references.add.length > 0 || e.references.edit.length > 0 || e.references.remove.length > 0;

export function useRecordSave({
  solicitudId,
  solicitanteId,
  session,
  subjectLine,
  onClose,
  queueFiles,
}: {
  solicitudId: string;
  solicitanteId: string;
  session: Session;
  subjectLine: string;
  onClose: () => void;
  /** Queues the files chosen in file fields that the saved changes name, after the edit (edit-files.tsx). */
  queueFiles?: (changes: unknown, editMutationId: number) => Promise<number>;
}) {
  const db = useLocalDb();
  const client = useAtomValue(syncClientAtom);
  const [saving, setSaving] = useState(false);
  const [duplicate, setDuplicate] = useState<PendingDuplicate | null>(null);
  // The document the person already chose to keep despite a match (not asked again for it).
  const acknowledged = useRef<string | null>(null);

  const askDuplicate = async (edit: RecordEdit, then?: FollowUp): Promise<boolean> => {
    const doc = edit.documento;
    if (!doc || acknowledged.current === `${doc.tipo}|${doc.numero}`) return false;
    const matches = await findSameDocument(db, doc.tipo, doc.numero, solicitanteId).catch(() => []);
    if (!matches.length) return false;
    setDuplicate({ documento: [doc.tipo, doc.numero].filter(Boolean).join(' '), matches, edit, then });
    return true;
  };

  const save = async (edit: RecordEdit, then?: FollowUp) => {
    if (!(session.user.cedula || localStorage.getItem('cedula'))) {
      toast.error('No se encontró la información del asesor');
      return;
    }
    if (await askDuplicate(edit, then)) return;
    if (!hasChanges(edit) && !then) {
      toast.info('No hay cambios para guardar');
      onClose();
      return;
    }
    setSaving(true);
    try {
      const ids: number[] = [];
      // The bank-change e-mail is the server's: its message waits for the server's notice (bank-change-notice.ts).
      const knownNotices = edit.bankChanged ? await bankNoticeMarks(db, solicitudId) : null;
      if (Object.keys(edit.changes).length) {
        const editId = await mutate(db, 'solicitud.editar', { solicitudId, changes: edit.changes, base: edit.base });
        ids.push(editId);
        await queueFiles?.(edit.changes, editId);
      }
      // Deletions first: a reference removed and another added in one edit stays within the maximum.
      for (const { referenciaId, base } of edit.references.remove) ids.push(await mutate(db, 'referencia.eliminar', { solicitudId, referenciaId, base }));
      for (const add of edit.references.add) ids.push(await mutate(db, 'referencia.agregar', { solicitudId, ...add }));
      for (const change of edit.references.edit) ids.push(await mutate(db, 'referencia.editar', { solicitudId, ...change }));
      if (then) ids.push(await then.queue());
      if (knownNotices) watchBankNotice(db, solicitudId, knownNotices, (n, updated) => toast.success(MSG_BANK_NOTIFIED, { description: bankNoticeDetail(n, updated) }));
      onClose();
      void reportDelivery(
        db,
        ids,
        {
          sent: then?.sent ?? 'Registro actualizado correctamente',
          queued: then?.queued ?? EDIT_SAVED_OFFLINE,
          description: subjectLine,
        },
        { client, online: navigator.onLine },
      );
    } catch (error) {
      toast.error('Error al guardar', { description: error instanceof Error ? error.message : 'Error desconocido' });
    } finally {
      setSaving(false);
    }
  };

  return {
    saving,
    save,
    duplicate,
    /** 'Volver': the dialog closes and the form stays as it was. */
    dismissDuplicate: () => setDuplicate(null),
    /** 'Guardar de todos modos': saved, and not asked again for this document. */
    confirmDuplicate: () => {
      if (!duplicate) return;
      const doc = duplicate.edit.documento;
      acknowledged.current = doc ? `${doc.tipo}|${doc.numero}` : null;
      setDuplicate(null);
      void save(duplicate.edit, duplicate.then);
    },
  };
}
