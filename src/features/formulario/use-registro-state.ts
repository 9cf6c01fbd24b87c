/**
 * The creation form's state and its field errors: every edit goes through `update`, which marks
 * the form touched (so the draft autosave starts) and clears the errors of the fields it changes.
 * Files are checked against their field's policy (or the attachments' one) before they are kept;
 * a file field's value is the list of its files' refs, kept in step with `files`.
 */
import { useRef, useState, type RefObject } from 'react';
import { toast } from 'sonner';
import type { RadicaDB } from '../../db/database';
import { AppError } from '../../domain/errors';
import type { FieldDefinition } from '../../domain/field-definition';
import type { RegistroSchemas } from '../../domain/registro';
import type { FileRef } from '../../domain/schema-compiler';
import { acceptFile, policyOfFieldOrAttachments } from './files';
import { setEntityValue, type FormState, type SingleEntity, type StoredFile } from './form-state';
import { toastOpts } from './form-toasts';
import { useDraftAutosave } from './use-draft-autosave';

export function useRegistroState(db: RadicaDB, schemas: RegistroSchemas, initial: FormState, savingRef: RefObject<boolean>) {
  const [state, setState] = useState<FormState>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const touched = useRef(false);

  const draftSaved = useDraftAutosave(db, state, touched, savingRef, () =>
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

  /** Adds files to a file field (`entity`, `field`) or, with nulls, to the attachments. */
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

  return { state, errors, setErrors, update, setValue, setRefValue, addFiles, removeFile, draftSaved };
}
