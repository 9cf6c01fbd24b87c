/**
 * The credits list as cards (phones and tablets): the primary column on top, the others as a
 * definition list, each card opening its application. The order is chosen above the cards
 * ('Ordenar por', src/features/creditos/sort-controls.tsx).
 */
import type { SolicitudRow } from '../../db/database';
import { primaryColumnIndex, type CreditColumn } from './columns';
import { CreditCell, rowActivation, type CellContext } from './credit-cell';

interface Props {
  rows: SolicitudRow[];
  columns: CreditColumn[];
  ctx: CellContext;
  onOpen?: (id: string) => void;
}

export function CreditsCards({ rows, columns, ctx, onOpen }: Props) {
  const primary = primaryColumnIndex(columns);
  return (
    <ul className="grid gap-3 md:grid-cols-2" aria-label="Solicitudes de crédito">
      {rows.map((row) => (
        <li key={row.id}>
          <div
            {...rowActivation(row, onOpen)}
            className="h-full cursor-pointer rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 focus:outline-2 focus:outline-blue-700"
          >
            <div className="mb-2">{columns[primary] && <CreditCell row={row} column={columns[primary]} primary ctx={ctx} />}</div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              {columns.map((c, i) =>
                i === primary ? null : (
                  <div key={c.id} className="contents">
                    <dt className="font-medium text-slate-600">{c.header}</dt>
                    <dd className="min-w-0 break-words text-slate-900">
                      <CreditCell row={row} column={c} primary={false} ctx={ctx} />
                    </dd>
                  </div>
                ),
              )}
            </dl>
          </div>
        </li>
      ))}
    </ul>
  );
}
