/**
 * Wires the review loop (issue 34) into 'Editar Registro': the review under way read from the
 * device's store, the fields a reviewer can pick (the form's own labels), the mode of this user,
 * the 'Devolver al asesor' dialog, and the answer that follows the field edits when the advisor
 * sends the corrections (queued after them, in the same outbox order).
 */
import { useMemo, useState } from 'react';
import { mutate } from '../../db/mutate';
import type { Revision } from '../../domain/revision';
import type { Session } from '../../domain/session';
import type { SolicitudRecord } from '../../domain/solicitud';
import { useLocalDb } from '../../state/local-data';
import { revisaSolicitudes, useRevisionActual } from '../../state/revisiones';
import { reviewMode } from './review-context';
import { camposRevisables } from './review-fields';
import type { RecordFields, EditValues } from './record-values';
import { ReturnDialog } from './return-dialog';
import { CORRECCIONES_EN_DISPOSITIVO, useReviewActions, type Respuesta } from './use-review-actions';
import type { FollowUp } from './use-record-save';

interface Args {
  record: SolicitudRecord;
  live: SolicitudRecord;
  fields: RecordFields;
  defaults: EditValues;
  session: Session;
  canEdit: boolean;
  subjectLine: string;
}

export function useRecordReview({ record, live, fields, defaults, session, canEdit, subjectLine }: Args) {
  const db = useLocalDb();
  const revision = useRevisionActual(record.id) ?? null;
  const catalogue = useMemo(() => camposRevisables(record, fields), [record, fields]);
  const rol = session.user.rol;
  const actions = useReviewActions(subjectLine);
  // null: closed; { again: null }: a first return; { again: r }: 'Devolver de nuevo'.
  const [returning, setReturning] = useState<{ again: Revision | null } | null>(null);

  const followUp = (respuestas: Respuesta[]): FollowUp | undefined =>
    revision
      ? {
          queue: () => mutate(db, 'revision.responder', { revisionId: revision.id, solicitudId: record.id, respuestas }),
          sent: 'Correcciones enviadas',
          queued: CORRECCIONES_EN_DISPOSITIVO,
        }
      : undefined;

  return {
    provider: {
      revision,
      mode: revision ? reviewMode(revision, rol, canEdit) : ('ver' as const),
      catalogue,
      defaults,
      documentos: (live.documentos ?? []).length,
    },
    panel: {
      canReturn: revisaSolicitudes(rol),
      onReturn: (again: Revision | null) => setReturning({ again }),
      onClose: actions.cerrar,
    },
    followUp,
    dialog: returning && (
      <ReturnDialog
        solicitudId={record.id}
        catalogue={catalogue}
        again={returning.again}
        onConfirm={actions.devolver}
        onClose={() => setReturning(null)}
      />
    ),
  };
}
