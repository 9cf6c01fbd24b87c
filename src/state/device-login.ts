/**
 * Logging in on a device that already holds the user's data, without waiting for the server: an
 * advisor in the field can open their work offline, and a warm device shows the list at once.
 *
 * After each login the server accepts, a verifier of the password is kept on the device:
 * PBKDF2-SHA256 (WebCrypto, OWASP's 600,000 iterations, random salt) with the user's profile.
 * Invariants:
 * - The server stays the only authority: a device login gives no token, so nothing is sent or
 *   fetched until the server accepts the same credentials (the sync waits, as for an expired
 *   session); if the server refuses them, the verifier is dropped and the user is logged out.
 * - Only a hash is kept, never the password; one entry per e-mail, removed by
 *   'Borrar datos de este dispositivo' (`forgetDeviceLogin`).
 */
import type { SessionUser } from '../domain/session';

const KEY = 'radica-device-login';
const ITERATIONS = 600_000;

interface Entry {
  salt: string;
  iterations: number;
  hash: string;
  user: SessionUser;
}

type Entries = Record<string, Entry>;

const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const unb64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
const normal = (email: string) => email.trim().toLowerCase();

function read(storage: Storage): Entries {
  try {
    const parsed = JSON.parse(storage.getItem(KEY) ?? '{}') as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Entries) : {};
  } catch {
    return {};
  }
}

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations }, key, 256);
  return new Uint8Array(bits);
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i] ^ b[i];
  return diff === 0;
}

/** Keeps (or renews) the verifier of a login the server accepted. */
export async function rememberDeviceLogin(
  email: string,
  password: string,
  user: SessionUser,
  storage: Storage = localStorage,
): Promise<void> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await derive(password, salt, ITERATIONS);
  const entries = read(storage);
  entries[normal(email)] = { salt: b64(salt), iterations: ITERATIONS, hash: b64(hash), user };
  storage.setItem(KEY, JSON.stringify(entries));
}

/** The user of a login this device verified before with the same password; null otherwise. */
export async function verifyDeviceLogin(
  email: string,
  password: string,
  storage: Storage = localStorage,
): Promise<SessionUser | null> {
  const entry = read(storage)[normal(email)];
  if (!entry || !password) return null;
  try {
    const hash = await derive(password, unb64(entry.salt), entry.iterations);
    return sameBytes(hash, unb64(entry.hash)) ? entry.user : null;
  } catch {
    return null;
  }
}

/** Drops the verifier of one e-mail (the server refused it, or the device is being wiped). */
export function forgetDeviceLogin(email: string, storage: Storage = localStorage): void {
  const entries = read(storage);
  if (!(normal(email) in entries)) return;
  delete entries[normal(email)];
  storage.setItem(KEY, JSON.stringify(entries));
}

/** Whether this device keeps a verifier for the e-mail (someone logged in here with it before). */
export function hasDeviceLogin(email: string, storage: Storage = localStorage): boolean {
  return normal(email) in read(storage);
}

/**
 * Accounts the server deactivated on this device (CUENTA_DESACTIVADA): the verifier is gone, so no
 * device login opens them again, and the login screen says so and offers what was left unsent in
 * the account's database (`db`) until someone downloads or deletes it. Only the e-mail, the name,
 * the number of unsent changes and when are kept here; the work itself stays in IndexedDB.
 */
export interface CuentaRetirada {
  db: string;
  correo: string;
  nombre: string;
  pendientes: number;
  at: string;
}

const RETIRED_KEY = 'radica-cuentas-desactivadas';

export function retiredAccounts(storage: Storage = localStorage): CuentaRetirada[] {
  try {
    const parsed = JSON.parse(storage.getItem(RETIRED_KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? (parsed as CuentaRetirada[]).filter((e) => e && typeof e.db === 'string') : [];
  } catch {
    return [];
  }
}

/** Forgets the account's device login and records it as deactivated (one entry per database). */
export function retireDeviceLogin(entry: CuentaRetirada, storage: Storage = localStorage): void {
  forgetDeviceLogin(entry.correo, storage);
  const others = retiredAccounts(storage).filter((e) => e.db !== entry.db);
  storage.setItem(RETIRED_KEY, JSON.stringify([...others, entry]));
}

/** Drops the notice of a deactivated account (its unsent work was deleted, or nothing was left). */
export function forgetRetiredAccount(db: string, storage: Storage = localStorage): void {
  const left = retiredAccounts(storage).filter((e) => e.db !== db);
  if (left.length) storage.setItem(RETIRED_KEY, JSON.stringify(left));
  else storage.removeItem(RETIRED_KEY);
}

/** Whether the e-mail is of an account this device learned was deactivated. */
export function isRetiredAccount(email: string, storage: Storage = localStorage): boolean {
  return retiredAccounts(storage).some((e) => normal(e.correo) === normal(email));
}
