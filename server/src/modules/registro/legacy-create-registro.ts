/**
 * The spec's legacy single-record creates of the applicant and of an application (spec 02 §7
 * 'Creation': `POST /{table}/`), the two tables legacy-create.ts leaves out:
 * - `POST /api/solicitantes/` `{id?, nombres, primer_apellido, …, info_extra?}` creates an
 *   applicant, validated like the creation form's applicant block (the shared compiler over the
 *   company's fixed fields and definitions, same Spanish messages); keys that are not columns go
 *   into info_extra. The form has no duplicate-document rule, so neither has this route.
 * - `POST /api/solicitudes/` `{solicitante_id, id?, banco_nombre, ciudad_solicitud, tipo_credito,
 *   …, detalle_credito?, acepta_terminos, acepta_firma}` files an application for that applicant,
 *   validated like the form's application block plus the form's two consents (a filing the form
 *   could not make is not made here either); keys that are not columns go into detalle_credito.
 *   Its `banco_nombre` is one of the company's banks (stored with the list's spelling) or none, as
 *   by the form (solicitudes/bancos.ts); any other is a 400 on `banco_nombre`.
 *
 * What a screen or a device can show decides the semantics. Devices pull applications (each with
 * its applicant's blocks); an applicant is seen only through an application. So:
 * - a new applicant is created, audited (entidad 'solicitante', accion 'crear') and returned, and
 *   becomes visible with its first application. It moves no change sequence: nothing is pulled
 *   until then;
 * - the applicant of a new application must be one the user could file for: one with an
 *   application the user may see, or one with no live application that the user created (its
 *   audit row), or any applicant of the company for the roles that see the whole company. Any
 *   other id, another company's included, is the unknown applicant's 404;
 * - a new application is made by the same code as `crear-registro-completo` and the
 *   `solicitud.crear` mutation (formulario/service.ts): 'Pendiente' (an `estado` other than that
 *   is a 400), created by and assigned to the user, a fresh radicado, the company's next seq so
 *   pull brings it to the creator's devices, its tracking stages at once, and an audit row.
 *   Creating an application sends no notification, as by the form.
 * Invariants: roles without create_customer get 403 before any read; both run in one transaction
 * under the company row lock (as every creation), so a refused request writes nothing and a retry
 * with the same `id` is a no-op answering the first result (200) to its creator only; creation
 * answers 201.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { AppError, forbidden } from '../../../../src/domain/errors';
import { uuidv7 } from '../../../../src/domain/ids';
import { plainRecord } from '../../../../src/domain/plain-record';
import { can, seesWholeCompany } from '../../../../src/domain/roles';
import { registroSchemas } from '../../../../src/domain/campos-fijos';
import { compileFields, issuesToFields } from '../../../../src/domain/schema-compiler';
import { FIRMA_MSG, TERMINOS_MSG } from '../../../../src/domain/registro';
import type { FormEntity } from '../../../../src/domain/field-definition';
import type { DbOrTx } from '../../db/client';
import { empresas, solicitantes, solicitudes } from '../../db/schema';
import { parseInput } from '../../lib/validation';
import { requireUser, type AuthUser } from '../../plugins/auth';
import { auditBy, createdBy } from '../audit/service';
import { loadDefinitions } from '../formulario/schemas';
import { createdValues, insertSolicitante, insertSolicitud, retriedCreation } from '../formulario/service';
import { buildRecords, solicitanteRecord } from '../solicitudes/repository';
import { SOLICITUD_NO_EXISTE } from '../solicitudes/service';
import { bancoDeCreacion } from '../solicitudes/bancos';
import { visibleSolicitudes } from '../solicitudes/visibility';

export const SOLICITANTE_NO_EXISTE = 'El solicitante no existe o no tienes acceso a él.';
export const SOLICITANTE_OBLIGATORIO = 'El solicitante_id es obligatorio.';
export const ESTADO_INICIAL_MSG = 'Una solicitud nueva siempre se crea en estado Pendiente.';

const uuid = (msg: string) => v.pipe(v.string(msg), v.uuid(msg));
const ID = v.optional(uuid('El id debe ser un identificador válido.'));

/** The body's envelope; the fields themselves are checked by the form's compiler. */
export const LegacySolicitanteBody = v.looseObject({ id: ID });
export const LegacySolicitudBody = v.looseObject({
  id: ID,
  solicitante_id: uuid('El solicitante_id debe ser un identificador válido.'),
  acepta_terminos: v.optional(v.boolean('acepta_terminos debe ser verdadero o falso.')),
  acepta_firma: v.optional(v.boolean('acepta_firma debe ser verdadero o falso.')),
});
const Fields = plainRecord(v.string(), v.unknown(), 'Los datos deben ser un objeto');

/** Keys the server sets itself, never taken from the body (as crear-registro-completo drops them). */
const SERVER_KEYS = new Set([
  'id',
  'empresa_id',
  'solicitante_id',
  'radicado',
  'created_by_user_id',
  'assigned_to_user_id',
  'created_by_user_email',
  'created_at',
  'updated_at',
  'acepta_terminos',
  'acepta_firma',
  'estado',
]);
/** The form's limits on one block's values (src/domain/registro.ts). */
const MAX_KEYS = 200;
const MAX_CHARS = 100_000;

/**
 * The block's raw values: the body's keys minus the server's, with the JSON column given as an
 * object merged in (its keys under the flat ones). Too many or too large is a 400.
 */
function blockValues(body: Record<string, unknown>, jsonColumn: string): Record<string, unknown> {
  const nested = body[jsonColumn];
  if (nested !== undefined && nested !== null && (typeof nested !== 'object' || Array.isArray(nested))) {
    throw new AppError('VALIDATION', `Datos inválidos: ${jsonColumn} debe ser un objeto.`, { fields: { [jsonColumn]: 'Debe ser un objeto.' } });
  }
  const out: Record<string, unknown> = { ...((nested as Record<string, unknown> | null) ?? {}) };
  for (const [key, value] of Object.entries(body)) {
    if (SERVER_KEYS.has(key) || key === jsonColumn) continue;
    out[key] = value;
  }
  if (Object.keys(out).length > MAX_KEYS) throw new AppError('VALIDATION', 'Datos inválidos: demasiados campos.', { fields: { _: 'Demasiados campos' } });
  if (JSON.stringify(out).length > MAX_CHARS) throw new AppError('VALIDATION', 'Datos inválidos: los datos son demasiado grandes.', { fields: { _: 'Los datos son demasiado grandes' } });
  return out;
}

/** The form's validation of one block against the company's current fields; extra issues first. */
async function validated(tx: DbOrTx, user: AuthUser, entity: FormEntity, raw: Record<string, unknown>, extra: Record<string, string> = {}) {
  const schemas = registroSchemas(await loadDefinitions(tx, user.empresaId));
  const r = v.safeParse(compileFields(schemas[entity]), raw);
  const fields = { ...extra, ...(r.success ? {} : issuesToFields(r.issues)) };
  const first = Object.values(fields)[0];
  if (first !== undefined || !r.success) throw new AppError('VALIDATION', `Datos inválidos: ${first}`, { fields });
  return r.output;
}

function requireCreate(user: AuthUser) {
  if (!can(user.rol, 'create_customer')) throw forbidden('Tu rol no puede crear solicitudes.');
}

/** Takes the company row lock every creation takes, so a retried id finds its concurrent twin. */
async function lockCompany(tx: DbOrTx, empresaId: number) {
  await tx.select({ id: empresas.id }).from(empresas).where(eq(empresas.id, empresaId)).for('update');
}

export function solicitanteRow(s: typeof solicitantes.$inferSelect) {
  return { ...solicitanteRecord(s), created_at: s.createdAt };
}

export async function crearSolicitanteLegacy(tx: DbOrTx, user: AuthUser, body: Record<string, unknown>) {
  requireCreate(user);
  const { id: given } = parseInput(LegacySolicitanteBody, body);
  const raw = blockValues(body, 'info_extra');
  const id = given?.toLowerCase() ?? uuidv7();
  await lockCompany(tx, user.empresaId);
  const [existing] = await tx.select().from(solicitantes).where(eq(solicitantes.id, id)).limit(1);
  if (existing) {
    // A retry answered only to its creator; any other holder of the id gets the unknown id's answer.
    const mine = existing.empresaId === user.empresaId && (await createdBy(tx, user, 'solicitante', id, 'crear'));
    if (!mine) throw new AppError('NOT_FOUND', SOLICITANTE_NO_EXISTE);
    return { created: false, data: solicitanteRow(existing) };
  }
  const values = await validated(tx, user, 'solicitante', raw);
  const split = await insertSolicitante(tx, user.empresaId, id, values);
  await auditBy(tx, user, { entidad: 'solicitante', entidadId: id, accion: 'crear', cambios: createdValues('solicitante', split, 'info_extra') });
  const [row] = await tx.select().from(solicitantes).where(eq(solicitantes.id, id));
  return { created: true, data: solicitanteRow(row) };
}

/** The applicant a new application may be filed for (see the header); else the unknown applicant's 404. */
async function applicantToFileFor(tx: DbOrTx, user: AuthUser, solicitanteId: string) {
  const [a] = await tx
    .select({ id: solicitantes.id })
    .from(solicitantes)
    .where(and(eq(solicitantes.id, solicitanteId), eq(solicitantes.empresaId, user.empresaId)))
    .limit(1);
  if (!a) throw new AppError('NOT_FOUND', SOLICITANTE_NO_EXISTE);
  if (seesWholeCompany(user.rol)) return a.id;
  const ofApplicant = and(eq(solicitudes.solicitanteId, a.id), isNull(solicitudes.deletedAt));
  const [visible] = await tx.select({ id: solicitudes.id }).from(solicitudes).where(and(ofApplicant, visibleSolicitudes(user))).limit(1);
  if (visible) return a.id;
  const [live] = await tx.select({ id: solicitudes.id }).from(solicitudes).where(ofApplicant).limit(1);
  if (!live && (await createdBy(tx, user, 'solicitante', a.id, 'crear'))) return a.id;
  throw new AppError('NOT_FOUND', SOLICITANTE_NO_EXISTE);
}

/** The new application as the complete record shows it, with both ids the spec's callers read. */
async function solicitudAnswer(tx: DbOrTx, id: string) {
  const rows = await tx.select().from(solicitudes).where(eq(solicitudes.id, id));
  const [record] = await buildRecords(tx, rows, null);
  return { ...record.solicitud, solicitud_id: record.id, solicitante_id: record.solicitante.id };
}

export async function crearSolicitudLegacy(tx: DbOrTx, user: AuthUser, body: Record<string, unknown>) {
  requireCreate(user);
  if (body.solicitante_id === undefined || body.solicitante_id === null || body.solicitante_id === '') {
    throw new AppError('VALIDATION', `Datos inválidos: ${SOLICITANTE_OBLIGATORIO}`, { fields: { solicitante_id: SOLICITANTE_OBLIGATORIO } });
  }
  const envelope = parseInput(LegacySolicitudBody, body);
  const raw = blockValues(body, 'detalle_credito');
  const solicitanteId = envelope.solicitante_id.toLowerCase();
  const id = envelope.id?.toLowerCase() ?? uuidv7();
  await lockCompany(tx, user.empresaId);
  const retried = await retriedCreation(tx, user, id);
  if (retried) {
    if (retried.solicitante_id !== solicitanteId) throw new AppError('NOT_FOUND', SOLICITUD_NO_EXISTE);
    return { created: false, data: await solicitudAnswer(tx, id) };
  }
  await applicantToFileFor(tx, user, solicitanteId);
  const extra: Record<string, string> = {};
  if (envelope.acepta_terminos !== true) extra.acepta_terminos = TERMINOS_MSG;
  if (envelope.acepta_firma !== true) extra.acepta_firma = FIRMA_MSG;
  const estado = body.estado;
  if (estado !== undefined && estado !== null && !(typeof estado === 'string' && ['', 'pendiente'].includes(estado.trim().toLowerCase()))) {
    extra.estado = ESTADO_INICIAL_MSG;
  }
  const validos = await validated(tx, user, 'solicitud', raw, extra);
  const values = { ...validos, banco_nombre: await bancoDeCreacion(tx, user.empresaId, validos.banco_nombre, 'banco_nombre') };
  const { radicado, split } = await insertSolicitud(tx, user, id, solicitanteId, values);
  await auditBy(tx, user, {
    entidad: 'solicitud',
    entidadId: id,
    accion: 'crear',
    cambios: {
      'solicitud.estado': { old: null, new: 'Pendiente' },
      'solicitud.radicado': { old: null, new: radicado },
      ...createdValues('solicitud', split, 'detalle_credito'),
    },
  });
  return { created: true, data: await solicitudAnswer(tx, id) };
}

export default function legacyCreateRegistroRoutes(app: FastifyInstance) {
  // The spec writes `/{table}/`; the router also answers without the slash.
  app.post('/api/solicitantes/', { config: { permission: 'create_customer' } }, async (request, reply) => {
    const user = requireUser(request);
    const body = parseInput(Fields, request.body ?? {});
    const { created, data } = await app.db.transaction((tx) => crearSolicitanteLegacy(tx, user, body));
    return reply.code(created ? 201 : 200).send({ ok: true, data });
  });
  app.post('/api/solicitudes/', { config: { permission: 'create_customer' } }, async (request, reply) => {
    const user = requireUser(request);
    const body = parseInput(Fields, request.body ?? {});
    const { created, data } = await app.db.transaction((tx) => crearSolicitudLegacy(tx, user, body));
    return reply.code(created ? 201 : 200).send({ ok: true, data });
  });
}
