/**
 * The 'Editar Registro' form (spec 01 §2): the sections of the complete record in the spec's
 * order, each drawn from the company's field definitions like the creation form, then files,
 * observations, notification preferences, the tracking stages (admin and supervisor), the
 * request's notifications and its change history.
 * react-hook-form holds the values (typed by EditValuesSchema); its resolver judges what changed
 * and answers what to save (edit-schema.ts). A failed save names the first invalid field by its
 * label and moves the focus to it.
 */
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { FieldContext } from '../../components/fields/field-input';
import { Dialog } from '../../components/ui/dialog';
import { DuplicateDocumentDialog } from '../../components/ui/duplicate-document-dialog';
import { useDiscardGuard } from '../../components/ui/discard-guard';
import type { RegistroSchemas } from '../../domain/registro';
import { can, isAdminOrSupervisor, ROLES_CORREOS } from '../../domain/roles';
import type { Session } from '../../domain/session';
import { fullName, type SolicitudRecord } from '../../domain/solicitud';
import { useLocalDb } from '../../state/local-data';
import { ArchivosSection } from './archivos-section';
import { ConflictNotice } from './conflict-notice';
import { GONE_DRAFT, GONE_NOTICE, GoneNotice } from './gone-notice';
import { CreditSection } from './credit-section';
import { editSchema } from './edit-schema';
import { EditFilesProvider, queueChosen, useEditFilesState } from './edit-files';
import { EntitySection } from './entity-section';
import { HistorialSection } from './historial-section';
import { CorreosSection } from './correos-section';
import { ObservacionesSection } from './observaciones-section';
import { PreferencesSection } from './preferences-section';
import type { RecordEdit } from './record-changes';
import { RecordFooter } from './record-footer';
import { recordChangedSince, restoreValues, type SavedRecordDraft } from './record-draft';
import { DraftHint, RestoredDraftNotice, RestoredPathsProvider } from './restored-draft';
import { recordFields, toEditValues, type EditValues } from './record-values';
import { ReferencesSection } from './references-section';
import { StagesSection } from './stages-section';
import { useRecordDraft } from './use-record-draft';
import { useRecordSave } from './use-record-save';
import { ReviewProvider } from './review-context';
import { ReviewPanel } from './review-panel';
import { useRecordReview } from './use-record-review';
import type { Respuesta } from './use-review-actions';

const ENTITY_SECTIONS = [
  { entity: 'solicitante', title: 'Información del Solicitante', testId: 'seccion-solicitante' },
  { entity: 'ubicacion', title: 'Información de Ubicación', testId: 'seccion-ubicacion' },
  { entity: 'actividad_economica', title: 'Información Laboral', testId: 'seccion-laboral' },
  { entity: 'informacion_financiera', title: 'Información Financiera', testId: 'seccion-financiera' },
] as const;

interface Props {
  /** The record as first seen: the base values of the edit. */
  initial: SolicitudRecord;
  /** The record as it is now on this device. */
  live: SolicitudRecord;
  session: Session;
  schemas: RegistroSchemas;
  /** The company's definitions as mirrored, the inactive ones included. */
  definiciones?: readonly unknown[];
  lists: Omit<FieldContext, 'values'>;
  subtitle: ReactNode;
  onClose: () => void;
  notificationsPanel?: ReactNode;
  /** Unsaved changes kept on this device from an earlier edit (its record is `initial`). */
  restored?: SavedRecordDraft | null;
  /** 'Descartar cambios recuperados', confirmed: the draft is gone, the form starts again from the record. */
  onDiscardRestored?: () => void;
  /** The application left the device while the form was open (deleted on the server, or no longer visible). */
  gone?: boolean;
}

/** The first invalid field on screen: focused, scrolled to the middle, and its message. */
function focusFirstInvalid(formId: string): string | undefined {
  const el = document.getElementById(formId)?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!el) return undefined;
  el.focus({ preventScroll: true });
  el.scrollIntoView({ block: 'center' });
  const described = el.getAttribute('aria-describedby')?.split(' ')[0];
  return (described && document.getElementById(described)?.textContent) || undefined;
}

export function RecordForm({ initial, live, session, schemas, definiciones, lists, subtitle, onClose, notificationsPanel, restored, onDiscardRestored, gone }: Props) {
  const rol = session.user.rol;
  const canEdit = can(rol, 'edit_customer');
  const subjectLine = `${fullName(live.solicitante)} · ${live.solicitud.radicado ?? 'sin radicar'}`;
  const formId = `form-registro-${initial.id}`;
  const fields = useMemo(() => recordFields(initial, schemas, definiciones), [initial, schemas, definiciones]);
  // The values the form starts from are those of the record as first seen, with the fields then known.
  const [defaults] = useState(() => toEditValues(initial, fields));
  // A draft kept from an earlier edit: its changes on top of the starting values, marked.
  const [fromDraft] = useState(() => (restored ? restoreValues(defaults, restored.draft) : null));
  const resolver = useMemo(() => valibotResolver(editSchema(initial, fields, defaults)), [initial, fields, defaults]);
  const form = useForm<EditValues, unknown, RecordEdit>({
    defaultValues: defaults,
    resolver,
    mode: 'onSubmit',
    // Spec 01 §5: an error clears when its field is edited (it is checked again on Guardar).
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  useEffect(() => {
    // The restored changes as edits of the starting values: dirty, so they show and save as changes.
    if (fromDraft) form.reset(fromDraft.values, { keepDefaultValues: true });
  }, [form, fromDraft]);
  const [deleting, setDeleting] = useState(false);
  const db = useLocalDb();
  const draft = useRecordDraft({ db, record: initial, defaults, form, enabled: canEdit, initialStatus: fromDraft ? 'saved' : 'none' });
  // Closing for good (saved, queued, deleted, or the changes discarded): the draft goes with it.
  const closeForGood = () => {
    void draft.remove().catch(() => undefined);
    onClose();
  };
  const editFiles = useEditFilesState(initial.id, live.documentos ?? []);
  const saver = useRecordSave({
    solicitudId: initial.id,
    solicitanteId: initial.solicitante.id,
    session,
    subjectLine,
    onClose: closeForGood,
    queueFiles: (changes, editId) =>
      queueChosen(db, editFiles.chosen, changes, { solicitudId: initial.id, solicitanteId: initial.solicitante.id }, editId),
  });
  // While the draft is on the device, a reload or a route change need not ask: the changes come back.
  const guard = useDiscardGuard(form.formState.isDirty && !saver.saving && !deleting, closeForGood, { keepsDraft: draft.status === 'saved' });
  // Issue 34: the review under way, if any (flags beside the fields, the panel, the return dialog).
  const review = useRecordReview({ record: initial, live, fields, defaults, session, canEdit, subjectLine });
  const sendCorrections = (respuestas: Respuesta[]) =>
    void form.handleSubmit((edit) => saver.save(edit, review.followUp(respuestas)), onInvalid)();

  const onInvalid = () =>
    requestAnimationFrame(() => {
      toast.error('Por favor corrige los errores antes de continuar', { description: focusFirstInvalid(formId) });
    });

  const footer = (
    <RecordFooter
      formId={formId}
      solicitudId={initial.id}
      subjectLine={subjectLine}
      canEdit={canEdit}
      canDelete={can(rol, 'delete_customer')}
      saving={saver.saving}
      onCancel={guard.requestClose}
      onDeleted={closeForGood}
      status={canEdit && form.formState.isDirty ? <DraftHint status={draft.status} filesChosen={editFiles.chosen.size > 0} gone={gone} /> : null}
      onDeleting={setDeleting}
    />
  );

  return (
    <Dialog title="Editar Registro" size="full" subtitle={subtitle} onClose={guard.requestClose} footer={footer} testId="editar-registro">
      <FormProvider {...form}>
        {gone && <GoneNotice dirty={form.formState.isDirty} />}
        <ConflictNotice solicitudId={initial.id} />
        {restored && fromDraft && (
          <RestoredDraftNotice
            savedAt={restored.updatedAt}
            changedSince={recordChangedSince(initial, live)}
            onDiscard={() => void draft.remove().then(() => onDiscardRestored?.(), () => onDiscardRestored?.())}
          />
        )}
        <RestoredPathsProvider value={fromDraft?.restored ?? null}>
        <EditFilesProvider value={editFiles.value}>
        <ReviewProvider {...review.provider}>
        <ReviewPanel {...review.panel} sending={saver.saving} onSend={sendCorrections} />
        <form
          id={formId}
          noValidate
          onSubmit={(e) => {
            // Nothing is queued for an application that is no longer here: the server would refuse it.
            if (gone) {
              e.preventDefault();
              toast.error(GONE_NOTICE, form.formState.isDirty ? { description: GONE_DRAFT } : undefined);
              return;
            }
            void form.handleSubmit((edit) => saver.save(edit), onInvalid)(e);
          }}
          className="space-y-4"
        >
          <fieldset disabled={!canEdit} className="space-y-4">
            {ENTITY_SECTIONS.map((s) => (
              <EntitySection key={s.entity} entity={s.entity} title={s.title} testId={s.testId} fields={fields.entities[s.entity]} lists={lists} />
            ))}
            <ReferencesSection fields={fields.referencia} lists={lists} canEdit={canEdit} />
            <CreditSection record={initial} live={live} fields={fields} lists={lists} />
          </fieldset>
        </form>
        </ReviewProvider>
        </EditFilesProvider>
        </RestoredPathsProvider>

        <div className="mt-4 space-y-4">
          <ArchivosSection solicitudId={initial.id} solicitanteId={initial.solicitante.id} documentos={live.documentos ?? []} canWrite={canEdit} token={session.token} />
          <ObservacionesSection solicitudId={initial.id} observaciones={live.observaciones ?? []} userName={session.user.nombre} canWrite={canEdit} />
          <PreferencesSection formId={formId} disabled={!canEdit} />
          {isAdminOrSupervisor(rol) && <StagesSection solicitudId={initial.id} radicado={live.solicitud.radicado ?? null} subjectLine={subjectLine} />}
          {notificationsPanel && <div data-testid="panel-notificaciones">{notificationsPanel}</div>}
          {rol && ROLES_CORREOS.includes(rol) && <CorreosSection solicitudId={initial.id} token={session.token} canRetry={isAdminOrSupervisor(rol)} />}
          {isAdminOrSupervisor(rol) && <HistorialSection solicitudId={initial.id} token={session.token} />}
        </div>
      </FormProvider>

      {saver.duplicate && (
        <DuplicateDocumentDialog
          documento={saver.duplicate.documento}
          matches={saver.duplicate.matches}
          onBack={saver.dismissDuplicate}
          onSave={saver.confirmDuplicate}
        />
      )}
      {review.dialog}
      {guard.prompt}
    </Dialog>
  );
}
