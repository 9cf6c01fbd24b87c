/**
 * The type-specific parts of the field editor: a default value in the field's own kind of input,
 * array options, object sub-fields (each with its default), file_config.
 */
import { askConfirm } from '../../components/ui/confirm-dialog';
import { useId, useState } from 'react';
import { ALLOWED_FILE_TYPES, FIELD_TYPE_LABELS, labelOf, type FileConfig, type SubField } from '../../domain/field-definition';
import { addOption, clampMaxSize, SUBFIELD_EDITOR_TYPES } from '../../domain/definicion-config';
import { btn, input, label } from './ui';
import { DateField } from '../../components/ui/date-field';

function defaultText(v: unknown): string {
  if (v === null || v === undefined) return '';
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/**
 * 'Valor por defecto' in the field's own kind of input: Sí/No, one of its options, a dd/mm/aaaa
 * date, a number or a text. '' is no default. The <label> is the caller's, for `id`.
 */
export function DefaultValueInput({
  id,
  type,
  options,
  value,
  onChange,
}: {
  id: string;
  type: string;
  options: readonly string[];
  value: unknown;
  onChange: (value: unknown) => void;
}) {
  if (type === 'boolean') {
    return (
      <select
        id={id}
        className={input}
        value={value === true || value === 'true' ? 'true' : value === false || value === 'false' ? 'false' : ''}
        onChange={(e) => onChange(e.target.value === '' ? '' : e.target.value === 'true')}
      >
        <option value="">Sin valor por defecto</option>
        <option value="true">Sí</option>
        <option value="false">No</option>
      </select>
    );
  }
  if (type === 'array') {
    return (
      <select id={id} className={input} value={defaultText(value)} onChange={(e) => onChange(e.target.value)}>
        <option value="">Sin valor por defecto</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    );
  }
  if (type === 'date') return <DateField id={id} className={input} value={defaultText(value)} onChange={(v) => onChange(v)} />;
  return (
    <input
      id={id}
      className={input}
      type={type === 'number' || type === 'integer' ? 'number' : 'text'}
      value={defaultText(value)}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

export function OptionsEditor({ options, onChange, name }: { options: string[]; onChange: (o: string[]) => void; name: string }) {
  const [draft, setDraft] = useState('');
  const [error, setError] = useState('');
  const id = useId();
  const add = () => {
    const result = addOption(options, draft);
    if (!result) return;
    if ('error' in result) {
      setError(result.error);
      return;
    }
    onChange(result.options);
    setDraft('');
    setError('');
  };
  return (
    <fieldset className="rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-700">Opciones de {name || 'la lista'}</legend>
      {options.length === 0 ? (
        <p className="text-sm text-slate-600">Sin opciones todavía.</p>
      ) : (
        <ul className="mb-2 flex flex-wrap gap-2" aria-label={`Opciones de ${name || 'la lista'}`}>
          {options.map((o) => (
            <li key={o} className="inline-flex items-center gap-1 rounded-full bg-blue-50 py-0.5 pl-3 text-sm text-blue-900 ring-1 ring-blue-200">
              {o}
              <button
                type="button"
                className="flex h-11 w-11 items-center justify-center rounded-full hover:bg-blue-100"
                aria-label={`Quitar opción ${o}`}
                onClick={() => onChange(options.filter((x) => x !== o))}
              >
                ✕
              </button>
            </li>
          ))}
        </ul>
      )}
      {/* On a phone the button goes under the input, which keeps room to read what is typed. */}
      <div className="flex flex-wrap gap-2">
        <label htmlFor={id} className="sr-only">
          Nueva opción
        </label>
        <div className="min-w-48 flex-1">
          <input
            id={id}
            className={input}
            value={draft}
            placeholder="Nueva opción"
            onChange={(e) => {
              setDraft(e.target.value);
              setError('');
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                add();
              }
            }}
          />
        </div>
        <button type="button" className={btn.secondary} onClick={add}>
          Agregar opción
        </button>
      </div>
      {error && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

const emptySub = (): SubField => ({ key: '', type: 'string', required: false, isActive: true, description: '' });

export function SubFieldsEditor({ subFields, onChange }: { subFields: SubField[]; onChange: (s: SubField[]) => void }) {
  const update = (i: number, patch: Partial<SubField>) => onChange(subFields.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  const remove = async (i: number) => {
    const key = subFields[i].key || '(sin nombre)';
    const ok = await askConfirm({
      title: 'Eliminar sub-campo',
      message: `¿Estás seguro de que quieres eliminar el sub-campo "${key}"? Esta acción no se puede deshacer.`,
      confirmLabel: 'Eliminar',
    });
    if (ok) onChange(subFields.filter((_, j) => j !== i));
  };
  return (
    <fieldset className="rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-700">Sub-campos del objeto</legend>
      {subFields.length === 0 && <p className="mb-2 text-sm text-slate-600">Sin sub-campos todavía.</p>}
      <ol className="space-y-3">
        {subFields.map((s, i) => (
          <li key={i} className="rounded-md bg-slate-50 p-3 ring-1 ring-slate-200" aria-label={`Sub-campo ${i + 1}`}>
            <div className="grid gap-2 sm:grid-cols-3">
              <div>
                <label className={label} htmlFor={`sub-key-${i}`}>
                  Nombre interno
                </label>
                <input id={`sub-key-${i}`} className={input} value={s.key} onChange={(e) => update(i, { key: e.target.value.trim() })} />
              </div>
              <div>
                <label className={label} htmlFor={`sub-type-${i}`}>
                  Tipo
                </label>
                <select
                  id={`sub-type-${i}`}
                  className={input}
                  value={s.type}
                  onChange={(e) =>
                    update(i, { type: e.target.value as SubField['type'], list_values: e.target.value === 'array' ? { enum: [] } : undefined, default_value: undefined })
                  }
                >
                  {SUBFIELD_EDITOR_TYPES.map((t) => (
                    <option key={t} value={t}>
                      {FIELD_TYPE_LABELS[t]}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <label className={label} htmlFor={`sub-desc-${i}`}>
                  Descripción
                </label>
                <input id={`sub-desc-${i}`} className={input} value={s.description ?? ''} onChange={(e) => update(i, { description: e.target.value })} />
              </div>
              <div className="sm:col-span-3">
                <label className={label} htmlFor={`sub-default-${i}`}>
                  Valor por defecto
                </label>
                <DefaultValueInput
                  id={`sub-default-${i}`}
                  type={s.type}
                  options={s.list_values?.enum ?? []}
                  value={s.default_value}
                  onChange={(d) => update(i, { default_value: d })}
                />
              </div>
            </div>
            <div className="mt-2 flex flex-wrap items-center gap-4">
              <label className="inline-flex min-h-11 items-center gap-2 text-sm">
                <input type="checkbox" className="h-5 w-5" checked={!!s.required} onChange={(e) => update(i, { required: e.target.checked })} />
                Requerido
              </label>
              <label className="inline-flex min-h-11 items-center gap-2 text-sm">
                <input type="checkbox" className="h-5 w-5" checked={s.isActive !== false} onChange={(e) => update(i, { isActive: e.target.checked })} />
                Activo
              </label>
              <button type="button" className={`${btn.danger} ml-auto`} onClick={() => void remove(i)}>
                Eliminar sub-campo
              </button>
            </div>
            {s.type === 'array' && (
              <div className="mt-2">
                <OptionsEditor name={s.key ? labelOf(s) : ''} options={s.list_values?.enum ?? []} onChange={(o) => update(i, { list_values: { enum: o } })} />
              </div>
            )}
          </li>
        ))}
      </ol>
      <button
        type="button"
        className={`${btn.secondary} mt-3`}
        onClick={() => onChange([...subFields, { ...emptySub(), order_index: subFields.length + 1 }])}
      >
        Agregar sub-campo
      </button>
    </fieldset>
  );
}

export function FileConfigEditor({ config, onChange }: { config: FileConfig; onChange: (c: FileConfig) => void }) {
  const [size, setSize] = useState(String(config.max_size_mb));
  const toggle = (t: string, on: boolean) =>
    onChange({ ...config, allowed_types: on ? [...config.allowed_types, t] : config.allowed_types.filter((x) => x !== t) });
  return (
    <fieldset className="rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-700">Configuración de archivo</legend>
      <p className={label}>Tipos permitidos</p>
      <div className="mb-3 flex flex-wrap gap-x-4" role="group" aria-label="Tipos permitidos">
        {ALLOWED_FILE_TYPES.map((t) => (
          <label key={t} className="inline-flex min-h-11 items-center gap-2 text-sm uppercase">
            <input type="checkbox" className="h-5 w-5" checked={config.allowed_types.includes(t)} onChange={(e) => toggle(t, e.target.checked)} />
            {t}
          </label>
        ))}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label className={label} htmlFor="file-max-size">
            Tamaño máximo (MB, 1 a 100)
          </label>
          <input
            id="file-max-size"
            className={input}
            inputMode="numeric"
            value={size}
            onChange={(e) => {
              setSize(e.target.value);
              onChange({ ...config, max_size_mb: clampMaxSize(e.target.value) });
            }}
            onBlur={() => {
              const mb = clampMaxSize(size);
              setSize(String(mb));
              onChange({ ...config, max_size_mb: mb });
            }}
          />
        </div>
        <div>
          <label className={label} htmlFor="file-storage">
            Carpeta de almacenamiento
          </label>
          <input id="file-storage" className={input} value={config.storage_path ?? ''} onChange={(e) => onChange({ ...config, storage_path: e.target.value })} />
        </div>
        <div className="sm:col-span-2">
          <label className={label} htmlFor="file-required-fields">
            Campos adicionales por archivo (separados por coma)
          </label>
          <input
            id="file-required-fields"
            className={input}
            value={(config.required_fields ?? []).join(', ')}
            onChange={(e) => onChange({ ...config, required_fields: e.target.value.split(',').map((x) => x.trim()) })}
          />
        </div>
      </div>
      <label className="mt-2 inline-flex min-h-11 items-center gap-2 text-sm">
        <input type="checkbox" className="h-5 w-5" checked={config.multiple} onChange={(e) => onChange({ ...config, multiple: e.target.checked })} />
        Permitir varios archivos
      </label>
    </fieldset>
  );
}
