/**
 * The reviews (issue 34) as the screens read them: from the device's `revisiones` table, mirrored
 * by pull and changed optimistically by the revision.* mutations, so the list of returned
 * applications, the 'Devuelta' badge and the review parts of 'Editar Registro' read the same with
 * or without a network. Shared here because the shell, the credits list and 'Editar Registro'
 * (three features that do not import each other) all read them.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { SolicitudRow } from '../db/database';
import type { Revision } from '../domain/revision';
import type { Role } from '../domain/roles';
import { useAtomValue } from 'jotai';
import { localDbAtom, useLocalDb } from './local-data';

/** Who answers returned applications on the tablet: the entry 'Correcciones pendientes' is theirs. */
export const esAsesor = (rol: Role | null | undefined) => rol === 'asesor';

/** Who returns applications and closes reviews (the server refuses anyone else). */
export const revisaSolicitudes = (rol: Role | null | undefined) => rol === 'admin' || rol === 'supervisor' || rol === 'manager';

/** Newest first: the current round of an application is the first. */
const newestFirst = (a: Revision, b: Revision) => b.devuelta_en.localeCompare(a.devuelta_en) || b.id.localeCompare(a.id);

/** The reviews of one application, newest first (undefined while loading). */
export function useRevisiones(solicitudId: string): Revision[] | undefined {
  const db = useLocalDb();
  return useLiveQuery(
    async () => (await db.revisiones.where('solicitud_id').equals(solicitudId).toArray()).sort(newestFirst),
    [db, solicitudId],
  );
}

/** The review of an application that is not closed (the one the 'Devuelta' badge and the form show), if any. */
export function useRevisionActual(solicitudId: string): Revision | null | undefined {
  const all = useRevisiones(solicitudId);
  return all === undefined ? undefined : (all.find((r) => r.estado !== 'cerrada') ?? null);
}

export interface Devuelta {
  revision: Revision;
  solicitud: SolicitudRow | null;
  /** Answered on this device, the answer not yet on the server. */
  enEspera: boolean;
}

const revisionIdOf = (args: unknown) => {
  const id = (args as { revisionId?: unknown } | null)?.revisionId;
  return typeof id === 'string' ? id : null;
};

/**
 * Every application returned and waiting for the advisor's answer, newest return first, then
 * those answered on this device whose answer still waits to leave it.
 */
export function useDevueltas(): Devuelta[] | undefined {
  const db = useLocalDb();
  return useLiveQuery(async () => {
    const abiertas = (await db.revisiones.where('estado').equals('abierta').toArray()).sort(newestFirst);
    const queued = (await db.outbox.filter((e) => e.name === 'revision.responder').toArray()).flatMap((e) => revisionIdOf(e.args) ?? []);
    const enviadas = (await db.revisiones.bulkGet([...new Set(queued)])).filter((r): r is Revision => !!r && r.estado === 'respondida');
    const all = [...abiertas, ...enviadas];
    const rows = await db.solicitudes.bulkGet(all.map((r) => r.solicitud_id));
    return all.map((revision, i) => ({ revision, solicitud: rows[i] ?? null, enEspera: i >= abiertas.length }));
  }, [db]);
}

/** How many applications wait for the advisor's corrections (the shell's badge; 0 before the store opens). */
export function useDevueltasCount(enabled: boolean): number {
  const db = useAtomValue(localDbAtom);
  return useLiveQuery(() => (enabled && db ? db.revisiones.where('estado').equals('abierta').count() : 0), [db, enabled]) ?? 0;
}

/** Whether a transition of this review (return, answer, close) still waits on this device for the server. */
export function useRevisionEnEspera(revisionId: string | null): boolean {
  const db = useLocalDb();
  return (
    useLiveQuery(
      () =>
        revisionId
          ? db.outbox
              .filter((e) => e.name.startsWith('revision.') && revisionIdOf(e.args) === revisionId)
              .count()
              .then((n) => n > 0)
          : false,
      [db, revisionId],
    ) ?? false
  );
}
