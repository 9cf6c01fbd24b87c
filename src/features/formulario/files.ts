/**
 * Checks a chosen file with the one file policy (src/domain/file-policy.ts) before it is kept in
 * the draft: its field's file_config, or the attachments' defaults, by name, size and content. So a
 * file the server would refuse is refused on the spot, offline too; the queue and the server check
 * it again with the same policy.
 */
import { ATTACHMENTS_POLICY, acceptOf, blobSource, checkFile, policyOfField, type FilePolicy } from '../../domain/file-policy';
import type { FieldDefinition } from '../../domain/field-definition';
import type { RegistroSchemas } from '../../domain/registro';
import { uuidv7 } from '../../domain/ids';
import type { StoredFile } from './form-state';

/** 'Archivos Adjuntos' (spec 02 §5, §9). */
export const ATTACHMENT_ACCEPT = acceptOf(ATTACHMENTS_POLICY);

export function policyOfFieldOrAttachments(field: FieldDefinition | null): FilePolicy {
  return field ? policyOfField(field) : ATTACHMENTS_POLICY;
}

/** The policy a stored file was accepted under: its field's (`entity.key`), or the attachments'. */
export function policyOfPath(schemas: RegistroSchemas, path: string | null): FilePolicy {
  if (!path) return ATTACHMENTS_POLICY;
  const [entity, key] = path.split('.');
  const field = (schemas as Partial<Record<string, readonly FieldDefinition[]>>)[entity]?.find((f) => f.key === key);
  return policyOfFieldOrAttachments(field ?? null);
}

/** A StoredFile for `file`, or throws a Spanish AppError (type not allowed, too large, empty). */
export async function acceptFile(file: File, policy: FilePolicy, field: string | null): Promise<StoredFile> {
  const type = await checkFile(blobSource(file), { nombre: file.name, mime: file.type || null }, policy);
  return {
    id: uuidv7(),
    blob: file,
    nombre: file.name,
    mime: type.mime,
    size: file.size,
    field,
    maxBytes: policy.maxBytes,
  };
}
