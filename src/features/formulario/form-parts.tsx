/** Layout pieces of the creation form: a titled section and a required consent checkbox. */
import type { ReactNode } from 'react';
import { FieldError } from '../../components/ui/text-field';

export function Section({ title, wide, children }: { title: string; wide?: boolean; children: ReactNode }) {
  return (
    <section className="rounded-lg bg-white p-4 ring-1 ring-slate-200 sm:p-5" aria-label={title}>
      <h3 className="mb-4 text-lg font-semibold text-slate-900">{title}</h3>
      <div className={wide ? 'space-y-4' : 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3'}>{children}</div>
    </section>
  );
}

export function Consent({
  id,
  checked,
  error,
  onChange,
  children,
}: {
  id: string;
  checked: boolean;
  error?: string;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <div>
      <div className="flex min-h-11 items-center gap-3">
        <input
          id={id}
          type="checkbox"
          className="h-5 w-5 shrink-0 rounded border-slate-400"
          checked={checked}
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onChange(e.target.checked)}
        />
        <label htmlFor={id} className="text-sm text-slate-800">
          {children}
          <span className="ml-0.5 text-red-700" aria-hidden="true">
            *
          </span>
        </label>
      </div>
      {error && <FieldError id={`${id}-error`} message={error} />}
    </div>
  );
}
