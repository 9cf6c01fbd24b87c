/**
 * 'Registro actualizado y notificación enviada' only when it is true. A bank change is saved on
 * this device first; the server, when it applies it, queues the e-mail for the application's
 * advisor and the company's admins and supervisors, and records an in-app notice that says how
 * many e-mails it queued (`datos_adicionales.correos_en_cola`). That notice reaches this device
 * with the next pull, so the message about the e-mail waits for it.
 * Within a few minutes of an earlier change the server does not add a notice: it rewrites the
 * unread one (and the e-mails still waiting) to the latest bank, with a new change time
 * (`datos_adicionales.fecha_cambio`). So the watch is for a notice of the application that is new
 * or whose change time moved since the save, not only for a new id.
 */
import { liveQuery } from 'dexie';
import type { NotificacionRow, RadicaDB } from '../../db/database';
import { plural } from '../../domain/format';

export const BANK_CHANGE_TITLE = 'Cambio de Banco en Solicitud';
export const MSG_BANK_NOTIFIED = 'Registro actualizado y notificación enviada';

/**
 * What is true of the e-mails when the notice arrives: the server queued them; its relay sends
 * them (or retries) afterwards, and 'Correos' of the record shows each one's status.
 */
export const bankNoticeDetail = (correos: number, updated = false) =>
  `${updated ? 'Aviso actualizado' : 'Aviso creado'}; ${plural(correos, 'correo')} en cola para enviar desde el servidor (ver «Correos» del registro).`;

/** What says a notice was written for another change: the server's change time (its update time for an old notice without one). */
const changeMark = (n: NotificacionRow) => {
  const fecha = (n.datos_adicionales as Record<string, unknown> | null | undefined)?.fecha_cambio;
  return typeof fecha === 'string' ? fecha : String(n.updated_at ?? '');
};

/** The bank-change notices this device has for an application, by id, with their change mark (before saving a change). */
export async function bankNoticeMarks(db: RadicaDB, solicitudId: string): Promise<Map<string, string>> {
  const rows = await db.notificaciones.where('solicitud_id').equals(solicitudId).toArray();
  return new Map(rows.filter((n) => n.titulo === BANK_CHANGE_TITLE).map((n) => [n.id, changeMark(n)]));
}

/**
 * Calls `onNotified` once a bank-change notice of `solicitudId` that is new, or rewritten since
 * `known` was read, shows that at least one e-mail was queued or updated (`updated` says the
 * notice was rewritten rather than created); a notice with none ends the watch silently. Returns
 * a function that stops watching (call it on logout or when the screen goes away).
 */
export function watchBankNotice(
  db: RadicaDB,
  solicitudId: string,
  known: ReadonlyMap<string, string>,
  onNotified: (correos: number, updated: boolean) => void,
  giveUpMs = 30 * 60_000,
): () => void {
  let done = false;
  // Offline for long, the bell shows the notice when it comes; this message would be stale.
  const timer = setTimeout(() => stop(), giveUpMs);
  const sub = liveQuery(() => db.notificaciones.where('solicitud_id').equals(solicitudId).toArray()).subscribe({
    next: (rows) => {
      if (done) return;
      const fresh = rows.find((n) => n.titulo === BANK_CHANGE_TITLE && known.get(n.id) !== changeMark(n));
      if (!fresh) return;
      queueMicrotask(stop);
      done = true;
      const correos = Number((fresh.datos_adicionales as Record<string, unknown> | null)?.correos_en_cola ?? 0);
      if (correos > 0) onNotified(correos, known.has(fresh.id));
    },
    error: () => undefined,
  });
  function stop() {
    done = true;
    clearTimeout(timer);
    sub.unsubscribe();
  }
  return stop;
}
