import { buttonClass } from './button';

/** Page-size selector (10/20/30/50) and first/previous/next/last buttons, shared by the lists. */
export const PAGE_SIZES = [10, 20, 30, 50] as const;

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

interface PaginationProps {
  page: number;
  pages: number;
  pageSize: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}

const BUTTON = buttonClass('secondary', 'min-w-11 px-3');

export function Pagination({ page, pages, pageSize, onPage, onPageSize }: PaginationProps) {
  return (
    <nav aria-label="Paginación" className="flex flex-wrap items-center justify-between gap-3">
      <label className="flex items-center gap-2 text-sm text-slate-700">
        Filas por página
        <select
          value={pageSize}
          onChange={(e) => onPageSize(Number(e.target.value))}
          className="min-h-11 rounded-md border border-slate-400 bg-white px-2 text-sm"
        >
          {PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" className={BUTTON} disabled={page <= 1} onClick={() => onPage(1)}>
          Primera
        </button>
        <button type="button" className={BUTTON} disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Anterior
        </button>
        <span className="px-2 text-sm text-slate-700" aria-live="polite" data-testid="pagina-actual">
          Página {page} de {pages}
        </span>
        <button type="button" className={BUTTON} disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Siguiente
        </button>
        <button type="button" className={BUTTON} disabled={page >= pages} onClick={() => onPage(pages)}>
          Última
        </button>
      </div>
    </nav>
  );
}
