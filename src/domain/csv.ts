/**
 * CSV export (the 'Descargar Ventas' file): RFC 4180 with CRLF record ends, a UTF-8 BOM so Excel
 * reads the accents, and formula-injection protection so an applicant named '=HYPERLINK(…)' stays
 * text when a staff member opens the file in a spreadsheet.
 */

const BOM = '\uFEFF';
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** One field: neutralised when it could start a formula, then quoted when RFC 4180 requires it. */
export function csvField(value: unknown): string {
  let text = cellText(value);
  // A real number such as -1500 cannot carry a formula, and a quote would turn the amount into text.
  if (typeof value !== 'number' && typeof value !== 'bigint' && FORMULA_START.test(text)) {
    text = `'${text}`;
  }
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The whole file: BOM, header record, then one record per row; every record ends with CRLF. */
export function toCsv(headers: string[], rows: unknown[][]): string {
  const records = [headers, ...rows].map((r) => r.map(csvField).join(',') + '\r\n');
  return BOM + records.join('');
}
