import { useLiveQuery } from 'dexie-react-hooks';
import { useRef, useState, type ChangeEvent } from 'react';
import { toast } from 'sonner';
import type { FileRow } from '../../db/database';
import { mutate, queueFile } from '../../db/mutate';
import { formatFileSize, plural } from '../../domain/format';
import { uuidv7 } from '../../domain/ids';
import { ATTACHMENTS_POLICY, acceptOf } from '../../domain/file-policy';
import type { DocumentoRow } from '../../domain/solicitud';
import { useAtomValue } from 'jotai';
import { syncClientAtom, useLocalDb } from '../../state/local-data';
import { UploadProgress } from '../../components/ui/upload-progress';
import { CameraCapture, type CapturedFile } from '../../components/ui/camera-capture';
import { savingText } from '../../lib/image-resize';
import { Section } from './section';
import { buttonClass } from '../../components/ui/button';
import { apiBlob, saveBlob } from '../../lib/api';

/** The spec's accepted types (spec 01 §5): the attachments' policy (src/domain/file-policy.ts). */
export const ACCEPT = acceptOf(ATTACHMENTS_POLICY);

const STATUS_LABEL: Record<FileRow['status'], string> = {
  pending: 'En cola',
  uploading: 'Subiendo...',
  uploaded: 'Subido',
  error: 'Error al subir',
};

const size = formatFileSize;

const message = (e: unknown) => (e instanceof Error && e.message ? e.message : undefined);
const BUTTON = buttonClass('secondary', 'px-3');

async function download(token: string, doc: DocumentoRow) {
  saveBlob(await apiBlob(`/api/documentos/${doc.id}`, { token }), doc.nombre);
}

/**
 * 'Archivos': the documents on the server (from the mirrored record) and the files of this device
 * still on their way, each with its status. Uploads are queued in Dexie and sent by the sync worker,
 * so choosing a file offline works; replace = upload the new one, then delete the old one.
 */
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
  const db = useLocalDb();
  const client = useAtomValue(syncClientAtom);
  const input = useRef<HTMLInputElement>(null);
  const replaceInput = useRef<HTMLInputElement>(null);
  const [replacing, setReplacing] = useState<DocumentoRow | null>(null);
  const local = useLiveQuery(() => db.files.where('ownerSolicitudId').equals(solicitudId).toArray(), [db, solicitudId]);
  const onServer = new Set(documentos.map((d) => d.id));
  // A file uploaded from here shows as 'Subido' until the pulled record lists it.
  const visibleQueued = (local ?? []).filter((f) => !onServer.has(f.id));

  const queue = async (file: File, originalSize?: number) => {
    const id = uuidv7();
    await queueFile(db, {
      id,
      blob: file,
      nombre: file.name,
      mime: file.type || undefined,
      ownerSolicitudId: solicitudId,
      ownerSolicitanteId: solicitanteId,
      mutationId: 0,
      originalSize,
    });
    return id;
  };

  const onCaptured = async (captured: CapturedFile[]) => {
    const ids: string[] = [];
    for (const c of captured) {
      try {
        ids.push(await queue(c.file, c.originalSize));
      } catch (error) {
        toast.error('Error al subir archivos', { description: `${c.file.name}: ${message(error) ?? ''}` });
      }
    }
    if (ids.length) void reportUpload(ids);
  };

  const onUpload = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    e.target.value = '';
    if (!files.length) return;
    const ids: string[] = [];
    for (const f of files) {
      try {
        ids.push(await queue(f));
      } catch (error) {
        toast.error('Error al subir archivos', { description: `${f.name}: ${message(error) ?? ''}` });
      }
    }
    if (ids.length) void reportUpload(ids);
  };

  /** 'en cola' while the files wait on this device; the spec's 'N archivo(s) subido(s)' once the server has them. */
  const reportUpload = async (ids: string[]) => {
    const queuedText = `${plural(ids.length, 'archivo')} en cola: se ${ids.length === 1 ? 'subirá' : 'subirán'} al servidor cuando haya conexión.`;
    if (!navigator.onLine || !client) {
      toast.info(queuedText);
      return;
    }
    const toastId = toast.loading(`Subiendo ${plural(ids.length, 'archivo')}…`);
    await Promise.race([client.syncNow().catch(() => undefined), new Promise((r) => setTimeout(r, 20_000))]);
    const rows = await db.files.bulkGet(ids);
    const uploaded = rows.filter((r) => r?.status === 'uploaded').length;
    if (rows.some((r) => r?.status === 'error')) toast.error('Error al subir archivos', { id: toastId, description: 'Revísalos en Cambios pendientes.' });
    else if (uploaded === ids.length) toast.success(`${uploaded} archivo(s) subido(s)`, { id: toastId });
    else toast.info(queuedText, { id: toastId });
  };

  const onReplace = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    const old = replacing;
    setReplacing(null);
    if (!file || !old) return;
    try {
      await queue(file);
      await mutate(db, 'documento.eliminar', { solicitudId, documentoId: old.id });
      await db.files.delete(old.id);
      toast.success('Archivo reemplazado');
    } catch (error) {
      toast.error('No se pudo reemplazar', { description: message(error) });
    }
  };

  const remove = async (doc: DocumentoRow) => {
    try {
      await mutate(db, 'documento.eliminar', { solicitudId, documentoId: doc.id });
      await db.files.delete(doc.id); // the uploaded copy's row, if this device sent it
      toast.success('Documento eliminado');
    } catch (error) {
      toast.error('No se pudo eliminar', { description: message(error) });
    }
  };

  const removeLocal = async (file: FileRow) => {
    // Not on the server yet: dropping it from the queue is the whole deletion.
    await db.files.delete(file.id);
    toast.success('Documento eliminado');
  };

  const retry = async (file: FileRow) => {
    await db.files.update(file.id, { status: 'pending', error: undefined });
  };

  const onDownload = async (doc: DocumentoRow) => {
    if (!navigator.onLine) {
      toast.error('Necesitas conexión para descargar el archivo');
      return;
    }
    try {
      await download(token, doc);
    } catch (error) {
      toast.error('Error al descargar el archivo', { description: message(error) });
    }
  };

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
                  {size(d.file_size)} · <span data-testid="archivo-estado">En el servidor</span>
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
                        setReplacing(d);
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
                    {STATUS_LABEL[f.status]}
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
