/**
 * Schema reads of the creation form (spec 02 §7 'Schemas and JSON columns'): the company's field
 * definitions assembled into entity schemas with the shared domain code, so the form (which builds
 * the same schemas from its local mirror) and these answers never disagree.
 * Invariant: every read is filtered by the token's company; a record's JSON column is only read
 * when the user may see an application of that applicant.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  actividadEconomica,
  definiciones,
  informacionFinanciera,
  referencias,
  solicitantes,
  solicitudes,
  ubicaciones,
} from '../../db/schema';
import { AppError } from '../../../../src/domain/errors';
import {
  FORM_ENTITIES,
  CAMPOS_FIJOS,
  jsonColumnOf,
  type FormEntity,
} from '../../../../src/domain/field-definition';
import { FIXED_FIELDS, entitySchema, normalizeDefinition } from '../../../../src/domain/campos-fijos';
import type { AuthUser } from '../../plugins/auth';
import { visibleSolicitudes } from '../solicitudes/visibility';
import { definicionRow } from '../configuracion/definiciones';

export function isFormEntity(entity: string): entity is FormEntity {
  return (FORM_ENTITIES as readonly string[]).includes(entity);
}

/** The company's definitions in the shape pull sends them (inactive ones included). */
export async function loadDefinitions(db: DbOrTx, empresaId: number) {
  const rows = await db
    .select()
    .from(definiciones)
    .where(and(eq(definiciones.empresaId, empresaId), isNull(definiciones.deletedAt)))
    .orderBy(asc(definiciones.orderIndex), asc(definiciones.id));
  return rows.map(definicionRow);
}

const UNKNOWN_ENTITY = 'La entidad solicitada no existe.';

export async function schemaOf(db: DbOrTx, user: AuthUser, entity: string) {
  if (!isFormEntity(entity)) throw new AppError('NOT_FOUND', UNKNOWN_ENTITY);
  return entitySchema(entity, await loadDefinitions(db, user.empresaId));
}

/** The six entity schemas plus the fixed-fields group, keyed by entity. */
export async function groupedSchema(db: DbOrTx, user: AuthUser) {
  const defs = await loadDefinitions(db, user.empresaId);
  const grouped: Record<string, unknown> = {};
  for (const entity of FORM_ENTITIES) grouped[entity] = entitySchema(entity, defs);
  grouped[CAMPOS_FIJOS.entity] = {
    entidad: CAMPOS_FIJOS.entity,
    tabla: null,
    json_column: CAMPOS_FIJOS.jsonColumn,
    total_campos: FIXED_FIELDS.length,
    campos_fijos: FIXED_FIELDS,
    campos_dinamicos: [],
  };
  return grouped;
}

/** Definitions of one entity's JSON column (any entity: others use datos_adicionales). */
export async function columnDefinitions(db: DbOrTx, user: AuthUser, entity: string, jsonColumn: string) {
  if (jsonColumn !== jsonColumnOf(entity)) {
    throw new AppError('NOT_FOUND', `La entidad ${entity} no tiene la columna ${jsonColumn}.`);
  }
  const defs = await loadDefinitions(db, user.empresaId);
  return defs
    .filter((d) => d.entity === entity && d.json_column === jsonColumn)
    .map((d) => ({ ...normalizeDefinition(d), id: d.id, empresa_id: d.empresa_id }));
}

/**
 * A column's schema response (entidad, tabla, json_column, campos_fijos, campos_dinamicos): how
 * the spec's edit modal reads `/json/schema/solicitudes/detalle_credito` (spec 01 §7, data.campos_dinamicos).
 */
export async function columnSchema(db: DbOrTx, user: AuthUser, entity: string, jsonColumn: string) {
  if (!isFormEntity(entity)) throw new AppError('NOT_FOUND', UNKNOWN_ENTITY);
  if (jsonColumn !== jsonColumnOf(entity)) {
    throw new AppError('NOT_FOUND', `La entidad ${entity} no tiene la columna ${jsonColumn}.`);
  }
  return schemaOf(db, user, entity);
}

const RECORD_TABLES = {
  solicitante: { table: solicitantes, column: 'infoExtra' },
  ubicacion: { table: ubicaciones, column: 'detalleDireccion' },
  actividad_economica: { table: actividadEconomica, column: 'detalleActividad' },
  informacion_financiera: { table: informacionFinanciera, column: 'detalleFinanciera' },
  referencia: { table: referencias, column: 'detalleReferencia' },
} as const;

/** A record's JSON column as a field list: each definition with the record's value, then extra keys. */
export async function recordFields(db: DbOrTx, user: AuthUser, entity: string, recordId: string) {
  if (!isFormEntity(entity)) throw new AppError('NOT_FOUND', UNKNOWN_ENTITY);
  const notFound = new AppError('NOT_FOUND', 'El registro no existe o no tienes acceso a él.');
  let json: Record<string, unknown>;
  if (entity === 'solicitud') {
    const [row] = await db
      .select({ json: solicitudes.detalleCredito })
      .from(solicitudes)
      .where(and(eq(solicitudes.id, recordId), visibleSolicitudes(user), isNull(solicitudes.deletedAt)));
    if (!row) throw notFound;
    json = row.json;
  } else {
    const { table } = RECORD_TABLES[entity];
    const rows = (await db
      .select()
      .from(table)
      .where(and(eq(table.id, recordId), eq(table.empresaId, user.empresaId)))) as Array<Record<string, unknown>>;
    const row = rows[0];
    if (!row) throw notFound;
    const solicitanteId = entity === 'solicitante' ? recordId : (row.solicitanteId as string);
    const [visible] = await db
      .select({ id: solicitudes.id })
      .from(solicitudes)
      .where(and(eq(solicitudes.solicitanteId, solicitanteId), visibleSolicitudes(user), isNull(solicitudes.deletedAt)))
      .limit(1);
    if (!visible) throw notFound;
    json = (row[RECORD_TABLES[entity].column] as Record<string, unknown>) ?? {};
  }
  const schema = entitySchema(entity, await loadDefinitions(db, user.empresaId));
  const known = new Set(schema.campos_dinamicos.map((f) => f.key));
  return [
    ...schema.campos_dinamicos.map((f) => ({ ...f, value: json[f.key] ?? null })),
    ...Object.entries(json)
      .filter(([k]) => !known.has(k))
      .map(([key, value]) => ({ key, type: typeof value === 'number' ? 'number' : typeof value === 'boolean' ? 'boolean' : 'string', required: false, value })),
  ];
}
