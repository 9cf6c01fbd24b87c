/**
 * Tracking routes (spec 02 §7 'Tracking'). The lookup, the file download and the document upload
 * are public and rate-limited per IP; the stage status change needs an admin or supervisor token,
 * as `PATCH /api/solicitudes/{id}/etapas/{etapa}` does. Multipart is registered here, encapsulated, so no other route accepts it.
 * An `empresa_id` query parameter is accepted and ignored: the radicado alone identifies a filing.
 *
 * The public upload (issue #30) takes at most UPLOAD_LIMITS.filesPerRequest files and
 * bytesPerRequest bytes per request (413, checked while reading, so no more is read), and the
 * filing's daily quota (filesPerDay, bytesPerDay: 429 with Retry-After) is checked in the short
 * transaction that stores them. Every file is read and checked (size, type by content) before any
 * database work starts.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import * as v from 'valibot';
import { AppError } from '../../../../src/domain/errors';
import { uuidv7 } from '../../../../src/domain/ids';
import { parseInput } from '../../lib/validation';
import { contentDisposition, readUpload } from '../../lib/file-type';
import { ATTACHMENTS_POLICY } from '../../../../src/domain/file-policy';
import { requireUser } from '../../plugins/auth';
import { PUBLIC_LIMITS } from '../uploads/service';
import { estadosDeRadicado, lookupRadicado, readArchivo, storeDocuments, updateStages, type UploadedFile, type UploadQuota } from './service';
import type { RadicadoBudget } from './radicado-budget';

const MB = 1024 * 1024;

/** What one client may upload through the public tracking page. */
export const UPLOAD_LIMITS: UploadQuota & { filesPerRequest: number; bytesPerRequest: number } = {
  filesPerRequest: 5,
  bytesPerRequest: 10 * MB,
  // The same daily quota as the resumable (tus) public uploads: 20 files, 50 MB.
  ...PUBLIC_LIMITS,
};

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A required text: `obligatorio` when missing or blank, `largo` past `max` characters. */
const textoObligatorio = (obligatorio: string, max: number, largo: string) =>
  v.pipe(v.string(obligatorio), v.trim(), v.minLength(1, obligatorio), v.maxLength(max, largo));

export const EstadoBody = v.object(
  {
    id_radicado: textoObligatorio('El radicado es obligatorio', 40, 'El radicado no puede tener más de 40 caracteres.'),
    etapas: v.pipe(
      v.array(
        v.object(
          {
            etapa: textoObligatorio('El nombre de la etapa es obligatorio', 60, 'El nombre de la etapa no puede tener más de 60 caracteres.'),
            estado: textoObligatorio('El estado es obligatorio', 80, 'El estado no puede tener más de 80 caracteres.'),
            comentarios: v.optional(
              v.nullable(v.pipe(v.string('Los comentarios deben ser texto.'), v.maxLength(2000, 'Los comentarios no pueden tener más de 2000 caracteres.'))),
            ),
          },
          'Cada etapa debe indicar su nombre y su estado.',
        ),
        'Las etapas deben enviarse como una lista.',
      ),
      v.minLength(1, 'Debe indicar al menos una etapa'),
      v.maxLength(20, 'No se pueden enviar más de 20 etapas.'),
    ),
  },
  'El cuerpo de la solicitud no es válido.',
);

export default async function seguimientoRoutes(app: FastifyInstance, opts: { rateLimit?: number; radicadoLimit: RadicadoBudget }) {
  // One more file than allowed is let through the parser so the route can refuse it by name.
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_LIMITS.bytesPerRequest, files: UPLOAD_LIMITS.filesPerRequest + 1, fields: 20, parts: 30, fieldSize: 1024 },
  });
  const rateLimit = { max: opts.rateLimit ?? 30, timeWindow: '1 minute' };

  app.get<{ Params: { n: string } }>(
    '/api/seguimiento/radicado/:n',
    { onRequest: opts.radicadoLimit, config: { access: 'public' } },
    async (request) => ({ ok: true, data: await lookupRadicado(app.db, request.params.n) }),
  );

  app.get<{ Params: { n: string } }>(
    '/api/seguimiento/radicado/:n/estados',
    { onRequest: opts.radicadoLimit, config: { access: 'public' } },
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
        .header('Content-Length', String(file.size))
        .send(Readable.from(file.parts));
    },
  );

  app.post(
    '/api/seguimiento/actualizar-documentos',
    { onRequest: opts.radicadoLimit, config: { access: 'public' } },
    async (request) => {
      if (!request.isMultipart()) throw new AppError('VALIDATION', 'Se esperaba un formulario multipart.');
      let radicado = '';
      const uploadIds: string[] = [];
      const files: Array<Omit<UploadedFile, 'id'>> = [];
      let total = 0;
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          const value = typeof part.value === 'string' ? part.value.trim() : '';
          if (part.fieldname === 'id_radicado') radicado = value;
          else if (part.fieldname === 'upload_id') uploadIds.push(value);
          continue;
        }
        if (part.fieldname !== 'archivos') {
          part.file.resume();
          continue;
        }
        if (files.length >= UPLOAD_LIMITS.filesPerRequest) {
          throw new AppError('TOO_LARGE', `Puedes subir como máximo ${UPLOAD_LIMITS.filesPerRequest} archivos por envío.`);
        }
        // The one file policy (src/domain/file-policy.ts): the tracking page takes the attachments'
        // types and size; nothing past the request's budget or the file's limit is read.
        const file = await readUpload(part, ATTACHMENTS_POLICY, {
          left: UPLOAD_LIMITS.bytesPerRequest - total,
          refusal: () => new AppError('TOO_LARGE', `Los archivos de un envío no pueden sumar más de ${UPLOAD_LIMITS.bytesPerRequest / MB} MB.`),
        });
        total += file.size;
        files.push({ nombre: file.nombre, mime: file.mime, data: file.parts });
      }
      if (!radicado) throw new AppError('VALIDATION', 'El radicado es obligatorio', { fields: { id_radicado: 'El radicado es obligatorio' } });
      if (!files.length) throw new AppError('VALIDATION', 'Por favor seleccione al menos un archivo');
      if (uploadIds.length && (uploadIds.length !== files.length || !uploadIds.every((id) => UUID_RE.test(id)))) {
        throw new AppError('VALIDATION', 'Identificadores de carga inválidos', { fields: { upload_id: 'Identificador inválido.' } });
      }
      const withIds = files.map((f, i) => ({ ...f, id: uploadIds[i]?.toLowerCase() ?? uuidv7() }));
      return { ok: true, data: await storeDocuments(app.db, radicado, withIds, UPLOAD_LIMITS) };
    },
  );

  app.post(
    '/api/seguimiento/actualizar-estado',
    { config: { roles: ['admin', 'supervisor'] } },
    async (request) => {
      const user = requireUser(request);
      const body = parseInput(EstadoBody, request.body ?? {});
      await updateStages(app.db, user, body.id_radicado, body.etapas);
      return { ok: true };
    },
  );
}
