/**
 * 'Editar Registro' form values and the record they come from. The values' shape is a valibot
 * schema (`EditValuesSchema`), and the form's type is inferred from it. Each entity holds its
 * fields by key, as the creation form does, so both draw them with the same field renderer and
 * judge them with the same compiler. Pure: no React, no Dexie.
 *
 * The fields shown (`recordFields`): the company's and the spec's (src/domain/campos-registro.ts),
 * plus any other value the record holds (a field the company deactivated or removed since, a key
 * written by another client), shown read-only, so nothing captured is hidden. The credit sub-object's fields are those of
 * the kind the credit type maps to (src/domain/credito.ts).
 */
import * as v from 'valibot';
import { EDIT_ENTITIES, MIRRORED, editFields, pathOf, type EditEntity } from '../../domain/campos-registro';
import { ENTITY_COLUMNS, normalizeDefinition } from '../../domain/campos-fijos';
import { CREDIT_KIND_FIELDS, creditKind, type CreditKind } from '../../domain/credito';
import { ENTITY_JSON_COLUMNS, type FieldDefinition } from '../../domain/field-definition';
import type { RegistroSchemas } from '../../domain/registro';
import { isCreditKindKey, readPath, type SolicitudRecord } from '../../domain/solicitud';
import { etiquetaDeCampo } from '../../domain/validacion';

const EntityValues = v.record(v.string(), v.unknown());

export const EditValuesSchema = v.object({
  solicitante: EntityValues,
  ubicacion: EntityValues,
  actividad_economica: EntityValues,
  informacion_financiera: EntityValues,
  solicitud: EntityValues,
  /** The fields of the credit kind's sub-object (detalle_credito.<kind>). */
  credito: EntityValues,
  /** `eliminada`: marked for deletion, queued on Guardar (until then 'No eliminar' takes it back). */
  referencias: v.array(v.object({ id: v.string(), isNew: v.boolean(), eliminada: v.optional(v.boolean()), datos: EntityValues })),
  preferencias: v.object({ email: v.boolean(), sms: v.boolean() }),
});
export type EditValues = v.InferInput<typeof EditValuesSchema>;
export type EntityKey = EditEntity | 'credito';

export interface RecordFields {
  entities: Record<EditEntity, FieldDefinition[]>;
  referencia: FieldDefinition[];
  /** The credit fields of every kind (the form shows the current kind's). */
  credito: Record<CreditKind, FieldDefinition[]>;
}

const isObj = (x: unknown): x is Record<string, unknown> => !!x && typeof x === 'object' && !Array.isArray(x);
const KEY = /^[a-zA-Z][a-zA-Z0-9_]{0,59}$/;

/**
 * A field for a value the record holds that no active definition names: the company's inactive
 * definition of the key when there is one (its label, its type), else one read from the value.
 * `isActive: false` marks it: 'Editar Registro' shows it read-only (stored-field.tsx).
 */
function leftover(key: string, value: unknown, inactive: FieldDefinition | undefined): FieldDefinition | null {
  if (!KEY.test(key)) return null;
  if (inactive) return { ...inactive, required: false, conditional_on: null, isActive: false, order_index: 2000 };
  const type =
    typeof value === 'boolean' ? 'boolean'
    : typeof value === 'number' ? 'number'
    : typeof value === 'string' ? 'string'
    : Array.isArray(value) ? 'array'
    : isObj(value) ? 'object'
    : null;
  return type ? { key, type, required: false, description: etiquetaDeCampo(key), order_index: 2000, isActive: false } : null;
}

function withLeftovers(
  fields: FieldDefinition[],
  stored: readonly Record<string, unknown>[],
  inactive: ReadonlyMap<string, FieldDefinition>,
  skip: (key: string) => boolean = () => false,
): FieldDefinition[] {
  const known = new Set(fields.map((f) => f.key));
  const out = [...fields];
  for (const obj of stored) {
    for (const [key, value] of Object.entries(obj)) {
      if (known.has(key) || skip(key) || value === null || value === '' || (Array.isArray(value) && value.length === 0)) continue;
      const f = leftover(key, value, inactive.get(key));
      if (f) {
        known.add(key);
        out.push(f);
      }
    }
  }
  return out;
}

/** The company's inactive definitions of an entity, by key. */
function inactiveOf(definitions: readonly unknown[], entity: string): Map<string, FieldDefinition> {
  const out = new Map<string, FieldDefinition>();
  for (const raw of definitions) {
    const d = normalizeDefinition(raw);
    if (d && !d.isActive && (d.entity ?? entity) === entity && !out.has(d.key)) out.set(d.key, d);
  }
  return out;
}

/** The JSON column of an entity as the record holds it. */
function jsonOf(record: SolicitudRecord, entity: EditEntity): Record<string, unknown> {
  const block = record[entity] as unknown as Record<string, unknown> | null;
  const json = block?.[ENTITY_JSON_COLUMNS[entity]];
  return isObj(json) ? json : {};
}

/**
 * Every field 'Editar Registro' shows for this record, given the company's form schemas and its
 * definitions (the inactive ones name and type what the record still holds for them).
 */
export function recordFields(record: SolicitudRecord, schemas: RegistroSchemas, definitions: readonly unknown[] = []): RecordFields {
  const entities = {} as Record<EditEntity, FieldDefinition[]>;
  for (const entity of EDIT_ENTITIES) {
    const mirror = MIRRORED[entity];
    const skip = (k: string) => (entity === 'solicitud' && isCreditKindKey(k)) || (!!mirror && mirror.includes(k));
    entities[entity] = withLeftovers(editFields(entity, schemas), [jsonOf(record, entity)], inactiveOf(definitions, entity), skip);
  }
  const referencia = withLeftovers(
    editFields('referencia', schemas),
    (record.referencias ?? []).map((r) => r.detalle_referencia ?? {}),
    inactiveOf(definitions, 'referencia'),
  );
  const dc = jsonOf(record, 'solicitud');
  const credito = {} as Record<CreditKind, FieldDefinition[]>;
  // A key the credit's own fields already ask (the company's cuota_inicial, destino_credito) is asked once.
  const asked = new Set(entities.solicitud.map((f) => f.key));
  for (const [kind, fields] of Object.entries(CREDIT_KIND_FIELDS) as Array<[CreditKind, readonly FieldDefinition[]]>) {
    const stored = isObj(dc[kind]) ? (dc[kind] as Record<string, unknown>) : {};
    const own = fields.filter((f) => !asked.has(f.key) || (stored[f.key] !== undefined && stored[f.key] !== null && stored[f.key] !== ''));
    credito[kind] = withLeftovers(own, [stored], new Map());
  }
  return { entities, referencia, credito };
}

/** A stored value as the form holds it: '' for none, a date as YYYY-MM-DD, anything else as stored. */
export function toFormValue(field: Pick<FieldDefinition, 'type'> | undefined, value: unknown): unknown {
  if (value === null || value === undefined) return field?.type === 'boolean' ? false : '';
  if (field?.type === 'date' && typeof value === 'string') return value.slice(0, 10);
  return value;
}

/** The stored value of an entity's key (a column or a key of its JSON column). */
export function storedValue(record: SolicitudRecord, entity: EditEntity, key: string): unknown {
  return readPath(record, pathOf(entity, key));
}

/** The credit type the record holds (detalle_credito's, else the column's). */
export function storedTipoCredito(record: SolicitudRecord): string | null {
  const t = record.solicitud.detalle_credito?.tipo_credito ?? record.solicitud.tipo_credito;
  return typeof t === 'string' && t.trim() ? t : null;
}

/** The form values of a credit kind's sub-object as the record holds it (empty when it has none). */
export function creditValues(record: SolicitudRecord, kind: CreditKind, fields: RecordFields): Record<string, unknown> {
  const stored = jsonOf(record, 'solicitud')[kind];
  const obj = isObj(stored) ? stored : {};
  return Object.fromEntries(fields.credito[kind].map((f) => [f.key, toFormValue(f, obj[f.key])]));
}

/** The form's starting values: the record as mirrored on this device. */
export function toEditValues(record: SolicitudRecord, fields: RecordFields): EditValues {
  const values = {} as Record<EditEntity, Record<string, unknown>>;
  for (const entity of EDIT_ENTITIES) {
    values[entity] = Object.fromEntries(fields.entities[entity].map((f) => [f.key, toFormValue(f, storedValue(record, entity, f.key))]));
  }
  // Stored twice (column and JSON): the form holds both keys with one value.
  const act = record.actividad_economica;
  const tipoActividad = act?.detalle_actividad?.tipo_actividad_economica ?? act?.tipo_actividad ?? '';
  values.actividad_economica.tipo_actividad = tipoActividad;
  values.actividad_economica.tipo_actividad_economica = tipoActividad;
  values.solicitud.tipo_credito = storedTipoCredito(record) ?? '';
  const prefs = record.solicitud.preferencias_notificacion;
  return {
    ...values,
    credito: creditValues(record, creditKind(storedTipoCredito(record)), fields),
    referencias: (record.referencias ?? []).map((r) => ({
      id: r.id,
      isNew: false,
      eliminada: false,
      datos: {
        ...Object.fromEntries(fields.referencia.map((f) => [f.key, toFormValue(f, r.detalle_referencia?.[f.key])])),
        tipo_referencia: r.tipo_referencia ?? '',
      },
    })),
    preferencias: { email: prefs?.email !== false, sms: prefs?.sms === true },
  };
}

/** A reference added in the form. */
export function newReference(id: string): EditValues['referencias'][number] {
  return { id, isNew: true, eliminada: false, datos: { tipo_referencia: 'personal' } };
}

/** Columns of the references' entity (tipo_referencia), kept out of detalle_referencia. */
export const REFERENCE_COLUMNS = new Set(ENTITY_COLUMNS.referencia.map((c) => c.key));
