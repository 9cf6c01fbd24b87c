/** Password hashing with node:crypto scrypt (N=2^17, r=8, p=1), stored as `scrypt$N$r$p$salt$hash`. */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { HashGate } from './hash-gate';

const N = 2 ** 17;
const R = 8;
const P = 1;
const KEYLEN = 32;

function scrypt(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  const options: ScryptOptions = { N: n, r, p, maxmem: 256 * n * r + 1024 * 1024 };
  return new Promise((resolve, reject) =>
    scryptCb(password, salt, KEYLEN, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/**
 * Every hash of this process passes this gate (lib/hash-gate.ts): a few at once, a short queue,
 * at most four places per client address (an office behind one NAT logs in together); past that
 * the caller gets a HashBusyError (429 with Retry-After).
 */
export const passwordGate = new HashGate({ concurrency: 2, perKey: 4, queue: 32 });

/** Hashes made before a transaction for the passwords it will store (see withHashedPasswords). */
const prepared = new AsyncLocalStorage<ReadonlyMap<string, string>>();

/**
 * Hashes `passwords` now, then runs `work`, inside which hashPassword() of any of them answers that
 * hash at once. Callers wrap the transaction that stores a password: the slow part (scrypt) runs
 * before the transaction opens, and the service inside it stays as written.
 */
export async function withHashedPasswords<T>(passwords: ReadonlyArray<unknown>, work: () => Promise<T>, clientKey?: string): Promise<T> {
  const hashes = new Map<string, string>();
  for (const p of passwords) {
    if (typeof p === 'string' && p && !hashes.has(p)) hashes.set(p, await hashPassword(p, clientKey));
  }
  return prepared.run(hashes, work);
}

/**
 * A new hash (or the one prepared by withHashedPasswords). Slow: never inside a transaction.
 * `clientKey` bounds the caller's places in the gate like a login's address: a session's writes
 * pass `staffHashKey(user)`, so one session cannot fill the queue in front of every login.
 */
export async function hashPassword(password: string, clientKey?: string): Promise<string> {
  const ready = prepared.getStore()?.get(password);
  if (ready) return ready;
  const salt = randomBytes(16);
  const key = await passwordGate.run(clientKey, () => scrypt(password, salt, N, R, P));
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** The gate's key for a hash a signed-in user's request asks for (a password set, a current one checked). */
export const staffHashKey = (user: { id: number }) => `usuario|${user.id}`;

/** Checks `password` against `stored`; `clientKey` (the client's address) bounds its places in the gate. */
export async function verifyPassword(password: string, stored: string, clientKey?: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [n, r, p] = parts.slice(1, 4).map(Number);
  const salt = Buffer.from(parts[4], 'base64');
  const expected = Buffer.from(parts[5], 'base64');
  const key = await passwordGate.run(clientKey, () => scrypt(password, salt, n, r, p));
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash to compare against when the e-mail is unknown, so timing does not reveal accounts. */
let dummy: Promise<string> | undefined;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword('radica-dummy-password');
  return dummy;
}
