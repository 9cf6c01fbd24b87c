/**
 * The checks a resumable upload passes, by the one file policy (src/domain/file-policy.ts), the
 * same as POST /api/documentos and the tracking upload: the policy is the file field's (`campo`
 * metadata, `entity.key` of the company's file field) for a staff upload, the attachments' for a
 * staff upload without `campo` and for every public upload.
 * - At creation, before any byte: the declared name, type and length (a cheap refusal of what
 *   cannot pass).
 * - After the last byte: the size again and the type by content; the name takes the type's
 *   extension.
 */
import {
  ATTACHMENTS_POLICY,
  MAX_FILE_BYTES,
  checkDeclared,
  checkFile,
  type ByteSource,
  type FilePolicy,
} from '../../../../src/domain/file-policy';
import type { DbOrTx } from '../../db/client';
import type { AuthUser } from '../../plugins/auth';
import { safeFileName, withTypeExtension } from '../../lib/file-type';
import { policyOfCampo } from '../registro/documentos';

/** The largest file any policy allows (100 MB): tus refuses more; the policy refuses less. */
export const MAX_UPLOAD_BYTES = MAX_FILE_BYTES;

/** The policy of an upload: its field's for a staff upload with `campo`, else the attachments'. */
export function policyOfUpload(db: DbOrTx, user: AuthUser | null, campo: string | null | undefined): Promise<FilePolicy> {
  return user && campo ? policyOfCampo(db, user, campo) : Promise.resolve(ATTACHMENTS_POLICY);
}

/** Before any byte arrives: the declared name, type and length under `policy`; the safe name. */
export function checkDeclaredFile(filename: string, size: number, policy: FilePolicy, mime?: string | null): string {
  const nombre = safeFileName(filename);
  checkDeclared({ nombre, size, mime }, policy);
  return nombre;
}

/** After the last byte: the content decides the type; the name takes the type's extension. */
export async function checkReceivedFile(src: ByteSource, nombre: string, policy: FilePolicy): Promise<{ nombre: string; mime: string }> {
  const type = await checkFile(src, { nombre }, policy);
  return { nombre: withTypeExtension(nombre, type), mime: type.mime };
}
