/**
 * CSV export (the 'Descargar Ventas' file), made to open as columns, accents intact, in Excel set
 * to Spanish (Colombia):
 * - the separator is ';': Excel splits a double-clicked .csv on the system's list separator, which
 *   is ';' wherever the decimal separator is ',' (es-CO and most Spanish locales); with ',' every
 *   record lands whole in column A;
 * - the file starts with a UTF-8 BOM: without it Excel reads the bytes as Windows-1252 and
 *   'Medellín' becomes 'MedellÃ­n'. No 'sep=;' first line: Excel then ignores the BOM (accents
 *   break again) and other tools read it as a record;
 * - RFC 4180 otherwise: CRLF record ends, fields with ';', ',', '"', CR or LF quoted, inner quotes
 *   doubled; amounts as plain integers (no thousands separator, so Excel reads a number).
 * Formula injection: a cell that starts like a formula ('=', '+', '-', '@', tab, CR) gets a leading
 * apostrophe, and so does any such character right after a ';' or ',' inside a cell (a tool that
 * splits on another separator than ours would start a new cell there).
 */

const BOM = '\uFEFF';
export const CSV_SEPARATOR = ';';
const FORMULA_START = /^[=+\-@\t\r]/;
const FORMULA_AFTER_SEPARATOR = /([;,] *)([=+\-@\t\r])/g;
const NEEDS_QUOTES = /[;,"\r\n]/;

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** One field: neutralised where it could start a formula, then quoted when needed. */
export function csvField(value: unknown): string {
  let text = cellText(value);
  // A real number such as -1500 cannot carry a formula, and a quote would turn the amount into text.
  if (typeof value !== 'number' && typeof value !== 'bigint') {
    text = text.replace(FORMULA_AFTER_SEPARATOR, "$1'$2");
    if (FORMULA_START.test(text)) text = `'${text}`;
  }
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The whole file: BOM, header record, then one record per row; every record ends with CRLF. */
export function toCsv(headers: string[], rows: unknown[][]): string {
  return csvRecords(headers, rows, true);
}

/**
 * A piece of the file, for a file written in pages: the BOM when `start`, the header record when
 * given, then the rows' records. The pieces of one file concatenated equal `toCsv` of it.
 */
export function csvRecords(headers: string[] | null, rows: unknown[][], start: boolean): string {
  const records = (headers ? [headers, ...rows] : rows).map((r) => r.map(csvField).join(CSV_SEPARATOR) + '\r\n');
  return (start ? BOM : '') + records.join('');
}

/**
 * Reads a file made by `toCsv` back into records (for tests and checks): the BOM dropped, ';'
 * separators, quoted fields unquoted. Not a general CSV reader.
 */
export function parseCsv(text: string): string[][] {
  const src = text.startsWith(BOM) ? text.slice(1) : text;
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < src.length; i++) {
    const ch = src[i];
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === CSV_SEPARATOR) {
      record.push(field);
      field = '';
    } else if (ch === '\r' && src[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += ch;
  }
  if (field !== '' || record.length) {
    record.push(field);
    records.push(record);
  }
  return records;
}
