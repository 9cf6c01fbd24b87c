/**
 * Custom field definitions (spec 02 §7 'Definitions'). Invariants:
 * - every query is filtered by the caller's company (from the token), so another company's id is
 *   NOT_FOUND;
 * - a definition is stored only when it passes the same rules the configurator applies
 *   (src/domain/definicion-config.ts), conditions included;
 * - every write sets the touched rows' `seq` from nextSeq in the same transaction, so devices pull
 *   it, and leaves an audit row;
 * - deleting is a soft delete of the definition only: the values applications already stored under
 *   that key stay in their JSON columns. Conditions of other fields that named the deleted field as
 *   their trigger are cleared (they could never be met again).
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { definiciones } from '../../db/schema';
import { nextSeq } from '../../db/change-seq';
import { AppError } from '../../../../src/domain/errors';
import {
  CAMPOS_FIJOS,
  FIELD_TYPES,
  FORM_ENTITIES,
  jsonColumnOf,
  type FieldCondition,
  type FieldDefinition,
  type FieldType,
} from '../../../../src/domain/field-definition';
import {
  FIXED_NOT_DELETABLE,
  FIXED_NOT_EDITABLE,
  formatValidationErrors,
  listValuesFor,
  orderIndexError,
  validateCondition,
  validateDefinition,
} from '../../../../src/domain/definicion-config';
import { parseListValues } from '../../../../src/domain/field-definition';
import type { AuthUser } from '../../plugins/auth';
import { auditBy } from '../audit/service';

type Row = typeof definiciones.$inferSelect;

/** The row as the schema routes and the pull send it. */
export function definicionRow(d: Row): FieldDefinition {
  return {
    id: d.id,
    empresa_id: d.empresaId,
    entity: d.entity,
    json_column: d.jsonColumn,
    key: d.key,
    type: d.type as FieldType,
    required: d.required,
    description: d.description,
    default_value: d.defaultValue,
    order_index: d.orderIndex,
    list_values: d.listValues as FieldDefinition['list_values'],
    conditional_on: d.conditionalOn,
    isActive: d.isActive,
  };
}

/** The group must be one of the six entities with its own JSON column; the fixed fields are local. */
export function assertGroup(entity: string, jsonColumn: string, onFixed = FIXED_NOT_EDITABLE) {
  if (entity === CAMPOS_FIJOS.entity) throw new AppError('VALIDATION', onFixed);
  if (!(FORM_ENTITIES as readonly string[]).includes(entity)) {
    throw new AppError('NOT_FOUND', `La entidad "${entity}" no existe.`);
  }
  if (jsonColumnOf(entity) !== jsonColumn) {
    throw new AppError('VALIDATION', `La columna JSON "${jsonColumn}" no corresponde a la entidad "${entity}".`);
  }
}

function refuse(errors: string[], fields?: Record<string, string>): never {
  throw new AppError('VALIDATION', formatValidationErrors(errors), { fields });
}

async function groupRows(tx: DbOrTx, empresaId: number, entity: string, jsonColumn: string, lock = false) {
  const q = tx
    .select()
    .from(definiciones)
    .where(
      and(
        eq(definiciones.empresaId, empresaId),
        eq(definiciones.entity, entity),
        eq(definiciones.jsonColumn, jsonColumn),
        isNull(definiciones.deletedAt),
      ),
    );
  return lock ? q.for('update') : q;
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** Input (already shape-checked) to a clean definition: blanks become null, list_values trimmed to the type. */
function normalize(input: Record<string, unknown>): FieldDefinition {
  // A non-string type is shown as JSON in the error, never as "[object Object]".
  const type = (typeof input.type === 'string' ? input.type : blank(input.type) ? 'string' : JSON.stringify(input.type)) as FieldType;
  const raw = parseListValues(input.list_values);
  const cond = input.conditional_on as FieldCondition | null | undefined;
  return {
    key: (typeof input.key === 'string' ? input.key : blank(input.key) ? '' : JSON.stringify(input.key)).trim(),
    type,
    required: input.required === true,
    description: blank(input.description) ? null : String(input.description).trim(),
    default_value: blank(input.default_value) ? null : input.default_value,
    order_index: blank(input.order_index) ? null : Number(input.order_index),
    list_values: raw,
    conditional_on: cond && typeof cond === 'object' ? { field: String(cond.field ?? ''), value: cond.value } : null,
    isActive: input.isActive !== false,
  };
}

/** Rules plus list_values reduced to what the type uses. */
function checked(def: FieldDefinition): FieldDefinition {
  const errors = validateDefinition(def);
  if (errors.length) refuse(errors);
  return { ...def, list_values: listValuesFor(def.type, parseListValues(def.list_values)) };
}

function conditionCheck(def: FieldDefinition, group: FieldDefinition[]) {
  if (!def.conditional_on) return;
  const errors = validateCondition(def, def.conditional_on, group);
  if (errors.length) refuse(errors);
}

/** The stored columns of a checked definition (all but key, place and order). */
function storedValues(d: FieldDefinition, seq: number) {
  return {
    type: d.type,
    required: d.required,
    description: d.description ?? null,
    defaultValue: d.default_value ?? null,
    listValues: d.list_values ?? null,
    conditionalOn: d.conditional_on ?? null,
    isActive: d.isActive !== false,
    seq,
    updatedAt: new Date().toISOString(),
  };
}

/** POST /api/json/definitions/{entity}/{json_column}: creates or updates the given fields by key. */
export async function guardarDefiniciones(
  tx: DbOrTx,
  user: AuthUser,
  entity: string,
  jsonColumn: string,
  input: Array<Record<string, unknown>>,
): Promise<FieldDefinition[]> {
  assertGroup(entity, jsonColumn);
  if (input.length === 0) refuse(['No hay definiciones para guardar']);
  const defs = input.map((d) => checked(normalize(d)));
  const keys = defs.map((d) => d.key);
  const repeated = keys.find((k, i) => keys.indexOf(k) !== i);
  if (repeated) refuse([`El campo "${repeated}" está repetido`]);

  const existing = await groupRows(tx, user.empresaId, entity, jsonColumn, true);
  const byKey = new Map(existing.map((r) => [r.key, r]));
  const merged = [
    ...existing.filter((r) => !keys.includes(r.key)).map(definicionRow),
    ...defs,
  ];
  for (const d of defs) conditionCheck(d, merged);

  const seq = await nextSeq(tx, user.empresaId);
  let nextOrder = Math.max(0, ...existing.map((r) => r.orderIndex ?? 0)) + 1;
  const saved: FieldDefinition[] = [];
  for (const d of defs) {
    const values = storedValues(d, seq);
    const prev = byKey.get(d.key);
    if (prev) {
      const [row] = await tx
        .update(definiciones)
        .set({ ...values, orderIndex: d.order_index ?? prev.orderIndex })
        .where(eq(definiciones.id, prev.id))
        .returning();
      saved.push(definicionRow(row));
      await auditBy(tx, user, {
        entidad: 'definicion',
        entidadId: String(row.id),
        accion: 'actualizar',
        cambios: { definicion: { old: definicionRow(prev), new: definicionRow(row) } },
      });
    } else {
      const [row] = await tx
        .insert(definiciones)
        .values({ ...values, empresaId: user.empresaId, entity, jsonColumn, key: d.key, orderIndex: d.order_index ?? nextOrder++ })
        .returning();
      saved.push(definicionRow(row));
      await auditBy(tx, user, {
        entidad: 'definicion',
        entidadId: String(row.id),
        accion: 'crear',
        cambios: { definicion: { old: null, new: definicionRow(row) } },
      });
    }
  }
  return saved;
}

const PATCHABLE = ['type', 'required', 'description', 'default_value', 'order_index', 'list_values', 'conditional_on', 'isActive'] as const;

/** PATCH /api/json/definitions/{id}: a partial update; the key never changes. */
export async function actualizarDefinicion(
  tx: DbOrTx,
  user: AuthUser,
  id: number,
  patch: Record<string, unknown>,
): Promise<FieldDefinition> {
  const [prev] = await tx
    .select()
    .from(definiciones)
    .where(and(eq(definiciones.id, id), eq(definiciones.empresaId, user.empresaId), isNull(definiciones.deletedAt)))
    .for('update');
  if (!prev) throw new AppError('NOT_FOUND', 'El campo no existe.');
  const current = definicionRow(prev);
  const next: Record<string, unknown> = { ...current };
  for (const k of PATCHABLE) if (Object.hasOwn(patch, k)) next[k] = patch[k];
  // A blank type means 'string' only when a field is created; a PATCH must name the new type.
  if (Object.hasOwn(patch, 'type') && blank(patch.type)) {
    refuse([`Tipo inválido "${patch.type ?? ''}" en el campo "${current.key}". Tipos válidos: ${FIELD_TYPES.join(', ')}`]);
  }
  const def = checked(normalize(next));
  const group = (await groupRows(tx, user.empresaId, prev.entity, prev.jsonColumn)).map(definicionRow);
  conditionCheck(def, [...group.filter((g) => g.key !== def.key), def]);

  const seq = await nextSeq(tx, user.empresaId);
  const [row] = await tx
    .update(definiciones)
    .set({ ...storedValues(def, seq), orderIndex: def.order_index ?? null })
    .where(eq(definiciones.id, prev.id))
    .returning();
  await auditBy(tx, user, {
    entidad: 'definicion',
    entidadId: String(row.id),
    accion: 'actualizar',
    cambios: { definicion: { old: current, new: definicionRow(row) } },
  });
  return definicionRow(row);
}

/** DELETE /api/json/definitions/{entity}/{json_column}[/{key}]: soft delete; stored values stay. */
export async function eliminarDefiniciones(
  tx: DbOrTx,
  user: AuthUser,
  entity: string,
  jsonColumn: string,
  key?: string,
): Promise<{ eliminados: number }> {
  assertGroup(entity, jsonColumn, FIXED_NOT_DELETABLE);
  const group = await groupRows(tx, user.empresaId, entity, jsonColumn, true);
  const doomed = key === undefined ? group : group.filter((r) => r.key === key);
  if (key !== undefined && doomed.length === 0) throw new AppError('NOT_FOUND', `No se encontró el campo "${key}".`);
  if (doomed.length === 0) return { eliminados: 0 };
  const seq = await nextSeq(tx, user.empresaId);
  const now = new Date().toISOString();
  await tx
    .update(definiciones)
    .set({ deletedAt: now, updatedAt: now, seq })
    .where(inArray(definiciones.id, doomed.map((r) => r.id)));
  const doomedKeys = new Set(doomed.map((r) => r.key));
  const orphans = group.filter((r) => !doomedKeys.has(r.key) && r.conditionalOn && doomedKeys.has(r.conditionalOn.field));
  if (orphans.length) {
    await tx
      .update(definiciones)
      .set({ conditionalOn: null, updatedAt: now, seq })
      .where(inArray(definiciones.id, orphans.map((r) => r.id)));
  }
  for (const r of doomed) {
    await auditBy(tx, user, {
      entidad: 'definicion',
      entidadId: String(r.id),
      accion: 'eliminar',
      cambios: { definicion: { old: definicionRow(r), new: null } },
    });
  }
  return { eliminados: doomed.length };
}

/** PATCH /api/json/definitions/{entity}/{json_field}/reorder: new order indexes (from 1) by key. */
export async function reordenarDefiniciones(
  tx: DbOrTx,
  user: AuthUser,
  entity: string,
  jsonColumn: string,
  orders: Array<{ key: string; order_index: number }>,
): Promise<{ actualizados: number }> {
  assertGroup(entity, jsonColumn, 'El orden de los campos fijos se guarda en cada dispositivo.');
  if (orders.length === 0) refuse(['No hay campos para ordenar']);
  const errors = orders.flatMap((o) => {
    const e = orderIndexError(o.order_index);
    return e ? [`${o.key}: ${e}`] : [];
  });
  if (errors.length) refuse(errors);
  const group = await groupRows(tx, user.empresaId, entity, jsonColumn, true);
  const byKey = new Map(group.map((r) => [r.key, r]));
  const missing = orders.find((o) => !byKey.has(o.key));
  if (missing) throw new AppError('NOT_FOUND', `No se encontró el campo "${missing.key}".`);
  const seq = await nextSeq(tx, user.empresaId);
  for (const o of orders) {
    await tx
      .update(definiciones)
      .set({ orderIndex: o.order_index, seq, updatedAt: new Date().toISOString() })
      .where(eq(definiciones.id, byKey.get(o.key)!.id));
  }
  await auditBy(tx, user, {
    entidad: 'definicion',
    entidadId: `${entity}/${jsonColumn}`,
    accion: 'reordenar',
    cambios: Object.fromEntries(orders.map((o) => [o.key, { old: byKey.get(o.key)!.orderIndex, new: o.order_index }])),
  });
  return { actualizados: orders.length };
}
