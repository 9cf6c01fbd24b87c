import type { UseFormRegisterReturn } from 'react-hook-form';
import type { FieldDef } from './record-form';
import { maxTextLength } from '../../domain/solicitud';
import { INPUT_CLASS } from '../../components/ui/text-field';

export const INPUT = `${INPUT_CLASS} mt-1`;

/** One labelled input of the record form; `options` are already resolved for selects. */
export function FieldInput({
  def,
  registration,
  error,
  options,
  current,
}: {
  def: FieldDef;
  registration: UseFormRegisterReturn;
  error?: string;
  options?: readonly string[];
  /** The current value, kept as an option when the list does not have it. */
  current?: string;
}) {
  const id = `campo-${def.path.replace(/\./g, '-')}`;
  const errorId = `${id}-error`;
  const describedBy = error ? errorId : undefined;

  if (def.kind === 'checkbox') {
    return (
      <label className="flex min-h-11 items-center gap-3 text-sm font-medium text-slate-700">
        <input id={id} type="checkbox" className="h-5 w-5 rounded border-slate-400" {...registration} />
        {def.label}
      </label>
    );
  }

  const list = options ? (current && !options.includes(current) ? [current, ...options] : options) : [];
  return (
    <div className={def.wide ? 'sm:col-span-2' : undefined}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {def.label}
        {def.required && (
          <span aria-hidden="true" className="text-red-700">
            {' '}*
          </span>
        )}
      </label>
      {def.kind === 'select' ? (
        <select id={id} className={INPUT} aria-invalid={!!error} aria-describedby={describedBy} {...registration}>
          <option value="">Seleccionar...</option>
          {list.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          type={def.kind === 'number' ? 'text' : def.kind}
          inputMode={def.kind === 'number' ? 'decimal' : undefined}
          maxLength={def.kind === 'number' ? undefined : maxTextLength(def.path)}
          className={INPUT}
          aria-invalid={!!error}
          aria-required={def.required || undefined}
          aria-describedby={describedBy}
          {...registration}
        />
      )}
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm font-medium text-red-700" data-testid="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

export function Section({ title, children, testId }: { title: string; children: React.ReactNode; testId?: string }) {
  return (
    <section aria-label={title} data-testid={testId} className="rounded-lg border border-slate-200 p-4">
      <h3 className="mb-3 text-lg font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}
