/**
 * Tracking routes (spec 02 §7 'Tracking'). The lookup, the file download and the document upload
 * are public and rate-limited per IP; the stage status change needs a staff token with
 * change_status. Multipart is registered here, encapsulated, so no other route accepts it.
 * An `empresa_id` query parameter is accepted and ignored: the radicado alone identifies a filing.
 */
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import * as v from 'valibot';
import { AppError } from '../../../../src/domain/errors';
import { uuidv7 } from '../../../../src/domain/ids';
import { parseInput } from '../../lib/validation';
import { contentDisposition, detectFileType, safeFileName, withTypeExtension } from '../../lib/file-type';
import { requireUser } from '../../plugins/auth';
import { estadosDeRadicado, lookupRadicado, readArchivo, storeDocuments, updateStages, type UploadedFile } from './service';

const MAX_FILE_BYTES = 5 * 1024 * 1024;
const ALLOWED = new Set(['pdf', 'jpg', 'jpeg', 'png', 'doc', 'docx']);
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const EstadoBody = v.object({
  id_radicado: v.pipe(v.string('El radicado es obligatorio'), v.trim(), v.minLength(1, 'El radicado es obligatorio'), v.maxLength(40)),
  etapas: v.pipe(
    v.array(
      v.object({
        etapa: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(60)),
        estado: v.pipe(v.string(), v.trim(), v.minLength(1, 'El estado es obligatorio'), v.maxLength(80)),
        comentarios: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(2000)))),
      }),
    ),
    v.minLength(1, 'Debe indicar al menos una etapa'),
    v.maxLength(20),
  ),
});

export default async function seguimientoRoutes(app: FastifyInstance, opts: { rateLimit?: number }) {
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 10, fields: 40, parts: 60 } });
  const rateLimit = { max: opts.rateLimit ?? 30, timeWindow: '1 minute' };

  app.get<{ Params: { n: string } }>(
    '/api/seguimiento/radicado/:n',
    { config: { access: 'public', rateLimit } },
    async (request) => ({ ok: true, data: await lookupRadicado(app.db, request.params.n) }),
  );

  app.get<{ Params: { n: string } }>(
    '/api/seguimiento/radicado/:n/estados',
    { config: { access: 'public', rateLimit } },
    async (request) => ({ ok: true, data: { estados: await estadosDeRadicado(app.db, request.params.n) } }),
  );

  app.get<{ Params: { docId: string }; Querystring: { radicado?: string } }>(
    '/api/seguimiento/archivo/:docId',
    { config: { access: 'public', rateLimit } },
    async (request, reply) => {
      const { docId } = request.params;
      const radicado = String(request.query.radicado ?? '');
      if (!UUID_RE.test(docId)) throw new AppError('NOT_FOUND', 'No se encontró el archivo');
      const file = await readArchivo(app.db, docId, radicado);
      return reply
        .header('Content-Type', file.mime)
        .header('Content-Disposition', contentDisposition(file.nombre))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(file.data);
    },
  );

  app.post(
    '/api/seguimiento/actualizar-documentos',
    { config: { access: 'public', rateLimit } },
    async (request) => {
      if (!request.isMultipart()) throw new AppError('VALIDATION', 'Se esperaba un formulario multipart.');
      let radicado = '';
      const uploadIds: string[] = [];
      const files: Array<Omit<UploadedFile, 'id'>> = [];
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          const value = typeof part.value === 'string' ? part.value.trim() : '';
          if (part.fieldname === 'id_radicado') radicado = value;
          else if (part.fieldname === 'upload_id') uploadIds.push(value);
          continue;
        }
        const shown = safeFileName(part.filename);
        if (part.fieldname !== 'archivos') {
          part.file.resume();
          continue;
        }
        let data: Buffer;
        try {
          data = await part.toBuffer();
        } catch (err) {
          if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') data = Buffer.alloc(MAX_FILE_BYTES + 1);
          else throw err;
        }
        if (data.length > MAX_FILE_BYTES) {
          throw new AppError('TOO_LARGE', `El archivo ${shown} supera el tamaño máximo de 5 MB`);
        }
        const type = detectFileType(data, shown);
        if (!type || !ALLOWED.has(type.ext)) {
          throw new AppError('UNSUPPORTED_TYPE', `Tipo de archivo no permitido: ${shown}`);
        }
        files.push({ nombre: withTypeExtension(shown, type), mime: type.mime, data });
      }
      if (!radicado) throw new AppError('VALIDATION', 'El radicado es obligatorio', { fields: { id_radicado: 'El radicado es obligatorio' } });
      if (!files.length) throw new AppError('VALIDATION', 'Por favor seleccione al menos un archivo');
      if (uploadIds.length && (uploadIds.length !== files.length || !uploadIds.every((id) => UUID_RE.test(id)))) {
        throw new AppError('VALIDATION', 'Identificadores de carga inválidos', { fields: { upload_id: 'Identificador inválido.' } });
      }
      const withIds = files.map((f, i) => ({ ...f, id: uploadIds[i]?.toLowerCase() ?? uuidv7() }));
      return { ok: true, data: await storeDocuments(app.db, radicado, withIds) };
    },
  );

  app.post(
    '/api/seguimiento/actualizar-estado',
    { config: { permission: 'change_status' } },
    async (request) => {
      const user = requireUser(request);
      const body = parseInput(EstadoBody, request.body ?? {});
      await updateStages(app.db, user, body.id_radicado, body.etapas);
      return { ok: true };
    },
  );
}
