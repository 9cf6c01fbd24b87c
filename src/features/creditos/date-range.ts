/**
 * The list's date filter (spec 01 §5): compares by calendar day in local time, both ends
 * inclusive; when a range is set, rows without a valid created_at are excluded.
 */
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** A value of `<input type="date">` ('YYYY-MM-DD'), or '' when blank or malformed. */
export function cleanDay(value: string | null | undefined): string {
  const v = (value ?? '').trim();
  return DAY.test(v) ? v : '';
}

/** Parses an ISO date-time (or a bare 'YYYY-MM-DD', read as a local day); null when invalid. */
export function parseDate(value: unknown): Date | null {
  if (typeof value !== 'string' || !value.trim()) return null;
  const m = DAY.exec(value.trim());
  if (m) return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** The local calendar day of a date-time as 'YYYY-MM-DD', or null when it is not a valid date. */
export function localDayKey(value: unknown): string | null {
  const d = parseDate(value);
  if (!d) return null;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export function hasDayRange(desde: string, hasta: string): boolean {
  return !!cleanDay(desde) || !!cleanDay(hasta);
}

/** True when `createdAt` falls on a local day within [desde, hasta]; a blank end is open. */
export function inDayRange(createdAt: unknown, desde: string, hasta: string): boolean {
  const from = cleanDay(desde);
  const to = cleanDay(hasta);
  if (!from && !to) return true;
  const day = localDayKey(createdAt);
  if (!day) return false;
  if (from && day < from) return false;
  if (to && day > to) return false;
  return true;
}

/**
 * Loose ISO bounds for the `created_at` index: one day wider on each side so that any time zone
 * or offset spelling is inside; `inDayRange` then decides exactly.
 */
export function indexBounds(desde: string, hasta: string): { lower: string; upper: string } {
  const from = parseDate(cleanDay(desde));
  const to = parseDate(cleanDay(hasta));
  const dayMs = 24 * 60 * 60 * 1000;
  return {
    lower: from ? new Date(from.getTime() - dayMs).toISOString() : '',
    upper: to ? new Date(to.getTime() + 2 * dayMs).toISOString() : '\uffff',
  };
}

/** dd/mm/yyyy (es-CO list format) in local time; '' when the value is not a valid date. */
export function formatDay(value: unknown): string {
  const d = parseDate(value);
  if (!d) return '';
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
}
