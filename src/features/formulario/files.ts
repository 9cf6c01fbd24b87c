/**
 * Checks a chosen file against its field's file_config (type and size) before it is kept in the
 * draft, so a file the server would refuse is refused on the spot, offline too.
 */
import { checkFile } from '../../db/mutate';
import { AppError } from '../../domain/errors';
import { DEFAULT_MAX_SIZE_MB, MAX_SIZE_CEILING_MB, parseListValues, type FieldDefinition } from '../../domain/field-definition';
import { uuidv7 } from '../../domain/ids';
import type { StoredFile } from './form-state';

/** 'Archivos Adjuntos' (spec 02 §5, §9). */
export const ATTACHMENT_TYPES = ['pdf', 'doc', 'docx', 'jpg', 'jpeg', 'png'] as const;
export const ATTACHMENT_ACCEPT = ATTACHMENT_TYPES.map((t) => `.${t}`).join(',');

export interface FileRule {
  allowed: readonly string[];
  maxBytes: number;
  multiple: boolean;
}

export const ATTACHMENT_RULE: FileRule = {
  allowed: ATTACHMENT_TYPES,
  maxBytes: DEFAULT_MAX_SIZE_MB * 1024 * 1024,
  multiple: true,
};

export function ruleOf(field: FieldDefinition): FileRule {
  const config = parseListValues(field.list_values).file_config;
  const mb = Math.min(Number(config?.max_size_mb) || DEFAULT_MAX_SIZE_MB, MAX_SIZE_CEILING_MB);
  return {
    allowed: (config?.allowed_types ?? ATTACHMENT_TYPES).map((t) => t.toLowerCase().replace(/^\./, '')),
    maxBytes: mb * 1024 * 1024,
    multiple: !!config?.multiple,
  };
}

/** A StoredFile for `file`, or throws a Spanish AppError (type not allowed, too large, empty). */
export function acceptFile(file: File, rule: FileRule, field: string | null): StoredFile {
  const ext = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  if (!rule.allowed.includes(ext)) {
    throw new AppError(
      'UNSUPPORTED_TYPE',
      `Tipo de archivo no permitido (${file.name}). Tipos permitidos: ${rule.allowed.join(', ')}.`,
    );
  }
  const mime = checkFile({ blob: file, nombre: file.name, mime: file.type || undefined, maxBytes: rule.maxBytes });
  return {
    id: uuidv7(),
    blob: file,
    nombre: file.name,
    mime: file.type || mime,
    size: file.size,
    field,
    maxBytes: rule.maxBytes,
  };
}
