/**
 * The list's date filter (spec 01 §5): compares by calendar day in local time, both ends
 * inclusive; when a range is set, rows without a valid created_at are excluded.
 */
import { dateKey, localDate, parseDate } from '../../db/created-key';
import { FORMATO_FECHA } from '../../domain/fecha-texto';

export { parseDate };

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** A value of `<input type="date">` ('YYYY-MM-DD'), or '' when blank or malformed. */
export function cleanDay(value: string | null | undefined): string {
  const v = (value ?? '').trim();
  return DAY.test(v) ? v : '';
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

/**
 * The first valid calendar day whose 'YYYY-MM-DD' is ≥ `day` as a string (a typed '2025-02-31'
 * compares after every day of February, so it starts March), optionally strictly after it.
 */
function firstDayFrom(day: string, after: boolean): { y: number; m: number; d: number } {
  const [, ys, ms, ds] = DAY.exec(day)!;
  let y = Number(ys);
  let m = Number(ms);
  let d = Number(ds);
  const lastDay = (yy: number, mm: number) =>
    new Date(Date.UTC(2000, mm, 0)).getUTCDate() - (mm === 2 && !isLeap(yy) ? 1 : 0);
  if (m < 1) [m, d] = [1, 1];
  else if (m > 12) [y, m, d] = [y + 1, 1, 1];
  else if (d < 1) d = 1;
  else if (d > lastDay(y, m)) [m, d] = [m + 1, 1];
  else if (after) d += 1;
  if (d > lastDay(y, m)) [m, d] = [m + 1, 1];
  if (m > 12) [y, m] = [y + 1, 1];
  return { y, m, d };
}

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function dayStartKey({ y, m, d }: { y: number; m: number; d: number }): string {
  return dateKey(localDate(y, m - 1, d)) || (y > 9999 ? '\uffff' : '');
}

/**
 * Exact bounds on the canonical `created_at` key (src/db/created-key.ts) of the rows `inDayRange`
 * accepts: lower inclusive, upper exclusive, both in the current time zone. A blank start gives ''
 * (use it exclusive: rows without a valid date have the key ''), a blank end gives '\uffff'.
 */
export function dayKeyRange(desde: string, hasta: string): { lower: string; upper: string } {
  const from = cleanDay(desde);
  const to = cleanDay(hasta);
  return {
    lower: from ? dayStartKey(firstDayFrom(from, false)) : '',
    upper: to ? dayStartKey(firstDayFrom(to, true)) : '\uffff',
  };
}

/** dd/mm/yyyy (es-CO list format) in local time; '' when the value is not a valid date. */
export function formatDay(value: unknown): string {
  const d = parseDate(value);
  if (!d) return '';
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
}

export const FECHA_FILTRO_INVALIDA = `No es una fecha válida (${FORMATO_FECHA}): no se aplica.`;
export const RANGO_INVERTIDO = 'La fecha inicial es posterior a la fecha final.';

/**
 * What is wrong with the range as typed, per field: a date that is not a day once it is written
 * whole (or its field left), then a start after the end (shown under the start).
 */
export function rangeProblems(desde: string, hasta: string, left: ReadonlySet<string>): { desde?: string; hasta?: string } {
  const wrong = (key: 'desde' | 'hasta', value: string) =>
    value.trim() !== '' && !cleanDay(value) && (value.trim().length >= FORMATO_FECHA.length || left.has(key));
  const out: { desde?: string; hasta?: string } = {};
  if (wrong('desde', desde)) out.desde = FECHA_FILTRO_INVALIDA;
  if (wrong('hasta', hasta)) out.hasta = FECHA_FILTRO_INVALIDA;
  const [from, to] = [cleanDay(desde), cleanDay(hasta)];
  if (!out.desde && from && to && from > to) out.desde = RANGO_INVERTIDO;
  return out;
}
