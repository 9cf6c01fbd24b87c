/**
 * One field of the creation form, drawn from its definition: special lists (spec 02 §5) as selects,
 * numbers with step 0.01, integers with step 1, booleans as a checkbox, dates, enum lists, object
 * sub-fields and file pickers. A required field shows an asterisk; its error shows underneath.
 */
import type { ReactNode } from 'react';
import { parseListValues, type FieldDefinition } from '../../domain/field-definition';
import { specialOptionsFor } from '../../domain/listas';
import { FilePicker } from '../../components/ui/file-picker';
import { CameraCapture } from '../../components/ui/camera-capture';
import { MoneyField } from '../../components/ui/money-field';
import { FieldError, INPUT_CLASS, RequiredMark } from '../../components/ui/text-field';
import { formatFileSize, isMoneyKey } from '../../domain/format';
import type { StoredFile, Values } from './form-state';

export const INPUT = INPUT_CLASS;

export function labelOf(field: Pick<FieldDefinition, 'key' | 'description'>): string {
  if (field.description) return field.description;
  const k = field.key.replace(/_/g, ' ');
  return k.charAt(0).toUpperCase() + k.slice(1);
}

export interface FieldContext {
  values: Values;
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
  files?: StoredFile[];
  onAddFiles?: (files: File[]) => void;
  onRemoveFile?: (id: string) => void;
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

export function FieldInput({ id, field, value, error, ctx, onChange, files, onAddFiles, onRemoveFile }: Props) {
  const errorId = `${id}-error`;
  const common = {
    id,
    name: field.key,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    'aria-required': field.required || undefined,
  };
  const lv = parseListValues(field.list_values);
  const special = specialOptionsFor(field.key, ctx);
  const options = lv.enum?.length ? lv.enum : field.type === 'string' || field.type === 'array' ? special : null;

  let control: ReactNode;
  if (field.type === 'boolean') {
    return (
      <div className="flex flex-col">
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
    const accept = config?.allowed_types?.map((t) => `.${t.replace(/^\./, '')}`).join(',');
    control = (
      <div>
        <FilePicker
          {...common}
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
          <option key={o} value={o}>
            {o}
          </option>
        ))}
        {typeof value === 'string' && value && !options.includes(value) && <option value={value}>{value}</option>}
      </select>
    );
  } else if (field.type === 'object' && lv.object_structure?.length) {
    const obj = value && typeof value === 'object' ? (value as Values) : {};
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
      />
    );
  } else {
    const numeric = field.type === 'number' || field.type === 'integer';
    const k = field.key;
    const type =
      field.type === 'date' ? 'date' : numeric ? 'number' : /^correo/.test(k) ? 'email' : /celular|telefono/.test(k) ? 'tel' : 'text';
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
    <div>
      <Label id={id} field={field} />
      {control}
      {error && <FieldError id={errorId} message={error} />}
    </div>
  );
}

export { FieldError };

export const formatSize = formatFileSize;

export function FileList({ files, onRemove }: { files: StoredFile[]; onRemove?: (id: string) => void }) {
  if (files.length === 0) return null;
  return (
    <ul className="mt-2 space-y-1" aria-label="Archivos seleccionados">
      {files.map((f) => (
        <li key={f.id} className="flex items-center justify-between gap-2 rounded-md bg-slate-50 px-3 py-1 text-sm">
          <span className="min-w-0 truncate">
            {f.nombre} <span className="text-slate-600">({formatSize(f.size)})</span>
          </span>
          {onRemove && (
            <button
              type="button"
              className="min-h-11 rounded-md px-3 font-semibold text-red-700 hover:bg-red-50"
              aria-label={`Quitar ${f.nombre}`}
              onClick={() => onRemove(f.id)}
            >
              Quitar
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
