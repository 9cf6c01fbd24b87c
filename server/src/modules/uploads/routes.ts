/**
 * Resumable uploads, tus 1.0.0 (creation, termination, expiration): staff at /api/uploads, the
 * public tracking page at /api/seguimiento/uploads. @tus/server speaks the protocol; these Fastify
 * routes put it behind the same hooks as every route (auth, tenancy, roles, rate limits).
 * Invariants:
 * - Fastify never reads a tus body: `application/offset+octet-stream` has a parser that leaves
 *   the stream alone, and the handler gives the raw request and response to tus (reply.hijack).
 * - Before tus sees a request, the route has refused what it may not do, in the usual
 *   `{ok:false, error, code}` answer: no Tus-Resumable (412), a creation without a valid length,
 *   metadata, type or target, an upload id that is not the caller's (404: a staff upload is its
 *   user's; the public path reaches only public uploads, and the staff path only staff ones), a
 *   public PATCH past the filing's daily quota of real bytes (429, service.ts).
 * - Errors inside tus (offset conflicts, expiry, hooks) answer the same envelope in Spanish.
 * - A complete upload whose document could not be made yet (the database was away) is finished
 *   on the next HEAD; while that still fails, HEAD answers 423 so the client retries the same
 *   upload instead of starting a new one.
 * - Expired uploads are deleted every CLEANUP_EVERY_MS while the app runs.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Server } from '@tus/server';
import { Metadata } from '@tus/utils';
import * as v from 'valibot';
import { AppError, HTTP_STATUS, isTemporary, type ErrorCode } from '../../../../src/domain/errors';
import { uuidv7 } from '../../../../src/domain/ids';
import { errorBody, isDatabaseUnavailable } from '../../plugins/errors';
import { requireUser, type AuthUser } from '../../plugins/auth';
import { ATTACHMENTS_POLICY } from '../../../../src/domain/file-policy';
import { checkDeclaredFile, MAX_UPLOAD_BYTES, policyOfUpload } from './file-check';
import {
  checkPublicTarget,
  checkPublicWrite,
  checkStaffTarget,
  finishPublicUpload,
  finishStaffUpload,
  readUploadRow,
  uploadNotFound,
  type UploadRow,
} from './service';
import { PgUploadStore, uploadContext, type UploadOwner, type UploadScope } from './store';
import type { RadicadoBudget } from '../seguimiento/radicado-budget';

export const STAFF_PATH = '/api/uploads';
export const PUBLIC_PATH = '/api/seguimiento/uploads';
const CLEANUP_EVERY_MS = 60 * 60 * 1000;
const TUS_VERSION = '1.0.0';
const ID_RE = /^[0-9a-f]{32}$/;

const uuid = (message: string) => v.pipe(v.string(message), v.uuid(message));
const NAME_REQUIRED = 'El nombre del archivo es obligatorio';
const fileFields = {
  filename: v.pipe(
    v.string(NAME_REQUIRED),
    v.trim(),
    v.minLength(1, NAME_REQUIRED),
    v.maxLength(255, 'El nombre del archivo no puede tener más de 255 caracteres.'),
  ),
  filetype: v.optional(
    v.nullable(v.pipe(v.string('El tipo de archivo no es válido.'), v.maxLength(200, 'El tipo de archivo no puede tener más de 200 caracteres.'))),
  ),
  documento_id: v.optional(uuid('Identificador de documento inválido.')),
};
const StaffMetadata = v.object({
  solicitud_id: uuid('ID de la solicitud no encontrado'),
  ...fileFields,
  /** The file field (`entity.key`) whose file_config applies; absent = the attachments' policy. */
  campo: v.optional(
    v.nullable(v.pipe(v.string('El campo del archivo no es válido.'), v.trim(), v.maxLength(120, 'El campo del archivo no puede tener más de 120 caracteres.'))),
  ),
});
const PublicMetadata = v.object({
  radicado: v.pipe(
    v.string('El radicado es obligatorio'),
    v.trim(),
    v.minLength(1, 'El radicado es obligatorio'),
    v.maxLength(40, 'El radicado no puede tener más de 40 caracteres.'),
  ),
  ...fileFields,
});

/** Spanish answers for the protocol errors @tus/server raises itself, by status. */
const TUS_ERRORS: Record<number, [ErrorCode, string]> = {
  400: ['VALIDATION', 'La solicitud de carga no es válida.'],
  403: ['VALIDATION', 'La solicitud de carga no es válida.'],
  404: ['NOT_FOUND', 'La carga no existe o ya no está disponible.'],
  409: ['CONFLICT', 'La posición de la carga no coincide con la del servidor. Se reanudará desde la guardada.'],
  410: ['NOT_FOUND', 'La carga expiró. El archivo se volverá a enviar.'],
  412: ['VALIDATION', 'Versión del protocolo de carga no soportada.'],
  413: ['TOO_LARGE', 'El archivo supera el tamaño máximo permitido.'],
  415: ['UNSUPPORTED_TYPE', 'Tipo de contenido no soportado.'],
};
const INTERNAL_MESSAGE = 'Error interno del servidor. Inténtalo de nuevo más tarde.';
const UNAVAILABLE_MESSAGE = 'El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos.';

const answer = (status: number, code: ErrorCode, message: string, extra: Record<string, unknown> = {}) => ({
  status_code: status,
  body: JSON.stringify(errorBody(code, message, extra)),
});
/** Protocol errors the client cures by asking for the offset again (or by starting anew). */
const CURED_BY_RETRY = new Set([409, 410]);

function tusError(err: unknown): { status_code: number; body: string } {
  if (err instanceof AppError) return answer(HTTP_STATUS[err.code], err.code, err.message);
  if (isDatabaseUnavailable(err)) return answer(503, 'UNAVAILABLE', UNAVAILABLE_MESSAGE);
  const e = err as { status_code?: unknown; body?: unknown };
  if (typeof e?.status_code === 'number' && typeof e.body === 'string') {
    if (e.body.startsWith('{')) return { status_code: e.status_code, body: e.body };
    const known = TUS_ERRORS[e.status_code];
    if (known) return answer(e.status_code, known[0], known[1], CURED_BY_RETRY.has(e.status_code) ? { retry: true } : {});
    if (e.status_code < 500) return answer(e.status_code, 'VALIDATION', TUS_ERRORS[400][1]);
  }
  return answer(500, 'INTERNAL', INTERNAL_MESSAGE);
}

/** A request without `Tus-Resumable: 1.0.0` is answered 412 (tus 1.0.0) and goes no further. */
async function speaksTus(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  if (request.headers['tus-resumable'] === TUS_VERSION) return true;
  await reply
    .code(412)
    .header('Tus-Version', TUS_VERSION)
    .send(errorBody('VALIDATION', 'La carga debe usar el protocolo de carga reanudable (Tus-Resumable: 1.0.0).'));
  return false;
}

/** Upload-Length and Upload-Metadata of a creation request, checked with `schema`. */
function parseCreation<T extends v.GenericSchema>(request: FastifyRequest, schema: T): { size: number; meta: v.InferOutput<T> } {
  const length = request.headers['upload-length'];
  if (typeof length !== 'string' || !/^\d{1,15}$/.test(length)) {
    throw new AppError('VALIDATION', 'La carga debe indicar su tamaño (Upload-Length).', { fields: { 'Upload-Length': 'Tamaño inválido' } });
  }
  let raw: Record<string, string | null>;
  try {
    raw = Metadata.parse(String(request.headers['upload-metadata'] ?? ''));
  } catch {
    throw new AppError('VALIDATION', 'Los metadatos de la carga no son válidos.');
  }
  // Every key the schema knows is present (undefined when absent), so a missing one gets its own message.
  const keys = Object.keys((schema as unknown as v.ObjectSchema<v.ObjectEntries, undefined>).entries);
  const parsed = v.safeParse(schema, Object.fromEntries(keys.map((k) => [k, raw[k] ?? undefined])));
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.issues) fields[v.getDotPath(issue) ?? '_'] ??= issue.message;
    throw new AppError('VALIDATION', Object.values(fields)[0] ?? 'Los metadatos de la carga no son válidos.', { fields });
  }
  return { size: Number(length), meta: parsed.output };
}

/** The upload addressed by the path, if `mine` accepts it; any other id is the same 404. */
async function addressedUpload(app: FastifyInstance, request: FastifyRequest, mine: (row: UploadRow) => boolean): Promise<UploadRow> {
  const id = (request.params as { id?: unknown }).id;
  if (typeof id !== 'string' || !ID_RE.test(id)) throw uploadNotFound();
  const row = await readUploadRow(app.db, id);
  if (!row || !mine(row)) throw uploadNotFound();
  if (request.method === 'PATCH' && !String(request.headers['content-type'] ?? '').startsWith('application/offset+octet-stream')) {
    throw new AppError('UNSUPPORTED_TYPE', 'Los datos de la carga deben enviarse como application/offset+octet-stream.');
  }
  return row;
}

export default async function uploadsRoutes(app: FastifyInstance, opts: { rateLimit?: number; radicadoLimit: RadicadoBudget }) {
  const store = new PgUploadStore(app.db);
  const serverFor = (path: string) =>
    new Server({
      path,
      datastore: store,
      relativeLocation: true,
      // The app uploads from its own origin: no CORS, like every other route (tus would answer
      // Access-Control-Allow-Origin: * without this; an empty list names no origin at all).
      allowedOrigins: [],
      maxSize: MAX_UPLOAD_BYTES,
      onUploadFinish: async (_req, upload) => {
        await uploadContext.getStore()?.finish?.(upload.id);
        return {};
      },
      onResponseError: (_req, err) => tusError(err),
    });
  const staff = serverFor(STAFF_PATH);
  const pub = serverFor(PUBLIC_PATH);

  // tus bodies go to tus untouched.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  const timer = setInterval(() => void store.deleteExpired().catch(() => undefined), CLEANUP_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  async function pass(request: FastifyRequest, reply: FastifyReply, server: Server, scope: UploadScope) {
    reply.hijack();
    // Outside Fastify's hooks: the same no-store as every /api answer (app.ts). Node merges these
    // with the headers tus writes.
    reply.raw.setHeader('Cache-Control', 'no-store');
    reply.raw.setHeader('Pragma', 'no-cache');
    try {
      await uploadContext.run(scope, () => server.handle(request.raw, reply.raw));
    } catch (err) {
      request.log.error({ err }, 'tus upload failed');
      if (!reply.raw.headersSent) {
        reply.raw.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
        reply.raw.end(JSON.stringify(errorBody('INTERNAL', INTERNAL_MESSAGE)));
      } else reply.raw.destroy();
    }
  }

  /** HEAD of a complete upload whose document is not made yet: make it first (see the header). */
  async function finishBeforeHead(reply: FastifyReply, row: UploadRow, finish: (id: string) => Promise<void>): Promise<boolean> {
    if (row.finishedAt || row.uploadOffset < row.size) return true;
    try {
      await finish(row.id);
      return true;
    } catch (err) {
      const temporary = err instanceof AppError ? isTemporary(err.code) : true;
      if (!temporary) throw err;
      await reply.code(423).header('Tus-Resumable', TUS_VERSION).header('Cache-Control', 'no-store').send();
      return false;
    }
  }

  // ---- staff -------------------------------------------------------------------------------

  const staffAccess = { permission: 'edit_customer' as const };
  const finishAs = (user: AuthUser) => (id: string) => finishStaffUpload(app.db, user, id);

  app.options(STAFF_PATH, { config: { access: 'public' } }, (request, reply) => pass(request, reply, staff, {}));

  app.post(STAFF_PATH, { config: staffAccess }, async (request, reply) => {
    const user = requireUser(request);
    if (!(await speaksTus(request, reply))) return;
    const { size, meta } = parseCreation(request, StaffMetadata);
    const nombre = checkDeclaredFile(meta.filename, size, await policyOfUpload(app.db, user, meta.campo), meta.filetype);
    const solicitudId = meta.solicitud_id.toLowerCase();
    await checkStaffTarget(app.db, user, solicitudId);
    const owner: UploadOwner = {
      kind: 'staff',
      empresaId: user.empresaId,
      usuarioId: user.id,
      solicitudId,
      documentoId: meta.documento_id?.toLowerCase() ?? uuidv7(),
      nombre,
    };
    await pass(request, reply, staff, { owner, finish: finishAs(user) });
  });

  app.route({
    method: ['HEAD', 'PATCH', 'DELETE'],
    url: `${STAFF_PATH}/:id`,
    config: staffAccess,
    handler: async (request, reply) => {
      const user = requireUser(request);
      if (!(await speaksTus(request, reply))) return;
      const row = await addressedUpload(app, request, (r) => r.kind === 'staff' && r.empresaId === user.empresaId && r.usuarioId === user.id);
      const finish = finishAs(user);
      if (request.method === 'HEAD' && !(await finishBeforeHead(reply, row, finish))) return;
      await pass(request, reply, staff, { finish });
    },
  });

  // ---- public tracking page ----------------------------------------------------------------

  const rateLimit = { max: opts.rateLimit ?? 30, timeWindow: '1 minute' };
  const publicAccess = { access: 'public' as const, rateLimit };
  const finishPublic = (id: string) => finishPublicUpload(app.db, id);

  app.options(PUBLIC_PATH, { config: { access: 'public' } }, (request, reply) => pass(request, reply, pub, {}));

  // Its creation names the filing number: it counts in the filing numbers' budget.
  app.post(PUBLIC_PATH, { onRequest: opts.radicadoLimit, config: { access: 'public' } }, async (request, reply) => {
    if (!(await speaksTus(request, reply))) return;
    const { size, meta } = parseCreation(request, PublicMetadata);
    const nombre = checkDeclaredFile(meta.filename, size, ATTACHMENTS_POLICY, meta.filetype);
    const target = await checkPublicTarget(app.db, meta.radicado, size);
    const owner: UploadOwner = {
      kind: 'public',
      empresaId: target.empresaId,
      usuarioId: null,
      solicitudId: target.solicitudId,
      documentoId: meta.documento_id?.toLowerCase() ?? uuidv7(),
      nombre,
    };
    await pass(request, reply, pub, { owner, finish: finishPublic });
  });

  app.route({
    method: ['HEAD', 'PATCH', 'DELETE'],
    url: `${PUBLIC_PATH}/:id`,
    config: publicAccess,
    handler: async (request, reply) => {
      if (!(await speaksTus(request, reply))) return;
      const row = await addressedUpload(app, request, (r) => r.kind === 'public');
      if (request.method === 'HEAD' && !(await finishBeforeHead(reply, row, finishPublic))) return;
      // Bytes are stored only within the filing's quota of real bytes (service.ts header); the
      // PATCH holds the rest of its length until its body is stored.
      const release = request.method === 'PATCH' ? await checkPublicWrite(app.db, row) : undefined;
      try {
        await pass(request, reply, pub, { finish: finishPublic });
      } finally {
        release?.();
      }
    },
  });
}
