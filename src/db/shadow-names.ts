/**
 * Names of users and notifications deleted on this device while their deletion is still queued:
 * gone from their tables, their shadow (the server's copy, kept until the server answers) still
 * has the user's `nombre` and the notification's `titulo`, so 'Cambios pendientes' can say whom a
 * queued deletion is about ('Eliminación de usuario · Usuario Ulises').
 */
import { shadowKey, type RadicaDB } from './database';

export async function namesFromShadows(
  db: RadicaDB,
  usuarioIds: readonly number[],
  notificacionIds: readonly string[],
): Promise<{ usuarios: Map<number, string>; notificaciones: Map<string, string> }> {
  const usuarios = new Map<number, string>();
  const notificaciones = new Map<string, string>();
  if (!usuarioIds.length && !notificacionIds.length) return { usuarios, notificaciones };
  const keys = [...usuarioIds.map((id) => shadowKey('usuarios', id)), ...notificacionIds.map((id) => shadowKey('notificaciones', id))];
  for (const shadow of await db.shadows.bulkGet(keys)) {
    const r = shadow?.record;
    if (!shadow || !r || typeof r !== 'object') continue;
    const { nombre, titulo } = r as { nombre?: unknown; titulo?: unknown };
    if (shadow.table === 'usuarios' && typeof nombre === 'string') usuarios.set(Number(shadow.id), nombre);
    if (shadow.table === 'notificaciones' && typeof titulo === 'string') notificaciones.set(String(shadow.id), titulo);
  }
  return { usuarios, notificaciones };
}
