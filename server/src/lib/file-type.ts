/**
 * File types by content (magic bytes), never by the name or the browser's declared type, and file
 * names made safe to store and to put in a Content-Disposition header.
 */

export interface FileType {
  ext: string;
  mime: string;
}

const MIME: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  txt: 'text/plain; charset=utf-8',
};

const type = (ext: string): FileType => ({ ext, mime: MIME[ext] });

export function extensionOf(filename: string): string {
  const m = /\.([A-Za-z0-9]{1,10})$/.exec(filename);
  return m ? m[1].toLowerCase() : '';
}

function startsWith(buf: Uint8Array, bytes: readonly number[], offset = 0): boolean {
  if (buf.length < offset + bytes.length) return false;
  return bytes.every((b, i) => buf[offset + i] === b);
}

/** Whether an entry name (stored in plain text in zip headers) occurs in the archive. */
function zipHasEntry(buf: Uint8Array, prefix: string): boolean {
  return Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength).includes(prefix, 0, 'latin1');
}

function isUtf8Text(buf: Uint8Array): boolean {
  if (buf.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(buf);
    return true;
  } catch {
    return false;
  }
}

/**
 * The type the bytes really are, or null when they are none of the known types. The name only
 * settles what the bytes cannot: a zip is docx/xlsx by its entries (or by the name), an OLE file is
 * doc or xls, and text is accepted only for a .txt name.
 */
export function detectFileType(buf: Uint8Array, filename: string): FileType | null {
  const ext = extensionOf(filename);
  if (startsWith(buf, [0x25, 0x50, 0x44, 0x46, 0x2d])) return type('pdf'); // %PDF-
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return type('png');
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return type(ext === 'jpeg' ? 'jpeg' : 'jpg');
  if (startsWith(buf, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return type(ext === 'xls' ? 'xls' : 'doc');
  if (startsWith(buf, [0x50, 0x4b, 0x03, 0x04])) {
    if (zipHasEntry(buf, 'word/')) return type('docx');
    if (zipHasEntry(buf, 'xl/')) return type('xlsx');
    if (ext === 'docx' || ext === 'xlsx') return type(ext);
    return null;
  }
  if (ext === 'txt' && isUtf8Text(buf)) return type('txt');
  return null;
}

const MAX_NAME = 120;

/**
 * A file name without folders, control characters or leading dots, at most 120 characters, keeping
 * its extension. Never empty.
 */
export function safeFileName(name: string): string {
  const base = String(name ?? '')
    .split(/[/\\]/)
    .pop()!
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/[<>:"|?*]/g, '_')
    .trim()
    .replace(/^\.+/, '')
    .trim();
  if (!base) return 'archivo';
  const chars = Array.from(base);
  if (chars.length <= MAX_NAME) return base;
  const ext = extensionOf(base);
  const suffix = ext ? `.${ext}` : '';
  return chars.slice(0, MAX_NAME - suffix.length).join('').trimEnd() + suffix;
}

/** The name with the extension of the detected type when the given one does not match it. */
export function withTypeExtension(name: string, detected: FileType): string {
  const ext = extensionOf(name);
  const same = ext === detected.ext || (ext === 'jpeg' && detected.ext === 'jpg') || (ext === 'jpg' && detected.ext === 'jpeg');
  if (same) return name;
  return safeFileName(`${name}.${detected.ext}`);
}

/** `attachment; filename="ascii"; filename*=UTF-8''…` (RFC 6266 / RFC 5987). */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
