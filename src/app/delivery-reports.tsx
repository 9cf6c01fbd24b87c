/**
 * After the connection (or a login the server accepted) returns, one toast says what reached the
 * server: 'Conexión restablecida: 3 cambios y 1 archivo enviados al servidor', naming the first
 * changes, and how many the server refused (those stay in 'Cambios pendientes'). What waited is
 * noted when sending becomes possible again and compared once the engine is idle.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { toast } from '../components/ui/toast';
import { plural } from '../domain/format';
import { localDbAtom } from '../state/local-data';
import { describeChange, subjectIds, type Subjects } from './change-description';
import { namesFromShadows } from '../db/shadow-names';
import { useSyncView } from './sync-chip';
import { loadSubjects } from './subjects';

/** A queued change as it waited: its mutation, to name it again once it reached the server. */
export interface WaitingChange {
  name: string;
  args: unknown;
}

/** Names of users and notifications deleted on this device, read while their deletion waited. */
export interface GoneNames {
  usuarios: Map<number, string>;
  notificaciones: Map<string, string>;
}

export interface Waiting {
  ids: number[];
  files: string[];
  changes: Map<number, WaitingChange>;
  /**
   * Once the server has a deletion, the device has neither the row nor its shadow: the name is
   * kept from while it waited, so the toast says whom it deleted.
   */
  gone?: GoneNames;
}

/** The union of what waited before and what waits now (ids in order, the first change kept). */
export function mergeWaiting(before: Waiting | null, now: Waiting): Waiting {
  if (!before) return now;
  const changes = new Map([...now.changes, ...before.changes]);
  const ids = [...new Set([...before.ids, ...now.ids])].sort((a, b) => a - b);
  const gone: GoneNames = {
    usuarios: new Map([...(now.gone?.usuarios ?? []), ...(before.gone?.usuarios ?? [])]),
    notificaciones: new Map([...(now.gone?.notificaciones ?? []), ...(before.gone?.notificaciones ?? [])]),
  };
  return { ids, files: [...new Set([...before.files, ...now.files])], changes, gone };
}

/** `subjects` with the names of deleted rows it no longer finds filled in from `gone`. */
export function withGoneNames(subjects: Subjects, gone: GoneNames | undefined): Subjects {
  if (!gone) return subjects;
  return {
    ...subjects,
    usuarios: new Map([...gone.usuarios, ...subjects.usuarios]),
    notificaciones: new Map([...gone.notificaciones, ...subjects.notificaciones]),
  };
}

/**
 * How the toast names changes that reached the server: described with what the device knows
 * now, after the sync, so a new application reads with the radicado the server gave it ('Ana Pérez
 * · RAD-7K2M9QXD'), not 'sin radicar' as while it waited.
 */
export function sentNames(changes: readonly (WaitingChange | undefined)[], subjects: Subjects): string[] {
  return changes.flatMap((c) => {
    if (!c) return [];
    const d = describeChange(c.name, c.args, subjects);
    return [[d.title, d.subject].filter(Boolean).join(' · ')];
  });
}

export function reconnectText(changes: number, files: number): string {
  const parts = [changes ? plural(changes, 'cambio') : '', files ? plural(files, 'archivo') : ''].filter(Boolean);
  const sent = changes + files === 1 ? 'enviado' : 'enviados';
  return `Conexión restablecida: ${parts.join(' y ')} ${sent} al servidor`;
}

export function DeliveryReports() {
  const db = useAtomValue(localDbAtom);
  const view = useSyncView();
  const blocked = !view.online || view.state === 'offline' || view.state === null || view.state === 'unauthenticated';
  const wasBlocked = useRef(blocked);
  const waiting = useRef<Waiting | null>(null);

  // While nothing can be sent, what waits is kept up to date; it is what the toast reports on.
  const queued = useLiveQuery(async () => {
    if (!db || !blocked) return null;
    const [outbox, files] = await Promise.all([db.outbox.orderBy('id').toArray(), db.files.where('status').anyOf('pending', 'uploading').primaryKeys()]);
    const changes = new Map(outbox.map((m) => [m.id, { name: m.name, args: m.args }] as const));
    const deleted = outbox.filter((m) => m.name.endsWith('.eliminar')).map((m) => subjectIds(m.args));
    const gone = await namesFromShadows(
      db,
      deleted.flatMap((i) => (i.usuario !== null ? [i.usuario] : [])),
      deleted.flatMap((i) => (i.notificacion ? [i.notificacion] : [])),
    );
    return { ids: outbox.map((m) => m.id), files: files.map(String), changes, gone };
  }, [db, blocked]);
  const lastQueued = useRef<Waiting | null>(null);
  // Everything that waited, not only what waits now: the service worker's Background Sync may
  // send part or all of the queue before this tab's engine says it is back (the toast then said
  // '24 cambios' for 29, or nothing at all). Only a push or a pull removes an outbox entry, so
  // one that disappeared reached the server.
  if (blocked && queued) lastQueued.current = mergeWaiting(lastQueued.current, queued);

  useEffect(() => {
    const reopened = wasBlocked.current && !blocked;
    wasBlocked.current = blocked;
    if (!reopened) return;
    const w = lastQueued.current;
    lastQueued.current = null;
    if (w && (w.ids.length || w.files.length)) waiting.current = w;
  }, [blocked]);

  useEffect(() => {
    const w = waiting.current;
    if (view.state !== 'idle' || !w || !db) return;
    void (async () => {
      const [left, refused, files] = await Promise.all([db.outbox.bulkGet(w.ids), db.problems.bulkGet(w.ids), db.files.bulkGet(w.files)]);
      const sent = w.ids.filter((_, i) => !left[i] && !refused[i]);
      const rejected = w.ids.filter((_, i) => refused[i]).length;
      const uploaded = w.files.filter((_, i) => !files[i] || files[i]!.status === 'uploaded').length;
      const still = w.ids.filter((_, i) => left[i]);
      const stillFiles = w.files.filter((_, i) => files[i] && files[i]!.status !== 'uploaded' && files[i]!.status !== 'error');
      waiting.current = still.length || stillFiles.length ? { ids: still, files: stillFiles, changes: w.changes, gone: w.gone } : null;
      if (!sent.length && !uploaded && !rejected) return;
      const first = sent.slice(0, 3).map((id) => w.changes.get(id));
      const listed = sentNames(first, withGoneNames(await loadSubjects(db, first.map((c) => c?.args)), w.gone));
      if (sent.length > 3) listed.push(`y ${plural(sent.length - 3, 'cambio')} más`);
      const notes = [listed.join('; '), rejected ? `${plural(rejected, 'cambio rechazado', 'cambios rechazados')}: ${rejected === 1 ? 'revísalo' : 'revísalos'} en Cambios pendientes.` : '']
        .filter(Boolean)
        .join('. ');
      const title = sent.length || uploaded ? reconnectText(sent.length, uploaded) : 'Conexión restablecida';
      (rejected ? toast.warning : toast.success)(title, { description: notes || undefined, duration: 5000 });
    })().catch(() => undefined);
  }, [view.state, db]);
  return null;
}
