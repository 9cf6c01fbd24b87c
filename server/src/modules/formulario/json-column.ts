/**
 * A record's JSON column read and written by key (spec 02 §7 'Schemas and JSON columns'):
 * `/api/json/{entity}/{recordId}/{jsonColumn}` for the six form entities (table names accepted).
 * Invariants:
 * - a record is reached only through an application the user may see (company, role and
 *   visibility as for the record itself); anything else is the same 404;
 * - every write is a `solicitud.editar` (editarSolicitud) or, for a reference, a
 *   `referencia.editar` (editarReferencia): the functions the sync push calls, so kinds, sizes,
 *   plausibility rules, audit and the change sequence are the same as from a device;
 * - with `validate` the values are first coerced by their field definitions with the form's
 *   compiler (src/domain/schema-compiler.ts), so a value the form would refuse is refused here;
 * - clearing a key stores null (the device's edit does the same), it never drops other keys.
 */
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { actividadEconomica, informacionFinanciera, referencias, solicitantes, solicitudes, ubicaciones } from '../../db/schema';
import { AppError } from '../../../../src/domain/errors';
import { jsonColumnOf, type FormEntity } from '../../../../src/domain/field-definition';
import { coerceField } from '../../../../src/domain/schema-compiler';
import { parseFieldPath } from '../../../../src/domain/solicitud';
import { DetalleReferencia } from '../../../../src/domain/registro-mutations';
import { parseInput } from '../../lib/validation';
import type { AuthUser } from '../../plugins/auth';
import { visibleSolicitudes } from '../solicitudes/visibility';
import { buildRecords } from '../solicitudes/repository';
import { editarSolicitud } from '../solicitudes/service';
import { editarReferencia } from '../registro/service';
import { isFormEntity, loadDefinitions } from './schemas';

type Obj = Record<string, unknown>;
const NO_EXISTE = 'El registro no existe o no tienes acceso a él.';
const notFound = () => new AppError('NOT_FOUND', NO_EXISTE);

const BLOCK_TABLES = {
  ubicacion: ubicaciones,
  actividad_economica: actividadEconomica,
  informacion_financiera: informacionFinanciera,
} as const;
const JSON_FIELD = {
  solicitante: 'infoExtra',
  ubicacion: 'detalleDireccion',
  actividad_economica: 'detalleActividad',
  informacion_financiera: 'detalleFinanciera',
  referencia: 'detalleReferencia',
  solicitud: 'detalleCredito',
} as const;

export interface JsonTarget {
  entity: FormEntity;
  jsonColumn: string;
  /** A visible application of the record's applicant (the record's own for a solicitud). */
  solicitudId: string;
  recordId: string;
  json: Obj;
}

/** The entity and column of a path, checked: a column other than the entity's is a 404. */
export function checkColumn(entity: string, jsonColumn: string): FormEntity {
  if (!isFormEntity(entity)) throw new AppError('NOT_FOUND', 'La entidad solicitada no existe.');
  if (jsonColumn !== jsonColumnOf(entity)) throw new AppError('NOT_FOUND', `La entidad ${entity} no tiene la columna ${jsonColumn}.`);
  return entity;
}

async function firstVisible(tx: DbOrTx, user: AuthUser, solicitanteId: string) {
  const [row] = await tx
    .select()
    .from(solicitudes)
    .where(and(eq(solicitudes.solicitanteId, solicitanteId), visibleSolicitudes(user), isNull(solicitudes.deletedAt)))
    .orderBy(desc(solicitudes.createdAt))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** Finds the record and an application through which the user reaches it. */
export async function jsonTarget(tx: DbOrTx, user: AuthUser, entityName: string, recordId: string, jsonColumn: string): Promise<JsonTarget> {
  const entity = checkColumn(entityName, jsonColumn);
  const id = recordId.toLowerCase();
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id)) throw notFound();
  const base = { entity, jsonColumn, recordId: id };
  if (entity === 'solicitud') {
    const [row] = await tx
      .select()
      .from(solicitudes)
      .where(and(eq(solicitudes.id, id), visibleSolicitudes(user), isNull(solicitudes.deletedAt)));
    if (!row) throw notFound();
    return { ...base, solicitudId: row.id, json: row.detalleCredito ?? {} };
  }
  if (entity === 'solicitante') {
    const [row] = await tx.select().from(solicitantes).where(and(eq(solicitantes.id, id), eq(solicitantes.empresaId, user.empresaId)));
    if (!row) throw notFound();
    return { ...base, solicitudId: (await firstVisible(tx, user, row.id)).id, json: row.infoExtra ?? {} };
  }
  if (entity === 'referencia') {
    const [row] = await tx.select().from(referencias).where(and(eq(referencias.id, id), eq(referencias.empresaId, user.empresaId)));
    if (!row) throw notFound();
    return { ...base, solicitudId: (await firstVisible(tx, user, row.solicitanteId)).id, json: row.detalleReferencia ?? {} };
  }
  const table = BLOCK_TABLES[entity];
  const rows = (await tx.select().from(table).where(and(eq(table.id, id), eq(table.empresaId, user.empresaId)))) as Array<Obj & { solicitanteId: string }>;
  if (!rows[0]) throw notFound();
  const sol = await firstVisible(tx, user, rows[0].solicitanteId);
  // An edit reaches the block row of the applicant's record; another row of the same kind is not reachable.
  const [record] = await buildRecords(tx, [sol], null);
  if ((record[entity] as { id?: string } | null)?.id !== id) throw notFound();
  return { ...base, solicitudId: sol.id, json: (rows[0][JSON_FIELD[entity]] as Obj | null) ?? {} };
}

/** The value at `path` ('key', or 'kind.key' inside a credit kind), null when absent. */
export function readJsonPath(json: Obj, path: string): unknown {
  let at: unknown = json;
  for (const part of path.split('.')) {
    if (!at || typeof at !== 'object' || Array.isArray(at) || !Object.hasOwn(at, part)) return null;
    at = (at as Obj)[part];
  }
  return at ?? null;
}

function editPath(t: JsonTarget, key: string): string {
  const path = `${t.entity}.${t.jsonColumn}.${key}`;
  if (t.entity === 'referencia') {
    if (!/^[a-zA-Z0-9_]{1,60}$/.test(key)) throw badPath(key, t.jsonColumn);
    return path;
  }
  if (!parseFieldPath(path)) throw badPath(key, t.jsonColumn);
  return path;
}
const badPath = (key: string, col: string) =>
  new AppError('VALIDATION', `La clave "${key.slice(0, 60)}" no se puede escribir en ${col}.`, { fields: { path: 'Clave no válida' } });

/** Coerces the values of defined keys by their definitions (the form's compiler); unknown keys pass. */
async function validated(tx: DbOrTx, user: AuthUser, t: JsonTarget, values: Obj): Promise<Obj> {
  const defs = (await loadDefinitions(tx, user.empresaId)).filter(
    (d) => d.entity === t.entity && d.json_column === t.jsonColumn && d.isActive !== false,
  );
  const out: Obj = {};
  const fields: Record<string, string> = {};
  for (const [key, raw] of Object.entries(values)) {
    const def = defs.find((d) => d.key === key);
    if (!def || raw === null) {
      out[key] = raw;
      continue;
    }
    const r = coerceField(def, raw);
    if (r.ok) out[key] = r.value ?? null;
    else fields[key] = r.message;
  }
  const messages = Object.values(fields);
  if (messages.length) throw new AppError('VALIDATION', messages[0], { fields });
  return out;
}

/** Sets the given keys (null clears one) through the sync mutations' services; answers the column. */
export async function writeJsonKeys(tx: DbOrTx, user: AuthUser, t: JsonTarget, values: Obj, validate: boolean): Promise<Obj> {
  if (!Object.keys(values).length) throw new AppError('VALIDATION', 'No hay cambios para guardar.');
  const clean = validate ? await validated(tx, user, t, values) : values;
  if (t.entity === 'referencia') {
    for (const key of Object.keys(clean)) editPath(t, key);
    const row = await editarReferencia(tx, user, {
      solicitudId: t.solicitudId,
      referenciaId: t.recordId,
      detalle_referencia: parseInput(DetalleReferencia, clean),
    });
    return (row.detalle_referencia as Obj | null) ?? {};
  }
  const changes: Obj = {};
  for (const [key, value] of Object.entries(clean)) changes[editPath(t, key)] = value;
  await editarSolicitud(tx, user, { solicitudId: t.solicitudId, changes, base: {} });
  return (await jsonTarget(tx, user, t.entity, t.recordId, t.jsonColumn)).json;
}
