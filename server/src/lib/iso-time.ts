/** Timestamps as the database drivers give them, in the wire's ISO form. */
import { fechaInstant } from '../../../src/domain/notificacion';

/**
 * A timestamp as the driver gives it ('2026-11-23 22:10:00.1+00', always with a time and an
 * offset) as an ISO string ('2026-11-23T22:10:00.100Z'), read as `fechaInstant` reads it; a text
 * that is not one comes back as it is.
 */
export function isoTime(t: string): string;
export function isoTime(t: string | null): string | null;
export function isoTime(t: string | null): string | null {
  if (t === null) return null;
  const ms = fechaInstant(t);
  return ms === null ? t : new Date(ms).toISOString();
}
