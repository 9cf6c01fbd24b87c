/**
 * How Radica writes numbers, money, dates, times and counts for a person (es-CO), in one place so
 * the screens, the sync worker and the server say them the same way. Pure: no DOM, no React.
 *
 * - Money: whole pesos, '$ 180.000.000' (a plain space after the sign).
 * - Numbers: es-CO grouping and decimal comma, '10.242,7'.
 * - Dates: 'dd/mm/yyyy'; times: 24-hour 'hh:mm'; both in Colombian time, so a tablet with a
 *   foreign clock setting and the server write the same day.
 * - Counts: the noun agrees with the number ('1 cambio', '2 cambios', '1.234 resultados').
 */

export const TIME_ZONE = 'America/Bogota';

const INTEGER = new Intl.NumberFormat('es-CO', { maximumFractionDigits: 0 });
const decimals = new Map<number, Intl.NumberFormat>();

/** '10.242,7' with `fraction` decimals (0 = whole number). */
export function formatNumber(n: number, fraction = 0): string {
  if (!Number.isFinite(n)) return '';
  if (fraction === 0) return INTEGER.format(n);
  let f = decimals.get(fraction);
  if (!f) {
    f = new Intl.NumberFormat('es-CO', { minimumFractionDigits: fraction, maximumFractionDigits: fraction });
    decimals.set(fraction, f);
  }
  return f.format(n);
}

/** '$ 180.000.000'; negative amounts '-$ 5.000'. Fractions of a peso are rounded away. */
export function formatMoney(n: number): string {
  if (!Number.isFinite(n)) return '';
  const whole = Math.round(n);
  return `${whole < 0 ? '-' : ''}$ ${INTEGER.format(Math.abs(whole))}`;
}

/** A byte count in megabytes with one decimal: '10.242,7 MB'. */
export function formatMegabytes(bytes: number): string {
  return `${formatNumber(bytes / 1024 / 1024, 1)} MB`;
}

/** A file size as a person reads it: '512 B', '34 KB', '2,5 MB'. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${formatNumber(bytes)} B`;
  if (bytes < 1024 * 1024) return `${formatNumber(Math.round(bytes / 1024))} KB`;
  return formatMegabytes(bytes);
}

/**
 * '1 cambio' / '2 cambios' / '1.234 resultados'. The plural is given when adding 's' is wrong
 * ('1 notificación', '2 notificaciones').
 */
export function plural(n: number, singular: string, pluralForm = `${singular}s`): string {
  return `${formatNumber(n)} ${n === 1 ? singular : pluralForm}`;
}

const DAY = new Intl.DateTimeFormat('es-CO', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: TIME_ZONE });
const TIME = new Intl.DateTimeFormat('es-CO', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: TIME_ZONE });
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

function toDate(value: string | number | Date): Date | null {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * 'dd/mm/yyyy'. A plain calendar day ('2026-03-05', a birth date) is written as it is, never moved
 * by a time zone; an instant is the day it was in Colombia. '' for no or an invalid date.
 */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string') {
    const m = DATE_ONLY.exec(value);
    if (m) return `${m[3]}/${m[2]}/${m[1]}`;
  }
  const d = toDate(value);
  return d ? DAY.format(d) : '';
}

/** '10:42' (24 hours, Colombian time). */
export function formatTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = toDate(value);
  return d ? TIME.format(d) : '';
}

/** '05/03/2026 10:42'. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const day = formatDate(value);
  const time = formatTime(value);
  return day && time ? `${day} ${time}` : day;
}

/**
 * When something happened, short: 'hoy 10:42', 'ayer 18:05', or '05/03/2026 10:42'.
 * `now` is for tests.
 */
export function formatWhen(value: string | number | Date | null | undefined, now: Date = new Date()): string {
  if (value === null || value === undefined || value === '') return '';
  const d = toDate(value);
  if (!d) return '';
  const day = DAY.format(d);
  if (day === DAY.format(now)) return `hoy ${TIME.format(d)}`;
  if (day === DAY.format(new Date(now.getTime() - 24 * 3600 * 1000))) return `ayer ${TIME.format(d)}`;
  return `${day} ${TIME.format(d)}`;
}

// ---- money fields ----------------------------------------------------------------------------

/**
 * Keys of the application's amounts in pesos (amounts, values, incomes, expenses, assets,
 * liabilities, fees, rents, instalments): written as money, typed in a MoneyField.
 */
const MONEY_KEY =
  /(^|_)(monto|valor|ingresos?|egresos?|activos|pasivos|gastos|salario|honorarios|arriendos|cuota|precio|patrimonio|saldo|deudas?)(_|$)/;

/** Whether the last segment of a field path names an amount of money. */
export function isMoneyKey(path: string): boolean {
  const key = path.slice(path.lastIndexOf('.') + 1);
  return MONEY_KEY.test(key) && !/(^|_)(meses|porcentaje|tasa)(_|$)/.test(key);
}

// ---- typing money ----------------------------------------------------------------------------

/**
 * The whole pesos in what a person typed or pasted: '$ 180.000.000' -> 180000000,
 * '1.500.000,50' -> 1500000 (the centavos after a decimal comma are dropped), '' -> null.
 */
export function parseMoney(text: string): number | null {
  const whole = text.split(',')[0];
  const digits = whole.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  if (!digits) return null;
  const n = Number(digits);
  return Number.isSafeInteger(n) ? n : Number(digits.slice(0, 15));
}

/** What a money input shows for a value: '$ 180.000.000', or '' for none. */
export function moneyInputText(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const n = typeof value === 'number' ? value : parseMoney(String(value));
  return n === null || !Number.isFinite(n) ? '' : formatMoney(n);
}

/**
 * Reformats a money input after an edit and says where the caret goes: after the same number of
 * digits as before the caret in what was typed, so typing in the middle of '$ 1.234.567' keeps
 * the caret where the person is typing.
 */
export function reformatMoneyInput(typed: string, caret: number): { text: string; caret: number; value: number | null } {
  const value = parseMoney(typed);
  const text = moneyInputText(value);
  const digitsBefore = typed.slice(0, caret).split(',')[0].replace(/\D/g, '').replace(/^0+(?=\d)/, '').length;
  if (digitsBefore === 0) return { text, caret: text ? 2 : 0, value };
  let seen = 0;
  for (let i = 0; i < text.length; i++) {
    if (/\d/.test(text[i])) seen++;
    if (seen === digitsBefore) return { text, caret: i + 1, value };
  }
  return { text, caret: text.length, value };
}
