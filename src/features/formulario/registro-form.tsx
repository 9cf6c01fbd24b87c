/**
 * 'Formulario de Registro': the creation form. Fields come from the company's schemas (local
 * mirror); every change is autosaved as a draft keyed by the application's id; saving queues one
 * `solicitud.crear` mutation plus the files (see save-registro.ts). A document already in the
 * company is asked about once per number before saving. This file is the save flow and the
 * layout; the state is use-registro-state.ts, the parts are referencias-section.tsx and form-parts.tsx.
 */
import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useRef, useState, type FormEvent, type RefObject } from 'react';
import { toast } from 'sonner';
import type { RadicaDB } from '../../db/database';
import { validateRegistro, type RegistroSchemas } from '../../domain/registro';
import { findSameDocument } from '../../state/duplicates';
import { visibleFields } from '../../domain/schema-compiler';
import { syncClientAtom } from '../../state/local-data';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { DuplicateDocumentDialog, type DuplicateMatch } from '../../components/ui/duplicate-document-dialog';
import { FilePicker } from '../../components/ui/file-picker';
import { FieldInput } from '../../components/fields/field-input';
import { FileList } from '../../components/fields/file-list';
import { ATTACHMENT_ACCEPT } from './files';
import { addReferencia, clearedFormState, hasContent, removeReferencia, shownFields, toArgs, withDefaults, type FormState, type SingleEntity } from './form-state';
import { INVALID_TOAST_ID, toastOpts } from './form-toasts';
import { fieldId, firstInvalid, focusFirstError } from './invalid-focus';
import { ReferenciasSection } from './referencias-section';
import { saveRegistro } from './save-registro';
import { useRegistroState } from './use-registro-state';
import { Consents, FormActions, Section } from './form-parts';
import { useCompanyLists } from '../../components/fields/use-company-lists';

const SECTIONS: Array<{ entity: SingleEntity; title: string }> = [
  { entity: 'solicitante', title: 'Información del Solicitante' },
  { entity: 'ubicacion', title: 'Información de Ubicación' },
  { entity: 'actividad_economica', title: 'Información Laboral' },
  { entity: 'informacion_financiera', title: 'Información Financiera' },
];

interface Props {
  db: RadicaDB;
  schemas: RegistroSchemas;
  initial: FormState;
  onSaved: () => void;
  onCancel: () => void;
  /** Told whether the form holds anything typed or chosen (closing it then asks). */
  onFilledChange?: (filled: boolean) => void;
  /** Opens an existing application (offered when the document is already in the company). */
  onOpenExisting?: (solicitudId: string) => void;
  /** Set to a check that writes the pending draft and tells whether it is on the device. */
  draftSaved?: RefObject<(() => Promise<boolean>) | null>;
}

export const CLEAR_TITLE = '¿Limpiar el formulario?';
export const CLEAR_MESSAGE =
  'Se borrarán todos los datos escritos, las referencias y los archivos elegidos en este formulario. El borrador se conserva hasta que confirmes.';

/** The document of the applicant as the duplicate check keys it ('CC|123'). */
const documentKey = (s: FormState['values']['solicitante']) =>
  `${typeof s.tipo_identificacion === 'string' ? s.tipo_identificacion : ''}|${typeof s.numero_documento === 'string' ? s.numero_documento.trim() : ''}`;

export function RegistroForm({ db, schemas, initial, onSaved, onCancel, onFilledChange, onOpenExisting, draftSaved }: Props) {
  const [confirmClear, setConfirmClear] = useState(false);
  const [duplicates, setDuplicates] = useState<{ documento: string; matches: DuplicateMatch[] } | null>(null);
  // The document the person already chose to save despite a match (not asked again for it).
  const acknowledged = useRef<string | null>(null);
  const [saving, setSaving] = useState(false);
  const savingRef = useRef(false);
  const { state, errors, setErrors, update, setValue, setRefValue, addFiles, removeFile, draftSaved: checkDraft } = useRegistroState(db, schemas, initial, savingRef);
  useEffect(() => {
    if (!draftSaved) return;
    draftSaved.current = checkDraft;
    return () => {
      draftSaved.current = null;
    };
  }, [draftSaved, checkDraft]);
  // The message about fields to correct goes with the form (see form-toasts.ts).
  useEffect(() => () => void toast.dismiss(INVALID_TOAST_ID), []);
  const filled = hasContent(state);
  // The configured defaults in the fields nobody touched: shown, judged and saved (form-state.ts).
  const shown = useMemo(() => withDefaults(state, schemas), [state, schemas]);
  useEffect(() => onFilledChange?.(filled), [filled, onFilledChange]);
  const client = useAtomValue(syncClientAtom);
  const lists = useCompanyLists(db);

  const showInvalid = (fields: Record<string, string>) => {
    setErrors(fields);
    const keys = Object.keys(fields);
    const consentOnly = keys.every((k) => k.startsWith('acepta_'));
    // The first message names its field by the form label ('Celular: debe tener 10 dígitos…').
    const first = firstInvalid(keys);
    const more = keys.length > 1 ? ` (y ${keys.length - 1} más)` : '';
    toast.error(consentOnly ? fields[keys[0]] : 'Revisa los campos marcados', {
      ...toastOpts('error'),
      id: INVALID_TOAST_ID,
      description: consentOnly ? undefined : `${fields[first]}${more}`,
    });
    requestAnimationFrame(() => focusFirstError(first));
  };

  /**
   * Another application of the company with the same document: asked about once per number. The
   * number is the one that will be stored ('800.197.268-4' is NIT 800197268), `clean` being the
   * validated applicant.
   */
  const duplicatesOf = async (clean: Record<string, unknown>): Promise<boolean> => {
    const s = shown.values.solicitante;
    const tipo = typeof s.tipo_identificacion === 'string' ? s.tipo_identificacion : null;
    const stored = clean.numero_documento;
    const numero = typeof stored === 'string' ? stored : typeof s.numero_documento === 'string' ? s.numero_documento.trim() : '';
    if (!numero || acknowledged.current === documentKey(s)) return false;
    const matches = await findSameDocument(db, tipo, numero).catch(() => []);
    if (!matches.length) return false;
    setDuplicates({ documento: [tipo, numero].filter(Boolean).join(' '), matches });
    return true;
  };

  const onSubmit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (savingRef.current) return; // a double tap saves once
    savingRef.current = true;
    setSaving(true);
    try {
      const checked = validateRegistro(schemas, toArgs(shown, new Date().toISOString()));
      if (!checked.ok) {
        savingRef.current = false;
        showInvalid(checked.fields);
        return;
      }
      if (await duplicatesOf(checked.value.solicitante)) {
        savingRef.current = false;
        return;
      }
      const outcome = await saveRegistro(db, schemas, shown, { client, online: navigator.onLine });
      if (outcome.kind === 'invalid') {
        savingRef.current = false;
        showInvalid(outcome.fields);
        return;
      }
      toast[outcome.tone === 'info' ? 'message' : outcome.tone](outcome.message, toastOpts(outcome.tone));
      onSaved();
    } catch (error) {
      savingRef.current = false;
      toast.error(error instanceof Error && error.message ? error.message : 'Error al crear la solicitud', toastOpts('error'));
    } finally {
      setSaving(false);
    }
  };

  const renderFields = (entity: SingleEntity) => {
    const values = shown.values[entity];
    return visibleFields(shownFields(entity, schemas), values).map((field) => {
      const path = `${entity}.${field.key}`;
      return (
        <FieldInput
          key={field.key}
          id={fieldId(path)}
          field={field}
          value={values[field.key]}
          error={errors[path]}
          ctx={{ values, ...lists }}
          onChange={(v) => setValue(entity, field.key, v)}
          files={state.files.filter((f) => f.field === path)}
          onAddFiles={(list) => void addFiles(entity, field, list)}
          onRemoveFile={removeFile}
        />
      );
    });
  };

  const attachments = state.files.filter((f) => f.field === null);

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-6" aria-labelledby="registro-titulo">
      <h2 id="registro-titulo" className="text-xl font-bold text-slate-900">
        Formulario de Registro
      </h2>
      {SECTIONS.map(({ entity, title }) => (
        <Section key={entity} title={title}>
          {renderFields(entity)}
        </Section>
      ))}

      <ReferenciasSection
        referencias={shown.referencias}
        fields={schemas.referencia}
        errors={errors}
        lists={lists}
        onChange={setRefValue}
        onRemove={(id) => {
          update((s) => removeReferencia(s, id));
          setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !k.startsWith('referencias.'))));
        }}
        onAdd={() => update(addReferencia)}
      />

      <Section title="Información del Crédito">{renderFields('solicitud')}</Section>

      <Section title="Archivos Adjuntos" wide>
        <label htmlFor="f-adjuntos" className="block text-sm font-medium text-slate-800">
          Documentos (PDF, DOC, DOCX, JPG, JPEG, PNG; máximo 5 MB cada uno)
        </label>
        <FilePicker
          id="f-adjuntos"
          multiple
          accept={ATTACHMENT_ACCEPT}
          onChange={(e) => {
            const list = Array.from(e.target.files ?? []);
            e.target.value = '';
            if (list.length) void addFiles(null, null, list);
          }}
        />
        <FileList files={attachments} onRemove={removeFile} />
      </Section>

      <Consents checked={{ acepta_terminos: state.acepta_terminos, acepta_firma: state.acepta_firma }} errors={errors} onChange={(key, c) => update((s) => ({ ...s, [key]: c }), [key])} />

      <FormActions
        saving={saving}
        onFillTestData={() => {
          if (import.meta.env.DEV) {
            void import('./test-data').then((m) => update((s) => m.fillTestData(s, schemas)));
          }
        }}
        onClear={() => {
          if (filled) setConfirmClear(true);
          else setErrors({});
        }}
        onCancel={onCancel}
      />
      {duplicates && (
        <DuplicateDocumentDialog
          documento={duplicates.documento}
          matches={duplicates.matches}
          onBack={() => setDuplicates(null)}
          onOpen={onOpenExisting ? (id) => onOpenExisting(id) : undefined}
          onSave={() => {
            acknowledged.current = documentKey(shown.values.solicitante);
            setDuplicates(null);
            void onSubmit();
          }}
        />
      )}
      {confirmClear && (
        <ConfirmDialog
          title={CLEAR_TITLE}
          message={CLEAR_MESSAGE}
          confirmLabel="Limpiar formulario"
          onCancel={() => setConfirmClear(false)}
          onConfirm={() => {
            setConfirmClear(false);
            update((s) => clearedFormState(s));
            setErrors({});
          }}
        />
      )}
    </form>
  );
}
