/**
 * The one error handler: every failure answers `{ok:false, error, code}` with a Spanish sentence,
 * never a stack trace. Bad input is a 4xx, never a 500.
 */
import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, HTTP_STATUS, type ErrorCode } from '../../../src/domain/errors';
import { refuseMalformedJson } from '../lib/validation';

export const RATE_LIMITED_MESSAGE = 'Demasiadas solicitudes. Espera un momento e inténtalo de nuevo.';

export function errorBody(code: ErrorCode, error: string, extra: Record<string, unknown> = {}) {
  return { ok: false as const, error, code, ...extra };
}

/**
 * Fastify's `frameworkErrors`: what the router refuses before any route, hook or error handler
 * runs (a path that is not valid percent-encoded UTF-8, a path parameter longer than the router
 * takes). Answered in the app's shape, without echoing the path or naming the framework.
 */
export function frameworkErrors(err: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  void reply.status(err.statusCode === 414 ? 414 : 400).send(errorBody('VALIDATION', 'La dirección solicitada no es válida.'));
}

const MULTIPART_MALFORMED = 'El formulario multipart está incompleto o mal formado.';

/**
 * The multipart parser (busboy, under @fastify/multipart) throws plain Errors for a body it cannot
 * read: no boundary in the content type, a body cut before its closing boundary or inside a part
 * header. They come from what the client sent: a 400, never a 500. Their messages are busboy's
 * fixed texts; tests/api/bad-input.test.ts sends each case.
 */
function isMultipartSyntaxError(err: Error): boolean {
  return /^(Multipart: Boundary not found|Unexpected end of (multipart data|form|file)|Malformed part header|.* terminated early due to unexpected end of multipart data)/.test(
    err.message ?? '',
  );
}

function mapFastifyError(err: FastifyError): { code: ErrorCode; message: string } | null {
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
      return { code: 'TOO_LARGE', message: 'El archivo o la solicitud supera el tamaño permitido.' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { code: 'UNSUPPORTED_TYPE', message: 'Tipo de contenido no soportado.' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { code: 'VALIDATION', message: 'El cuerpo de la solicitud no es JSON válido.' };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { code: 'VALIDATION', message: 'La longitud del contenido no es válida.' };
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return { code: 'VALIDATION', message: 'Se esperaba un formulario multipart.' };
    case 'FST_MP_PREMATURE_CLOSE':
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return { code: 'VALIDATION', message: MULTIPART_MALFORMED };
    case 'FST_FIELDS_LIMIT':
      return { code: 'TOO_LARGE', message: 'El formulario tiene demasiados campos.' };
    default:
      break;
  }
  if (isMultipartSyntaxError(err)) return { code: 'VALIDATION', message: MULTIPART_MALFORMED };
  if (err.validation) return { code: 'VALIDATION', message: 'Datos inválidos en la solicitud.' };
  if (err.statusCode === 429) {
    return { code: 'RATE_LIMITED', message: RATE_LIMITED_MESSAGE };
  }
  if (err instanceof SyntaxError || err.statusCode === 400) {
    return { code: 'VALIDATION', message: 'La solicitud no es válida.' };
  }
  if (err.statusCode === 413) return { code: 'TOO_LARGE', message: 'La solicitud supera el tamaño permitido.' };
  if (err.statusCode === 415) return { code: 'UNSUPPORTED_TYPE', message: 'Tipo de contenido no soportado.' };
  return null;
}

/** Connection-level database failures: temporary, the client retries with backoff. */
export function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as { code?: string; message?: string; cause?: unknown };
  const code = String(e?.code ?? '');
  if (/^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|57P0[1-3]|08\d{3}|53300)$/.test(code)) return true;
  if (/Connection terminated|connection is closed|Client has encountered a connection error/i.test(e?.message ?? '')) return true;
  // 55000 on connect: the database is closed to new connections (ALLOW_CONNECTIONS false, maintenance).
  if (code === '55000' && /not currently accepting connections/i.test(e?.message ?? '')) return true;
  return e?.cause ? isDatabaseUnavailable(e.cause) : false;
}

/**
 * PostgreSQL's data exceptions (class 22: a NUL byte or bad UTF-8 in text, a number out of range,
 * an invalid text representation) come from what the request carried: a 400, never a 500.
 */
export function dataError(err: unknown): AppError | null {
  const e = err as { code?: unknown; cause?: unknown };
  if (typeof e?.code === 'string' && /^22[0-9A-Z]{3}$/.test(e.code)) {
    return new AppError('VALIDATION', 'Los datos enviados contienen caracteres o valores no válidos.');
  }
  return e?.cause ? dataError(e.cause) : null;
}

export default fp(async function errorsPlugin(app: FastifyInstance) {
  // Every route takes a JSON object (or multipart): an array, a bare value or null is refused here
  // rather than read as 'no fields' (which some routes take as 'all', e.g. marcar-todas-leidas).
  app.addHook('preValidation', async (request) => {
    const body: unknown = request.body;
    if (body === undefined) return;
    if (body === null || typeof body !== 'object' || Array.isArray(body) || Buffer.isBuffer(body)) {
      throw new AppError('VALIDATION', 'El cuerpo de la solicitud debe ser un objeto JSON.');
    }
    // Nesting past MAX_JSON_DEPTH and reserved keys are a 400 here, before any handler. The push
    // checks each mutation's args itself, so one bad mutation is rejected in-band (§6).
    if (request.routeOptions.url !== '/api/sync/push') refuseMalformedJson(body);
  });
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      // A refusal that will pass with time (hash gate, upload quota) says when to come back.
      const retryAfter = (err as { retryAfter?: unknown }).retryAfter;
      if (typeof retryAfter === 'number') reply.header('Retry-After', String(retryAfter));
      const extra: Record<string, unknown> = {};
      if (err.fields) extra.fields = err.fields;
      if (err.conflict) extra.conflict = err.conflict;
      return reply.status(HTTP_STATUS[err.code]).send(errorBody(err.code, err.message, extra));
    }
    if (isDatabaseUnavailable(err)) {
      request.log.warn({ err }, 'database unavailable');
      return reply
        .status(503)
        .send(errorBody('UNAVAILABLE', 'El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos.'));
    }
    const data = dataError(err);
    if (data) return reply.status(400).send(errorBody(data.code, data.message));
    const mapped = mapFastifyError(err);
    if (mapped) return reply.status(HTTP_STATUS[mapped.code]).send(errorBody(mapped.code, mapped.message));
    request.log.error({ err }, 'unhandled error');
    return reply
      .status(500)
      .send(errorBody('INTERNAL', 'Error interno del servidor. Inténtalo de nuevo más tarde.'));
  });
});
