/**
 * Built-in fields of the creation form (spec 02 §3): the 8 fixed applicant fields, the table
 * columns of each entity (the `campos_fijos` of a schema response), the fallback fields used when
 * the schemas cannot be loaded, and the assembly of one entity's field list from the company's
 * definitions. Pure: shared by the form and the server.
 */
import {
  ENTITY_JSON_COLUMNS,
  FORCED_DATE_KEYS,
  FORM_ENTITIES,
  FIELD_TYPES,
  parseListValues,
  sortFields,
  type EntitySchema,
  type FieldDefinition,
  type FieldType,
  type FormEntity,
} from './field-definition';
import type { RegistroSchemas } from './registro';
import { GENEROS, TIPOS_ACTIVIDAD, TIPOS_IDENTIFICACION, TIPOS_REFERENCIA } from './listas';

const f = (
  key: string,
  type: FieldType,
  required: boolean,
  description: string,
  order_index: number,
  extra: Partial<FieldDefinition> = {},
): FieldDefinition => ({ key, type, required, description, order_index, ...extra });
const list = (values: readonly string[]) => ({ enum: [...values] });

/** The 8 fixed applicant fields: built in, not editable, not deletable. */
export const FIXED_FIELDS: readonly FieldDefinition[] = [
  f('nombres', 'string', true, 'Nombres', 1),
  f('primer_apellido', 'string', true, 'Primer apellido', 2),
  f('segundo_apellido', 'string', false, 'Segundo apellido', 3),
  f('tipo_identificacion', 'array', true, 'Tipo de identificación', 4, {
    list_values: list(TIPOS_IDENTIFICACION),
  }),
  f('numero_documento', 'string', true, 'Número de documento', 5),
  f('fecha_nacimiento', 'date', true, 'Fecha de nacimiento', 6),
  f('genero', 'array', true, 'Género', 7, { list_values: list(GENEROS) }),
  f('correo', 'string', true, 'Correo electrónico', 8),
];

/**
 * Table columns of each entity, stored outside the JSON column. The applicant's are the fixed
 * fields; the others are optional so that an application captured with the fallback fields still
 * fits (their own keys then land in the JSON column).
 */
export const ENTITY_COLUMNS: Record<FormEntity, readonly FieldDefinition[]> = {
  solicitante: FIXED_FIELDS,
  ubicacion: [
    f('departamento_residencia', 'string', false, 'Departamento de residencia', 1),
    f('ciudad_residencia', 'string', false, 'Ciudad de residencia', 2),
    f('barrio', 'string', false, 'Barrio', 3),
    f('estrato', 'integer', false, 'Estrato', 4),
  ],
  actividad_economica: [
    f('tipo_actividad', 'array', true, 'Tipo de actividad', 1, {
      list_values: list(TIPOS_ACTIVIDAD),
    }),
    f('sector_economico', 'string', false, 'Sector económico', 2),
    f('cargo_actual', 'string', false, 'Cargo actual', 3),
    f('tipo_contrato', 'string', false, 'Tipo de contrato', 4),
  ],
  informacion_financiera: [
    f('total_ingresos_mensuales', 'number', false, 'Total ingresos mensuales', 1),
    f('total_egresos_mensuales', 'number', false, 'Total egresos mensuales', 2),
    f('total_activos', 'number', false, 'Total activos', 3),
    f('total_pasivos', 'number', false, 'Total pasivos', 4),
  ],
  referencia: [
    f('tipo_referencia', 'array', true, 'Tipo de referencia', 1, {
      list_values: list(TIPOS_REFERENCIA),
    }),
  ],
  solicitud: [
    f('banco_nombre', 'string', false, 'Banco', 1),
    f('ciudad_solicitud', 'string', false, 'Ciudad de la solicitud', 2),
  ],
};

/** Server table of each entity (the `tabla` of a schema response). */
export const ENTITY_TABLES: Record<FormEntity, string> = {
  solicitante: 'solicitantes',
  ubicacion: 'ubicaciones',
  actividad_economica: 'actividad_economica',
  informacion_financiera: 'informacion_financiera',
  referencia: 'referencias',
  solicitud: 'solicitudes',
};

const n = (key: string, required: boolean, description: string, i: number) =>
  f(key, 'number', required, description, i);
const s = (key: string, required: boolean, description: string, i: number) =>
  f(key, 'string', required, description, i);

/** The fields the form uses for an entity whose schema cannot be loaded (spec 02 §3). */
export const FALLBACK_FIELDS: Record<FormEntity, readonly FieldDefinition[]> = {
  solicitante: [
    ...FIXED_FIELDS,
    s('telefono', false, 'Teléfono', 9),
    s('estado_civil', false, 'Estado civil', 10),
    n('personas_a_cargo', false, 'Personas a cargo', 11),
  ],
  ubicacion: [
    s('direccion', true, 'Dirección', 1),
    s('departamento', true, 'Departamento', 2),
    s('ciudad', true, 'Ciudad', 3),
    s('tipo_direccion', true, 'Tipo de dirección', 4),
    s('barrio', false, 'Barrio', 5),
    n('estrato', false, 'Estrato', 6),
  ],
  actividad_economica: [
    f('tipo_actividad', 'array', true, 'Tipo de actividad', 1, {
      list_values: list(TIPOS_ACTIVIDAD),
    }),
    s('empresa', false, 'Empresa', 2),
    s('cargo', false, 'Cargo', 3),
    s('tipo_contrato', false, 'Tipo de contrato', 4),
    n('salario_base', false, 'Salario base', 5),
    s('sector_economico', false, 'Sector económico', 6),
    s('codigo_ciuu', false, 'Código CIIU', 7),
    s('departamento_empresa', false, 'Departamento de la empresa', 8),
    s('ciudad_empresa', false, 'Ciudad de la empresa', 9),
    s('telefono_empresa', false, 'Teléfono de la empresa', 10),
    s('correo_empresa', false, 'Correo de la empresa', 11),
    s('nit_empresa', false, 'NIT de la empresa', 12),
  ],
  informacion_financiera: [
    n('ingresos_mensuales', true, 'Ingresos mensuales', 1),
    n('gastos_mensuales', true, 'Gastos mensuales', 2),
    n('otros_ingresos', false, 'Otros ingresos', 3),
    n('total_ingresos_mensuales', false, 'Total ingresos mensuales', 4),
    n('total_egresos_mensuales', false, 'Total egresos mensuales', 5),
    n('total_activos', false, 'Total activos', 6),
    n('total_pasivos', false, 'Total pasivos', 7),
  ],
  referencia: [
    s('nombre_completo', true, 'Nombre completo', 1),
    s('telefono_referencia', true, 'Teléfono', 2),
    f('tipo_referencia', 'array', true, 'Tipo de referencia', 3, {
      list_values: list(TIPOS_REFERENCIA),
    }),
    s('parentesco', false, 'Parentesco', 4),
    s('ciudad_referencia', false, 'Ciudad', 5),
  ],
  solicitud: [
    n('monto_solicitado', true, 'Monto solicitado', 1),
    n('plazo_meses', true, 'Plazo en meses', 2),
    n('tipo_credito_id', true, 'Tipo de crédito', 3),
    s('destino_credito', true, 'Destino del crédito', 4),
    n('cuota_inicial', false, 'Cuota inicial', 5),
    s('ciudad_solicitud', false, 'Ciudad de la solicitud', 6),
    s('banco_nombre', false, 'Banco', 7),
  ],
};

const KEY = /^[a-zA-Z][a-zA-Z0-9_]{0,59}$/;

/**
 * A definition as the server or the local mirror holds it, normalised: list_values parsed,
 * forced date keys typed as date, unknown types read as string. Null when it has no usable key.
 */
export function normalizeDefinition(raw: unknown): FieldDefinition | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const key = typeof r.key === 'string' ? r.key.trim() : '';
  if (!KEY.test(key)) return null;
  const rawType = typeof r.type === 'string' ? r.type : 'string';
  let type: FieldType = (FIELD_TYPES as readonly string[]).includes(rawType)
    ? (rawType as FieldType)
    : 'string';
  if ((FORCED_DATE_KEYS as readonly string[]).includes(key)) type = 'date';
  const cond = r.conditional_on as { field?: unknown; value?: unknown } | null | undefined;
  return {
    ...(typeof r.id === 'number' ? { id: r.id } : {}),
    ...(typeof r.entity === 'string' ? { entity: r.entity } : {}),
    ...(typeof r.json_column === 'string' ? { json_column: r.json_column } : {}),
    key,
    type,
    required: r.required === true,
    description: typeof r.description === 'string' ? r.description : null,
    order_index: typeof r.order_index === 'number' ? r.order_index : null,
    default_value: r.default_value ?? null,
    list_values: r.list_values == null ? null : parseListValues(r.list_values),
    conditional_on:
      cond && typeof cond.field === 'string' && cond.field ? { field: cond.field, value: cond.value } : null,
    isActive: r.isActive !== false && r.is_active !== false,
  };
}

/** Active dynamic definitions of one entity, sorted; keys taken by a table column are skipped. */
export function dynamicFieldsOf(entity: FormEntity, definitions: readonly unknown[]): FieldDefinition[] {
  const taken = new Set(ENTITY_COLUMNS[entity].map((c) => c.key));
  const seen = new Set<string>();
  const out: FieldDefinition[] = [];
  for (const raw of definitions) {
    const d = normalizeDefinition(raw);
    if (!d || !d.isActive || taken.has(d.key) || seen.has(d.key)) continue;
    if ((d.entity ?? entity) !== entity) continue;
    if (d.json_column && d.json_column !== ENTITY_JSON_COLUMNS[entity]) continue;
    seen.add(d.key);
    out.push(d);
  }
  return sortFields(out);
}

/** The schema response of one entity from the company's definitions of that entity. */
export function entitySchema(entity: FormEntity, definitions: readonly unknown[]): EntitySchema {
  const campos_fijos = sortFields([...ENTITY_COLUMNS[entity]]);
  const campos_dinamicos = dynamicFieldsOf(entity, definitions);
  return {
    entidad: entity,
    tabla: ENTITY_TABLES[entity],
    json_column: ENTITY_JSON_COLUMNS[entity],
    total_campos: campos_fijos.length + campos_dinamicos.length,
    campos_fijos,
    campos_dinamicos,
  };
}

/** All fields of a schema in form order: table columns first, then the dynamic ones. */
export function formFields(schema: Pick<EntitySchema, 'campos_fijos' | 'campos_dinamicos'>): FieldDefinition[] {
  return [...sortFields(schema.campos_fijos), ...sortFields(schema.campos_dinamicos)];
}

/**
 * Splits cleaned entity values into table columns and the JSON column's contents: a key that is a
 * column of the entity goes to the column, anything else into the JSON column.
 */
export function splitColumns(
  entity: FormEntity,
  values: Record<string, unknown>,
): { columns: Record<string, unknown>; json: Record<string, unknown> } {
  const columnKeys = new Set(ENTITY_COLUMNS[entity].map((c) => c.key));
  const columns: Record<string, unknown> = {};
  const json: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) {
    if (columnKeys.has(k)) columns[k] = v;
    else json[k] = v;
  }
  return { columns, json };
}

/** The form fields of the six entities from the company's definitions (any entity mixed). */
export function registroSchemas(definitions: readonly unknown[]): RegistroSchemas {
  const out = {} as Record<FormEntity, FieldDefinition[]>;
  for (const entity of FORM_ENTITIES) out[entity] = formFields(entitySchema(entity, definitions));
  return out;
}
