/**
 * The field form of the configurator, used to add a field ('Agregar Nuevo Campo') and in
 * single-field mode (edit). Controlled: the parent holds the draft and saves it.
 * The display name is stored as the definition's `description`: it is the label the creation form
 * shows (the definition has no other text slot).
 */
import { useState } from 'react';
import { FIELD_TYPES, FIELD_TYPE_LABELS, labelOf, parseListValues, type FieldDefinition, type FieldType } from '../../domain/field-definition';
import { defaultFileConfig, suggestKey } from '../../domain/definicion-config';
import { DefaultValueInput, FileConfigEditor, OptionsEditor, SubFieldsEditor } from './type-editors';
import { input, label } from './ui';

export type FieldDraft = FieldDefinition;

export function emptyDraft(): FieldDraft {
  return { key: '', type: 'string', required: false, description: '', default_value: '', order_index: null, list_values: null, isActive: true };
}

/** True when `draft` differs from `from` (a field typed, a type or option chosen): unsaved work. */
export function draftChanged(draft: FieldDraft, from: FieldDraft): boolean {
  return canonical(draft) !== canonical(from);
}

/** JSON with object keys sorted at every level, so two drafts built in different orders compare. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  );
}

/** list_values reset to what the new type needs. */
function withType(draft: FieldDraft, type: FieldType): FieldDraft {
  const lv = parseListValues(draft.list_values);
  if (type === 'array') return { ...draft, type, list_values: { enum: lv.enum ?? [] } };
  if (type === 'object') return { ...draft, type, list_values: { array_type: 'object', object_structure: lv.object_structure ?? [] } };
  if (type === 'file') return { ...draft, type, list_values: { file_config: lv.file_config ?? defaultFileConfig() }, default_value: '' };
  return { ...draft, type, list_values: null };
}

export function FieldEditor({
  draft,
  onChange,
  mode,
  idPrefix,
}: {
  draft: FieldDraft;
  onChange: (d: FieldDraft) => void;
  mode: 'create' | 'edit';
  idPrefix: string;
}) {
  const [keyTouched, setKeyTouched] = useState(mode === 'edit');
  const lv = parseListValues(draft.list_values);
  const id = (s: string) => `${idPrefix}-${s}`;
  return (
    <div className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label className={label} htmlFor={id('display')}>
            Nombre para mostrar *
          </label>
          <input
            id={id('display')}
            className={input}
            value={draft.description ?? ''}
            onChange={(e) => {
              const description = e.target.value;
              onChange({ ...draft, description, key: keyTouched ? draft.key : suggestKey(description) });
            }}
          />
        </div>
        <div>
          <label className={label} htmlFor={id('key')}>
            Nombre interno *
          </label>
          <input
            id={id('key')}
            className={`${input} font-mono`}
            value={draft.key}
            readOnly={mode === 'edit'}
            disabled={mode === 'edit'}
            onChange={(e) => {
              setKeyTouched(true);
              onChange({ ...draft, key: e.target.value.trim() });
            }}
          />
        </div>
        <div>
          <label className={label} htmlFor={id('type')}>
            Tipo
          </label>
          <select id={id('type')} className={input} value={draft.type} onChange={(e) => onChange(withType(draft, e.target.value as FieldType))}>
            {FIELD_TYPES.map((t) => (
              <option key={t} value={t}>
                {FIELD_TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label className={label} htmlFor={id('order')}>
            Orden de visualización
          </label>
          <input
            id={id('order')}
            className={input}
            type="number"
            min={1}
            step={1}
            value={draft.order_index ?? ''}
            onChange={(e) => onChange({ ...draft, order_index: e.target.value === '' ? null : Number(e.target.value) })}
          />
        </div>
        {draft.type !== 'object' && draft.type !== 'file' && (
          <div className="sm:col-span-2">
            <label className={label} htmlFor={id('default')}>
              Valor por defecto
            </label>
            <DefaultValueInput id={id('default')} type={draft.type} options={lv.enum ?? []} value={draft.default_value} onChange={(d) => onChange({ ...draft, default_value: d })} />
          </div>
        )}
      </div>
      <div className="flex flex-wrap gap-6">
        <label className="inline-flex min-h-11 items-center gap-2">
          <input type="checkbox" className="h-5 w-5" checked={draft.required} onChange={(e) => onChange({ ...draft, required: e.target.checked })} />
          Requerido
        </label>
        <label className="inline-flex min-h-11 items-center gap-2">
          <input type="checkbox" className="h-5 w-5" checked={draft.isActive !== false} onChange={(e) => onChange({ ...draft, isActive: e.target.checked })} />
          Activo
        </label>
      </div>
      {draft.type === 'array' && (
        <OptionsEditor name={draft.key ? labelOf(draft) : ''} options={lv.enum ?? []} onChange={(o) => onChange({ ...draft, list_values: { enum: o } })} />
      )}
      {draft.type === 'object' && (
        <SubFieldsEditor
          subFields={lv.object_structure ?? []}
          onChange={(s) => onChange({ ...draft, list_values: { array_type: 'object', object_structure: s } })}
        />
      )}
      {draft.type === 'file' && (
        <FileConfigEditor
          config={lv.file_config ?? defaultFileConfig()}
          onChange={(c) => onChange({ ...draft, list_values: { file_config: c } })}
        />
      )}
    </div>
  );
}
