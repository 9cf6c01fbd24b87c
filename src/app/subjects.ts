/** Looks up, in the local store, whom queued and rejected changes are about (change-description.ts). */
import type { ProblemRow, RadicaDB } from '../db/database';
import { namesFromShadows } from '../db/shadow-names';
import { fullName } from '../domain/solicitud';
import { subjectIds, type Subjects } from './change-description';
import { loadEtiquetas } from '../state/etiquetas';

/**
 * `remembered`: refused changes with the application as it was when refused (ProblemRow.subject),
 * used for an application no longer on this device (deleted or reassigned by staff).
 */
export async function loadSubjects(
  db: RadicaDB,
  argsList: readonly unknown[],
  remembered: readonly Pick<ProblemRow, 'args' | 'subject'>[] = [],
): Promise<Subjects> {
  const ids = argsList.map(subjectIds);
  const solIds = [...new Set(ids.flatMap((i) => (i.solicitud ? [i.solicitud] : [])))];
  const notIds = [...new Set(ids.flatMap((i) => (i.notificacion ? [i.notificacion] : [])))];
  const userIds = [...new Set(ids.flatMap((i) => (i.usuario !== null ? [i.usuario] : [])))];
  const [sols, nots, users, etiquetas] = await Promise.all([
    db.solicitudes.bulkGet(solIds),
    db.notificaciones.bulkGet(notIds),
    db.usuarios.bulkGet(userIds),
    loadEtiquetas(db),
  ]);
  const solicitudes = new Map(
    sols.flatMap((r) => (r ? [[r.id, { nombre: fullName(r.solicitante ?? {}), radicado: r.solicitud?.radicado ?? null }] as const] : [])),
  );
  for (const p of remembered) {
    const id = subjectIds(p.args).solicitud;
    if (id && p.subject && !solicitudes.has(id)) solicitudes.set(id, p.subject);
  }
  const notificaciones = new Map(nots.flatMap((n) => (n && typeof n.titulo === 'string' ? [[n.id, n.titulo] as const] : [])));
  const usuarios = new Map(users.flatMap((u) => (u && typeof u.nombre === 'string' ? [[Number(u.id), u.nombre] as const] : [])));
  // Deleted on this device, the deletion still queued: named by their shadows.
  const gone = await namesFromShadows(
    db,
    userIds.filter((id) => !usuarios.has(id)),
    notIds.filter((id) => !notificaciones.has(id)),
  );
  for (const [id, nombre] of gone.usuarios) usuarios.set(id, nombre);
  for (const [id, titulo] of gone.notificaciones) notificaciones.set(id, titulo);
  return { solicitudes, notificaciones, usuarios, etiquetas };
}
