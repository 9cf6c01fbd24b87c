/**
 * 'Archivos' of 'Editar Registro': the documents on the server (from the mirrored record) and the
 * files of this device still on their way, each with its status and its buttons; what each button
 * does is use-archivos.ts. Uploads are queued in Dexie and sent by the sync worker, so choosing a
 * file offline works.
 */
import { useRef } from 'react';
import { formatFileSize } from '../../domain/format';
import { ATTACHMENTS_POLICY, acceptOf } from '../../domain/file-policy';
import type { DocumentoRow } from '../../domain/solicitud';
import { UploadProgress } from '../../components/ui/upload-progress';
import { CameraCapture } from '../../components/ui/camera-capture';
import { savingText } from '../../lib/image-resize';
import { Section } from './section';
import { buttonClass } from '../../components/ui/button';
import { useArchivos } from './use-archivos';
import { FILE_STATUS_LABEL, ON_SERVER } from './edit-files';

/** The spec's accepted types (spec 01 §5): the attachments' policy (src/domain/file-policy.ts). */
export const ACCEPT = acceptOf(ATTACHMENTS_POLICY);


const size = formatFileSize;

const BUTTON = buttonClass('secondary', 'px-3');

export function ArchivosSection({
  solicitudId,
  solicitanteId,
  documentos,
  canWrite,
  token,
}: {
  solicitudId: string;
  solicitanteId: string;
  documentos: readonly DocumentoRow[];
  canWrite: boolean;
  token: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const replaceInput = useRef<HTMLInputElement>(null);
  const { local, visibleQueued, onCaptured, onUpload, pickReplacement, onReplace, remove, removeLocal, retry, onDownload } = useArchivos(
    solicitudId,
    solicitanteId,
    documentos,
    token,
  );
  const empty = documentos.length === 0 && visibleQueued.length === 0;

  return (
    <Section title="Archivos" testId="seccion-archivos">
      {canWrite && (
        <div className="mb-3 flex flex-wrap items-center gap-3">
          <button type="button" className={BUTTON} onClick={() => input.current?.click()}>
            Subir archivos
          </button>
          <span className="text-sm text-slate-600">PDF, DOC, DOCX, JPG, JPEG o PNG (máximo 5 MB)</span>
          <input ref={input} type="file" multiple accept={ACCEPT} className="sr-only" tabIndex={-1} aria-label="Subir archivos" onChange={(e) => void onUpload(e)} />
          <input ref={replaceInput} type="file" accept={ACCEPT} className="sr-only" tabIndex={-1} aria-label="Archivo de reemplazo" onChange={(e) => void onReplace(e)} />
          <CameraCapture onFiles={onCaptured} />
        </div>
      )}
      {local === undefined ? (
        <p className="text-slate-600">Cargando archivos...</p>
      ) : empty ? (
        <p className="text-slate-600">No hay archivos adjuntos.</p>
      ) : (
        <ul className="divide-y divide-slate-200" aria-label="Archivos" data-testid="lista-archivos">
          {documentos.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="archivo">
              <div className="min-w-0">
                <p className="truncate font-medium text-slate-900">{d.nombre}</p>
                <p className="text-xs text-slate-600">
                  {size(d.file_size)} · <span data-testid="archivo-estado">{ON_SERVER}</span>
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <button type="button" className={BUTTON} onClick={() => void onDownload(d)}>
                  Descargar
                </button>
                {canWrite && (
                  <>
                    <button
                      type="button"
                      className={BUTTON}
                      onClick={() => {
                        pickReplacement(d);
                        replaceInput.current?.click();
                      }}
                    >
                      Reemplazar
                    </button>
                    <button type="button" className={BUTTON} aria-label={`Eliminar ${d.nombre}`} onClick={() => void remove(d)}>
                      Eliminar
                    </button>
                  </>
                )}
              </div>
            </li>
          ))}
          {visibleQueued.map((f) => (
            <li key={f.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="archivo">
              <div className="min-w-0">
                <p className="truncate font-medium text-slate-900">{f.nombre}</p>
                <p className="text-xs text-slate-600">
                  {f.originalSize && f.originalSize > f.size ? savingText(f.originalSize, f.size) : size(f.size)} ·{' '}
                  <span data-testid="archivo-estado" className={f.status === 'error' ? 'font-semibold text-red-700' : 'text-amber-800'}>
                    {FILE_STATUS_LABEL[f.status]}
                  </span>
                  {f.error && f.status === 'error' ? ` — ${f.error}` : ''}
                </p>
                {f.status === 'uploading' && <UploadProgress nombre={f.nombre} sent={f.sent ?? 0} total={f.size} showName={false} />}
              </div>
              {canWrite && (
                <div className="flex gap-2">
                  {f.status === 'error' && (
                    <button type="button" className={BUTTON} onClick={() => void retry(f)}>
                      Reintentar
                    </button>
                  )}
                  {f.status !== 'uploading' && (
                    <button type="button" className={BUTTON} aria-label={`Eliminar ${f.nombre}`} onClick={() => void removeLocal(f)}>
                      Eliminar
                    </button>
                  )}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
