/**
 * The list's order controls (issue 28). On the table, a sortable column's header is a button
 * (its name is the header's text) and its <th> carries `aria-sort` while the list is sorted by
 * it; a drawn arrow shows the direction. On the cards, 'Ordenar por' and 'Dirección' (the UI
 * kit's Listbox: arrows move, Enter or a tap chooses) give the same choices. Touch targets are
 * 44 px high.
 */
import type { ListSort, SortField } from '../../db/sort-order';
import { Listbox } from '../../components/ui/listbox';
import { dirLabel, dirsOf, nextSort, SORT_FIELDS, SORT_LABELS } from './list-sort';

/** Up, down, or both (faint) for a column the list is not sorted by. */
function SortArrow({ dir }: { dir: ListSort['dir'] | null }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 12 16" className={`h-4 w-3 shrink-0 ${dir ? 'text-blue-800' : 'text-slate-400'}`} fill="currentColor">
      {dir !== 'desc' && <path d="M6 1 11 7H1z" />}
      {dir !== 'asc' && <path d="M6 15 1 9h10z" />}
    </svg>
  );
}

interface HeaderProps {
  header: string;
  field: SortField | null;
  sort: ListSort;
  onSort: (next: ListSort) => void;
  className?: string;
}

/** A <th>: a sort button when the list can be sorted by its column, its text otherwise. */
export function SortableHeader({ header, field, sort, onSort, className = '' }: HeaderProps) {
  const active = field !== null && sort.field === field;
  return (
    <th
      scope="col"
      aria-sort={active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined}
      className={`px-1.5 font-semibold text-slate-700 ${field ? 'py-0' : 'py-3'} ${className}`}
    >
      {field ? (
        <button
          type="button"
          data-testid={`ordenar-${field}`}
          title={active ? `${dirLabel(field, sort.dir)}. Cambiar dirección` : `Ordenar por ${header}`}
          onClick={() => onSort(nextSort(sort, field))}
          className="-mx-1 inline-flex min-h-11 items-center gap-1 rounded px-1 text-left font-semibold hover:text-blue-800 focus:outline-2 focus:outline-blue-700"
        >
          {header}
          <SortArrow dir={active ? sort.dir : null} />
        </button>
      ) : (
        header
      )}
    </th>
  );
}

/** 'Ordenar por' and 'Dirección', for the cards layout. */
export function SortPicker({ sort, onSort }: { sort: ListSort; onSort: (next: ListSort) => void }) {
  const fields = SORT_FIELDS.map((f) => ({ value: f, label: SORT_LABELS[f] }));
  const dirs = dirsOf(sort.field).map((d) => ({ value: d, label: dirLabel(sort.field, d) }));
  return (
    <div className="col-span-2 grid grid-cols-2 gap-2 text-sm font-medium text-slate-700 sm:gap-3 md:col-span-1" data-testid="ordenar-por">
      <div>
        <span aria-hidden="true">Ordenar por</span>
        <Listbox
          label="Ordenar por"
          value={sort.field}
          options={fields}
          onChange={(f) => onSort(nextSort(sort, f as SortField))}
          className="mt-1 block w-full [&>button]:w-full"
        />
      </div>
      <div>
        <span aria-hidden="true">Dirección</span>
        <Listbox
          label="Dirección"
          value={sort.dir}
          options={dirs}
          onChange={(d) => onSort({ field: sort.field, dir: d as ListSort['dir'] })}
          className="mt-1 block w-full [&>button]:w-full"
        />
      </div>
    </div>
  );
}
