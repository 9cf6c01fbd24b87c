/**
 * One file on its way to the server: its name, a progress bar and the percentage. The bar's
 * accessible name names the file ('Progreso de acta.pdf'), so a screen reader hears which one.
 */
import { useId } from 'react';

export function uploadPercent(sent: number, total: number): number {
  if (total <= 0) return 0;
  return Math.max(0, Math.min(100, Math.floor((sent / total) * 100)));
}

export function UploadProgress({ nombre, sent, total, showName = true }: { nombre: string; sent: number; total: number; showName?: boolean }) {
  const id = useId();
  const pct = uploadPercent(sent, total);
  return (
    <div className="min-w-0 space-y-1" data-testid="progreso-archivo">
      <div className={`flex items-baseline gap-2 text-sm text-slate-700 ${showName ? 'justify-between' : 'justify-end'}`}>
        <label htmlFor={id} className={showName ? 'min-w-0 truncate' : 'sr-only'}>
          <span className="sr-only">Progreso de </span>
          {nombre}
        </label>
        <span className="shrink-0 font-semibold tabular-nums" data-testid="progreso-porcentaje">
          {pct}%
        </span>
      </div>
      <progress id={id} value={pct} max={100} className="block h-2 w-full accent-blue-700">
        {pct}%
      </progress>
    </div>
  );
}
