/**
 * The checks a finished resumable upload passes before it becomes a document: the same ones
 * POST /api/documentos and the tracking upload make (size, type by content, safe name).
 * Seam: when the one file policy (src/domain/file-policy.ts, server/src/lib/file-type.ts) lands,
 * these two functions call it instead of repeating the rules.
 */
import { AppError } from '../../../../src/domain/errors';
import { detectFileType, extensionOf, safeFileName, withTypeExtension } from '../../lib/file-type';

/** Per file, as POST /api/documentos (the spec's field default, 5 MB). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
const ALLOWED = new Set(['pdf', 'jpg', 'jpeg', 'png', 'doc', 'docx']);
const TYPES_TEXT = 'Solo se aceptan PDF, DOC, DOCX, JPG, JPEG y PNG.';

/** Before any byte arrives: the declared name and length (a cheap refusal of what cannot pass). */
export function checkDeclaredFile(filename: string, size: number, maxBytes = MAX_UPLOAD_BYTES): string {
  const nombre = safeFileName(filename);
  if (!ALLOWED.has(extensionOf(nombre))) {
    throw new AppError('UNSUPPORTED_TYPE', `Tipo de archivo no permitido: ${nombre}. ${TYPES_TEXT}`);
  }
  if (size === 0) throw new AppError('VALIDATION', 'El archivo está vacío.');
  if (size > maxBytes) throw new AppError('TOO_LARGE', `El archivo ${nombre} supera el tamaño máximo de ${maxBytes / (1024 * 1024)} MB`);
  return nombre;
}

/** After the last byte: the content decides the type; the name takes the type's extension. */
export function checkReceivedFile(data: Buffer, nombre: string, maxBytes = MAX_UPLOAD_BYTES): { nombre: string; mime: string } {
  if (data.length === 0) throw new AppError('VALIDATION', 'El archivo está vacío.');
  if (data.length > maxBytes) throw new AppError('TOO_LARGE', `El archivo ${nombre} supera el tamaño máximo de ${maxBytes / (1024 * 1024)} MB`);
  const type = detectFileType(data, nombre);
  if (!type || !ALLOWED.has(type.ext)) {
    throw new AppError('UNSUPPORTED_TYPE', `Tipo de archivo no permitido: ${nombre}. ${TYPES_TEXT}`);
  }
  return { nombre: withTypeExtension(nombre, type), mime: type.mime };
}
