/**
 * Bad-input fuzzing (issue #12). For every write route of the route table (a write route without
 * an entry in FUZZ fails the suite) fast-check sends invalid bodies, content types, Authorization
 * headers, query strings and path ids. Each answer must be a 4xx with the `{ok:false, error, code}`
 * envelope and a Spanish message, never a 5xx; after all cases of a route every table is
 * byte-identical to before (no exclusions: no table changes on a refused request).
 * POST /api/sync/push gets invalid envelopes (400, nothing changes) and, inside a valid envelope,
 * invalid args for every mutation name: 200 with a `rejected` VALIDATION result (ARCHITECTURE.md §6),
 * where the only rows allowed to change are the client's sync_clients row (created on first push,
 * last_mutation_id advanced) and one sync_results row per rejected mutation.
 * FUZZ_RUNS sets the runs per route and category (default 8). FUZZ_SEED fixes fast-check's seed
 * (default 20261121, so CI runs the same cases every time); FUZZ_SEED=random explores new ones and
 * a failure prints the seed and path that reproduce it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import fc from 'fast-check';
import * as v from 'valibot';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from './helpers';
import { createSecurityWorld, fingerprint, freshRecordBody, multipart, PDF, type Actor, type SecurityWorld, type Target } from './security-fixtures';
import { ERROR_CODES } from '../../src/domain/errors';
import { MUTATION_SCHEMAS } from '../../src/domain/mutations';
import { MAX_JSON_DEPTH } from '../../server/src/lib/validation';

const RUNS = Number(process.env.FUZZ_RUNS ?? 8);
const SEED = process.env.FUZZ_SEED ?? '20261121';
if (SEED !== 'random') fc.configureGlobal({ seed: Number(SEED) });

type FieldKind = 'text' | 'uuid' | 'obj' | 'arr' | 'num' | 'bool' | 'any';
interface FuzzEntry {
  /** A valid URL (path ids of the caller's own shared target). */
  url(t: Target): string;
  body: 'json' | 'multipart' | 'none';
  /** A valid JSON body; `fields` are keys whose junk value makes it invalid. */
  base?(a: Actor, t: Target): Record<string, unknown>;
  fields?: Record<string, FieldKind>;
  /** Invalid values for the path parameter(s), when the default (non-id strings) could be valid. */
  badParam?: fc.Arbitrary<string>;
  /** Content types that are a valid request here (a body-less download takes any multipart). */
  okTypes?: string[];
  public?: boolean;
}

const META = { accion_requerida: 'contactar_cliente', estado_actual: 'en_proceso' };
const notif = (t: Target) => ({ titulo: 'Llamar', mensaje: 'Confirmar', tipo: 'contactar_cliente', solicitud_id: t.solicitudId, metadata: META });
const tooLongName = fc.string({ minLength: 61, maxLength: 80 }).map((s) => encodeURIComponent(`x${s.replace(/\s/g, 'y')}`.padEnd(61, 'z')));
const reservedChars = fc.constantFrom('a%2Fb', 'x%3Fy', '%23h', '100%25', 'c%5Cd', '%20%20', '..%2F..%2Fetc%2Fpasswd');

const NO_REVIEW = '0192f1a0-0000-7000-8000-000000000000';

const FUZZ: Record<string, FuzzEntry> = {
  'POST /api/auth/login': {
    public: true,
    url: () => '/api/auth/login',
    body: 'json',
    base: (a) => ({ email: a.correo, password: 'demo1234' }),
    fields: { email: 'text', password: 'text' },
  },
  'POST /api/auth/logout': { public: true, url: () => '/api/auth/logout', body: 'none' },
  'POST /api/seguimiento/actualizar-documentos': { public: true, url: () => '/api/seguimiento/actualizar-documentos', body: 'multipart' },
  // tus routes: no request here speaks tus (Tus-Resumable), so each is refused before tus reads it.
  'POST /api/seguimiento/uploads': { public: true, url: () => '/api/seguimiento/uploads', body: 'none' },
  'PATCH /api/seguimiento/uploads/:id': { public: true, url: () => `/api/seguimiento/uploads/${'a'.repeat(32)}`, body: 'none' },
  'DELETE /api/seguimiento/uploads/:id': { public: true, url: () => `/api/seguimiento/uploads/${'a'.repeat(32)}`, body: 'none' },
  'POST /api/uploads': { url: () => '/api/uploads', body: 'none' },
  'PATCH /api/uploads/:id': { url: () => `/api/uploads/${'a'.repeat(32)}`, body: 'none' },
  'DELETE /api/uploads/:id': { url: () => `/api/uploads/${'a'.repeat(32)}`, body: 'none' },
  'PATCH /api/solicitudes/actualizar-estado': {
    url: () => '/api/solicitudes/actualizar-estado',
    body: 'json',
    base: (_a, t) => ({ id: t.solicitudId, estado: 'En estudio' }),
    fields: { id: 'uuid', estado: 'text' },
  },
  'POST /api/seguimiento/actualizar-estado': {
    url: () => '/api/seguimiento/actualizar-estado',
    body: 'json',
    base: (_a, t) => ({ id_radicado: t.radicado, etapas: [{ etapa: 'banco', estado: 'En estudio' }] }),
    fields: { id_radicado: 'text', etapas: 'arr' },
  },
  'PATCH /api/solicitudes/:id/etapas/:etapa': {
    url: (t) => `/api/solicitudes/${t.solicitudId}/etapas/banco`,
    body: 'json',
    base: () => ({ estado: 'En estudio', comentarios: 'Revisión' }),
    fields: { estado: 'text', comentarios: 'text', base: 'obj' },
  },
  'POST /api/usuarios': {
    url: () => '/api/usuarios',
    body: 'json',
    base: () => ({ nombre: 'Usuario Fuzz', cedula: '55123123', correo: `fuzz.${randomUUID().slice(0, 8)}@demo.co`, contraseña: 'secreta123', rol: 'asesor', info_extra: {} }),
    fields: { nombre: 'text', cedula: 'text', correo: 'text', contraseña: 'text', rol: 'text' },
  },
  'PUT /api/usuarios/:id': { url: (t) => `/api/usuarios/${t.usuarioId}`, body: 'json', base: () => ({ nombre: 'Nombre Fuzz' }), fields: { nombre: 'text' } },
  'DELETE /api/usuarios/:id': { url: (t) => `/api/usuarios/${t.usuarioId}`, body: 'none' },
  'PUT /api/perfil': { url: () => '/api/perfil', body: 'json', base: (a) => ({ nombre: a.nombre, correo: a.correo }), fields: { nombre: 'text', correo: 'text' } },
  // Never the actor's real password: a change would end the actor's token mid-run.
  'POST /api/perfil/contrasena': {
    url: () => '/api/perfil/contrasena',
    body: 'json',
    base: () => ({ actual: 'no-es-la-actual', nueva: 'ClaveFuzz2027', confirmacion: 'ClaveFuzz2027' }),
    fields: { actual: 'text', nueva: 'text', confirmacion: 'text' },
  },
  'POST /api/solicitantes/crear-registro-completo': {
    url: () => '/api/solicitantes/crear-registro-completo',
    body: 'json',
    base: () => freshRecordBody(),
    fields: { solicitante: 'obj', ubicaciones: 'arr', solicitudes: 'arr', acepta_terminos: 'bool' },
  },
  'POST /api/notificaciones': { url: () => '/api/notificaciones', body: 'json', base: (_a, t) => notif(t), fields: { titulo: 'text', mensaje: 'text', solicitud_id: 'uuid' } },
  'PUT /api/notificaciones/:id': { url: (t) => `/api/notificaciones/${t.notificacionId}`, body: 'json', base: (_a, t) => notif(t), fields: { titulo: 'text', mensaje: 'text' } },
  'PATCH /api/notificaciones/:id': { url: (t) => `/api/notificaciones/${t.notificacionId}`, body: 'json', base: () => ({ titulo: 'Otro título' }), fields: { titulo: 'text' } },
  'PATCH /api/notificaciones/:id/marcar-leida': { url: (t) => `/api/notificaciones/${t.notificacionId}/marcar-leida`, body: 'none' },
  'PATCH /api/notificaciones/:id/marcar-completada': { url: (t) => `/api/notificaciones/${t.notificacionId}/marcar-completada`, body: 'none' },
  'PATCH /api/notificaciones/marcar-todas-leidas': { url: () => '/api/notificaciones/marcar-todas-leidas', body: 'json', base: (_a, t) => ({ ids: [t.notificacionId] }), fields: { ids: 'arr' } },
  'DELETE /api/notificaciones/:id': { url: (t) => `/api/notificaciones/${t.notificacionId}`, body: 'none' },
  'POST /api/json/definitions/:entity/:json_column': {
    url: () => '/api/json/definitions/solicitud/detalle_credito',
    body: 'json',
    base: () => ({ definitions: [{ key: 'campo_fuzz', type: 'string' }] }),
    fields: { definitions: 'arr' },
  },
  'PATCH /api/json/definitions/:id': { url: (t) => `/api/json/definitions/${t.definicionId}`, body: 'json', base: () => ({ type: 'string' }), fields: { type: 'text' } },
  'DELETE /api/json/definitions/:entity/:json_column': { url: () => '/api/json/definitions/referencia/detalle_referencia', body: 'none' },
  'DELETE /api/json/definitions/:entity/:json_column/:key': { url: (t) => `/api/json/definitions/referencia/detalle_referencia/${t.definicionKey}`, body: 'none' },
  'PATCH /api/json/definitions/:entity/:json_field/reorder': {
    url: () => '/api/json/definitions/referencia/detalle_referencia/reorder',
    body: 'json',
    base: (_a, t) => ({ field_orders: [{ key: t.definicionKey, order_index: 1 }] }),
    fields: { field_orders: 'arr' },
  },
  'PUT /api/configuraciones/columnas-tabla': {
    url: () => '/api/configuraciones/columnas-tabla',
    body: 'json',
    base: () => ({ columnas: [{ nombre: 'Nombres', nombre_interno: 'nombres', activo: true, orden: 1 }] }),
    fields: { columnas: 'arr' },
  },
  'POST /api/configuraciones/columnas-tabla/agregar': {
    url: () => '/api/configuraciones/columnas-tabla/agregar',
    body: 'json',
    base: () => ({ nombre: 'Estado', nombre_interno: 'estado', activo: true }),
    fields: { nombre_interno: 'text', activo: 'bool' },
  },
  'POST /api/configuraciones/:categoria': {
    url: () => `/api/configuraciones/lista_fuzz`,
    body: 'json',
    base: () => ({ descripcion: 'Lista', configuracion: ['a'] }),
    fields: { descripcion: 'text', activo: 'bool' },
    badParam: fc.oneof(tooLongName, reservedChars),
  },
  'PUT /api/configuraciones/:categoria': {
    url: (t) => `/api/configuraciones/${t.categoria}`,
    body: 'json',
    base: () => ({ descripcion: 'Lista', configuracion: ['a'] }),
    fields: { descripcion: 'text', activo: 'bool' },
  },
  'DELETE /api/configuraciones/:categoria': { url: (t) => `/api/configuraciones/${t.categoria}`, body: 'none' },
  'PATCH /api/solicitantes/:id/editar-registro-completo': {
    url: (t) => `/api/solicitantes/${t.solicitanteId}/editar-registro-completo`,
    body: 'json',
    base: () => ({ solicitante: { nombres: 'Renata' } }),
    fields: { solicitante: 'obj' },
  },
  'PUT /api/edit-record/': { url: () => '/api/edit-record/', body: 'json', base: (a, t) => ({ cedula: a.cedula, solicitud: { id: t.solicitudId, ciudad_solicitud: 'Neiva' } }), fields: { cedula: 'any', solicitud: 'obj' } },
  'PATCH /api/solicitudes/:id': { url: (t) => `/api/solicitudes/${t.solicitudId}`, body: 'json', base: () => ({ ciudad_solicitud: 'Tunja' }), fields: { ciudad_solicitud: 'text' } },
  'DELETE /api/solicitudes/:id': { url: (t) => `/api/solicitudes/${t.solicitudId}`, body: 'none' },
  'DELETE /api/delete-customer/:id': { url: (t) => `/api/delete-customer/${t.solicitanteId}`, body: 'none' },
  'POST /api/solicitudes/:id/observaciones': { url: (t) => `/api/solicitudes/${t.solicitudId}/observaciones`, body: 'json', base: () => ({ observacion: 'Nota' }), fields: { observacion: 'text' } },
  'POST /api/solicitudes/:id/devolver': {
    url: (t) => `/api/solicitudes/${t.solicitudId}/devolver`,
    body: 'json',
    base: () => ({ mensaje: 'Revise', campos: [{ campo: 'solicitud.ciudad_solicitud', comentario: 'No coincide' }] }),
    fields: { mensaje: 'text', campos: 'arr' },
  },
  // A review id no review has: a valid request there is a 404, so every case must be refused.
  'POST /api/solicitudes/:id/revisiones/:revisionId/responder': {
    url: (t) => `/api/solicitudes/${t.solicitudId}/revisiones/${NO_REVIEW}/responder`,
    body: 'json',
    base: () => ({ respuestas: [{ campo: 'solicitud.ciudad_solicitud', respuesta: 'Corregida' }] }),
    fields: { respuestas: 'arr' },
  },
  'POST /api/solicitudes/:id/revisiones/:revisionId/cerrar': { url: (t) => `/api/solicitudes/${t.solicitudId}/revisiones/${NO_REVIEW}/cerrar`, body: 'none' },
  // An e-mail id no row has: the fuzz is about what reaches the route, not about a real retry.
  'POST /api/solicitudes/:id/correos/:correoId/reintentar': { url: (t) => `/api/solicitudes/${t.solicitudId}/correos/999999999/reintentar`, body: 'none' },
  'POST /api/referencias': {
    url: () => '/api/referencias',
    body: 'json',
    base: (_a, t) => ({ solicitante_id: t.solicitanteId, referencia: { tipo_referencia: 'familiar', nombre_completo: 'Ana' } }),
    fields: { solicitante_id: 'uuid', referencia: 'obj' },
  },
  'PATCH /api/referencias': {
    url: () => '/api/referencias',
    body: 'json',
    base: (_a, t) => ({ solicitante_id: t.solicitanteId, referencia_id: t.referenciaId, updates: { ciudad: 'Cali' } }),
    fields: { solicitante_id: 'uuid', referencia_id: 'any', updates: 'obj' },
  },
  'DELETE /api/referencias': {
    url: () => '/api/referencias',
    body: 'json',
    base: (_a, t) => ({ solicitante_id: t.solicitanteId, referencia_id: t.referenciaId }),
    fields: { solicitante_id: 'uuid', referencia_id: 'any' },
  },
  'PATCH /api/json/:entity/:recordId/:jsonColumn': { url: (t) => `/api/json/solicitud/${t.solicitudId}/detalle_credito`, body: 'json', base: () => ({ value: { nota_json: 'x' } }), fields: { value: 'obj' } },
  'PUT /api/json/:entity/:recordId/:jsonColumn': { url: (t) => `/api/json/solicitud/${t.solicitudId}/detalle_credito`, body: 'json', base: () => ({ path: 'nota_json', value: 'x' }), fields: { path: 'text' } },
  'POST /api/json/:entity/:recordId/:jsonColumn': { url: (t) => `/api/json/solicitante/${t.solicitanteId}/info_extra`, body: 'json', base: () => ({ value: { profesion: 'x' } }), fields: { value: 'obj' } },
  // Without ?path= nothing can be deleted; every junk request must still be a Spanish 4xx.
  'DELETE /api/json/:entity/:recordId/:jsonColumn': { url: (t) => `/api/json/solicitud/${t.solicitudId}/detalle_credito`, body: 'none' },
  'POST /api/ubicaciones/': { url: () => '/api/ubicaciones/', body: 'json', base: (_a, t) => ({ solicitante_id: t.solicitanteId, barrio: 'Chipre' }), fields: { solicitante_id: 'uuid', barrio: 'text' } },
  'POST /api/actividad_economica/': { url: () => '/api/actividad_economica/', body: 'json', base: (_a, t) => ({ solicitante_id: t.solicitanteId, cargo_actual: 'Analista' }), fields: { solicitante_id: 'uuid', cargo_actual: 'text' } },
  'POST /api/informacion_financiera/': { url: () => '/api/informacion_financiera/', body: 'json', base: (_a, t) => ({ solicitante_id: t.solicitanteId, total_activos: 1000 }), fields: { solicitante_id: 'uuid', total_activos: 'num' } },
  // Fields whose every junk value is refused (a number in a text field would be a valid text).
  'POST /api/solicitantes/': {
    url: () => '/api/solicitantes/',
    body: 'json',
    base: () => ({ ...freshRecordBody().solicitante, id: randomUUID() }),
    fields: { id: 'uuid', info_extra: 'obj' },
  },
  'POST /api/solicitudes/': {
    url: () => '/api/solicitudes/',
    body: 'json',
    base: (_a, t) => ({ solicitante_id: t.solicitanteId, tipo_credito: 'vehicular', monto_solicitado: 45000000, plazo_meses: 60, acepta_terminos: true, acepta_firma: true }),
    fields: { solicitante_id: 'uuid', id: 'uuid', acepta_terminos: 'bool', acepta_firma: 'bool', detalle_credito: 'obj' },
  },
  'DELETE /api/documentos/:id': { url: (t) => `/api/documentos/${t.documentoId}`, body: 'none' },
  'POST /api/documentos': { url: () => '/api/documentos', body: 'multipart' },
  'POST /api/notificaciones/email': {
    url: () => '/api/notificaciones/email',
    body: 'json',
    base: (_a, t) => ({ tipo: 'cambio_banco', destinatario: 'gerencia@demo.co', datos: { solicitud_id: t.solicitudId } }),
    fields: { tipo: 'text', destinatario: 'text', datos: 'obj' },
  },
  'POST /api/descargar-ventas/': { url: () => '/api/descargar-ventas/', body: 'json', base: (a) => ({ cedula: a.cedula }), fields: { cedula: 'any' }, okTypes: ['multipart/form-data'] },
  // POST /api/sync/push has its own properties below.
  'POST /api/sync/push': { url: () => '/api/sync/push', body: 'json' },
};

// ---- generators --------------------------------------------------------------------------

const huge = fc.integer({ min: 5_000, max: 40_000 }).map((n) => 'ñ'.repeat(n));
const weirdString = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom('\uD800', '\uDFFF\uD800', '\u0000', '\uFFFE', "'; drop table solicitudes; --", '../../etc/passwd', '${7*7}', '<script>alert(1)</script>', 'NaN', '-1', '1e309'),
);
const junkNumber = fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(-1, 0, Number.MAX_SAFE_INTEGER, -Number.MAX_VALUE, 1e308));
const nested: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: 'small' }, fc.constant(null), fc.boolean(), junkNumber, weirdString, fc.array(tie('node'), { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 6 }), tie('node'), { maxKeys: 3 })),
})).node;

/** A value of the wrong kind for the field (never null or undefined: those are often allowed). */
function junkFor(kind: FieldKind): fc.Arbitrary<unknown> {
  const obj = fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('toString', 'valueOf', 'toJSON')), nested, { minKeys: 1, maxKeys: 3 });
  const arr = fc.array(nested, { minLength: 1, maxLength: 3 });
  switch (kind) {
    case 'text':
      return fc.oneof(junkNumber, fc.boolean(), obj, arr, huge);
    case 'uuid':
      return fc.oneof(weirdString.filter((s) => !/^[0-9a-f-]{36}$/i.test(s)), junkNumber, obj, arr, fc.constant(''));
    case 'obj':
      return fc.oneof(weirdString, junkNumber, fc.boolean(), arr);
    case 'arr':
      return fc.oneof(weirdString, junkNumber, fc.boolean(), obj);
    case 'num':
      return fc.oneof(weirdString, fc.boolean(), obj, arr);
    case 'bool':
      return fc.oneof(weirdString, junkNumber, obj, arr);
    case 'any':
      return fc.oneof(weirdString.filter((s) => s.trim() !== ''), junkNumber, obj, arr, huge);
  }
}

const badParam = fc.oneof(
  fc.constantFrom("1' OR '1'='1", '..%2F..%2Fetc%2Fpasswd', '%00', '99999999999999999999999', '-1', '0', '1e3', 'null', 'undefined', '%E2%80%AE', '__proto__', 'constructor'),
  fc.uuid().map((u) => `${u}x`),
  fc.string({ minLength: 1, maxLength: 30 }).map((s) => encodeURIComponent(`${s}'`)),
);
const badAuth = fc.oneof(
  fc.constantFrom('', 'Bearer', 'Bearer ', 'Basic YWRtaW46ZGVtbzEyMzQ=', 'bearer null', 'Bearer undefined', 'Token abc', 'Bearer a.b.c', 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.'),
  fc.string({ maxLength: 60 }).map((s) => `Bearer ${s.replace(/[^\x21-\x7e]/g, 'x')}x`),
  fc.integer({ min: 9_000, max: 12_000 }).map((n) => `Bearer ${'a'.repeat(n)}`),
);
const badQuery = fc.oneof(
  fc.constantFrom('empresa_id=2', 'empresa_id=abc', 'empresa_id=1&empresa_id=2', "empresa_id=1'--", 'empresa_id=%00', 'empresa_id=' + '9'.repeat(400)),
  weirdString.filter((s) => s !== '1').map((s) => `empresa_id=${encodeURIComponent(s.toWellFormed())}`),
  fc.constant('empresa_id=%ff%fe'),
);
const malformedJson = fc.oneof(
  fc.constantFrom('{', '{"a":', '{"a":1}}', "{'a':1}", '{"a":undefined}', '[1,2', '\u0000', '{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"admin":true}}}'),
  fc.uint8Array({ minLength: 1, maxLength: 40 }).map((b) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(b)])),
);
/** Raw JSON nested past the server's depth limit, as arrays, objects or both. */
const deepJson = fc.tuple(fc.integer({ min: MAX_JSON_DEPTH + 1, max: 6_000 }), fc.constantFrom('[', '{"a":', 'mixed')).map(([n, open]) => {
  if (open === '[') return '['.repeat(n) + ']'.repeat(n);
  if (open === '{"a":') return '{"a":'.repeat(n) + '1' + '}'.repeat(n);
  return '[{"a":'.repeat(Math.ceil(n / 2)) + 'null' + '}]'.repeat(Math.ceil(n / 2));
});
/** A multipart body the parser cannot read: no boundary, cut before its end or inside a header. */
const brokenMultipart = fc.tuple(fc.constantFrom('no-boundary', 'cut', 'header'), fc.nat({ max: 200 })).map(([kind, cut]) => {
  const b = 'fuzzBoundary';
  const whole = `--${b}\r\nContent-Disposition: form-data; name="id_radicado"\r\n\r\nRAD-XXXXXXXX\r\n--${b}\r\nContent-Disposition: form-data; name="archivos"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 cuerpo\r\n--${b}--\r\n`;
  if (kind === 'no-boundary') return { type: 'multipart/form-data', payload: whole };
  if (kind === 'header') return { type: `multipart/form-data; boundary=${b}`, payload: `--${b}\r\nContent-Disposition: form-da` };
  return { type: `multipart/form-data; boundary=${b}`, payload: whole.slice(0, 1 + (cut % (whole.length - 10))) };
});
const topLevel = fc.oneof(fc.array(nested, { maxLength: 3 }), weirdString, junkNumber, fc.boolean(), fc.constant(null));
const badContentType = fc.constantFrom('text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'foo/bar', 'application/jsonp', 'multipart/form-data');

// ---- checks ------------------------------------------------------------------------------

const ENGLISH = /\b(must|unexpected|invalid|body|required|expected|received|cannot|should|failed|not found|error:|object object)\b/i;
const SPANISH = /[áéíóúñ¿¡]|\b(el|la|los|las|de|del|no|es|un|una|debe|datos|archivo|solicitud|sesión|tipo|por|se|solo|valor|campo)\b/i;

function expectSpanish4xx(res: LightMyRequestResponse, label: string) {
  expect(res.statusCode, `${label}: ${res.statusCode} ${res.body.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, `${label}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
  const body = res.json() as { ok: boolean; error: unknown; code: unknown; fields?: Record<string, unknown> };
  expect(body.ok, label).toBe(false);
  expect(ERROR_CODES as readonly unknown[], label).toContain(body.code);
  expect(typeof body.error, label).toBe('string');
  const messages = [body.error as string, ...Object.values(body.fields ?? {}).map(String)];
  for (const m of messages) {
    expect(m, `${label}: English in "${m}"`).not.toMatch(ENGLISH);
    expect(m, `${label}: not Spanish "${m}"`).toMatch(SPANISH);
  }
}

// ---- set-up ------------------------------------------------------------------------------

let ctx: TestContext;
let w: SecurityWorld;
let cases = 0;
beforeAll(async () => {
  // The public tracking routes' per-IP limit would answer 429 before validation is reached.
  ctx = await createTestContext({ seguimientoRateLimit: 100_000 });
  w = await createSecurityWorld(ctx);
}, 300_000);
afterAll(async () => {
  console.log(`[fuzz] ${cases} cases (FUZZ_RUNS=${RUNS}, FUZZ_SEED=${SEED})`);
  await ctx?.close();
});

const inject = async (opts: InjectOptions) => {
  cases += 1;
  return ctx.app.inject(opts);
};

const writeRoutes = () => (ctx.app.routeTable ?? []).filter((r) => r.method !== 'GET');

describe('write routes ⇄ fuzz table', () => {
  it('has a generator entry for every write route and a write route for every entry', () => {
    const keys = writeRoutes().map((r) => `${r.method} ${r.url}`);
    expect(keys.filter((k) => !FUZZ[k]), 'write routes without a fuzz entry').toEqual([]);
    expect(Object.keys(FUZZ).filter((k) => !keys.includes(k)), 'fuzz entries without a route').toEqual([]);
  });
});

describe('invalid input on every write route', () => {
  it('answers 4xx with a Spanish message and changes nothing', async () => {
    const admin = w.actor(1, 'admin');
    const t = w.fx[1].shared;
    const auth = { authorization: `Bearer ${admin.token}` };
    for (const route of writeRoutes()) {
      const key = `${route.method} ${route.url}`;
      if (key === 'POST /api/sync/push') continue;
      const e = FUZZ[key];
      const method = route.method as InjectOptions['method'];
      const url = e.url(t);
      const baseHeaders = e.public ? {} : auth;
      const send = async (opts: Partial<InjectOptions> & { label: string }) => {
        const { label, ...rest } = opts;
        const res = await inject({ method, url, ...rest, headers: { ...baseHeaders, ...(rest.headers ?? {}) } });
        expectSpanish4xx(res, `${key} ${label}`);
      };
      const before = await fingerprint(ctx);
      const validJson = e.base ? JSON.stringify(e.base(admin, t)) : '{}';

      // Top-level non-object JSON.
      await fc.assert(
        fc.asyncProperty(topLevel, async (body) => {
          await send({ label: `top-level ${JSON.stringify(body)?.slice(0, 60)}`, payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
        }),
        { numRuns: RUNS },
      );
      // Malformed JSON (bad syntax, invalid UTF-8, prototype-pollution keys).
      await fc.assert(
        fc.asyncProperty(malformedJson, async (raw) => {
          await send({ label: 'malformed JSON', payload: raw, headers: { 'content-type': 'application/json' } });
        }),
        { numRuns: RUNS },
      );
      // A valid body under a content type the route does not take.
      if (e.body !== 'none') {
        await fc.assert(
          fc.asyncProperty(badContentType, async (type) => {
            if ((e.body === 'multipart' && type === 'multipart/form-data') || e.okTypes?.includes(type)) return;
            await send({ label: `content-type ${type}`, payload: validJson, headers: { 'content-type': type } });
          }),
          { numRuns: RUNS },
        );
      }
      // One known field replaced by a value of the wrong kind, plus junk and prototype keys.
      if (e.fields && e.base) {
        const fields = Object.entries(e.fields);
        await fc.assert(
          fc.asyncProperty(
            fc.constantFrom(...fields).chain(([name, kind]) => fc.tuple(fc.constant(name), junkFor(kind))),
            fc.dictionary(fc.string({ maxLength: 8 }), nested, { maxKeys: 2 }),
            fc.boolean(),
            async ([name, junk], extra, proto) => {
              const body = { ...extra, ...e.base!(admin, t), [name]: junk };
              let raw = JSON.stringify(body);
              if (proto) raw = raw.replace(/^\{/, '{"constructor":{"prototype":{"esAdmin":true}},');
              await send({ label: `field ${name}=${JSON.stringify(junk)?.slice(0, 60)}`, payload: raw, headers: { 'content-type': 'application/json' } });
            },
          ),
          { numRuns: RUNS * 2 },
        );
      }
      // Own `toString` / `valueOf` keys (they make String(x) throw) in each field, nested and on top.
      if (e.body === 'json') {
        const base = e.base ? e.base(admin, t) : {};
        const poisoned: unknown[] = [{ toString: '' }, { valueOf: 1, toString: 'x' }, { a: [{ b: { toString: null } }] }];
        const bodies = [{ ...base, toString: 1 }, ...Object.keys(e.fields ?? {}).flatMap((name) => poisoned.map((p) => ({ ...base, [name]: p })))];
        for (const body of bodies) {
          await send({ label: `reserved key ${JSON.stringify(body).slice(0, 80)}`, payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
        }
      }
      // JSON nested past the depth limit in one known field (or the whole body).
      if (e.body === 'json') {
        const name = Object.keys(e.fields ?? {})[0] ?? 'extra';
        await fc.assert(
          fc.asyncProperty(deepJson, async (deep) => {
            const raw = JSON.stringify({ ...(e.base ? e.base(admin, t) : {}), [name]: '__DEEP__' }).replace('"__DEEP__"', deep);
            await send({ label: `nested ${deep.length} chars in ${name}`, payload: raw, headers: { 'content-type': 'application/json' } });
          }),
          { numRuns: RUNS },
        );
      }
      // Multipart routes: a body the parser cannot read.
      if (e.body === 'multipart') {
        await fc.assert(
          fc.asyncProperty(brokenMultipart, async ({ type, payload }) => {
            await send({ label: `broken multipart ${type} ${payload.length}`, payload, headers: { 'content-type': type } });
          }),
          { numRuns: RUNS },
        );
      }
      // Multipart routes: invalid fields with a valid file, or valid fields with a bad or no file.
      if (e.body === 'multipart') {
        const tracking = key.includes('seguimiento');
        const validFields = (): Record<string, string> => (tracking ? { id_radicado: t.radicado } : { solicitud_id: t.solicitudId, id: randomUUID() });
        const badFields = tracking
          ? fc.record({ id_radicado: fc.oneof(badParam, fc.constant('')), upload_id: badParam })
          : fc.record({ solicitud_id: badParam, id: badParam });
        const badFile = fc.oneof(
          fc.uint8Array({ minLength: 1, maxLength: 64 }).map((b) => Buffer.concat([Buffer.from('xx'), Buffer.from(b)])),
          fc.constant(Buffer.from('MZ\x90\x00 ejecutable renombrado')),
          fc.constant(Buffer.alloc(0)),
        );
        const cases = fc.oneof(
          badFields.map((f) => ({ fields: f as Record<string, string>, file: PDF as Buffer | null })),
          badFile.map((file) => ({ fields: validFields(), file: file as Buffer | null })),
          fc.constant({ fields: validFields(), file: null as Buffer | null }),
        );
        await fc.assert(
          fc.asyncProperty(cases, async ({ fields, file }) => {
            const mp = multipart(fields, file ? [{ field: tracking ? 'archivos' : 'file', name: 'soporte.pdf', data: file }] : []);
            await send({ label: `multipart ${JSON.stringify(fields).slice(0, 80)} file ${file?.length}`, payload: mp.payload, headers: mp.headers });
          }),
          { numRuns: RUNS * 2 },
        );
      }
      // Garbage Authorization headers and tenancy claims in the query string.
      if (!e.public) {
        await fc.assert(
          fc.asyncProperty(badAuth, async (header) => {
            await send({ label: `authorization ${header.slice(0, 40)}`, payload: validJson, headers: { 'content-type': 'application/json', authorization: header } });
          }),
          { numRuns: RUNS },
        );
        await fc.assert(
          fc.asyncProperty(badQuery, async (query) => {
            await send({ label: `query ${query.slice(0, 60)}`, url: `${url}?${query}`, payload: e.body === 'none' ? undefined : validJson, headers: e.body === 'none' ? {} : { 'content-type': 'application/json' } });
          }),
          { numRuns: RUNS },
        );
      }
      // Invalid ids in the path, with an otherwise valid request.
      if (route.url.includes(':')) {
        const pattern = route.url.replace(/:[a-z_]+/gi, '\u0000');
        await fc.assert(
          fc.asyncProperty(e.badParam ?? badParam, fc.nat(), async (bad, which) => {
            const slots = pattern.split('\u0000').length - 1;
            const valid = url.split('/');
            const tmpl = pattern.split('/');
            const target = tmpl.map((seg, i) => (seg === '\u0000' ? i : -1)).filter((i) => i >= 0)[which % slots];
            const parts = valid.map((seg, i) => (i === target ? bad : seg));
            await send({ label: `param ${bad.slice(0, 60)}`, url: parts.join('/'), payload: e.body === 'json' ? validJson : undefined, headers: e.body === 'json' ? { 'content-type': 'application/json' } : {} });
          }),
          { numRuns: RUNS * 2 },
        );
      }
      const after = await fingerprint(ctx);
      const changed = Object.keys(after).filter((k) => after[k] !== before[k]);
      expect(changed, `${key}: tables changed by refused requests`).toEqual([]);
    }
  }, 600_000);
});

describe('POST /api/sync/push', () => {
  const push = (a: Actor, payload: unknown) =>
    inject({ method: 'POST', url: '/api/sync/push', headers: { authorization: `Bearer ${a.token}`, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });

  it('refuses invalid envelopes with 400 and changes nothing', async () => {
    const a = w.actor(1, 'admin');
    const before = await fingerprint(ctx);
    const envelope = fc.oneof(
      topLevel,
      fc.record({ clientId: fc.oneof(weirdString, junkNumber, fc.constant(null)), mutations: fc.constant([]) }),
      fc.record({ clientId: fc.constant(randomUUID()), mutations: fc.oneof(weirdString, junkNumber, fc.dictionary(fc.string(), nested, { maxKeys: 2 })) }),
      fc.record({
        clientId: fc.uuid(),
        mutations: fc.array(
          fc.record({
            id: fc.oneof(fc.constantFrom(0, -1, 1.5, Number.MAX_VALUE), weirdString, fc.constant(null)),
            name: fc.oneof(fc.constantFrom('solicitud.editar'), junkNumber, huge),
            args: nested,
          }),
          { minLength: 1, maxLength: 3 },
        ),
      }),
      fc.record({ clientId: fc.uuid(), mutations: fc.constant(Array.from({ length: 501 }, (_, i) => ({ id: i + 1, name: 'x', args: {} }))) }),
    );
    await fc.assert(
      fc.asyncProperty(envelope, async (body) => {
        expectSpanish4xx(await push(a, body), `push envelope ${JSON.stringify(body)?.slice(0, 80)}`);
      }),
      { numRuns: RUNS * 6 },
    );
    expect(await fingerprint(ctx)).toEqual(before);
  });

  it('rejects args with own toString / valueOf keys in-band and applies the mutations around them', async () => {
    const a = w.actor(1, 'admin');
    const t = w.fx[1].shared;
    const edit = (id: number, ciudad: unknown) => ({ id, name: 'solicitud.editar', args: { solicitudId: t.solicitudId, changes: { 'solicitud.ciudad_solicitud': ciudad }, base: {} } });
    const res = await push(a, { clientId: randomUUID(), mutations: [edit(1, 'Pasto'), edit(2, { toString: '' }), edit(3, { valueOf: 1, toString: 'x' }), edit(4, 'Ibagué')] });
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json().data.results as Array<{ status: string; code?: string; error?: string }>;
    expect(results.map((r) => r.status)).toEqual(['applied', 'rejected', 'rejected', 'applied']);
    for (const r of results.slice(1, 3)) expect(r).toMatchObject({ code: 'VALIDATION', error: expect.stringMatching(SPANISH) });
    const rows = ((await ctx.database.db.execute(sql`select ciudad_solicitud from solicitudes where id = ${t.solicitudId}`)) as unknown as { rows: Array<{ ciudad_solicitud: string }> }).rows;
    expect(rows[0].ciudad_solicitud).toBe('Ibagué');
  });

  it('rejects invalid args of every mutation name in-band; only the sync bookkeeping changes', async () => {
    const a = w.actor(1, 'admin');
    const names = Object.keys(MUTATION_SCHEMAS) as Array<keyof typeof MUTATION_SCHEMAS>;
    const before = await fingerprint(ctx, { exclude: ['sync_clients', 'sync_results'] });
    const clients: string[] = [];
    for (const name of names) {
      const schema = MUTATION_SCHEMAS[name] as v.GenericSchema;
      const args = fc.oneof(topLevel, nested, fc.dictionary(fc.constantFrom('id', 'solicitudId', 'usuarioId', 'changes', 'base', 'ids', '__proto__', 'constructor'), nested, { maxKeys: 4 }));
      await fc.assert(
        fc.asyncProperty(args.filter((x) => !v.is(schema, x)), async (junk) => {
          // A new device per case: mutation 1 of a new clientId.
          const clientId = randomUUID();
          const body = { clientId, mutations: [{ id: 1, name, args: junk }] };
          const res = await push(a, body);
          // Prototype-pollution keys are refused by the JSON parser itself, before anything is read.
          if (/"(__proto__|prototype)"/.test(JSON.stringify(body)) && res.statusCode === 400) {
            expectSpanish4xx(res, `${name} prototype keys`);
            return;
          }
          clients.push(clientId);
          expect(res.statusCode, res.body).toBe(200);
          const r = res.json().data.results[0];
          expect(r, `${name} ${JSON.stringify(junk)?.slice(0, 80)}`).toMatchObject({ id: 1, status: 'rejected', code: 'VALIDATION' });
          expect(r.error).not.toMatch(ENGLISH);
          expect(r.error).toMatch(SPANISH);
        }),
        { numRuns: RUNS * 2 },
      );
    }
    // Args nested past the depth limit, whole or in one field (raw JSON: too deep to stringify).
    for (const [name, where] of names.flatMap((n) => (['whole', 'changes', 'solicitudId', 'ids', 'detalle_referencia'] as const).map((wh) => [n, wh] as const))) {
      await fc.assert(
        fc.asyncProperty(deepJson, async (deep) => {
          const clientId = randomUUID();
          const t = w.fx[1].shared;
          // 'changes' is a valid edit of a free JSON key whose value is the deep one.
          const args =
            where === 'whole' ? deep : where === 'changes' ? `{"solicitudId":"${t.solicitudId}","changes":{"solicitante.info_extra.nota":${deep}},"base":{}}` : `{"${where}":${deep}}`;
          const payload = `{"clientId":"${clientId}","mutations":[{"id":1,"name":"${name}","args":${args}}]}`;
          const res = await inject({ method: 'POST', url: '/api/sync/push', headers: { authorization: `Bearer ${a.token}`, 'content-type': 'application/json' }, payload });
          clients.push(clientId);
          expect(res.statusCode, `${name} deep ${where}: ${res.body.slice(0, 200)}`).toBe(200);
          expect(res.json().data.results[0], `${name} deep ${where}`).toMatchObject({ id: 1, status: 'rejected', code: 'VALIDATION' });
        }),
        { numRuns: Math.max(1, RUNS / 4) },
      );
    }
    // Only the bookkeeping of §6 changed: one client row per clientId, its counter at the last id,
    // and one stored 'rejected' result per mutation.
    expect(await fingerprint(ctx, { exclude: ['sync_clients', 'sync_results'] })).toEqual(before);
    const ids = sql.join(clients.map((c) => sql`${c}::uuid`), sql`, `);
    const rows = ((await ctx.database.db.execute(sql`select client_id, usuario_id, last_mutation_id from sync_clients where client_id in (${ids})`)) as unknown as { rows: Array<{ usuario_id: number; last_mutation_id: number }> }).rows;
    expect(rows).toHaveLength(clients.length);
    for (const r of rows) expect(r).toMatchObject({ usuario_id: a.id, last_mutation_id: 1 });
    const results = ((await ctx.database.db.execute(sql`select mutation_id, status, code from sync_results where client_id in (${ids})`)) as unknown as { rows: Array<{ mutation_id: number; status: string; code: string }> }).rows;
    expect(results).toHaveLength(clients.length);
    for (const r of results) expect(r).toMatchObject({ mutation_id: 1, status: 'rejected', code: 'VALIDATION' });
  });
});
