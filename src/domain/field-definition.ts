/**
 * Field definitions of the server-configured form (spec 02 §3 'Schema response'): the shape shared
 * by the creation form, the configuration screen and the server. Pure; no React, Dexie or Node.
 */

/** The six configurable entities and the JSON column their custom fields live in. */
export const ENTITY_JSON_COLUMNS = {
  solicitante: 'info_extra',
  ubicacion: 'detalle_direccion',
  actividad_economica: 'detalle_actividad',
  informacion_financiera: 'detalle_financiera',
  referencia: 'detalle_referencia',
  solicitud: 'detalle_credito',
} as const;
export type FormEntity = keyof typeof ENTITY_JSON_COLUMNS;
export const FORM_ENTITIES = Object.keys(ENTITY_JSON_COLUMNS) as FormEntity[];

/** The entities' table names, which the spec's calls also use (`/json/schema/solicitudes/detalle_credito`). */
const TABLE_ALIASES: Readonly<Record<string, FormEntity>> = {
  solicitantes: 'solicitante',
  ubicaciones: 'ubicacion',
  referencias: 'referencia',
  solicitudes: 'solicitud',
};

/** An entity named in a path: a table name stands for its entity, anything else is itself. */
export function entityFromPath(name: string): string {
  return Object.hasOwn(TABLE_ALIASES, name) ? TABLE_ALIASES[name] : name;
}

/** Local-only group of the built-in fields. */
export const CAMPOS_FIJOS = { entity: 'campos_fijos', jsonColumn: 'info_general' } as const;

export const ENTITY_TITLES: Record<FormEntity | 'campos_fijos', string> = {
  solicitante: 'Solicitante',
  ubicacion: 'Ubicación',
  actividad_economica: 'Actividad Económica',
  informacion_financiera: 'Información Financiera',
  referencia: 'Referencias',
  solicitud: 'Solicitud',
  campos_fijos: 'Campos Fijos',
};

/** The JSON column of an entity; any other entity uses datos_adicionales. */
export function jsonColumnOf(entity: string): string {
  return (ENTITY_JSON_COLUMNS as Record<string, string>)[entity] ?? 'datos_adicionales';
}

export const FIELD_TYPES = [
  'string',
  'text',
  'number',
  'integer',
  'boolean',
  'date',
  'array',
  'object',
  'file',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export const FIELD_TYPE_LABELS: Record<FieldType, string> = {
  string: 'Texto',
  text: 'Texto largo',
  number: 'Número',
  integer: 'Entero',
  boolean: 'Sí/No',
  date: 'Fecha',
  array: 'Lista de opciones',
  object: 'Grupo de subcampos',
  file: 'Archivo',
};

/** Keys always treated as dates whatever their configured type. */
export const FORCED_DATE_KEYS = [
  'fecha_nacimiento',
  'fecha_expedicion',
  'fecha_ingreso_empresa',
  'fecha_vinculacion',
] as const;

export const ALLOWED_FILE_TYPES = ['pdf', 'jpg', 'jpeg', 'png', 'doc', 'docx', 'xls', 'xlsx', 'txt'] as const;
export const DEFAULT_FILE_TYPES = ['pdf', 'jpg', 'jpeg', 'png', 'doc', 'docx'] as const;
export const DEFAULT_MAX_SIZE_MB = 5;
export const MAX_SIZE_CEILING_MB = 100;

export interface FileConfig {
  allowed_types: string[];
  max_size_mb: number;
  multiple: boolean;
  required_fields?: string[];
  storage_path?: string;
}

export interface SubField {
  key: string;
  type: Exclude<FieldType, 'file' | 'object'>;
  required?: boolean;
  isActive?: boolean;
  description?: string;
  default_value?: unknown;
  order_index?: number;
  list_values?: { enum?: string[] };
}

export interface ListValues {
  enum?: string[];
  array_type?: 'object';
  object_structure?: SubField[];
  file_config?: FileConfig;
}

export interface FieldCondition {
  field: string;
  value: unknown;
}

/** One field as the schema response and the configurator carry it. */
export interface FieldDefinition {
  id?: number;
  empresa_id?: number;
  entity?: string;
  json_column?: string;
  key: string;
  type: FieldType;
  required: boolean;
  description?: string | null;
  order_index?: number | null;
  default_value?: unknown;
  list_values?: ListValues | null;
  conditional_on?: FieldCondition | null;
  isActive?: boolean;
}

/** `GET /api/schema/{entity}` and the groups of `GET /api/json/schema/agrupado`. */
export interface EntitySchema {
  entidad: string;
  tabla: string;
  json_column: string;
  total_campos: number;
  campos_fijos: FieldDefinition[];
  campos_dinamicos: FieldDefinition[];
}

/** list_values may arrive as a JSON string; invalid input becomes empty (spec 02 §3). */
export function parseListValues(raw: unknown): ListValues {
  let value = raw;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return {};
    }
  }
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as ListValues) : {};
}

/** Fields without order_index sort as 999; ties keep their key order. */
export function sortFields<T extends { order_index?: number | null; key: string }>(fields: T[]): T[] {
  return [...fields].sort(
    (a, b) => (a.order_index ?? 999) - (b.order_index ?? 999) || a.key.localeCompare(b.key),
  );
}

/** What a company's field definition says about its label (its description, and a group's sub-fields'). */
export interface DefinicionEtiqueta {
  entity: string;
  key: string;
  description?: string | null;
  list_values?: unknown;
}

/** A key as the form labels a field without a display name: 'fecha_matricula' -> 'Fecha matricula'. */
export const enPalabras = (key: string) => key.charAt(0).toUpperCase() + key.slice(1).replace(/_/g, ' ');

/** The form label of a definition: its description, else its key in words ('fecha_matricula' → 'Fecha matricula'). */
export function labelOf(def: Pick<FieldDefinition, 'key' | 'description'>): string {
  return def.description?.trim() || enPalabras(def.key);
}

/** A group's sub-field as the form and every text about it name it: 'Vehículo en garantía · Marca'. */
export function etiquetaSubcampo(grupo: string, sub: Pick<SubField, 'key' | 'description'>): string {
  return `${grupo} · ${sub.description?.trim() || enPalabras(sub.key)}`;
}

/** The definitions of `key`: those of the path's entity, else those of the one entity that has it. */
function definitionsFor<T extends DefinicionEtiqueta>(all: readonly T[], key: string, entity: string): T[] {
  const same = all.filter((d) => d.key === key);
  const own = same.filter((d) => d.entity === entity);
  return own.length ? own : new Set(same.map((d) => d.entity)).size === 1 ? same : [];
}

/**
 * The label an administrator gave a configured field, for texts built outside the form (e-mail,
 * change history, pending changes), so they name it as 'Editar Registro' does; undefined when the
 * company configured no label for it. `path` is a stored path ('informacion_financiera.
 * detalle_financiera.bono'): its last part is the key; its first part, when it is an entity,
 * picks that entity's definition, otherwise the key must belong to one entity only. A bare key
 * (no dot: a document's 'nombre', a notification's 'estado') is never a configured field. A
 * sub-field of a configured group reads '<group> · <sub-field>'.
 */
export function etiquetaConfigurada(path: string, definiciones: readonly DefinicionEtiqueta[]): string | undefined {
  if (!definiciones.length || !path.includes('.')) return undefined;
  const parts = path.split('.');
  const key = parts[parts.length - 1];
  const first = parts[0];
  // A sub-field of a configured group ('solicitud.detalle_credito.vehiculo.marca'): named as the
  // form names it, '<group> · <sub-field>' ('Vehículo en garantía · Marca').
  if (parts.length >= 3) {
    for (const group of definitionsFor(definiciones, parts[parts.length - 2], first)) {
      const sub = parseListValues(group.list_values).object_structure?.find((s) => s.key === key);
      if (sub) return etiquetaSubcampo(labelOf(group), sub);
    }
  }
  const pick = definitionsFor(
    definiciones.filter((d) => d.description?.trim()),
    key,
    first,
  );
  return pick[0]?.description?.trim() || undefined;
}
