/**
 * The one file policy (spec 02 §3, §5, §9): which types a file may be and how big, and how a type
 * is told from the bytes. Every place that takes a file applies it: the creation form, the
 * 'Editar Registro' files, the offline queue (src/db/mutate.ts), POST /api/documentos and the
 * public tracking upload. So a file the device accepts is one the server accepts.
 *
 * - A file field's policy comes from its file_config: allowed_types (within pdf, jpg, jpeg, png,
 *   doc, docx, xls, xlsx, txt; the spec's six defaults when absent) and max_size_mb (1 to 100,
 *   default 5). 'Archivos Adjuntos' and the tracking page use the defaults.
 * - The type is decided by content: the `file-type` library reads the magic bytes; a ZIP is a docx
 *   or xlsx only when its real structure (central directory, local headers, the package's parts)
 *   is a Word or Excel package and `file-type` read its [Content_Types].xml as the same; an OLE
 *   compound file is a doc or xls as its name says; text is accepted for a .txt name when its
 *   bytes are UTF-8 (or Windows-1252) text without control characters. jpg and jpeg are one type.
 * Pure: works on any `ByteSource` (a Blob on the device, stored parts on the server).
 */
import { fileTypeFromStream } from 'file-type/core';
import { AppError } from './errors';
import {
  ALLOWED_FILE_TYPES,
  DEFAULT_FILE_TYPES,
  DEFAULT_MAX_SIZE_MB,
  MAX_SIZE_CEILING_MB,
  parseListValues,
  type FieldDefinition,
  type FileConfig,
} from './field-definition';

export type FileExt = (typeof ALLOWED_FILE_TYPES)[number];

const MIMES: Record<FileExt, readonly string[]> = {
  pdf: ['application/pdf'],
  jpg: ['image/jpeg', 'image/jpg', 'image/pjpeg'],
  jpeg: ['image/jpeg', 'image/jpg', 'image/pjpeg'],
  png: ['image/png'],
  doc: ['application/msword'],
  docx: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  xls: ['application/vnd.ms-excel'],
  xlsx: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  txt: ['text/plain'],
};

export const MB = 1024 * 1024;
export const MAX_FILE_BYTES = MAX_SIZE_CEILING_MB * MB;

export interface FilePolicy {
  /** Extensions allowed, lower case, without the dot. */
  allowed: readonly FileExt[];
  maxBytes: number;
  multiple: boolean;
}

/** 'Archivos Adjuntos', the edit modal's files and the tracking page (spec 02 §5, §9). */
export const ATTACHMENTS_POLICY: FilePolicy = {
  allowed: DEFAULT_FILE_TYPES,
  maxBytes: DEFAULT_MAX_SIZE_MB * MB,
  multiple: true,
};

const isFileExt = (x: string): x is FileExt => (ALLOWED_FILE_TYPES as readonly string[]).includes(x);

/** A file_config as a policy: unknown types dropped, the size within 1–100 MB (default 5). */
export function policyOf(config: Partial<FileConfig> | null | undefined): FilePolicy {
  const types = Array.isArray(config?.allowed_types)
    ? config.allowed_types.map((t) => String(t).trim().toLowerCase().replace(/^\./, '')).filter(isFileExt)
    : [];
  const mb = Number(config?.max_size_mb);
  const size = Number.isFinite(mb) && mb > 0 ? Math.min(Math.max(mb, 1), MAX_SIZE_CEILING_MB) : DEFAULT_MAX_SIZE_MB;
  return {
    allowed: types.length ? [...new Set(types)] : DEFAULT_FILE_TYPES,
    maxBytes: Math.round(size * MB),
    multiple: !!config?.multiple,
  };
}

/** The policy of a file field of the form (its list_values.file_config). */
export function policyOfField(field: Pick<FieldDefinition, 'list_values'>): FilePolicy {
  return policyOf(parseListValues(field.list_values).file_config);
}

/** For an `<input type=file accept>`: '.pdf,.jpg,…'. */
export const acceptOf = (policy: FilePolicy) => policy.allowed.map((t) => `.${t}`).join(',');

/** 'PDF, DOC y DOCX'. */
export function typesText(policy: FilePolicy): string {
  const names = policy.allowed.map((t) => t.toUpperCase());
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} y ${names[names.length - 1]}` : (names[0] ?? '');
}

const mbText = (bytes: number) => `${String(Math.round((bytes / MB) * 10) / 10).replace('.', ',')} MB`;

/** What a picker says before anyone chooses: 'Formatos aceptados: PDF, JPG y PNG. Máximo 5 MB por archivo.' */
export const policyText = (policy: FilePolicy) =>
  `Formatos aceptados: ${typesText(policy)}. Máximo ${mbText(policy.maxBytes)} por archivo.`;

export const notAllowed = (nombre: string, policy: FilePolicy) =>
  new AppError('UNSUPPORTED_TYPE', `Tipo de archivo no permitido: ${nombre}. Solo se aceptan ${typesText(policy)}.`);
export const tooLarge = (nombre: string, policy: FilePolicy) =>
  new AppError('TOO_LARGE', `El archivo ${nombre} supera el tamaño máximo de ${mbText(policy.maxBytes)}`);
export const emptyFile = (nombre: string) => new AppError('VALIDATION', `El archivo ${nombre} está vacío.`);

export function extensionOf(nombre: string): string {
  const m = /\.([A-Za-z0-9]{1,10})$/.exec(nombre.trim());
  return m ? m[1].toLowerCase() : '';
}

const sameType = (a: string, b: string) => a === b || (['jpg', 'jpeg'].includes(a) && ['jpg', 'jpeg'].includes(b));
const allows = (policy: FilePolicy, ext: string) => policy.allowed.some((t) => sameType(t, ext));

/** The name's extension and the declared type (when a browser gave one) against the policy. */
export function checkName(file: { nombre: string; mime?: string | null }, policy: FilePolicy): FileExt {
  const ext = extensionOf(file.nombre);
  if (!isFileExt(ext) || !allows(policy, ext)) throw notAllowed(file.nombre, policy);
  const declared = file.mime?.split(';')[0].trim().toLowerCase();
  if (declared && declared !== 'application/octet-stream' && !MIMES[ext].includes(declared)) {
    throw new AppError('UNSUPPORTED_TYPE', `El tipo del archivo ${file.nombre} no coincide con su extensión.`);
  }
  return ext;
}

/**
 * What can be checked without reading the bytes: the name's extension, the declared type (when a
 * browser gave one) and the size. Throws the Spanish AppError the user sees.
 */
export function checkDeclared(file: { nombre: string; size: number; mime?: string | null }, policy: FilePolicy): FileExt {
  const ext = checkName(file, policy);
  if (file.size === 0) throw emptyFile(file.nombre);
  if (file.size > policy.maxBytes) throw tooLarge(file.nombre, policy);
  return ext;
}

// ---- reading the bytes -------------------------------------------------------------------------

/** Random access and a stream over a file's bytes (a Blob, stored parts, a Buffer). */
export interface ByteSource {
  readonly size: number;
  read(offset: number, length: number): Promise<Uint8Array>;
  stream(): ReadableStream<Uint8Array>;
}

/** A Blob (or File) as a ByteSource. */
export function blobSource(blob: { size: number; slice(start: number, end: number): { arrayBuffer(): Promise<ArrayBuffer> }; stream(): ReadableStream<Uint8Array> }): ByteSource {
  return {
    size: blob.size,
    read: async (offset, length) => new Uint8Array(await blob.slice(offset, offset + length).arrayBuffer()),
    stream: () => blob.stream(),
  };
}

/** In-memory pieces (in order) as one ByteSource, without joining them. */
export function partsSource(parts: readonly Uint8Array[]): ByteSource {
  const starts: number[] = [];
  let size = 0;
  for (const p of parts) {
    starts.push(size);
    size += p.length;
  }
  const read = async (offset: number, length: number) => {
    const end = Math.min(size, offset + Math.max(0, length));
    const out = new Uint8Array(Math.max(0, end - offset));
    let i = Math.max(0, starts.findLastIndex((s) => s <= offset));
    for (let at = offset; at < end && i < parts.length; i++) {
      const from = at - starts[i];
      const take = Math.min(parts[i].length - from, end - at);
      out.set(parts[i].subarray(from, from + take), at - offset);
      at += take;
    }
    return out;
  };
  return {
    size,
    read,
    stream: () => {
      let i = 0;
      return new ReadableStream<Uint8Array>({
        pull(controller) {
          if (i < parts.length) controller.enqueue(parts[i++]);
          else controller.close();
        },
      });
    },
  };
}

export interface DetectedType {
  ext: FileExt;
  mime: string;
}

const u16 = (b: Uint8Array, o: number) => b[o] | (b[o + 1] << 8);
const u32 = (b: Uint8Array, o: number) => (b[o] | (b[o + 1] << 8) | (b[o + 2] << 16) | (b[o + 3] << 24)) >>> 0;

const MAX_ZIP_ENTRIES = 10_000;
const MAX_CENTRAL_DIRECTORY = 8 * MB;

/**
 * The kind of Office package a ZIP really is, from its structure: the end record, a central
 * directory that fills exactly the space it claims, each entry's local header where the directory
 * says (same name, data before the directory), no encryption, no unsafe or repeated names, and
 * the parts a package needs ([Content_Types].xml, _rels/.rels and word/document.xml or
 * xl/workbook.xml). Null for anything else, including ZIP64 archives.
 */
export async function ooxmlKind(src: ByteSource): Promise<'docx' | 'xlsx' | null> {
  if (src.size < 22) return null;
  const tailLength = Math.min(src.size, 22 + 0xffff);
  const tailStart = src.size - tailLength;
  const tail = await src.read(tailStart, tailLength);
  let end = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (u32(tail, i) === 0x06054b50 && u16(tail, i + 20) === tail.length - i - 22) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const entries = u16(tail, end + 10);
  const cdSize = u32(tail, end + 12);
  const cdOffset = u32(tail, end + 16);
  if (u16(tail, end + 4) !== 0 || u16(tail, end + 6) !== 0 || u16(tail, end + 8) !== entries) return null;
  if (entries === 0xffff || cdOffset === 0xffffffff || entries > MAX_ZIP_ENTRIES || cdSize > MAX_CENTRAL_DIRECTORY) return null;
  if (cdOffset + cdSize !== tailStart + end) return null;

  const cd = await src.read(cdOffset, cdSize);
  const names = new Set<string>();
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let at = 0;
  for (let n = 0; n < entries; n++) {
    if (at + 46 > cd.length || u32(cd, at) !== 0x02014b50) return null;
    const flags = u16(cd, at + 8);
    const method = u16(cd, at + 10);
    const compressed = u32(cd, at + 20);
    const nameLength = u16(cd, at + 28);
    const extraLength = u16(cd, at + 30);
    const commentLength = u16(cd, at + 32);
    const localOffset = u32(cd, at + 42);
    if (flags & 0x1 || (method !== 0 && method !== 8)) return null;
    const rawName = cd.subarray(at + 46, at + 46 + nameLength);
    let name: string;
    try {
      name = decoder.decode(rawName);
    } catch {
      return null;
    }
    if (!name || name.startsWith('/') || name.includes('\\') || name.includes('\0') || name.split('/').includes('..') || names.has(name)) return null;
    names.add(name);
    const local = await src.read(localOffset, 30 + nameLength);
    if (local.length < 30 + nameLength || u32(local, 0) !== 0x04034b50 || u16(local, 26) !== nameLength) return null;
    if (local.subarray(30).some((b, i) => b !== rawName[i])) return null;
    if (localOffset + 30 + nameLength + u16(local, 28) + compressed > cdOffset) return null;
    at += 46 + nameLength + extraLength + commentLength;
  }
  if (at !== cd.length) return null;
  if (!names.has('[Content_Types].xml') || !names.has('_rels/.rels')) return null;
  const word = names.has('word/document.xml');
  const excel = names.has('xl/workbook.xml');
  if (word === excel) return null;
  return word ? 'docx' : 'xlsx';
}

const TEXT_WHITESPACE = new Set([0x09, 0x0a, 0x0c, 0x0d]);
/** Bytes Windows-1252 leaves undefined. */
const CP1252_HOLES = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);

/** The charset a text file is in (utf-8, else windows-1252), or null when it is not text. */
async function textCharset(src: ByteSource): Promise<'utf-8' | 'windows-1252' | null> {
  const reader = src.stream().getReader();
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  let isUtf8 = true;
  let isCp1252 = true;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    for (const b of value) {
      if (b < 0x20 && !TEXT_WHITESPACE.has(b)) {
        await reader.cancel();
        return null;
      }
      if (CP1252_HOLES.has(b)) isCp1252 = false;
    }
    if (isUtf8) {
      try {
        utf8.decode(value, { stream: true });
      } catch {
        isUtf8 = false;
      }
    }
  }
  if (isUtf8) {
    try {
      utf8.decode();
      return 'utf-8';
    } catch {
      // a sequence cut at the end: not UTF-8
    }
  }
  return isCp1252 ? 'windows-1252' : null;
}

const detected = (ext: FileExt, mime = MIMES[ext][0]): DetectedType => ({ ext, mime });

/** The type the bytes of `nombre` really are, among the policy's types; null when none. */
export async function detectFileType(src: ByteSource, nombre: string): Promise<DetectedType | null> {
  if (src.size === 0) return null;
  const named = extensionOf(nombre);
  const found = await fileTypeFromStream(src.stream()).catch(() => undefined);
  switch (found?.ext) {
    case 'pdf':
      return detected('pdf');
    case 'png':
      return detected('png');
    case 'jpg':
      return detected(named === 'jpeg' ? 'jpeg' : 'jpg');
    case 'cfb':
      // An OLE compound file: the old Word and Excel formats share it; the name tells which.
      return named === 'xls' ? detected('xls') : named === 'doc' ? detected('doc') : null;
    case 'docx':
    case 'xlsx': {
      // Both must agree: the package's declared main part (as file-type read [Content_Types].xml)
      // and its real structure. A plain ZIP, or a macro-enabled package, is neither.
      const kind = await ooxmlKind(src);
      return kind === found.ext ? detected(kind) : null;
    }
    case undefined: {
      if (named !== 'txt') return null;
      const charset = await textCharset(src);
      return charset ? detected('txt', `text/plain; charset=${charset}`) : null;
    }
    default:
      return null;
  }
}

/**
 * The whole policy on a file's bytes: declared checks, then the type by content, which must be
 * one the policy allows. Answers the detected type; throws the Spanish AppError otherwise.
 */
export async function checkFile(src: ByteSource, file: { nombre: string; mime?: string | null }, policy: FilePolicy): Promise<DetectedType> {
  checkDeclared({ nombre: file.nombre, size: src.size, mime: file.mime }, policy);
  const type = await detectFileType(src, file.nombre);
  if (!type || !allows(policy, type.ext)) throw notAllowed(file.nombre, policy);
  return type;
}
