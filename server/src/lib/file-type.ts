/**
 * The server's side of the one file policy (src/domain/file-policy.ts): reading an uploaded file
 * part under a policy (size on the way, type by content on the received parts, a safe name with
 * the type's extension), the type of stored bytes for serving them, and file names made safe to
 * store and to put in a Content-Disposition header.
 */
import type { MultipartFile } from '@fastify/multipart';
import {
  checkFile,
  checkName,
  detectFileType,
  emptyFile,
  extensionOf,
  partsSource,
  tooLarge,
  type DetectedType,
  type FilePolicy,
} from '../../../src/domain/file-policy';
import { readParts } from './file-store';

export { extensionOf };
export type FileType = DetectedType;

/** A received file that passed the policy: its parts, size, verified type and stored name. */
export interface CheckedUpload {
  nombre: string;
  mime: string;
  parts: Buffer[];
  size: number;
}

/**
 * Reads one multipart file under `policy`. The name and declared type are checked before any byte
 * is kept, the size while it streams, the type by content once it is all in. Throws the Spanish
 * AppError (415, 413, 400) the client shows; nothing is stored here.
 */
export async function readUpload(
  part: Pick<MultipartFile, 'filename' | 'mimetype' | 'file'>,
  policy: FilePolicy,
  /** What the request may still read (a per-request budget) and the refusal when a file passes it. */
  budget?: { left: number; refusal: () => Error },
): Promise<CheckedUpload> {
  const nombre = safeFileName(part.filename);
  try {
    checkName({ nombre, mime: part.mimetype }, policy);
  } catch (error) {
    part.file.resume();
    throw error;
  }
  // Nothing past the file's limit or the request's budget is kept.
  const limit = budget ? Math.min(budget.left, policy.maxBytes) : policy.maxBytes;
  const { parts, size, over } = await readParts(part.file, limit);
  if (over && budget && budget.left <= policy.maxBytes) throw budget.refusal();
  if (over || part.file.truncated) throw tooLarge(nombre, policy);
  if (size === 0) throw emptyFile(nombre);
  const type = await checkFile(partsSource(parts), { nombre, mime: part.mimetype }, policy);
  return { nombre: withTypeExtension(nombre, type), mime: type.mime, parts, size };
}

/** The verified type of stored bytes (served as application/octet-stream when null). */
export function typeOfStored(parts: readonly Buffer[], nombre: string): Promise<FileType | null> {
  return detectFileType(partsSource(parts), nombre);
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
