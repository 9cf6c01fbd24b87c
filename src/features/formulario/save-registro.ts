/**
 * Saving the creation form: validate with the shared compiler, then ONE `solicitud.crear` local
 * mutation (the row appears in the list at once, pending) plus one queued upload per file, tied to
 * that mutation so the worker sends them after the server created the application. The draft is
 * removed once the mutation is queued. Online, the sync is asked to run now and the spec's
 * creation-flow message reflects what the server did; offline, the user is told it is queued.
 */
import { mutate, queueFile } from '../../db/mutate';
import type { RadicaDB } from '../../db/database';
import { validateRegistro, type RegistroSchemas } from '../../domain/registro';
import type { SyncClient } from '../../workers/sync-client';
import { queuedText } from '../../state/delivery';
import { toArgs, type FormState } from './form-state';
import { policyOfPath } from './files';

export type SaveOutcome =
  | { kind: 'invalid'; fields: Record<string, string> }
  | { kind: 'saved'; tone: 'success' | 'error' | 'info'; message: string; mutationId: number };

export const MSG_QUEUED = 'Solicitud guardada en este dispositivo. Se enviará al servidor cuando haya conexión.';
export const MSG_OK = 'Solicitud creada exitosamente';
export const MSG_FILES_FAILED = 'Solicitud creada pero hubo un error al subir los archivos';
export const msgOkWithFiles = (n: number) => `Solicitud creada y ${n} archivo(s) subido(s) exitosamente`;

export async function saveRegistro(
  db: RadicaDB,
  schemas: RegistroSchemas,
  state: FormState,
  opts: { client: SyncClient | null; online: boolean; now?: Date },
): Promise<SaveOutcome> {
  const args = toArgs(state, (opts.now ?? new Date()).toISOString());
  const checked = validateRegistro(schemas, args);
  if (!checked.ok) return { kind: 'invalid', fields: checked.fields };

  const mutationId = await mutate(db, 'solicitud.crear', checked.value);
  for (const file of state.files) {
    await queueFile(db, {
      id: file.id,
      blob: file.blob,
      nombre: file.nombre,
      mime: file.mime,
      ownerSolicitudId: state.ids.solicitudId,
      ownerSolicitanteId: state.ids.solicitanteId,
      mutationId,
      campo: file.field,
      policy: policyOfPath(schemas, file.field),
    });
  }
  await db.drafts.delete(state.ids.solicitudId);

  if (!opts.online || !opts.client) return { kind: 'saved', tone: 'info', message: MSG_QUEUED, mutationId };
  return { kind: 'saved', mutationId, ...(await outcomeAfterSync(db, opts.client, mutationId, state.files.length)) };
}

/** Runs one sync and reads what happened to the mutation and its files. */
async function outcomeAfterSync(
  db: RadicaDB,
  client: SyncClient,
  mutationId: number,
  fileCount: number,
): Promise<{ tone: 'success' | 'error' | 'info'; message: string }> {
  try {
    await client.syncNow();
  } catch {
    return { tone: 'info', message: MSG_QUEUED };
  }
  const problem = await db.problems.get(mutationId);
  if (problem) return { tone: 'error', message: problem.error || 'Error al crear la solicitud' };
  if (await db.outbox.get(mutationId)) return { tone: 'info', message: await queuedText(client, MSG_QUEUED) };
  if (fileCount === 0) return { tone: 'success', message: MSG_OK };
  const files = await db.files.where('mutationId').equals(mutationId).toArray();
  const uploaded = files.filter((f) => f.status === 'uploaded').length;
  if (files.some((f) => f.status === 'error')) return { tone: 'error', message: MSG_FILES_FAILED };
  if (uploaded < fileCount) return { tone: 'info', message: MSG_QUEUED };
  return { tone: 'success', message: msgOkWithFiles(uploaded) };
}
