/**
 * What the service worker sent while the app was closed, told once when the app opens.
 * Invariant: reading is taking: the record is read and removed in one transaction, so the
 * message shows in one tab once, never again after a reload.
 */
import { getMeta, setMeta, type MetaValues, type RadicaDB } from '../db/database';

export type SentWhileClosed = NonNullable<MetaValues['sentWhileClosed']>;

export async function takeSentWhileClosed(db: RadicaDB): Promise<SentWhileClosed | null> {
  return db.transaction('rw', db.meta, async () => {
    const sent = (await getMeta(db, 'sentWhileClosed')) ?? null;
    if (sent) await setMeta(db, 'sentWhileClosed', null);
    return sent;
  });
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** 'Mientras la aplicación estaba cerrada se enviaron al servidor 3 cambios y 1 archivo.' */
export function sentWhileClosedText(sent: SentWhileClosed): string | null {
  const parts: string[] = [];
  if (sent.cambios) parts.push(count(sent.cambios, 'cambio', 'cambios'));
  if (sent.archivos) parts.push(count(sent.archivos, 'archivo', 'archivos'));
  const lines: string[] = [];
  if (parts.length) {
    const verb = sent.cambios + sent.archivos === 1 ? 'se envió' : 'se enviaron';
    lines.push(`Mientras la aplicación estaba cerrada ${verb} al servidor ${parts.join(' y ')}.`);
  }
  if (sent.rechazados) {
    lines.push(
      sent.rechazados === 1
        ? 'El servidor rechazó 1 cambio: revísalo en Cambios pendientes.'
        : `El servidor rechazó ${sent.rechazados} cambios: revísalos en Cambios pendientes.`,
    );
  }
  return lines.length ? lines.join(' ') : null;
}
