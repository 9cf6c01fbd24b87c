/**
 * The credits list as a table (desktop width): the configured columns, the sortable ones with
 * their header as the sort control (issue 28), each row opening its application.
 */
import type { SolicitudRow } from '../../db/database';
import type { ListSort } from '../../db/sort-order';
import { primaryColumnIndex, sortFieldOf, type CreditColumn } from './columns';
import { CreditCell, cellWidth, rowActivation, type CellContext } from './credit-cell';
import { SortableHeader } from './sort-controls';

interface Props {
  rows: SolicitudRow[];
  columns: CreditColumn[];
  ctx: CellContext;
  caption: string;
  sort: ListSort;
  onSort: (next: ListSort) => void;
  onOpen?: (id: string) => void;
}

export function CreditsTable({ rows, columns, ctx, caption, sort, onSort, onOpen }: Props) {
  const primary = primaryColumnIndex(columns);
  return (
    <div className="overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            {columns.map((c) => (
              <SortableHeader key={c.id} header={c.header} field={sortFieldOf(c)} sort={sort} onSort={onSort} />
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr
              key={row.id}
              {...rowActivation(row, onOpen)}
              className="cursor-pointer hover:bg-blue-50 focus:bg-blue-50 focus:outline-2 focus:outline-blue-700"
            >
              {columns.map((c, i) => (
                <td key={c.id} className={`px-1.5 py-3 align-top text-slate-800 ${cellWidth(c)}`}>
                  <CreditCell row={row} column={c} primary={i === primary} ctx={ctx} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
