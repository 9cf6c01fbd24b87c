/**
 * Labelled form controls of the kit: a label above, an optional hint, the error below (tied to the
 * control by aria-describedby and aria-invalid) and a 44 px tall control. They pass every other
 * prop through, so react-hook-form's `register(...)` spreads onto them as onto a plain input.
 * The asterisk of a required field sits outside the <label>: the accessible name stays the label.
 */
import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

/** The one class string of a text-like control (inputs, selects, textareas). */
export const INPUT_CLASS =
  'block min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-700 disabled:bg-slate-100 disabled:text-slate-600 aria-[invalid=true]:border-red-600 aria-[invalid=true]:ring-1 aria-[invalid=true]:ring-red-600';

export interface FieldShellProps {
  id: string;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  error?: string | null;
  className?: string;
  children: ReactNode;
}

export const errorIdOf = (id: string) => `${id}-error`;
export const hintIdOf = (id: string) => `${id}-hint`;

/** aria attributes a control inside a FieldShell needs. */
export function describedBy(id: string, error?: string | null, hint?: ReactNode): Record<string, unknown> {
  const ids = [error ? errorIdOf(id) : null, hint ? hintIdOf(id) : null].filter(Boolean);
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': ids.length ? ids.join(' ') : undefined,
  };
}

export function FieldShell({ id, label, required, hint, error, className, children }: FieldShellProps) {
  return (
    <div className={className}>
      <div className="mb-1 flex items-baseline gap-0.5 text-sm font-medium text-slate-800">
        <label htmlFor={id}>{label}</label>
        {required && <RequiredMark />}
      </div>
      {children}
      {hint && (
        <p id={hintIdOf(id)} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && <FieldError id={errorIdOf(id)} message={error} />}
    </div>
  );
}

export function RequiredMark() {
  return (
    <span className="text-red-700" aria-hidden="true" title="Obligatorio">
      *
    </span>
  );
}

export function FieldError({ id, message }: { id: string; message: string }) {
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-700" data-testid="field-error">
      {message}
    </p>
  );
}

type Common = { label: ReactNode; required?: boolean; hint?: ReactNode; error?: string | null; wrapperClassName?: string };

export function TextField({
  label,
  required,
  hint,
  error,
  wrapperClassName,
  id: givenId,
  className = '',
  ref,
  ...input
}: Common & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  const auto = useId();
  const id = givenId ?? auto;
  return (
    <FieldShell id={id} label={label} required={required} hint={hint} error={error} className={wrapperClassName}>
      <input ref={ref} className={`${INPUT_CLASS} ${className}`} aria-required={required || undefined} {...input} {...describedBy(id, error, hint)} />
    </FieldShell>
  );
}

export function TextAreaField({
  label,
  required,
  hint,
  error,
  wrapperClassName,
  id: givenId,
  className = '',
  ref,
  ...input
}: Common & TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  const auto = useId();
  const id = givenId ?? auto;
  return (
    <FieldShell id={id} label={label} required={required} hint={hint} error={error} className={wrapperClassName}>
      <textarea ref={ref} className={`${INPUT_CLASS} ${className}`} aria-required={required || undefined} {...input} {...describedBy(id, error, hint)} />
    </FieldShell>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

/**
 * A labelled native select: right for a form value that is only sent on Guardar. (A choice that
 * takes effect at once, like a status, uses the Listbox instead: arrows there commit nothing.)
 */
export function SelectField({
  label,
  required,
  hint,
  error,
  wrapperClassName,
  id: givenId,
  className = '',
  options,
  placeholder,
  ref,
  ...select
}: Common &
  SelectHTMLAttributes<HTMLSelectElement> & {
    options: readonly (string | SelectOption)[];
    /** A first, empty option ('Seleccione...'). */
    placeholder?: string;
    ref?: Ref<HTMLSelectElement>;
  }) {
  const auto = useId();
  const id = givenId ?? auto;
  return (
    <FieldShell id={id} label={label} required={required} hint={hint} error={error} className={wrapperClassName}>
      <select ref={ref} className={`${INPUT_CLASS} ${className}`} aria-required={required || undefined} {...select} {...describedBy(id, error, hint)}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => {
          const opt = typeof o === 'string' ? { value: o, label: o } : o;
          return (
            <option key={opt.value} value={opt.value}>
              {opt.label}
            </option>
          );
        })}
      </select>
    </FieldShell>
  );
}
