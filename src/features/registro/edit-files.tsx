/**
 * The file fields of 'Editar Registro' (a field of type Archivo the company configured): each
 * lists the files its stored value names, with where each one is, and takes new ones like the
 * creation form does.
 * Invariants:
 * - A chosen file is checked on the spot with its field's policy (type by content, size), offline
 *   too; a refused one changes nothing and says why, under the field and in a toast.
 * - A chosen file stays in memory, named in the field's value, until 'Guardar': only then is it
 *   queued for upload (after the edit, in outbox order), so 'Cancelar' leaves nothing behind.
 * - What each file's line says is true: 'Se subirá al guardar' before Guardar, the queue's status
 *   after it ('En cola', 'Subiendo...', 'Subido'), 'En el servidor' once the record lists it.
 * - 'Quitar' takes the file out of the field only; a document already on the server stays under
 *   'Archivos'.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { createContext, useContext, useRef, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import type { ListedFile } from '../../components/fields/file-list';
import type { FileRow, RadicaDB } from '../../db/database';
import { queueFile } from '../../db/mutate';
import { AppError } from '../../domain/errors';
import type { FieldDefinition } from '../../domain/field-definition';
import { blobSource, checkFile, policyOfField, type FilePolicy } from '../../domain/file-policy';
import { uuidv7 } from '../../domain/ids';
import type { FileRef } from '../../domain/schema-compiler';
import type { DocumentoRow } from '../../domain/solicitud';
import { useLocalDb } from '../../state/local-data';

export const FILE_STATUS_LABEL: Record<FileRow['status'], string> = {
  pending: 'En cola',
  uploading: 'Subiendo...',
  uploaded: 'Subido',
  error: 'Error al subir',
};
export const NOT_SAVED_YET = 'Se subirá al guardar';
export const ON_SERVER = 'En el servidor';

interface Chosen {
  file: File;
  mime: string;
  /** `entity.key` of the field: the server applies that field's policy to the upload. */
  campo: string;
  policy: FilePolicy;
}

interface EditFiles {
  /**
   * The refs of the field's value after choosing `list` (each file checked; null when none was
   * taken), and the message of a refused one.
   */
  choose: (entity: string, field: FieldDefinition, list: File[], current: unknown) => Promise<{ refs: FileRef[] | null; error?: string }>;
  /** The files a field's value names, each with where it is. */
  listed: (value: unknown) => ListedFile[];
}

const EditFilesContext = createContext<EditFiles | null>(null);

export const useEditFiles = () => useContext(EditFilesContext);

export const refsOf = (value: unknown): FileRef[] =>
  Array.isArray(value) ? value.filter((r): r is FileRef => !!r && typeof r === 'object' && typeof (r as FileRef).id === 'string') : [];

/** Every id a form value holds, at any depth (the refs of every file field). */
function idsIn(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) idsIn(v, out);
  else if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (typeof o.id === 'string') out.add(o.id);
    for (const v of Object.values(o)) idsIn(v, out);
  }
  return out;
}

/**
 * Queues, after the edit `mutationId`, the chosen files the saved values still name; the others
 * (chosen, then taken out) are forgotten. Answers how many were queued.
 */
export async function queueChosen(
  db: RadicaDB,
  chosen: Map<string, Chosen>,
  saved: unknown,
  owner: { solicitudId: string; solicitanteId: string },
  mutationId: number,
): Promise<number> {
  const named = idsIn(saved);
  let queued = 0;
  for (const [id, c] of chosen) {
    if (!named.has(id)) continue;
    await queueFile(db, {
      id,
      blob: c.file,
      nombre: c.file.name,
      mime: c.mime,
      ownerSolicitudId: owner.solicitudId,
      ownerSolicitanteId: owner.solicitanteId,
      mutationId,
      campo: c.campo,
      policy: c.policy,
    });
    queued += 1;
  }
  chosen.clear();
  return queued;
}

export function useEditFilesState(solicitudId: string, documentos: readonly DocumentoRow[]) {
  const db = useLocalDb();
  const chosen = useRef(new Map<string, Chosen>());
  const [, rerender] = useState(0);
  const local = useLiveQuery(() => db.files.where('ownerSolicitudId').equals(solicitudId).toArray(), [db, solicitudId]);
  const onServer = new Set(documentos.map((d) => d.id));

  const estadoOf = (id: string): string | undefined => {
    if (onServer.has(id)) return ON_SERVER;
    const row = local?.find((f) => f.id === id);
    if (row) return FILE_STATUS_LABEL[row.status];
    if (chosen.current.has(id)) return NOT_SAVED_YET;
    return undefined;
  };

  const value: EditFiles = {
    choose: async (entity, field, list, current) => {
      const policy = policyOfField(field);
      const campo = `${entity}.${field.key}`;
      const taken: FileRef[] = [];
      let refused: string | undefined;
      for (const file of policy.multiple ? list : list.slice(0, 1)) {
        try {
          const type = await checkFile(blobSource(file), { nombre: file.name, mime: file.type || null }, policy);
          const id = uuidv7();
          chosen.current.set(id, { file, mime: type.mime, campo, policy });
          taken.push({ id, nombre: file.name, size: file.size, mime: type.mime });
        } catch (error) {
          refused = error instanceof AppError ? error.message : 'No se pudo adjuntar el archivo.';
          toast.error(refused);
        }
      }
      if (!taken.length) return { refs: null, error: refused };
      rerender((n) => n + 1);
      return { refs: policy.multiple ? [...refsOf(current), ...taken] : taken, error: refused };
    },
    listed: (v) => refsOf(v).map((r) => ({ id: r.id, nombre: r.nombre, size: r.size, estado: estadoOf(r.id) })),
  };
  return { value, chosen: chosen.current };
}

export function EditFilesProvider({ value, children }: { value: EditFiles; children: ReactNode }) {
  return <EditFilesContext.Provider value={value}>{children}</EditFilesContext.Provider>;
}
