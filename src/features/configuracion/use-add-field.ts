/**
 * Adding one field to a group ('Agregar Nuevo Campo' in a group's configurator, and 'Crear Nuevo'):
 * the draft, its validation and the POST. Both places share it, so a field is judged the same way
 * wherever it is created.
 */
import { useState } from 'react';
import { toast } from 'sonner';
import { definitionPayload, typedDefault, validateDefinition } from '../../domain/definicion-config';
import type { FieldDefinition } from '../../domain/field-definition';
import { dispatchFieldConfigChanged, errorText, type ConfigWrite } from './config-api';
import { serviceErrorText } from './service-errors';
import { draftChanged, emptyDraft, type FieldDraft } from './field-editor';
import type { FieldGroup } from './groups';

/** The draft as sent: typed default value (numbers as numbers), blanks as null. */
export function payloadOf(draft: FieldDraft) {
  const p = definitionPayload(draft);
  return { ...p, default_value: typedDefault(draft.type, p.default_value) };
}

export function useAddField(group: FieldGroup, existing: readonly FieldDefinition[], write: ConfigWrite) {
  const [draft, setDraft] = useState<FieldDraft>(emptyDraft);
  const [version, setVersion] = useState(0);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  /** True once the field is saved on the server; the draft is then emptied. */
  const add = async (): Promise<boolean> => {
    // Spec 02 §5: without internal and display name the submission is silently ignored.
    if (!draft.key.trim() || !String(draft.description ?? '').trim()) return false;
    const payload = payloadOf(draft);
    const errors = validateDefinition(payload);
    if (existing.some((f) => f.key === payload.key)) errors.push(`Ya existe un campo con el nombre interno "${payload.key}"`);
    if (errors.length) {
      setError(errors.join(' '));
      return false;
    }
    setBusy(true);
    try {
      await write('POST', `/json/definitions/${group.entity}/${group.jsonColumn}`, { definitions: [payload] });
      toast.success('Campo creado');
      dispatchFieldConfigChanged(group.entity, group.jsonColumn, 'create');
      setDraft(emptyDraft());
      setVersion((v) => v + 1);
      setError('');
      return true;
    } catch (err) {
      const msg = errorText(err, 'Error guardando');
      setError(msg);
      toast.error(msg, { description: serviceErrorText('guardar', err) });
      return false;
    } finally {
      setBusy(false);
    }
  };

  const filled = draft.key.trim() !== '' && String(draft.description ?? '').trim() !== '';
  /** Something was typed or chosen in the form: closing it would lose work. */
  const touched = draftChanged(draft, emptyDraft());
  return { draft, setDraft, version, error, setError, busy, add, filled, touched };
}
