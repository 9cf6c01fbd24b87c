/**
 * 'Registro actualizado y notificación enviada' only when it is true. A bank change is saved on
 * this device first; the server, when it applies it, queues the e-mail for the application's
 * advisor and the company's admins and supervisors, and records an in-app notice that says how
 * many e-mails it queued (`datos_adicionales.correos_en_cola`). That notice reaches this device
 * with the next pull, so the message about the e-mail waits for it.
 */
import { liveQuery } from 'dexie';
import type { RadicaDB } from '../../db/database';
import { plural } from '../../domain/format';

export const BANK_CHANGE_TITLE = 'Cambio de Banco en Solicitud';
export const MSG_BANK_NOTIFIED = 'Registro actualizado y notificación enviada';

/**
 * What is true of the e-mails when the notice arrives: the server queued them; its relay sends
 * them (or retries) afterwards, and 'Correos' of the record shows each one's status.
 */
export const bankNoticeDetail = (correos: number) =>
  `Aviso creado; ${plural(correos, 'correo')} en cola para enviar desde el servidor (ver «Correos» del registro).`;

/** Ids of the bank-change notices this device has for an application (before saving a change). */
export async function bankNoticeIds(db: RadicaDB, solicitudId: string): Promise<Set<string>> {
  const rows = await db.notificaciones.where('solicitud_id').equals(solicitudId).toArray();
  return new Set(rows.filter((n) => n.titulo === BANK_CHANGE_TITLE).map((n) => n.id));
}

/**
 * Calls `onNotified` once a new bank-change notice of `solicitudId` (one not in `known`) shows
 * that at least one e-mail was queued; a notice with none ends the watch silently. Returns a
 * function that stops watching (call it on logout or when the screen goes away).
 */
export function watchBankNotice(
  db: RadicaDB,
  solicitudId: string,
  known: ReadonlySet<string>,
  onNotified: (correos: number) => void,
  giveUpMs = 30 * 60_000,
): () => void {
  let done = false;
  // Offline for long, the bell shows the notice when it comes; this message would be stale.
  const timer = setTimeout(() => stop(), giveUpMs);
  const sub = liveQuery(() => db.notificaciones.where('solicitud_id').equals(solicitudId).toArray()).subscribe({
    next: (rows) => {
      if (done) return;
      const fresh = rows.find((n) => n.titulo === BANK_CHANGE_TITLE && !known.has(n.id));
      if (!fresh) return;
      queueMicrotask(stop);
      done = true;
      const correos = Number((fresh.datos_adicionales as Record<string, unknown> | null)?.correos_en_cola ?? 0);
      if (correos > 0) onNotified(correos);
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
