/**
 * The sort and range key of a local application row (`solicitudes.created_at`): the instant of
 * `solicitud.created_at` as a canonical UTC ISO string ('2025-03-01T17:04:05.123Z'), or '' when it
 * is not a valid date. Invariants:
 * - Canonical strings of years 0000–9999 compare like the instants they name, so the `created_at`
 *   index orders rows newest first (reversed) and a local calendar day is an exact key range
 *   [start of the day, start of the next day) computed at query time in the current time zone.
 * - Years outside 0000–9999 get '' (no valid date for the list).
 * - A bare 'YYYY-MM-DD' is read as local midnight (like the list's date filter), so its key is the
 *   instant of that midnight in the time zone where the row was written.
 */

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
// PostgreSQL's text form of timestamptz ('2025-03-01 17:04:05.123456+00'), also accepted by V8
// but not by every engine: rewritten to the ISO form before parsing.
const SQL_TIMESTAMP =
  /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)(?:\.(\d+))?(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

function isoOffset(offset: string | undefined): string {
  if (!offset || offset.toUpperCase() === 'Z') return offset ? 'Z' : '';
  const digits = offset.slice(1).replace(':', '');
  return `${offset[0]}${digits.slice(0, 2)}:${digits.slice(2, 4) || '00'}`;
}

/** Parses an ISO date-time (or a bare 'YYYY-MM-DD', read as a local day); null when invalid. */
export function parseDate(value: unknown): Date | null {
  if (typeof value !== 'string' || !value.trim()) return null;
  const v = value.trim();
  const m = DAY.exec(v);
  if (m) return localDate(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const sql = SQL_TIMESTAMP.exec(v);
  const text = sql
    ? `${sql[1]}T${sql[2]}${sql[3] ? `.${sql[3].slice(0, 3).padEnd(3, '0')}` : ''}${isoOffset(sql[4])}`
    : v;
  const d = new Date(text);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** Local midnight of a calendar day (month 0-based; day and month may overflow like `Date`). */
export function localDate(year: number, monthIndex: number, day: number): Date {
  const d = new Date(2000, 0, 1);
  d.setFullYear(year, monthIndex, day);
  return d;
}

/** Canonical key of a date: its UTC ISO string, '' outside the years 0000–9999. */
export function dateKey(d: Date): string {
  const iso = d.toISOString();
  return iso.length === 24 ? iso : '';
}

/** The `created_at` key of a row from its record's `solicitud.created_at` (see the header). */
export function createdKey(value: unknown): string {
  const d = parseDate(value);
  return d ? dateKey(d) : '';
}
