/**
 * 'Cambios pendientes': what waits on this device and what the server refused. Each entry names
 * the kind of change, the applicant and radicado ('sin radicar' before filing) or the user or
 * notification, what it changes, and when it was made. Rejected changes can be retried or
 * discarded (after a question naming what is lost: it cannot be undone), conflicts resolved field
 * by field; attachments show 'en cola' until uploaded. An 'Editar Registro' draft whose application
 * the server deleted or no longer shows this user is listed with what was typed, to copy or
 * discard (orphan-drafts-section.tsx); drafts of applications still here are not listed. It
 * also shows the storage this device uses (es-CO figures) and 'Borrar datos de este dispositivo'.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useAtom, useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { Button } from '../components/ui/button';
import { askConfirm } from '../components/ui/confirm-dialog';
import { Dialog } from '../components/ui/dialog';
import { toast } from '../components/ui/toast';
import { formatMegabytes, formatTime, formatWhen } from '../domain/format';
import { discardFile, discardProblem, retryFile, retryProblem } from '../sync/problems';
import { localDbAtom, syncClientAtom, syncStatusAtom } from '../state/local-data';
import { readErrorsAtom } from '../state/read-errors';
import { syncPanelAtom } from '../state/sync-panel';
import { myUserIdAtom } from '../state/session';
import { conflictoPropio } from '../domain/errors';
import { changedValues, describeChange, NOT_FILED, type Subjects } from './change-description';
import { resolvable } from './conflict-banner';
import { ConflictResolver } from './conflict-resolver';
import { conflictPropioText } from '../features/registro/conflict-lines';
import { DeviceWipe } from './device-wipe';
import { reopenable, reopenRefusedCreation } from '../features/formulario/reopen-refused';
import { loadSubjects } from './subjects';
import { isStaleQueue, STALE_QUEUE_MESSAGE } from './stale-queue';
import { useOnline } from '../lib/use-online';
import { describeOrphanDrafts, discardOrphanDraft, orphanRecordDrafts } from './orphan-drafts';
import { OrphanDrafts } from './orphan-drafts-section';

/** Said in the panel while the browser has no connection and the engine has not said more yet. */
export const PANEL_OFFLINE = 'Sin conexión: lo que está en cola se enviará cuando vuelva la conexión.';


export const DISCARD_CHANGE_TITLE = '¿Descartar este cambio?';
export const DISCARD_FILE_TITLE = '¿Descartar este archivo?';

/** Asks before a refused change or file is dropped for good: nothing brings it back. */
function confirmDiscard(kind: 'cambio' | 'archivo', what: string): Promise<boolean> {
  return askConfirm({
    title: kind === 'cambio' ? DISCARD_CHANGE_TITLE : DISCARD_FILE_TITLE,
    message:
      kind === 'cambio'
        ? `Se perderá: ${what}. No se puede deshacer.`
        : `Se borrará de este dispositivo la única copia de ${what}: el servidor no la tiene. No se puede deshacer.`,
    confirmLabel: 'Descartar',
    cancelLabel: 'Conservar',
  });
}

function fileSubject(subjects: Subjects | undefined, solicitudId: string): string | null {
  const s = subjects?.solicitudes.get(solicitudId);
  return s ? `${s.nombre} · ${s.radicado ?? NOT_FILED}` : null;
}

export function SyncPanelHost() {
  const [panel, setPanel] = useAtom(syncPanelAtom);
  if (!panel.open) return null;
  return <SyncPanel focusProblem={panel.problemId} onClose={() => setPanel({ open: false })} />;
}

function usePanelAction() {
  const client = useAtomValue(syncClientAtom);
  return (action: Promise<unknown>) =>
    void action.then(
      () => client?.notify(),
      (e: Error) => toast.error(e.message),
    );
}

export function SyncPanel({ onClose, focusProblem }: { onClose: () => void; focusProblem?: number }) {
  const db = useAtomValue(localDbAtom);
  const client = useAtomValue(syncClientAtom);
  const status = useAtomValue(syncStatusAtom);
  const online = useOnline();
  const userId = useAtomValue(myUserIdAtom);
  const act = usePanelAction();
  const [resolving, setResolving] = useState<number | null>(focusProblem ?? null);
  const [estimate, setEstimate] = useState<{ usage?: number; quota?: number } | null>(null);
  const data = useLiveQuery(async () => {
    if (!db) return null;
    const [outbox, problems, files, orphans] = await Promise.all([
      db.outbox.orderBy('id').toArray(),
      db.problems.filter((p) => !p.resolvedAt).toArray(),
      db.files.toArray(),
      orphanRecordDrafts(db),
    ]);
    const waiting = files.filter((f) => f.status !== 'uploaded');
    const subjects = await loadSubjects(db, [
      ...outbox.map((m) => m.args),
      ...problems.map((p) => p.args),
      ...waiting.map((f) => ({ solicitudId: f.ownerSolicitudId })),
    ], problems);
    return { outbox, problems, files: waiting, subjects, orphans: describeOrphanDrafts(orphans, subjects) };
  }, [db]);

  useEffect(() => {
    navigator.storage?.estimate?.().then(setEstimate, () => undefined);
  }, []);

  // A refused new application goes back to the form as a draft (see reopen-refused.ts).
  const reopen = async (database: NonNullable<typeof db>, id: number) => {
    try {
      await reopenRefusedCreation(database, id);
      onClose();
      toast.success('Solicitud devuelta al formulario', {
        description: 'Está guardada como borrador en este dispositivo: ábrela con Nuevo Cliente para completarla y guardarla.',
        duration: 10_000,
      });
    } catch (e) {
      toast.error(e instanceof Error ? e.message : 'No se pudo abrir en el formulario.');
    }
  };

  const oldest = data?.outbox[0]?.at;
  const stale = isStaleQueue(oldest);
  // A planned retry already past (the device slept, or was closed for days) is no time to show.
  const nextAttempt = status?.nextAttemptAt && new Date(status.nextAttemptAt).getTime() > Date.now() ? status.nextAttemptAt : undefined;
  const queuedFiles = data?.files.filter((f) => f.status !== 'error') ?? [];
  const failedFiles = data?.files.filter((f) => f.status === 'error') ?? [];
  const queued = (data?.outbox.length ?? 0) + queuedFiles.length;
  const orphans = data?.orphans ?? [];
  // What the panel holds that is only on this device and not on its way (said when nothing is queued).
  const onlyHere = [failedFiles.length ? 'Los archivos rechazados' : '', orphans.length ? 'los borradores sin su solicitud' : '']
    .filter(Boolean)
    .join(' y ');
  const mb = (n?: number) => (n === undefined ? '?' : formatMegabytes(n));

  return (
    <Dialog title="Cambios pendientes" size="md" onClose={onClose} closeOnBackdrop testId="cambios-pendientes">
      {status?.message ? (
        <p className="rounded-md bg-amber-50 p-2 text-sm text-amber-900">{status.message}</p>
      ) : (
        // The chip says 'Sin conexión' at once; the engine's own message comes only after a try.
        !online && (
          <p role="status" data-testid="panel-sin-conexion" className="rounded-md bg-amber-50 p-2 text-sm text-amber-900">
            {PANEL_OFFLINE}
          </p>
        )
      )}
      {nextAttempt && <p className="mt-1 text-sm text-slate-700">Próximo intento: {formatWhen(nextAttempt)}</p>}
      {stale && (
        <p role="alert" className="mt-2 rounded-md bg-red-50 p-2 text-sm font-medium text-red-900">
          {STALE_QUEUE_MESSAGE}
        </p>
      )}
      <div className="mt-3 flex gap-2">
        <Button variant="primary" disabled={!client} onClick={() => void client?.syncNow()}>
          Sincronizar ahora
        </Button>
      </div>

      <ReadErrors />
      <h3 className="mt-4 font-semibold">Con problemas</h3>
      {!data?.problems.length && !failedFiles.length && <p className="text-sm text-slate-700">Ningún cambio rechazado.</p>}
      <ul className="space-y-2">
        {data?.problems.map((p) => {
          const d = describeChange(p.name, p.args, data.subjects);
          const conflict = resolvable(p);
          return (
            <li key={p.id} className="rounded-md bg-amber-50 p-3 ring-1 ring-amber-200" data-testid="cambio-con-problema">
              <p className="font-semibold">
                {d.title} <span className="font-normal text-slate-700">· {formatWhen(p.at)}</span>
              </p>
              {d.subject && <p className="text-sm text-slate-800">{d.subject}</p>}
              {conflict || !changedValues(p.name, p.args, data.subjects.etiquetas) ? (
                d.detail && <p className="text-sm text-slate-700">{d.detail}</p>
              ) : (
                <p className="text-sm text-slate-800" data-testid="lo-que-cambiaste">
                  Tu cambio: {changedValues(p.name, p.args, data.subjects.etiquetas)}
                </p>
              )}
              <p className="text-sm text-red-900">
                {conflict ? 'Conflicto: ' : 'Rechazado: '}
                {conflict && conflictoPropio(p.conflict, userId) ? conflictPropioText(p.conflict) : p.error}
              </p>
              <div className="mt-2 flex flex-wrap gap-2">
                {conflict ? (
                  <Button aria-expanded={resolving === p.id} onClick={() => setResolving(resolving === p.id ? null : p.id)}>
                    Resolver
                  </Button>
                ) : reopenable(p) ? (
                  <Button variant="primary" onClick={() => db && void reopen(db, p.id)}>
                    Corregir en el formulario
                  </Button>
                ) : (
                  <Button onClick={() => db && act(retryProblem(db, p.id))}>Reintentar</Button>
                )}
                <Button
                  variant="danger-outline"
                  onClick={() => {
                    const lost = [d.title, d.subject, changedValues(p.name, p.args, data.subjects.etiquetas)].filter(Boolean).join(' · ');
                    void confirmDiscard('cambio', lost).then((yes) => yes && db && act(discardProblem(db, p.id)));
                  }}
                >
                  Descartar
                </Button>
              </div>
              {resolving === p.id && <ConflictResolver problem={p} onDone={() => setResolving(null)} />}
            </li>
          );
        })}
        {failedFiles.map((f) => (
          <li key={f.id} className="rounded-md bg-amber-50 p-3 ring-1 ring-amber-200">
            <p className="font-semibold">Archivo {f.nombre}</p>
            {fileSubject(data?.subjects, f.ownerSolicitudId) && <p className="text-sm text-slate-800">{fileSubject(data?.subjects, f.ownerSolicitudId)}</p>}
            <p className="text-sm text-red-900">{f.error ?? 'Error al subir archivos'}</p>
            <div className="mt-2 flex gap-2">
              <Button onClick={() => db && act(retryFile(db, f.id))}>Reintentar</Button>
              <Button variant="danger-outline" onClick={() => void confirmDiscard('archivo', f.nombre).then((yes) => yes && db && act(discardFile(db, f.id)))}>
                Descartar
              </Button>
            </div>
          </li>
        ))}
      </ul>

      <OrphanDrafts drafts={orphans} onDiscard={(id) => db && act(discardOrphanDraft(db, id))} />

      <h3 className="mt-4 font-semibold">En cola ({queued})</h3>
      {queued === 0 &&
        (onlyHere ? (
          <p className="text-sm text-slate-700">
            Nada en cola. {onlyHere.charAt(0).toUpperCase() + onlyHere.slice(1)} de arriba siguen solo en este dispositivo.
          </p>
        ) : (
          <p className="text-sm text-slate-700">Nada por enviar: todo está en el servidor.</p>
        ))}
      <ul className="divide-y divide-slate-200 text-sm" aria-label="Cambios en cola">
        {data?.outbox.map((m) => {
          const d = describeChange(m.name, m.args, data.subjects);
          return (
            <li key={m.id} className="py-2" data-testid="cambio-en-cola">
              <p>
                <span className="font-semibold">{d.title}</span>
                {d.subject && <span> · {d.subject}</span>}
              </p>
              {d.detail && <p className="text-slate-700">{d.detail}</p>}
              <p className="text-slate-600">{formatWhen(m.at)}</p>
            </li>
          );
        })}
        {queuedFiles.map((f) => (
          <li key={f.id} className="py-2" data-testid="cambio-en-cola">
            <p>
              <span className="font-semibold">Archivo {f.nombre}</span>
              {fileSubject(data?.subjects, f.ownerSolicitudId) && <span> · {fileSubject(data?.subjects, f.ownerSolicitudId)}</span>}
            </p>
            <p className="text-slate-600">{f.status === 'uploading' ? 'subiendo' : 'en cola'}</p>
          </li>
        ))}
      </ul>

      <p className="mt-4 text-sm text-slate-700" data-testid="almacenamiento">
        Almacenamiento usado: {mb(estimate?.usage)} de {mb(estimate?.quota)} disponibles.
      </p>
      <DeviceWipe blockers={data ? { outbox: data.outbox.length, files: data.files.length, problems: data.problems.length } : null} />
    </Dialog>
  );
}

/** Local reads that failed (the screen showed an empty list instead). */
function ReadErrors() {
  const errors = useAtomValue(readErrorsAtom);
  if (!errors.length) return null;
  return (
    <ul className="mt-3 space-y-1" aria-label="Errores de lectura">
      {errors.map((e) => (
        <li key={e.at + e.text} className="rounded-md bg-red-50 p-2 text-sm text-red-900">
          {e.text} · {formatTime(e.at)} <span className="text-red-800">({e.detail})</span>
        </li>
      ))}
    </ul>
  );
}

