/**
 * `POST /api/documentos` (spec 02 §7 'Documents: POST multipart (file, solicitante_id)'): one or
 * several files for an applicant's application, checked by the one file policy.
 * Invariants:
 * - the policy is the file field's (multipart field `campo` = `entity.key` of a file field of the
 *   company) or, without `campo`, the attachments' defaults; it must be known before the first
 *   file part, so the size limit applies while the bytes arrive;
 * - every file is read and checked (size, type by content) before any transaction opens; one
 *   refused file refuses the request and nothing is stored;
 * - the files attach to `solicitud_id` when given (it must belong to `solicitante_id` when both
 *   are sent), else to the applicant's newest application the user may see;
 * - each file may carry a client id (`id` fields, in the order of the files): the same id again
 *   is a no-op answering the stored document, so a retried upload stores nothing twice.
 */
import type { FastifyRequest } from 'fastify';
import * as v from 'valibot';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../../../src/domain/errors';
import { uuidv7 } from '../../../../src/domain/ids';
import { ATTACHMENTS_POLICY, policyOfField, type FilePolicy } from '../../../../src/domain/file-policy';
import type { AuthUser } from '../../plugins/auth';
import { readUpload, type CheckedUpload } from '../../lib/file-type';
import { loadDefinitions } from '../formulario/schemas';
import { guardarDocumento, visibleSolicitudesOf } from './service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FILE_FIELDS = new Set(['file', 'files', 'archivos']);
const MAX_FILES = 10;

/** The policy of the file field `campo` (`entity.key`) of the user's company. */
export async function policyOfCampo(db: DbOrTx, user: AuthUser, campo: string | undefined): Promise<FilePolicy> {
  if (!campo) return ATTACHMENTS_POLICY;
  const [entity, key, extra] = campo.split('.');
  const defs = entity && key && extra === undefined ? await loadDefinitions(db, user.empresaId) : [];
  const def = defs.find((d) => d.entity === entity && d.key === key && d.type === 'file' && d.isActive !== false);
  if (!def) {
    const shown = (key ?? campo).slice(0, 60);
    throw new AppError('VALIDATION', `No se encontró la definición del campo ${shown} en el esquema`, { fields: { campo: 'Campo de archivo desconocido' } });
  }
  return policyOfField(def);
}

interface Received {
  fields: Record<string, string>;
  ids: string[];
  files: CheckedUpload[];
}

/** Reads the multipart body: fields, client ids and every file under its policy. */
async function receive(db: Db, user: AuthUser, request: FastifyRequest): Promise<Received> {
  if (!request.isMultipart()) throw new AppError('VALIDATION', 'Se esperaba un formulario multipart.');
  const out: Received = { fields: {}, ids: [], files: [] };
  let policy: FilePolicy | null = null;
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      const value = typeof part.value === 'string' ? part.value.trim() : '';
      if (part.fieldname === 'id') out.ids.push(value);
      else if (part.fieldname === 'campo' && policy) {
        throw new AppError('VALIDATION', 'El campo del archivo debe enviarse antes de los archivos.', { fields: { campo: 'Enviar antes de los archivos' } });
      } else out.fields[part.fieldname] = value;
      continue;
    }
    if (!FILE_FIELDS.has(part.fieldname) || out.files.length >= MAX_FILES) {
      part.file.resume();
      continue;
    }
    policy ??= await policyOfCampo(db, user, out.fields.campo);
    if (out.files.length > 0 && !policy.multiple && out.fields.campo) {
      part.file.resume();
      throw new AppError('VALIDATION', 'Este campo admite un solo archivo.', { fields: { campo: 'Un solo archivo' } });
    }
    out.files.push(await readUpload(part, policy));
  }
  return out;
}

const isUuid = (x: string | undefined): x is string => !!x && v.is(v.pipe(v.string(), v.uuid()), x);

/** Receives, checks and stores the files; answers the stored documents in order. */
export async function subirDocumentos(db: Db, user: AuthUser, request: FastifyRequest) {
  const { fields, ids, files } = await receive(db, user, request);
  if (!files.length) throw new AppError('VALIDATION', 'Por favor seleccione al menos un archivo', { fields: { file: 'Archivo obligatorio' } });
  if (ids.length && (ids.length !== files.length || !ids.every((id) => UUID.test(id)))) {
    throw new AppError('VALIDATION', 'Identificador de documento inválido.', { fields: { id: 'Identificador inválido.' } });
  }
  const solicitudId = fields.solicitud_id || undefined;
  const solicitanteId = fields.solicitante_id || undefined;
  if (solicitudId !== undefined && !isUuid(solicitudId)) {
    throw new AppError('VALIDATION', 'ID de la solicitud no encontrado', { fields: { solicitud_id: 'ID de la solicitud no encontrado' } });
  }
  if ((solicitanteId !== undefined && !isUuid(solicitanteId)) || (!solicitudId && !solicitanteId)) {
    throw new AppError('VALIDATION', 'ID del solicitante no encontrado', { fields: { solicitante_id: 'ID del solicitante no encontrado' } });
  }
  return db.transaction(async (tx) => {
    const target = solicitudId?.toLowerCase() ?? (await visibleSolicitudesOf(tx, user, solicitanteId!.toLowerCase()))[0].id;
    const stored = [];
    for (let i = 0; i < files.length; i++) {
      stored.push(
        await guardarDocumento(tx, user, {
          id: ids[i]?.toLowerCase() ?? uuidv7(),
          solicitudId: target,
          solicitanteId: solicitanteId?.toLowerCase(),
          nombre: files[i].nombre,
          mime: files[i].mime,
          data: files[i].parts,
        }),
      );
    }
    return stored;
  });
}
