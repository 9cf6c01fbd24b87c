/**
 * Toasts that say where a saved change is (CONVENTIONS 'Screens'): never 'actualizado' for
 * something still queued. Offline, the change is 'guardado en este dispositivo' and will be sent;
 * online, a 'Enviando…' toast waits for one sync and then says what the server did with these
 * mutations: applied (the success text), refused (its reason, kept in 'Cambios pendientes'), or
 * still waiting (saved on this device).
 */
import { toast } from 'sonner';
import type { RadicaDB } from '../db/database';
import type { SyncClient } from '../workers/sync-client';

export const SAVED_ON_DEVICE = 'Guardado en este dispositivo. Se enviará al servidor cuando haya conexión.';

/**
 * A 'guardado en este dispositivo' text for when the connection is there but the session is not
 * (the server refused the token: a changed password, an expired session): what the change waits
 * for is a new login, not a connection.
 */
export function untilLogin(text: string): string {
  return text.replace(/cuando haya conexión\.?$/, 'cuando inicies sesión de nuevo.');
}

/** `text`, or its untilLogin form when the sync engine waits for a new login. */
export async function queuedText(client: SyncClient, text: string): Promise<string> {
  const state = await client.getStatus().then((s) => s.state, () => null);
  return state === 'unauthenticated' ? untilLogin(text) : text;
}
const SYNC_WAIT_MS = 15_000;

export interface DeliveryTexts {
  /** Shown once the server applied every mutation ('Registro actualizado correctamente'). */
  sent: string;
  /** Shown while they wait on this device. */
  queued?: string;
  description?: string;
  /** The screen toasts a refusal itself (its service's message): this toast then just closes. */
  refusalShownByScreen?: boolean;
}

/**
 * reportDelivery for a change just queued from a screen (connectivity read now), on screens that
 * announce refusals with their own service message (users, notifications).
 */
export function announceQueued(db: RadicaDB, client: SyncClient | null, id: number | null, texts: DeliveryTexts): void {
  if (id === null) return;
  void reportDelivery(db, [id], { ...texts, refusalShownByScreen: true }, { client, online: navigator.onLine });
}

export async function reportDelivery(
  db: RadicaDB,
  ids: readonly number[],
  texts: DeliveryTexts,
  opts: { client: SyncClient | null; online: boolean },
): Promise<'sent' | 'queued' | 'rejected'> {
  const queued = texts.queued ?? SAVED_ON_DEVICE;
  if (!opts.online || !opts.client || ids.length === 0) {
    toast.info(queued, { description: texts.description, duration: 5000 });
    return 'queued';
  }
  const id = toast.loading('Enviando al servidor…', { description: texts.description });
  try {
    await Promise.race([opts.client.syncNow(), new Promise((resolve) => setTimeout(resolve, SYNC_WAIT_MS))]);
  } catch {
    // The outbox still holds them: reported as waiting below.
  }
  // The person logged out meanwhile (their database closes with the session; another may have
  // signed in): the answer is not for whoever reads the screen now.
  if (!db.isOpen()) {
    toast.dismiss(id);
    return 'queued';
  }
  const [problems, left] = await Promise.all([db.problems.bulkGet([...ids]), db.outbox.bulkGet([...ids])]);
  const refused = problems.find((p) => p && !p.resolvedAt);
  if (refused && (refused.code === 'CONFLICT' || texts.refusalShownByScreen)) {
    // The conflict has its own toast and banner, with 'Resolver' (app/conflict-banner.tsx); the
    // users and notifications screens toast their service's message.
    toast.dismiss(id);
    return 'rejected';
  }
  if (refused) {
    toast.error(`El servidor rechazó el cambio: ${refused.error}`, {
      id,
      description: 'Revísalo en Cambios pendientes.',
      duration: 8000,
    });
    return 'rejected';
  }
  if (left.some(Boolean)) {
    toast.info(await queuedText(opts.client, queued), { id, description: texts.description, duration: 5000 });
    return 'queued';
  }
  toast.success(texts.sent, { id, description: texts.description, duration: 3000 });
  return 'sent';
}
