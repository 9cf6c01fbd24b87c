/**
 * Layout pieces of the creation form: a titled section, a required consent checkbox, the two
 * consents with their links, and the sticky row of the form's buttons.
 */
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { TOASTS_ABOVE } from '../../components/ui/toast';
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

type ConsentKey = 'acepta_terminos' | 'acepta_firma';

/**
 * 'Acepto los términos y condiciones de uso' and 'Acepto el acuerdo de firma', each linked. On a touch
 * screen each link is a 44 px target of its own (its vertical padding: the line keeps its height), apart
 * from the checkbox's.
 */
export function Consents({
  checked,
  errors,
  onChange,
}: {
  checked: Record<ConsentKey, boolean>;
  errors: Record<string, string>;
  onChange: (key: ConsentKey, checked: boolean) => void;
}) {
  return (
    <div className="space-y-3 rounded-lg bg-slate-50 p-4 ring-1 ring-slate-200">
      <Consent
        id="acepta_terminos"
        checked={checked.acepta_terminos}
        error={errors.acepta_terminos}
        onChange={(c) => onChange('acepta_terminos', c)}
      >
        Acepto los{' '}
        <a href="/terminos-condiciones" target="_blank" rel="noopener noreferrer" className="py-3.5 font-semibold text-blue-800 underline">
          términos y condiciones de uso
        </a>
      </Consent>
      <Consent
        id="acepta_firma"
        checked={checked.acepta_firma}
        error={errors.acepta_firma}
        onChange={(c) => onChange('acepta_firma', c)}
      >
        Acepto el{' '}
        <a href="/acuerdo-firma" target="_blank" rel="noopener noreferrer" className="py-3.5 font-semibold text-blue-800 underline">
          acuerdo de firma
        </a>
      </Consent>
    </div>
  );
}

/** A footer button in its third of a phone's row: less padding, its text may take two lines. */
const PHONE_THIRD = 'px-2 text-center leading-tight sm:px-4';

/**
 * The form's buttons, stuck to the bottom of the dialog: 'Limpiar Formulario', 'Cancelar' and
 * 'Guardar' (the submit); in development also 'Llenar datos de prueba'.
 */
export function FormActions({
  saving,
  onFillTestData,
  onClear,
  onCancel,
}: {
  saving: boolean;
  onFillTestData: () => void;
  onClear: () => void;
  onCancel: () => void;
}) {
  return (
    // On a phone the three buttons share one row in equal thirds ('Limpiar Formulario' on two
    // lines) rather than wrapping to a second row that would cover more of the form.
    <div
      {...{ [TOASTS_ABOVE]: '' }}
      className="sticky -bottom-4 -mx-4 -mb-4 grid grid-cols-3 gap-2 border-t border-slate-200 bg-white px-4 py-3 sm:flex sm:flex-wrap sm:justify-end sm:gap-3 md:-mx-6 md:px-6"
    >
      {import.meta.env.DEV && (
        <Button variant="ghost" className="col-span-3 border border-dashed border-slate-400 sm:mr-auto" onClick={onFillTestData}>
          Llenar datos de prueba
        </Button>
      )}
      <Button className={PHONE_THIRD} onClick={onClear}>
        Limpiar Formulario
      </Button>
      <Button className={PHONE_THIRD} onClick={onCancel}>
        Cancelar
      </Button>
      <Button className={PHONE_THIRD} type="submit" variant="primary" busy={saving} busyLabel="Guardando...">
        Guardar
      </Button>
    </div>
  );
}
