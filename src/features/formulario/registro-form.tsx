/**
 * 'Formulario de Registro': the creation form. Fields come from the company's schemas (local
 * mirror); every change is autosaved as a draft keyed by the application's id; saving queues one
 * `solicitud.crear` mutation plus the files (see save-registro.ts).
 */
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { RadicaDB } from '../../db/database';
import { AppError } from '../../domain/errors';
import type { FieldDefinition } from '../../domain/field-definition';
import { MAX_REFERENCIAS, validateRegistro, type RegistroSchemas } from '../../domain/registro';
import { findSameDocument } from '../../state/duplicates';
import { visibleFields, type FileRef } from '../../domain/schema-compiler';
import { syncClientAtom } from '../../state/local-data';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { DuplicateDocumentDialog, type DuplicateMatch } from '../../components/ui/duplicate-document-dialog';
import { FilePicker } from '../../components/ui/file-picker';
import { FieldInput } from '../../components/fields/field-input';
import { FileList } from '../../components/fields/file-list';
import { ATTACHMENT_ACCEPT, acceptFile, policyOfFieldOrAttachments } from './files';
import {
  addReferencia,
  clearedFormState,
  hasContent,
  removeReferencia,
  setEntityValue,
  shownFields,
  toArgs,
  type FormState,
  type SingleEntity,
  type StoredFile,
} from './form-state';
import { saveRegistro } from './save-registro';
import { useDraftAutosave } from './use-draft-autosave';
import { Consent, Section } from './form-parts';
import { useCompanyLists } from '../../components/fields/use-company-lists';

export const FORM_TOASTER = 'formulario';
const toastOpts = (tone: 'success' | 'error' | 'info') => ({
  toasterId: FORM_TOASTER,
  duration: tone === 'success' ? 2000 : 4000,
});

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
}

export const CLEAR_TITLE = '¿Limpiar el formulario?';
export const CLEAR_MESSAGE =
  'Se borrarán todos los datos escritos, las referencias y los archivos elegidos en este formulario. El borrador se conserva hasta que confirmes.';

export function RegistroForm({ db, schemas, initial, onSaved, onCancel, onFilledChange, onOpenExisting }: Props) {
  const [state, setState] = useState<FormState>(initial);
  const [confirmClear, setConfirmClear] = useState(false);
  const [duplicates, setDuplicates] = useState<{ documento: string; matches: DuplicateMatch[] } | null>(null);
  // The document the person already chose to save despite a match (not asked again for it).
  const acknowledged = useRef<string | null>(null);
  const filled = hasContent(state);
  useEffect(() => onFilledChange?.(filled), [filled, onFilledChange]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const savingRef = useRef(false);
  const touched = useRef(false);
  const client = useAtomValue(syncClientAtom);
  const lists = useCompanyLists(db);

  useDraftAutosave(db, state, touched, savingRef, () =>
    toast.error('No se pudo guardar el borrador en el dispositivo.', toastOpts('error')),
  );

  const update = (fn: (s: FormState) => FormState, clearKeys: string[] = []) => {
    touched.current = true;
    setState(fn);
    if (clearKeys.some((k) => errors[k])) {
      setErrors((e) => {
        const next = { ...e };
        for (const k of clearKeys) delete next[k];
        return next;
      });
    }
  };

  const setValue = (entity: SingleEntity, key: string, value: unknown) =>
    update(
      (s) => ({ ...s, values: { ...s.values, [entity]: setEntityValue(s.values[entity], key, value, schemas[entity]) } }),
      [`${entity}.${key}`],
    );

  const setRefValue = (index: number, key: string, value: unknown) =>
    update(
      (s) => ({
        ...s,
        referencias: s.referencias.map((r, i) =>
          i === index ? { ...r, datos: setEntityValue(r.datos, key, value, schemas.referencia) } : r,
        ),
      }),
      [`referencias.${index}.${key}`],
    );

  const addFiles = async (entity: SingleEntity | null, field: FieldDefinition | null, list: File[]) => {
    const rule = policyOfFieldOrAttachments(field);
    const path = entity && field ? `${entity}.${field.key}` : null;
    const accepted: StoredFile[] = [];
    for (const file of rule.multiple ? list : list.slice(0, 1)) {
      try {
        accepted.push(await acceptFile(file, rule, path));
      } catch (error) {
        const message = error instanceof AppError ? error.message : 'No se pudo adjuntar el archivo.';
        toast.error(message, toastOpts('error'));
        if (path) setErrors((e) => ({ ...e, [path]: message }));
      }
    }
    if (accepted.length === 0) return;
    update((s) => {
      const kept = rule.multiple ? s.files : s.files.filter((f) => f.field !== path);
      const files = [...kept, ...accepted];
      if (!entity || !field || !path) return { ...s, files };
      const refs: FileRef[] = files
        .filter((f) => f.field === path)
        .map((f) => ({ id: f.id, nombre: f.nombre, size: f.size, mime: f.mime }));
      return { ...s, files, values: { ...s.values, [entity]: { ...s.values[entity], [field.key]: refs } } };
    }, path ? [path] : []);
  };

  const removeFile = (id: string) =>
    update((s) => {
      const file = s.files.find((f) => f.id === id);
      const files = s.files.filter((f) => f.id !== id);
      if (!file?.field) return { ...s, files };
      const [entity, key] = file.field.split('.') as [SingleEntity, string];
      const refs = ((s.values[entity][key] as FileRef[] | undefined) ?? []).filter((r) => r.id !== id);
      return { ...s, files, values: { ...s.values, [entity]: { ...s.values[entity], [key]: refs } } };
    });

  const showInvalid = (fields: Record<string, string>) => {
    setErrors(fields);
    const keys = Object.keys(fields);
    const consentOnly = keys.every((k) => k.startsWith('acepta_'));
    // The first message names its field by the form label ('Celular: debe tener 10 dígitos…').
    const first = firstInvalid(keys);
    const more = keys.length > 1 ? ` (y ${keys.length - 1} más)` : '';
    toast.error(consentOnly ? fields[keys[0]] : 'Revisa los campos marcados', {
      ...toastOpts('error'),
      description: consentOnly ? undefined : `${fields[first]}${more}`,
    });
    requestAnimationFrame(() => focusFirstError(first));
  };

  /** Another application of the company with the same document: asked about once per number. */
  const duplicatesOf = async (): Promise<boolean> => {
    const s = state.values.solicitante;
    const tipo = typeof s.tipo_identificacion === 'string' ? s.tipo_identificacion : null;
    const numero = typeof s.numero_documento === 'string' ? s.numero_documento.trim() : '';
    const key = `${tipo ?? ''}|${numero}`;
    if (!numero || acknowledged.current === key) return false;
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
      const checked = validateRegistro(schemas, toArgs(state, new Date().toISOString()));
      if (!checked.ok) {
        savingRef.current = false;
        showInvalid(checked.fields);
        return;
      }
      if (await duplicatesOf()) {
        savingRef.current = false;
        return;
      }
      const outcome = await saveRegistro(db, schemas, state, { client, online: navigator.onLine });
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
    const values = state.values[entity];
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

      <Section title="Información de Referencias" wide>
        {state.referencias.map((ref, index) => (
          <fieldset key={ref.id} className="relative rounded-lg border border-slate-200 p-4" data-testid="referencia">
            <legend className="px-1 text-base font-semibold text-slate-900">Referencia {index + 1}</legend>
            {state.referencias.length > 1 && (
              <div className="mb-2 flex justify-end sm:absolute sm:top-1 sm:right-3 sm:mb-0">
                <Button
                  variant="danger-outline"
                  onClick={() => {
                    update((s) => removeReferencia(s, ref.id));
                    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !k.startsWith('referencias.'))));
                  }}
                >
                  Eliminar referencia {index + 1}
                </Button>
              </div>
            )}
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {visibleFields(schemas.referencia, ref.datos).map((field) => {
                const path = `referencias.${index}.${field.key}`;
                return (
                  <FieldInput
                    key={field.key}
                    id={fieldId(path)}
                    field={field}
                    value={ref.datos[field.key]}
                    error={errors[path]}
                    ctx={{ values: ref.datos, ...lists }}
                    onChange={(v) => setRefValue(index, field.key, v)}
                  />
                );
              })}
            </div>
          </fieldset>
        ))}
        <Button disabled={state.referencias.length >= MAX_REFERENCIAS} onClick={() => update(addReferencia)}>
          Agregar referencia
        </Button>
      </Section>

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

      <div className="space-y-3 rounded-lg bg-slate-50 p-4 ring-1 ring-slate-200">
        <Consent
          id="acepta_terminos"
          checked={state.acepta_terminos}
          error={errors.acepta_terminos}
          onChange={(c) => update((s) => ({ ...s, acepta_terminos: c }), ['acepta_terminos'])}
        >
          Acepto los{' '}
          <a href="/terminos-condiciones" target="_blank" rel="noopener noreferrer" className="font-semibold text-blue-800 underline">
            términos y condiciones de uso
          </a>
        </Consent>
        <Consent
          id="acepta_firma"
          checked={state.acepta_firma}
          error={errors.acepta_firma}
          onChange={(c) => update((s) => ({ ...s, acepta_firma: c }), ['acepta_firma'])}
        >
          Acepto el{' '}
          <a href="/acuerdo-firma" target="_blank" rel="noopener noreferrer" className="font-semibold text-blue-800 underline">
            acuerdo de firma
          </a>
        </Consent>
      </div>

      <div className="sticky -bottom-4 -mx-4 -mb-4 flex flex-wrap justify-end gap-3 border-t border-slate-200 bg-white px-4 py-3 md:-mx-6 md:px-6">
        {import.meta.env.DEV && (
          <Button
            variant="ghost"
            className="mr-auto border border-dashed border-slate-400"
            onClick={() => {
              if (import.meta.env.DEV) {
                void import('./test-data').then((m) => update((s) => m.fillTestData(s, schemas)));
              }
            }}
          >
            Llenar datos de prueba
          </Button>
        )}
        <Button
          onClick={() => {
            if (filled) setConfirmClear(true);
            else setErrors({});
          }}
        >
          Limpiar Formulario
        </Button>
        <Button onClick={onCancel}>Cancelar</Button>
        <Button type="submit" variant="primary" busy={saving} busyLabel="Guardando...">
          Guardar
        </Button>
      </div>
      {duplicates && (
        <DuplicateDocumentDialog
          documento={duplicates.documento}
          matches={duplicates.matches}
          onBack={() => setDuplicates(null)}
          onOpen={onOpenExisting ? (id) => onOpenExisting(id) : undefined}
          onSave={() => {
            const s = state.values.solicitante;
            acknowledged.current = `${typeof s.tipo_identificacion === 'string' ? s.tipo_identificacion : ''}|${String(s.numero_documento ?? '').trim()}`;
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

export function fieldId(path: string): string {
  return `f-${path.replace(/\./g, '-')}`;
}

/** The invalid field that comes first on the screen (errors are keyed by entity, not in screen order). */
function firstInvalid(paths: string[]): string {
  const els = paths
    .map((p) => ({ p, el: document.getElementById(p.startsWith('acepta_') ? p : fieldId(p)) }))
    .filter((x): x is { p: string; el: HTMLElement } => x.el !== null);
  els.sort((a, b) => (a.el.compareDocumentPosition(b.el) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  return els[0]?.p ?? paths[0];
}

/** After a failed save the first invalid field gets the focus, scrolled to the middle of the view. */
function focusFirstError(path: string | undefined) {
  if (!path) return;
  const el = document.getElementById(path.startsWith('acepta_') ? path : fieldId(path));
  el?.focus({ preventScroll: true });
  el?.scrollIntoView({ block: 'center' });
}
