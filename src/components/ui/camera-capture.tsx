/**
 * 'Tomar foto' on touch devices: the tablet's rear camera (`capture="environment"`), each photo
 * downscaled and re-encoded on the device (src/lib/image-resize.ts) with the saving shown
 * ('4,8 MB → 620 KB'), more pages added one by one, and the pages kept as photos or combined
 * into one PDF (src/lib/image-pdf.ts) before they are handed over.
 */
import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { preparePhoto, savingText, type PreparedPhoto } from '../../lib/image-resize';

export interface CapturedFile {
  file: File;
  /** The size the camera gave, when the device made the file lighter. */
  originalSize: number;
}

const BUTTON =
  'inline-flex min-h-11 items-center rounded-md border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-700 disabled:opacity-50';

function useTouch(): boolean {
  const [touch, setTouch] = useState(() => typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches);
  useEffect(() => {
    if (typeof matchMedia !== 'function') return;
    const query = matchMedia('(pointer: coarse)');
    const change = () => setTouch(query.matches);
    query.addEventListener('change', change);
    return () => query.removeEventListener('change', change);
  }, []);
  return touch;
}

const stamp = () => new Date().toISOString().slice(0, 16).replace(/[-:T]/g, '');

export function CameraCapture({ onFiles, disabled }: { onFiles: (files: CapturedFile[]) => void | Promise<void>; disabled?: boolean }) {
  const touch = useTouch();
  const inputId = useId();
  const [pages, setPages] = useState<PreparedPhoto[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!touch) return null;

  const take = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    e.target.value = '';
    if (!files.length) return;
    setBusy(true);
    setError(null);
    try {
      const prepared = await Promise.all(files.map(preparePhoto));
      setPages((p) => [...p, ...prepared]);
    } catch {
      setError('No se pudo leer la foto. Inténtalo de nuevo.');
    } finally {
      setBusy(false);
    }
  };

  const save = async (asPdf: boolean) => {
    setBusy(true);
    try {
      if (asPdf) {
        const { photosToPdf } = await import('../../lib/image-pdf');
        const pdf = await photosToPdf(pages.map((p) => p.file), `documento-${stamp()}.pdf`);
        await onFiles([{ file: pdf, originalSize: pages.reduce((n, p) => n + p.originalSize, 0) }]);
      } else {
        await onFiles(pages.map((p) => ({ file: p.file, originalSize: p.originalSize })));
      }
      setPages([]);
    } catch {
      setError('No se pudieron guardar las fotos. Inténtalo de nuevo.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-2" data-testid="camara">
      <input id={inputId} type="file" accept="image/*" capture="environment" className="peer sr-only" onChange={(e) => void take(e)} disabled={disabled || busy} aria-label={pages.length ? 'Agregar página' : 'Tomar foto'} />
      <label htmlFor={inputId} aria-hidden="true" className={`${BUTTON} cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-blue-700`}>
        {pages.length ? 'Agregar página' : 'Tomar foto'}
      </label>
      {busy && <p className="text-sm text-slate-700">Preparando la foto...</p>}
      {error && <p className="text-sm font-semibold text-red-700">{error}</p>}
      {pages.length > 0 && (
        <div className="space-y-2 rounded-md border border-slate-200 bg-slate-50 p-2">
          <ul className="space-y-1 text-sm text-slate-800" aria-label="Fotos tomadas">
            {pages.map((p, i) => (
              <li key={i} data-testid="foto-tomada">
                Página {i + 1}: {p.resized ? savingText(p.originalSize, p.file.size) : `${savingText(p.originalSize, p.file.size).split(' → ')[0]} (sin cambios)`}
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap gap-2">
            {pages.length === 1 ? (
              <button type="button" className={BUTTON} disabled={busy} onClick={() => void save(false)}>
                Guardar foto
              </button>
            ) : (
              <>
                <button type="button" className={BUTTON} disabled={busy} onClick={() => void save(true)}>
                  Guardar como un PDF ({pages.length} páginas)
                </button>
                <button type="button" className={BUTTON} disabled={busy} onClick={() => void save(false)}>
                  Guardar {pages.length} fotos
                </button>
              </>
            )}
            <button type="button" className={BUTTON} disabled={busy} onClick={() => setPages([])}>
              Descartar
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
