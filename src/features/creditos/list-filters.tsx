/**
 * The list's filters next to the dates: 'Estado' (several statuses, checkboxes in a panel) and
 * 'Banco' (one bank, the UI kit's Listbox). Both act at once; the page keeps them per user.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Listbox } from '../../components/ui/listbox';

const FIELD = 'flex min-h-11 w-full items-center justify-between gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-left text-sm text-slate-900 focus:outline-2 focus:outline-blue-700';

export function estadosResumen(selected: readonly string[]): string {
  if (selected.length === 0) return 'Todos los estados';
  if (selected.length === 1) return selected[0];
  return `${selected.length} estados`;
}

export function EstadoFilter({ estados, selected, onChange }: { estados: readonly string[]; selected: readonly string[]; onChange: (next: string[]) => void }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  const toggle = (estado: string) =>
    onChange(selected.includes(estado) ? selected.filter((e) => e !== estado) : estados.filter((e) => e === estado || selected.includes(e)));
  return (
    <div className="relative text-sm font-medium text-slate-700" ref={box}>
      <span id={`${id}-label`}>Estado</span>
      <button
        type="button"
        className={`${FIELD} mt-1`}
        aria-labelledby={`${id}-label ${id}-value`}
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => setOpen((o) => !o)}
      >
        <span id={`${id}-value`} className="truncate">
          {estadosResumen(selected)}
        </span>
        <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <fieldset id={`${id}-panel`} className="absolute z-20 mt-1 w-64 rounded-md bg-white p-2 shadow-lg ring-1 ring-slate-200">
          <legend className="sr-only">Filtrar por estado</legend>
          {estados.map((estado) => (
            <label key={estado} className="flex min-h-11 cursor-pointer items-center gap-3 rounded px-2 font-normal text-slate-900 hover:bg-slate-50">
              <input type="checkbox" className="h-5 w-5" checked={selected.includes(estado)} onChange={() => toggle(estado)} />
              {estado}
            </label>
          ))}
          {selected.length > 0 && (
            <button type="button" className="mt-1 min-h-11 w-full rounded px-2 text-left text-blue-800 hover:bg-slate-50" onClick={() => onChange([])}>
              Todos los estados
            </button>
          )}
        </fieldset>
      )}
    </div>
  );
}

export function BancoFilter({ bancos, value, onChange }: { bancos: readonly string[]; value: string; onChange: (banco: string) => void }) {
  const id = useId();
  const options = [{ value: '', label: 'Todos los bancos' }, ...[...new Set([...bancos, ...(value ? [value] : [])])].map((b) => ({ value: b, label: b }))];
  return (
    <div className="text-sm font-medium text-slate-700">
      <span id={id}>Banco</span>
      <Listbox label="Banco" value={value} options={options} onChange={onChange} className="mt-1 block w-full [&>button]:w-full" />
    </div>
  );
}
