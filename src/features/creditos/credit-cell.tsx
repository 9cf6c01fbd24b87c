/**
 * One cell of a credits-list row, shared by the table and the cards: the status once (for who may
 * change it, the control is the badge), the name, or the column's text. The primary column also
 * carries the radicado and the row's markers (conflict, unsent, returned for correction).
 */
import type { KeyboardEvent } from 'react';
import { StatusBadge } from '../../components/ui/status-badge';
import type { SolicitudRow } from '../../db/database';
import { normalizeEstado } from '../../domain/estados';
import { cellText, type CreditColumn } from './columns';
import { DevueltaBadge } from './devuelta-badge';
import { ConflictBadge, PendingBadge } from './row-badges';
import { StatusSelect } from './status-select';

export interface CellContext {
  estados: string[];
  canChange: boolean;
  conflicts: ReadonlyMap<string, unknown>;
}

/** What makes a row open its application: a click, Enter or Space on the row itself. */
export function rowActivation(row: SolicitudRow, onOpen: ((id: string) => void) | undefined) {
  return {
    tabIndex: 0,
    'data-testid': 'credit-row',
    onClick: () => onOpen?.(row.id),
    onKeyDown: (e: KeyboardEvent) => {
      if (e.target !== e.currentTarget) return;
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        onOpen?.(row.id);
      }
    },
  };
}

/**
 * How a table cell gives way so the configured columns fit at 1366 px without a sideways scroll:
 * names keep a readable width, dates and amounts never break, e-mails break anywhere (they have
 * no spaces), other text breaks between words.
 */
export function cellWidth(c: CreditColumn): string {
  if (c.kind === 'nombre') return 'min-w-32';
  if (c.kind === 'fecha' || c.field === 'monto_solicitado') return 'whitespace-nowrap';
  if (c.kind === 'campo' && /correo|email/i.test(c.field ?? '')) return 'min-w-28 [overflow-wrap:anywhere]';
  return 'break-words';
}

export function CreditCell({ row, column, primary, ctx }: { row: SolicitudRow; column: CreditColumn; primary: boolean; ctx: CellContext }) {
  let content;
  if (column.kind === 'estado') {
    const estado = normalizeEstado(row.solicitud?.estado, ctx.estados);
    content = ctx.canChange ? <StatusSelect row={row} estados={ctx.estados} /> : <StatusBadge estado={estado} />;
  } else {
    const text = cellText(row, column);
    content =
      column.kind === 'nombre' ? (
        <span className="font-medium text-slate-900" data-testid="nombre">
          {text}
        </span>
      ) : (
        text || '—'
      );
  }
  if (!primary) return content;
  return (
    <div>
      {content}
      {row.solicitud?.radicado && (
        <div className="text-xs text-slate-600" data-testid="radicado">
          {row.solicitud.radicado}
        </div>
      )}
      <div className="flex flex-wrap gap-1">
        {ctx.conflicts.has(row.id) && <ConflictBadge />}
        {row.pending === 1 && <PendingBadge />}
        <DevueltaBadge solicitudId={row.id} />
      </div>
    </div>
  );
}
