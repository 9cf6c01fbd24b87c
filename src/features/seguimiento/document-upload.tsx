/** The documents stage's file picker, upload progress and files waiting for a connection. */
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { chosenText, FilePicker } from '../../components/ui/file-picker';
import { UploadProgress } from '../../components/ui/upload-progress';
import { CameraCapture } from '../../components/ui/camera-capture';
import type { FileProgress, PendingUpload } from './upload-queue';
import { ATTACHMENTS_POLICY, acceptOf, policyText } from '../../domain/file-policy';

/** The tracking page takes the attachments' policy (src/domain/file-policy.ts), as its server route does. */
export const ACCEPT = acceptOf(ATTACHMENTS_POLICY);

interface Props {
  pendientes: PendingUpload[];
  /** The files being sent with their bytes sent, null while nothing is sent. */
  progreso: FileProgress[] | null;
  online: boolean;
  onSubir: (files: File[]) => Promise<boolean>;
  /** Checks files as they are chosen: the ones the server will take (the others are named). */
  onElegir: (files: File[]) => Promise<File[]>;
  onReintentar: () => void;
}

export function DocumentUpload({ pendientes, progreso, online, onSubir, onElegir, onReintentar }: Props) {
  const inputId = useId();
  const hintId = useId();
  const [files, setFiles] = useState<File[]>([]);
  const [inputKey, setInputKey] = useState(0);
  const enviando = progreso !== null;

  const [revisando, setRevisando] = useState(false);
  // Only the last choice's check counts when the applicant chooses again meanwhile.
  const ultima = useRef(0);

  const elegir = async (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.target;
    const elegidos = Array.from(input.files ?? []);
    const esta = ++ultima.current;
    setFiles([]);
    setRevisando(true);
    const aceptados = await onElegir(elegidos).catch(() => elegidos);
    if (esta !== ultima.current) return;
    setRevisando(false);
    setFiles(aceptados);
    // A refused file leaves the input too, so choosing it again is a new choice (emptied in place:
    // a new input would take the focus away).
    if (aceptados.length !== elegidos.length) input.value = '';
  };

  const subir = async () => {
    const ok = await onSubir(files);
    if (ok) {
      setFiles([]);
      setInputKey((k) => k + 1); // a fresh input: the same file can be chosen again
    }
  };

  return (
    <div className="mt-3 space-y-3 rounded-lg border border-dashed border-slate-300 bg-slate-50 p-3">
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
        Subir documentos:
      </label>
      <p id={hintId} className="text-sm text-slate-700" data-testid="carga-requisitos">
        {policyText(ATTACHMENTS_POLICY)}
      </p>
      <FilePicker
        aria-describedby={hintId}
        key={inputKey}
        id={inputId}
        multiple
        accept={ACCEPT}
        onChange={(e) => void elegir(e)}
        disabled={enviando}
        chosen={revisando ? 'Revisando archivos…' : chosenText(files)}
      />
      <CameraCapture disabled={enviando} onFiles={async (captured) => void (await onSubir(captured.map((c) => c.file)))} />
      {files.length > 0 && (
        <button
          type="button"
          onClick={() => void subir()}
          disabled={enviando}
          className="min-h-11 w-full rounded-md bg-blue-700 px-4 font-semibold text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:opacity-60"
        >
          {enviando ? 'Subiendo...' : 'Subir archivos'}
        </button>
      )}
      {enviando && (
        <ul className="space-y-2" aria-label="Archivos enviándose">
          {progreso.map((p) => (
            <li key={p.upload_id}>
              <UploadProgress nombre={p.nombre} sent={p.sent} total={p.total} />
            </li>
          ))}
        </ul>
      )}
      {pendientes.length > 0 && !enviando && (
        <div className="space-y-2">
          <ul className="space-y-1" aria-label="Archivos pendientes de envío">
            {pendientes.map((p) => (
              <li key={p.upload_id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <span className="break-all text-slate-800">{p.nombre}</span>
                <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                  {online ? 'Pendiente de envío' : 'Pendiente de envío (sin conexión)'}
                </span>
              </li>
            ))}
          </ul>
          {online && (
            <button
              type="button"
              onClick={onReintentar}
              className="min-h-11 w-full rounded-md border border-blue-700 px-4 font-semibold text-blue-800 hover:bg-blue-50"
            >
              Reintentar envío
            </button>
          )}
        </div>
      )}
    </div>
  );
}
