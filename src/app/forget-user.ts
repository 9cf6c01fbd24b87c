/**
 * What a device forgets of a person when their data leaves it ('Borrar datos de este dispositivo',
 * a deactivated account): the session keys and the keys that belong to the person, not to the
 * device. The caller removes the database and the device login itself.
 */
import type { SessionUser } from '../domain/session';
import { prefsKey } from '../features/creditos/list-prefs';
import { clearStoredSession } from '../state/session';

/** localStorage keys that belong to the person, not to the device (the session keys go too). */
const USER_KEYS = ['cedula', 'radica-seguimiento-ultimo'];

export function forgetUserOnDevice(user: SessionUser | null): void {
  for (const key of USER_KEYS) localStorage.removeItem(key);
  if (user) localStorage.removeItem(prefsKey(user.empresa_id, user.id));
  clearStoredSession();
}
