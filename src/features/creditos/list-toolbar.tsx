/**
 * The credits list's search and filters: 'Buscar', the date range, 'Estado' and 'Banco'. The text
 * and dates last for the visit; the status and bank filters are kept per user (list-prefs.ts).
 * Every change goes back to the first page (the caller's `onChange`). A date filters once it is a
 * whole day (dd/mm/aaaa); while it is being typed the range stays open on that side. A date that
 * is not a real day (31/02/2026, 99/99/2026) once written whole or left, or a start after the end,
 * says so under the fields instead of being ignored or listing nothing without a reason.
 */
import { useState, type ReactNode } from 'react';
import { DateField } from '../../components/ui/date-field';
import { rangeProblems } from './date-range';
import { INPUT_CLASS } from '../../components/ui/text-field';
import { BancoFilter, EstadoFilter } from './list-filters';

export interface ToolbarValues {
  query: string;
  desde: string;
  hasta: string;
  estados: string[];
  banco: string;
}

interface Props {
  values: ToolbarValues;
  onChange: (patch: Partial<ToolbarValues>) => void;
  /** The company's statuses and banks to choose from. */
  estadoOptions: readonly string[];
  bancoOptions: readonly string[];
  /** More controls in the same panel (the cards' 'Ordenar por'). */
  children?: ReactNode;
}

export function ListToolbar({ values, onChange, estadoOptions, bancoOptions, children }: Props) {
  // The date fields the person has left, so a half-written date is judged once they move on.
  const [left, setLeft] = useState<ReadonlySet<string>>(() => new Set());
  const problems = rangeProblems(values.desde, values.hasta, left);
  const dateField = (label: string, key: 'desde' | 'hasta') => {
    const problem = problems[key];
    return (
      <div className="text-sm font-medium text-slate-700">
        <label htmlFor={`lista-${key}`}>{label}</label>
        <div className="mt-1">
          <DateField
            id={`lista-${key}`}
            value={values[key]}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `lista-${key}-error` : undefined}
            onBlur={() => setLeft((prev) => (prev.has(key) ? prev : new Set(prev).add(key)))}
            onChange={(v) => {
              setLeft((prev) => {
                if (!prev.has(key)) return prev;
                const next = new Set(prev);
                next.delete(key);
                return next;
              });
              onChange({ [key]: v });
            }}
          />
        </div>
        {problem && (
          <p id={`lista-${key}-error`} role="alert" className="mt-1 text-xs font-normal text-red-700">
            {problem}
          </p>
        )}
      </div>
    );
  };
  return (
    // On a phone the fields go two by two (the search alone), so the first application shows under
    // the filters without scrolling; tighter there, so a typed date reads whole at 360 px.
    <div className="grid grid-cols-2 gap-2 rounded-lg bg-white p-3 shadow-sm ring-1 ring-slate-200 sm:gap-3 sm:p-4 lg:grid-cols-[2fr_1fr_1fr_1fr_1fr]">
      <label className="col-span-2 block text-sm font-medium text-slate-700 md:col-span-1">
        Buscar
        <input
          type="search"
          className={`${INPUT_CLASS} mt-1`}
          placeholder="Nombre, documento, radicado, estado, banco…"
          value={values.query}
          onChange={(e) => onChange({ query: e.target.value })}
        />
      </label>
      {dateField('Fecha inicial', 'desde')}
      {dateField('Fecha final', 'hasta')}
      <EstadoFilter estados={estadoOptions} selected={values.estados} onChange={(next) => onChange({ estados: next })} />
      <BancoFilter bancos={bancoOptions} value={values.banco} onChange={(next) => onChange({ banco: next })} />
      {children}
    </div>
  );
}
