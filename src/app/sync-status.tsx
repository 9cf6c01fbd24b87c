import { useAtom, useAtomValue } from 'jotai';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { toast } from 'sonner';
import { discardFile, discardProblem, resolveConflict, retryFile, retryProblem, type ConflictChoice } from '../sync/problems';
import { localDbAtom, syncClientAtom, syncStatusAtom } from '../state/local-data';
import { sessionAtom, sessionExpiredAtom, storeSession } from '../state/session';
import { loginErrorMessage } from '../domain/session';
import { serverLogin } from '../lib/login';
import type { ProblemRow } from '../db/database';
import type { SyncStatus } from '../workers/sync-client';
import { readErrorsAtom } from '../state/read-errors';
import { DeviceWipe } from './device-wipe';
import { useOnline } from '../lib/use-online';
import { fullName } from '../domain/solicitud';
import { mutationLabel } from '../domain/mutations';
import { fieldLabel, formatValue } from '../features/registro/historial-format';

const label = mutationLabel;

/** The application a rejected change was about, when its arguments name one. */
function solicitudOf(p: ProblemRow): string | null {
  const id = (p.args as { solicitudId?: unknown } | null)?.solicitudId;
  return typeof id === 'string' ? id : null;
}

const FIVE_DAYS = 5 * 24 * 3600 * 1000;

const time = (iso?: string) =>
  iso ? new Date(iso).toLocaleTimeString('es-CO', { hour: '2-digit', minute: '2-digit', hour12: false }) : '';
const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('es-CO', { day: '2-digit', month: 'short', hour: '2-digit', minute: '2-digit' });

/** The shell's one-line status (ARCHITECTURE.md §7). */
export function syncStatusText(status: SyncStatus | null, online: boolean): string {
  if (!online || status?.state === 'offline') {
    return status && status.pending > 0 ? `Sin conexión · ${status.pending} cambios pendientes` : 'Sin conexión';
  }
  if (!status) return 'Sincronizando…';
  if (status.state === 'syncing') return 'Sincronizando…';
  if (status.pending > 0) return `${status.pending} cambios pendientes`;
  if (status.lastSyncAt) return `Sincronizado ${time(status.lastSyncAt)}`;
  return 'Sincronizando…';
}

export function SyncIndicator() {
  const status = useAtomValue(syncStatusAtom);
  const online = useOnline();
  const [open, setOpen] = useState(false);
  const text = syncStatusText(status, online);
  const warn = !online || (status?.problems ?? 0) > 0 || status?.state === 'unauthenticated';
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className={`min-h-11 w-full rounded-md px-3 py-2 text-left text-sm font-medium ${warn ? 'bg-amber-100 text-amber-950' : 'bg-blue-900 text-blue-50 hover:bg-blue-800'}`}
        aria-haspopup="dialog"
      >
        <span data-testid="sync-status">{text}</span>
        {(status?.problems ?? 0) > 0 && <span className="ml-1 font-bold">· {status!.problems} con problemas</span>}
      </button>
      {/* Portalled: inside the tablet side menu (its own stacking context) the top bar would cover it. */}
      {open && createPortal(<SyncPanel onClose={() => setOpen(false)} />, document.body)}
    </>
  );
}

function ConflictEditor({ problem, onDone }: { problem: ProblemRow; onDone: () => void }) {
  const db = useAtomValue(localDbAtom)!;
  const act = usePanelAction();
  const fields = Object.entries(problem.conflict?.fields ?? {});
  const [choices, setChoices] = useState<Record<string, ConflictChoice>>(() =>
    Object.fromEntries(fields.map(([k]) => [k, 'mine' as ConflictChoice])),
  );
  return (
    <div className="mt-2 space-y-2 rounded-md bg-white p-2 ring-1 ring-amber-300">
      {fields.map(([path, f]) => (
        <fieldset key={path} className="text-sm">
          <legend className="font-semibold">{fieldLabel(path)}</legend>
          <p>
            Tú: <strong>{formatValue(f.mine)}</strong> · Servidor: <strong>{formatValue(f.server)}</strong> · Antes:{' '}
            {formatValue(f.base)}
          </p>
          <div className="flex gap-4">
            {(['mine', 'theirs'] as const).map((c) => (
              <label key={c} className="flex min-h-11 items-center gap-2">
                <input type="radio" className="h-5 w-5 accent-blue-700" name={`${problem.id}-${path}`} checked={choices[path] === c} onChange={() => setChoices((s) => ({ ...s, [path]: c }))} />
                {c === 'mine' ? 'Conservar el mío' : 'Usar el del servidor'}
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      <button
        type="button"
        className="min-h-11 rounded-md bg-blue-800 px-3 py-2 text-sm font-semibold text-white"
        onClick={() =>
          act(resolveConflict(db, problem.id, choices), () => {
            toast.success('Conflicto resuelto');
            onDone();
          })
        }
      >
        Aplicar selección
      </button>
    </div>
  );
}

/**
 * Runs a panel action and then has the engine re-count: discarding or resolving a change may queue
 * nothing, and the shell's '· N con problemas' must not wait for the next sync to drop it.
 */
function usePanelAction() {
  const client = useAtomValue(syncClientAtom);
  return (action: Promise<unknown>, done?: () => void) =>
    void action.then(
      () => {
        client?.notify();
        done?.();
      },
      (e: Error) => toast.error(e.message),
    );
}

export function SyncPanel({ onClose }: { onClose: () => void }) {
  const db = useAtomValue(localDbAtom);
  const client = useAtomValue(syncClientAtom);
  const act = usePanelAction();
  const status = useAtomValue(syncStatusAtom);
  const titleId = useId();
  const [resolving, setResolving] = useState<number | null>(null);
  const [estimate, setEstimate] = useState<{ usage?: number; quota?: number } | null>(null);
  const data = useLiveQuery(async () => {
    if (!db) return null;
    const [outbox, problems, files] = await Promise.all([
      db.outbox.orderBy('id').toArray(),
      db.problems.filter((p) => !p.resolvedAt).toArray(),
      db.files.toArray(),
    ]);
    // Which application a change was about, as the list names it: applicant and radicado.
    const ids = [...new Set(problems.map(solicitudOf).filter((id): id is string => id !== null))];
    const rows = await db.solicitudes.bulkGet(ids);
    const subjects = new Map(
      rows.flatMap((r) =>
        r ? [[r.id, [fullName(r.solicitante), r.solicitud.radicado].filter(Boolean).join(' · ')] as const] : [],
      ),
    );
    return { outbox, problems, files: files.filter((f) => f.status !== 'uploaded'), subjects };
  }, [db]);

  useEffect(() => {
    navigator.storage?.estimate?.().then(setEstimate, () => undefined);
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  const subjectOf = (p: ProblemRow) => data?.subjects.get(solicitudOf(p) ?? '');
  const oldest = data?.outbox[0]?.at;
  const stale = oldest ? Date.now() - new Date(oldest).getTime() > FIVE_DAYS : false;
  const mb = (n?: number) => (n === undefined ? '?' : (n / 1024 / 1024).toFixed(1));

  return (
    <div className="fixed inset-0 z-50 flex items-start justify-center bg-black/40 p-4 text-slate-900" onClick={onClose}>
      <div role="dialog" aria-modal="true" aria-labelledby={titleId} className="max-h-[85vh] w-full max-w-xl overflow-y-auto rounded-xl bg-white p-5 shadow-xl" onClick={(e) => e.stopPropagation()}>
        <div className="flex items-center justify-between">
          <h2 id={titleId} className="text-xl font-bold">Cambios pendientes</h2>
          <button type="button" onClick={onClose} className="min-h-11 rounded-md px-3 hover:bg-slate-100" aria-label="Cerrar">✕</button>
        </div>
        {status?.message && <p className="mt-2 rounded-md bg-amber-50 p-2 text-sm text-amber-900">{status.message}</p>}
        {status?.nextAttemptAt && <p className="mt-1 text-sm text-slate-700">Próximo intento: {time(status.nextAttemptAt)}</p>}
        {stale && (
          <p role="alert" className="mt-2 rounded-md bg-red-50 p-2 text-sm font-medium text-red-900">
            Tienes cambios sin enviar desde hace más de 5 días. Conéctate pronto: algunos navegadores borran los datos guardados tras 7 días sin uso.
          </p>
        )}
        <div className="mt-3 flex gap-2">
          <button type="button" className="min-h-11 rounded-md bg-blue-800 px-3 py-2 text-sm font-semibold text-white" onClick={() => void client?.syncNow()}>
            Sincronizar ahora
          </button>
        </div>

        <ReadErrors />
        <h3 className="mt-4 font-semibold">Con problemas</h3>
        {!data?.problems.length && <p className="text-sm text-slate-700">Ningún cambio rechazado.</p>}
        <ul className="space-y-2">
          {data?.problems.map((p) => (
            <li key={p.id} className="rounded-md bg-amber-50 p-3 ring-1 ring-amber-200">
              <p className="font-semibold">{label(p.name)} <span className="font-normal text-slate-700">· {dateTime(p.at)}</span></p>
              {subjectOf(p) && <p className="text-sm text-slate-800">{subjectOf(p)}</p>}
              <p className="text-sm text-red-900">{p.code === 'CONFLICT' ? 'Conflicto: ' : 'Rechazado: '}{p.error}</p>
              <div className="mt-2 flex flex-wrap gap-2">
                {p.code === 'CONFLICT' ? (
                  <button type="button" className="min-h-11 rounded-md bg-white px-3 text-sm ring-1 ring-slate-300" onClick={() => setResolving(resolving === p.id ? null : p.id)}>Resolver</button>
                ) : (
                  <button type="button" className="min-h-11 rounded-md bg-white px-3 text-sm ring-1 ring-slate-300" onClick={() => db && act(retryProblem(db, p.id))}>Reintentar</button>
                )}
                <button type="button" className="min-h-11 rounded-md bg-white px-3 text-sm text-red-800 ring-1 ring-slate-300" onClick={() => db && act(discardProblem(db, p.id))}>Descartar</button>
              </div>
              {resolving === p.id && <ConflictEditor problem={p} onDone={() => setResolving(null)} />}
            </li>
          ))}
          {data?.files.filter((f) => f.status === 'error').map((f) => (
            <li key={f.id} className="rounded-md bg-amber-50 p-3 ring-1 ring-amber-200">
              <p className="font-semibold">Archivo {f.nombre}</p>
              <p className="text-sm text-red-900">{f.error ?? 'Error al subir archivos'}</p>
              <div className="mt-2 flex gap-2">
                <button type="button" className="min-h-11 rounded-md bg-white px-3 text-sm ring-1 ring-slate-300" onClick={() => db && act(retryFile(db, f.id))}>Reintentar</button>
                <button type="button" className="min-h-11 rounded-md bg-white px-3 text-sm text-red-800 ring-1 ring-slate-300" onClick={() => db && act(discardFile(db, f.id))}>Descartar</button>
              </div>
            </li>
          ))}
        </ul>

        <h3 className="mt-4 font-semibold">En cola ({(data?.outbox.length ?? 0) + (data?.files.filter((f) => f.status !== 'error').length ?? 0)})</h3>
        <ul className="divide-y divide-slate-200 text-sm">
          {data?.outbox.map((m) => (
            <li key={m.id} className="py-1.5">{label(m.name)} · {dateTime(m.at)}</li>
          ))}
          {data?.files.filter((f) => f.status !== 'error').map((f) => (
            <li key={f.id} className="py-1.5">Archivo {f.nombre} · {f.status === 'uploading' ? 'subiendo' : 'pendiente'}</li>
          ))}
        </ul>

        <p className="mt-4 text-sm text-slate-700">
          Almacenamiento usado: {mb(estimate?.usage)} MB de {mb(estimate?.quota)} MB disponibles.
        </p>
        <DeviceWipe blockers={data ? { outbox: data.outbox.length, files: data.files.length, problems: data.problems.length } : null} />
      </div>
    </div>
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
          {e.text} · {time(e.at)} <span className="text-red-800">({e.detail})</span>
        </li>
      ))}
    </ul>
  );
}

/** Shown while the server refuses the token: the queue waits; logging in again resumes it. */
export function SessionExpiredBanner() {
  const expired = useAtomValue(sessionExpiredAtom);
  const [state, setState] = useAtom(sessionAtom);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!expired || state.status !== 'authenticated') return null;
  const correo = state.session.user.correo;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const session = await serverLogin(correo, password);
      if (session.user.id !== state.session.user.id) throw new Error('Inicia sesión con el mismo usuario.');
      storeSession(session);
      setState({ status: 'authenticated', session });
      setPassword('');
    } catch (err) {
      setError(loginErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div role="alert" className="mb-4 rounded-lg bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-300">
      <p className="font-semibold">Tu sesión expiró. Inicia sesión para sincronizar.</p>
      <p className="text-sm">Tus cambios pendientes están guardados en este dispositivo.</p>
      <form onSubmit={submit} className="mt-2 flex flex-wrap items-end gap-2">
        <label className="flex flex-col text-sm">
          Contraseña de {correo}
          <input type="password" required value={password} onChange={(e) => setPassword(e.target.value)} className="min-h-11 rounded-md border border-slate-400 px-3" autoComplete="current-password" />
        </label>
        <button type="submit" disabled={busy} className="min-h-11 rounded-md bg-blue-800 px-4 font-semibold text-white">
          {busy ? 'Iniciando sesión...' : 'Iniciar sesión'}
        </button>
      </form>
      {error && <p className="mt-1 text-sm text-red-800">{error}</p>}
    </div>
  );
}
