/** The files chosen for a form's file field or attachments, each with its size and 'Quitar'. */
import { formatFileSize } from '../../domain/format';

export interface ListedFile {
  id: string;
  nombre: string;
  size: number;
  /** Where the file is ('En el servidor', 'En cola'…), when the form knows. */
  estado?: string;
}

export function FileList({ files, onRemove }: { files: readonly ListedFile[]; onRemove?: (id: string) => void }) {
  if (files.length === 0) return null;
  return (
    <ul className="mt-2 space-y-1" aria-label="Archivos seleccionados">
      {files.map((f) => (
        <li key={f.id} className="flex items-center justify-between gap-2 rounded-md bg-slate-50 px-3 py-1 text-sm">
          <span className="min-w-0">
            <span className="block truncate">
              {f.nombre} <span className="text-slate-600">({formatFileSize(f.size)})</span>
            </span>
            {f.estado && <span className="block text-xs text-slate-600">{f.estado}</span>}
          </span>
          {onRemove && (
            <button
              type="button"
              className="min-h-11 rounded-md px-3 font-semibold text-red-700 hover:bg-red-50"
              aria-label={`Quitar ${f.nombre}`}
              onClick={() => onRemove(f.id)}
            >
              Quitar
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
