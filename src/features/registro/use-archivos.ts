/**
 * What the 'Archivos' section of 'Editar Registro' does: list this device's files of the application
 * still on their way (those the pulled record already lists are left out), queue new files (picked
 * or photographed) for the sync worker and report their upload, replace a document (upload the new
 * one, then delete the old one), delete, retry a failed upload, and download (online only).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useAtomValue } from 'jotai';
import { useState, type ChangeEvent } from 'react';
import { toast } from 'sonner';
import { askConfirm } from '../../components/ui/confirm-dialog';
import type { CapturedFile } from '../../components/ui/camera-capture';
import type { FileRow } from '../../db/database';
import { mutate, queueFile } from '../../db/mutate';
import { plural } from '../../domain/format';
import { uuidv7 } from '../../domain/ids';
import type { DocumentoRow } from '../../domain/solicitud';
import { apiBlob, saveBlob } from '../../lib/api';
import { syncClientAtom, useLocalDb } from '../../state/local-data';
import { queuedText } from '../../state/delivery';

const message = (e: unknown) => (e instanceof Error && e.message ? e.message : undefined);

async function download(token: string, doc: DocumentoRow) {
  saveBlob(await apiBlob(`/api/documentos/${doc.id}`, { token }), doc.nombre);
}

export function useArchivos(solicitudId: string, solicitanteId: string, documentos: readonly DocumentoRow[], token: string) {
  const db = useLocalDb();
  const client = useAtomValue(syncClientAtom);
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
    const waiting = `${plural(ids.length, 'archivo')} en cola: se ${ids.length === 1 ? 'subirá' : 'subirán'} al servidor cuando haya conexión.`;
    if (!navigator.onLine || !client) {
      toast.info(waiting);
      return;
    }
    const toastId = toast.loading(`Subiendo ${plural(ids.length, 'archivo')}…`);
    await Promise.race([client.syncNow().catch(() => undefined), new Promise((r) => setTimeout(r, 20_000))]);
    const rows = await db.files.bulkGet(ids);
    const uploaded = rows.filter((r) => r?.status === 'uploaded').length;
    if (rows.some((r) => r?.status === 'error')) toast.error('Error al subir archivos', { id: toastId, description: 'Revísalos en Cambios pendientes.' });
    else if (uploaded === ids.length) toast.success(`${uploaded} archivo(s) subido(s)`, { id: toastId });
    else toast.info(await queuedText(client, waiting), { id: toastId });
  };

  /** The replacement chosen for the document `pickReplacement` named: upload it, then delete the old one. */
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
    const ok = await askConfirm({
      title: `¿Eliminar ${doc.nombre}?`,
      message: 'El documento se quitará de la solicitud para todos. Para recuperarlo habrá que subirlo de nuevo.',
      confirmLabel: 'Eliminar documento',
    });
    if (!ok) return;
    try {
      await mutate(db, 'documento.eliminar', { solicitudId, documentoId: doc.id });
      await db.files.delete(doc.id); // the uploaded copy's row, if this device sent it
      toast.success('Documento eliminado');
    } catch (error) {
      toast.error('No se pudo eliminar', { description: message(error) });
    }
  };

  const removeLocal = async (file: FileRow) => {
    // Not on the server yet: dropping it from the queue is the whole deletion, and this device
    // holds the only copy.
    const ok = await askConfirm({
      title: `¿Eliminar ${file.nombre}?`,
      message: 'Este archivo aún no se ha subido: solo está guardado en este dispositivo y no se podrá recuperar.',
      confirmLabel: 'Eliminar archivo',
    });
    if (!ok) return;
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

  return {
    /** undefined while this device's files load. */
    local,
    visibleQueued,
    onCaptured,
    onUpload,
    pickReplacement: setReplacing,
    onReplace,
    remove,
    removeLocal,
    retry,
    onDownload,
  };
}
