/**
 * Keeps 'Editar Registro''s unsaved changes on the device while the person types (record-draft.ts):
 * shortly after typing stops, at once when the page is hidden or closed, and when the form goes
 * away without Guardar or Descartar (a route change, the session ending). Each write is issued in
 * the task that decides it (src/db/drafts.ts), so a tablet killing the hidden tab still gets it.
 * Guardar and 'Descartar cambios' call `remove`: no write is made after it, and the removal is
 * issued after any write before it, so it wins.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { RadicaDB } from '../../db/database';
import { writeDraftRow } from '../../db/drafts';
import { useFlushOnLeave } from '../../lib/use-flush-on-leave';
import type { SolicitudRecord } from '../../domain/solicitud';
import { recordDraftId, recordDraftRow } from './record-draft';
import type { RecordEdit } from './record-changes';
import type { EditValues } from './record-values';

/** How long after the last change the draft is written (hiding or closing the page writes it at once). */
export const RECORD_DRAFT_DEBOUNCE_MS = 300;

/** 'none': nothing kept (no change); 'saved': the latest changes are on the device; 'failed': the latest write failed. */
export type DraftStatus = 'none' | 'saved' | 'failed';

interface Args {
  db: RadicaDB;
  /** The record the form was built from (the draft's own when one was restored). */
  record: SolicitudRecord;
  defaults: EditValues;
  form: UseFormReturn<EditValues, unknown, RecordEdit>;
  /** False for a person who may not edit: nothing is kept. */
  enabled: boolean;
  /** 'saved' when the form starts from a restored draft. */
  initialStatus?: DraftStatus;
}

export function useRecordDraft({
  db,
  record,
  defaults,
  form,
  enabled,
  initialStatus = 'none',
}: Args) {
  const [status, setStatus] = useState<DraftStatus>(initialStatus);
  const changed = useRef(false);
  const stopped = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const id = recordDraftId(record.id);

  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (!changed.current || stopped.current) return;
    changed.current = false;
    const row = recordDraftRow({
      solicitudId: record.id,
      record,
      defaults,
      values: form.getValues(),
    });
    writeDraftRow(db, id, row).then(
      () => !stopped.current && setStatus(row ? 'saved' : 'none'),
      () => !stopped.current && setStatus('failed'),
    );
  }, [db, id, record, defaults, form]);

  // A change by the person (a reset, with no field name, is the form being built, not a change).
  useEffect(() => {
    if (!enabled) return;
    const sub = form.watch((_values, { name }) => {
      if (name === undefined || stopped.current) return;
      changed.current = true;
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(flush, RECORD_DRAFT_DEBOUNCE_MS);
    });
    return () => sub.unsubscribe();
  }, [enabled, form, flush]);

  // Hidden (another app, the screen off), closed, or the form gone: the last change now.
  useFlushOnLeave(flush);

  /** Guardar (queued) or 'Descartar cambios': nothing more is kept, and the draft goes. */
  const remove = useCallback((): Promise<void> => {
    stopped.current = true;
    changed.current = false;
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    return writeDraftRow(db, id, null);
  }, [db, id]);

  return { status, remove };
}
