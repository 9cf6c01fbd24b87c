/**
 * One field of a company-configured form, drawn from its definition: the creation form and
 * 'Editar Registro' both draw their fields with it, so a field reads and behaves the same in both.
 * Choices as selects (options from src/domain/opciones.ts: the field's configured list, else the
 * special lists and the company's cities and banks, labels spelled out), money in a MoneyField,
 * numbers with step 0.01, integers with step 1, booleans as a checkbox, dates, object sub-fields
 * and file pickers. A required field shows an asterisk; its error shows underneath.
 */
import type { ReactNode } from 'react';
import { labelOf, parseListValues, type FieldDefinition } from '../../domain/field-definition';
import { fieldOptions } from '../../domain/opciones';
import { acceptOf, policyOfField, policyText } from '../../domain/file-policy';
import { FilePicker } from '../ui/file-picker';
import { CameraCapture } from '../ui/camera-capture';
import { DateField } from '../ui/date-field';
import { MoneyField } from '../ui/money-field';
import { FieldError, INPUT_CLASS, RequiredMark } from '../ui/text-field';
import { isMoneyKey } from '../../domain/format';
import { FileList, type ListedFile } from './file-list';

export const INPUT = INPUT_CLASS;

export interface FieldContext {
  /** The values of the section holding the field (a city follows its department). */
  values: Record<string, unknown>;
  ciudades: readonly string[];
  bancos: readonly string[];
}

interface Props {
  id: string;
  field: FieldDefinition;
  value: unknown;
  error?: string;
  ctx: FieldContext;
  onChange: (value: unknown) => void;
  files?: readonly ListedFile[];
  onAddFiles?: (files: File[]) => void;
  onRemoveFile?: (id: string) => void;
  /** Layout class of the field's wrapper (a wide field spans two columns). */
  className?: string;
}

// The asterisk sits outside the <label>, so the field's accessible name is just its label.
function Label({ id, field }: { id: string; field: FieldDefinition }) {
  return (
    <div className="mb-1 flex items-baseline gap-0.5 text-sm font-medium text-slate-800">
      <label htmlFor={id}>{labelOf(field)}</label>
      {field.required && <RequiredMark />}
    </div>
  );
}

const asText = (v: unknown) => (v === undefined || v === null ? '' : Array.isArray(v) ? v.join(', ') : String(v));

export function FieldInput({ id, field, value, error, ctx, onChange, files, onAddFiles, onRemoveFile, className }: Props) {
  const errorId = `${id}-error`;
  const common = {
    id,
    name: field.key,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    'aria-required': field.required || undefined,
  };
  const lv = parseListValues(field.list_values);
  const options = fieldOptions(field, ctx, value);

  let control: ReactNode;
  if (field.type === 'boolean') {
    return (
      <div className={`flex flex-col ${className ?? ''}`}>
        <div className="flex min-h-11 items-center gap-3 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            {...common}
            className="h-5 w-5 rounded border-slate-400"
            checked={value === true || value === 'true'}
            onChange={(e) => onChange(e.target.checked)}
          />
          <label htmlFor={id}>{labelOf(field)}</label>
          {field.required && <RequiredMark />}
        </div>
        {error && <FieldError id={errorId} message={error} />}
      </div>
    );
  }
  if (field.type === 'file') {
    const config = lv.file_config;
    const policy = policyOfField(field);
    const accept = acceptOf(policy);
    const hintId = `${id}-formatos`;
    control = (
      <div>
        {/* Which files the field takes, before anyone chooses one (its file_config). */}
        <p id={hintId} className="mb-1 text-xs text-slate-600">
          {policyText(policy)}
        </p>
        <FilePicker
          {...common}
          aria-describedby={[common['aria-describedby'], hintId].filter(Boolean).join(' ')}
          accept={accept}
          multiple={!!config?.multiple}
          onChange={(e) => {
            const list = Array.from(e.target.files ?? []);
            e.target.value = '';
            if (list.length) onAddFiles?.(list);
          }}
        />
        <CameraCapture onFiles={(captured) => onAddFiles?.(captured.map((c) => c.file))} />
        <FileList files={files ?? []} onRemove={onRemoveFile} />
      </div>
    );
  } else if (options) {
    control = (
      <select {...common} className={INPUT} value={asText(value)} onChange={(e) => onChange(e.target.value)}>
        <option value="">Seleccione...</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    );
  } else if (field.type === 'object' && lv.object_structure?.length) {
    const obj = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
    return (
      <fieldset className="rounded-md border border-slate-200 p-3 sm:col-span-2">
        <legend className="px-1 text-sm font-medium text-slate-800">
          {labelOf(field)}
          {field.required && <RequiredMark />}
        </legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {lv.object_structure
            .filter((s) => s.isActive !== false)
            .map((sub) => (
              <FieldInput
                key={sub.key}
                id={`${id}-${sub.key}`}
                field={{ ...sub, required: !!sub.required, list_values: sub.list_values ?? null }}
                value={obj[sub.key]}
                ctx={ctx}
                onChange={(v) => onChange({ ...obj, [sub.key]: v })}
              />
            ))}
        </div>
        {error && <FieldError id={errorId} message={error} />}
      </fieldset>
    );
  } else if (field.type === 'text' || field.type === 'object') {
    control = (
      <textarea
        {...common}
        rows={3}
        className={`${INPUT} py-2`}
        value={typeof value === 'object' && value !== null ? JSON.stringify(value) : asText(value)}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  } else if ((field.type === 'number' || field.type === 'integer') && isMoneyKey(field.key)) {
    // Amounts in pesos: '$ 180.000.000' while typing, a whole number in the form's values.
    return (
      <MoneyField
        id={id}
        name={field.key}
        label={labelOf(field)}
        required={field.required}
        error={error}
        value={typeof value === 'number' || typeof value === 'string' ? value : null}
        onValueChange={(n) => onChange(n)}
        wrapperClassName={className}
      />
    );
  } else if (field.type === 'date') {
    // dd/mm/aaaa whatever the browser's language (a native date input shows mm/dd/yyyy in English).
    control = <DateField {...common} className={INPUT} value={asText(value)} onChange={(v) => onChange(v)} />;
  } else {
    const numeric = field.type === 'number' || field.type === 'integer';
    const k = field.key;
    const type = numeric ? 'number' : /^correo/.test(k) ? 'email' : /celular|telefono/.test(k) ? 'tel' : 'text';
    control = (
      <input
        {...common}
        type={type}
        step={field.type === 'integer' ? 1 : numeric ? 0.01 : undefined}
        inputMode={field.type === 'integer' ? 'numeric' : numeric ? 'decimal' : undefined}
        className={INPUT}
        value={asText(value)}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  }
  return (
    <div className={className}>
      <Label id={id} field={field} />
      {control}
      {error && <FieldError id={errorId} message={error} />}
    </div>
  );
}

export { FieldError };
