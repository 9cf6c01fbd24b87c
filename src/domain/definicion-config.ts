/**
 * The field configurator's rules (spec 02 §5 'Field configurator'), shared by the configuration
 * screen and the server, so a definition the screen accepts is exactly one the server stores.
 * Pure: no React, Dexie, DOM or Node. Messages are the spec's Spanish texts where it quotes them.
 */
import {
  ALLOWED_FILE_TYPES,
  DEFAULT_FILE_TYPES,
  DEFAULT_MAX_SIZE_MB,
  FIELD_TYPES,
  MAX_SIZE_CEILING_MB,
  etiquetaSubcampo,
  labelOf,
  parseListValues,
  type FieldCondition,
  type FieldDefinition,
  type FieldType,
  type FileConfig,
  type ListValues,
  type SubField,
} from './field-definition';
import { coerceField } from './schema-compiler';

/** The built-in fields (spec 02 §3 'Fixed fields'): never edited or deleted, order kept locally. */
export const CAMPOS_FIJOS_DEFS: FieldDefinition[] = [
  { key: 'nombres', type: 'string', required: true, description: 'Nombres', order_index: 1 },
  { key: 'primer_apellido', type: 'string', required: true, description: 'Primer apellido', order_index: 2 },
  { key: 'segundo_apellido', type: 'string', required: false, description: 'Segundo apellido', order_index: 3 },
  {
    key: 'tipo_identificacion',
    type: 'array',
    required: true,
    description: 'Tipo de identificación',
    order_index: 4,
    list_values: { enum: ['CC', 'CE', 'TI', 'PP', 'NIT'] },
  },
  { key: 'numero_documento', type: 'string', required: true, description: 'Número de documento', order_index: 5 },
  { key: 'fecha_nacimiento', type: 'date', required: true, description: 'Fecha de nacimiento', order_index: 6 },
  {
    key: 'genero',
    type: 'array',
    required: true,
    description: 'Género',
    order_index: 7,
    list_values: { enum: ['M', 'F', 'O'] },
  },
  { key: 'correo', type: 'string', required: true, description: 'Correo electrónico', order_index: 8 },
];
export const FIXED_FIELD_KEYS: readonly string[] = CAMPOS_FIJOS_DEFS.map((f) => f.key);

/** localStorage key (per company) of the fixed fields' display order: `{key: order_index}`. */
export const fixedOrderStorageKey = (empresaId: number | string) => `campos_fijos_orden_${empresaId}`;

export const FIXED_NOT_EDITABLE = 'Los campos fijos no se pueden editar. Son campos base del formulario.';
export const FIXED_NOT_DELETABLE = 'Los campos fijos no se pueden eliminar. Son campos base del formulario.';
export const FIELD_WITHOUT_ID = 'Error: El campo no tiene ID válido';
export const USE_ADD_BUTTON = 'Para crear un campo nuevo usa el botón "Agregar Campo".';
export const TRIGGER_REQUIRED = 'El campo activador es requerido';
export const VALUE_REQUIRED = 'El valor esperado es requerido';
export const SELF_DEPENDENCY = 'Un campo no puede depender de sí mismo';

/**
 * The eight types a sub-field may declare (every field type but file). Sub-fields of type file are
 * refused by this list; the sub-field editor also never offers object, so structures stay flat.
 */
export const SUBFIELD_VALID_TYPES = FIELD_TYPES.filter((t) => t !== 'file');
/** Types the sub-field editor offers. */
export const SUBFIELD_EDITOR_TYPES = FIELD_TYPES.filter((t) => t !== 'file' && t !== 'object');

/** 'Errores de validación: a, b' — how a list of rule failures is shown. */
export const formatValidationErrors = (errors: readonly string[]) => `Errores de validación: ${errors.join(', ')}`;

const KEY_PATTERN = /^[a-z][a-z0-9_]*$/;

/** Internal names: lower-case letters, digits and underscores, starting with a letter. */
export function keyError(key: unknown): string | null {
  if (typeof key !== 'string' || key.trim() === '') return 'El nombre interno es requerido';
  if (key.length > 60) return 'El nombre interno no puede tener más de 60 caracteres';
  if (!KEY_PATTERN.test(key))
    return 'El nombre interno solo puede tener letras minúsculas sin tildes, números y guiones bajos, y debe empezar con una letra';
  // A member of every object ('constructor') or 'prototype' is never an editable key of a record
  // (isJsonKey in ./solicitud.ts): such a field could be shown but never saved.
  if (key in Object.prototype || key === 'prototype') return `El nombre interno «${key}» está reservado; elige otro`;
  return null;
}

/** 'Celular de contacto' -> 'celular_de_contacto' (a suggestion for the internal name). */
export function suggestKey(displayName: string): string {
  return displayName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .replace(/^[0-9_]+/, '')
    .slice(0, 60);
}

/** Blank options dropped and trimmed; order kept. */
export function cleanOptions(options: readonly unknown[]): string[] {
  return options.map((o) => String(o ?? '').trim()).filter((o) => o !== '');
}

/** Adding an option: blank is ignored (null), a duplicate is refused with a message. */
export function addOption(options: readonly string[], raw: string): { options: string[] } | { error: string } | null {
  const value = raw.trim();
  if (!value) return null;
  if (options.some((o) => o.toLowerCase() === value.toLowerCase())) {
    return { error: `La opción "${value}" ya existe` };
  }
  return { options: [...options, value] };
}

/** Maximum file size: 1 to 100 MB; a non-numeric entry falls back to 1. */
export function clampMaxSize(raw: unknown): number {
  const n = typeof raw === 'number' ? raw : Number(String(raw ?? '').trim());
  if (!Number.isFinite(n) || String(raw ?? '').trim() === '') return 1;
  return Math.min(MAX_SIZE_CEILING_MB, Math.max(1, Math.round(n)));
}

/** A new file field's configuration: the spec's defaults. */
export function defaultFileConfig(): FileConfig {
  return { allowed_types: [...DEFAULT_FILE_TYPES], max_size_mb: DEFAULT_MAX_SIZE_MB, multiple: false, required_fields: [] };
}

/** Display order: an integer of at least 1. */
export function orderIndexError(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) return 'El orden de visualización debe ser un número entero mayor o igual a 1';
  return null;
}

function fileConfigErrors(config: FileConfig | undefined, label: string, top: boolean): string[] {
  const types = config?.allowed_types ?? [];
  if (!Array.isArray(types) || types.length === 0) {
    return [
      top
        ? 'El campo es de tipo archivo pero no tiene tipos permitidos configurados.'
        : `El campo "${label}" es de tipo archivo pero no tiene tipos permitidos configurados.`,
    ];
  }
  const errors: string[] = [];
  const unknown = types.filter((t) => !(ALLOWED_FILE_TYPES as readonly string[]).includes(String(t).toLowerCase()));
  if (unknown.length) {
    errors.push(`Tipos de archivo no permitidos: ${unknown.join(', ')}. Tipos permitidos: ${ALLOWED_FILE_TYPES.join(', ')}`);
  }
  const size = config?.max_size_mb;
  if (size !== undefined && (typeof size !== 'number' || !Number.isFinite(size) || size < 1 || size > MAX_SIZE_CEILING_MB)) {
    errors.push('El tamaño máximo debe estar entre 1 y 100 MB');
  }
  return errors;
}

function optionErrors(enumValues: unknown, label: string, top: boolean): string[] {
  const list = Array.isArray(enumValues) ? cleanOptions(enumValues) : [];
  if (list.length === 0) {
    return [
      top
        ? 'El campo es de tipo array pero no tiene opciones configuradas.'
        : `El campo "${label}" es de tipo array pero no tiene opciones configuradas.`,
    ];
  }
  const seen = new Set<string>();
  for (const o of list) {
    const k = o.toLowerCase();
    if (seen.has(k)) return [`La opción "${o}" está repetida`];
    seen.add(k);
  }
  return [];
}

/**
 * Sub-fields of an object field, validated recursively: a type among the eight valid ones, array
 * options, object sub-fields, file types; keys required and unique; a default the form could use
 * (named '<group's display name> · <sub-field>').
 */
export function validateSubFields(subFields: unknown, parentLabel: string, parentShown: string = parentLabel): string[] {
  if (!Array.isArray(subFields) || subFields.length === 0) {
    return [`El campo "${parentLabel}" es de tipo objeto pero no tiene sub-campos configurados.`];
  }
  const errors: string[] = [];
  const keys = new Set<string>();
  for (const raw of subFields as Array<Record<string, unknown>>) {
    const key = typeof raw?.key === 'string' ? raw.key : '';
    const label = key || '(sin nombre)';
    const kErr = keyError(key);
    if (kErr) errors.push(`Sub-campo de "${parentLabel}": ${kErr}`);
    else if (keys.has(key)) errors.push(`El sub-campo "${key}" está repetido en "${parentLabel}"`);
    keys.add(key);
    const type = String(raw?.type ?? '');
    if (!(SUBFIELD_VALID_TYPES as readonly string[]).includes(type)) {
      errors.push(`Tipo inválido "${type}" en el campo "${label}". Tipos válidos: ${SUBFIELD_VALID_TYPES.join(', ')}`);
      continue;
    }
    const lv = parseListValues(raw?.list_values) as ListValues & { object_structure?: unknown };
    if (type === 'array') errors.push(...optionErrors(lv.enum, label, false));
    // Named as the form names it: '<group> · <sub-field's description, else its key in words>'.
    const shown = etiquetaSubcampo(parentShown, { key: label, description: typeof raw?.description === 'string' ? raw.description : undefined });
    if (type === 'object') errors.push(...validateSubFields(lv.object_structure, label, shown));
    const oErr = orderIndexError(raw?.order_index);
    if (oErr) errors.push(`${label}: ${oErr}`);
    const dErr = defaultValueError({ ...(raw as Partial<FieldDefinition>), description: shown }, type as FieldType, true);
    if (dErr) errors.push(dErr);
  }
  return errors;
}

/** Every rule a definition must meet (UI before sending, server before storing); [] = valid. */
export function validateDefinition(def: Partial<FieldDefinition>): string[] {
  const errors: string[] = [];
  const kErr = keyError(def.key);
  if (kErr) errors.push(kErr);
  else if (FIXED_FIELD_KEYS.includes(def.key!)) errors.push(FIXED_NOT_EDITABLE);
  const type = def.type as FieldType;
  if (!(FIELD_TYPES as readonly string[]).includes(type)) {
    errors.push(`Tipo inválido "${String(def.type)}" en el campo "${def.key ?? ''}". Tipos válidos: ${FIELD_TYPES.join(', ')}`);
    return errors;
  }
  const oErr = orderIndexError(def.order_index);
  if (oErr) errors.push(oErr);
  if (typeof def.description === 'string' && def.description.length > 200) {
    errors.push('El nombre para mostrar no puede tener más de 200 caracteres');
  }
  const lv = parseListValues(def.list_values);
  if (type === 'array') errors.push(...optionErrors(lv.enum, def.key ?? '', true));
  if (type === 'object') errors.push(...validateSubFields(lv.object_structure, def.key ?? '', labelOf({ key: def.key ?? '', description: def.description })));
  if (type === 'file') errors.push(...fileConfigErrors(lv.file_config, def.key ?? '', true));
  const dErr = defaultValueError(def, type);
  if (dErr) errors.push(dErr);
  if (def.conditional_on && typeof def.conditional_on === 'object') {
    const c = def.conditional_on;
    if (typeof c.field !== 'string' || c.field.trim() === '') errors.push(TRIGGER_REQUIRED);
    else if (c.field === def.key) errors.push(SELF_DEPENDENCY);
    if (c.value === undefined || c.value === null || (typeof c.value === 'string' && c.value.trim() === '')) {
      errors.push(VALUE_REQUIRED);
    }
  }
  return errors;
}

/**
 * A default value the creation form could not use, judged as the form judges the field: a date
 * that is not a real day, a number that is not one, an option not in the list, a celular of 9
 * digits ('Valor por defecto inválido. Celular: debe tener 10 dígitos y empezar por 3'). File and
 * object fields take no default of their own (an object's sub-fields take theirs).
 */
function defaultValueError(def: Partial<FieldDefinition>, type: FieldType, subField = false): string | null {
  const d = def.default_value;
  if (d === undefined || d === null || (typeof d === 'string' && d.trim() === '')) return null;
  if (type === 'file' || type === 'object') return null;
  if (type === 'boolean') {
    if (d === true || d === false || d === 'true' || d === 'false') return null;
    return subField ? `${DEFAULT_BOOLEAN} (${def.description})` : DEFAULT_BOOLEAN;
  }
  const r = coerceField({ key: def.key ?? '', type, required: false, description: def.description, list_values: def.list_values }, d);
  return r.ok ? null : `Valor por defecto inválido. ${r.message}`;
}

export const DEFAULT_BOOLEAN = 'Valor por defecto inválido: elige Sí o No';

/** The options a trigger field offers for a condition value ([] = free value). */
export function triggerOptions(trigger: Pick<FieldDefinition, 'type' | 'list_values'> | undefined): Array<{ label: string; value: unknown }> {
  if (!trigger) return [];
  if (trigger.type === 'boolean') {
    return [
      { label: 'Sí', value: true },
      { label: 'No', value: false },
    ];
  }
  const enumValues = parseListValues(trigger.list_values).enum;
  return Array.isArray(enumValues) ? cleanOptions(enumValues).map((o) => ({ label: o, value: o })) : [];
}

/**
 * The condition editor's rules: trigger and value required, no self-dependency, the trigger must be
 * a field of the group, and when the trigger has options the value must be one of them.
 * `condition: null` ('no condition') is always valid: it clears the condition.
 */
export function validateCondition(
  field: Pick<FieldDefinition, 'key'>,
  condition: FieldCondition | null,
  siblings: ReadonlyArray<Pick<FieldDefinition, 'key' | 'type' | 'list_values'>>,
): string[] {
  if (condition === null) return [];
  const errors: string[] = [];
  const trigger = typeof condition.field === 'string' ? condition.field.trim() : '';
  if (!trigger) errors.push(TRIGGER_REQUIRED);
  const value = condition.value;
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
    errors.push(VALUE_REQUIRED);
  }
  if (errors.length) return errors;
  if (trigger === field.key) return [SELF_DEPENDENCY];
  const source = siblings.find((s) => s.key === trigger);
  if (!source) return [`El campo activador "${trigger}" no existe en este grupo`];
  const options = triggerOptions(source);
  if (options.length && !options.some((o) => o.value === value)) {
    return [`El valor esperado debe ser una de las opciones de "${trigger}": ${options.map((o) => o.label).join(', ')}`];
  }
  return [];
}

/** The payload of a definition for POST/PATCH: blank description and default become null. */
export function definitionPayload(def: FieldDefinition) {
  const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
  return {
    key: def.key,
    type: def.type,
    required: !!def.required,
    description: blank(def.description) ? null : String(def.description).trim(),
    default_value: blank(def.default_value) ? null : def.default_value,
    order_index: blank(def.order_index) ? null : Number(def.order_index),
    list_values: listValuesFor(def.type, parseListValues(def.list_values)),
    conditional_on: def.conditional_on ?? null,
    isActive: def.isActive !== false,
  };
}

/** Keeps only the part of list_values that belongs to the type. */
export function listValuesFor(type: FieldType, lv: ListValues): ListValues | null {
  if (type === 'array') return { enum: cleanOptions(lv.enum ?? []) };
  if (type === 'object') return { array_type: 'object', object_structure: (lv.object_structure ?? []).map(withTypedDefault) };
  if (type === 'file') {
    const fc = lv.file_config ?? defaultFileConfig();
    return {
      file_config: {
        ...fc,
        allowed_types: [...new Set((fc.allowed_types ?? []).map((t) => String(t).toLowerCase()))],
        max_size_mb: clampMaxSize(fc.max_size_mb),
        multiple: !!fc.multiple,
        required_fields: cleanOptions(fc.required_fields ?? []),
      },
    };
  }
  return null;
}

/**
 * A default as stored: blank is none (null), a number field's typed text a number ('12' → 12;
 * text that is no number stays, for the rules to refuse).
 */
export function typedDefault(type: FieldType, value: unknown): unknown {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return null;
  if ((type === 'number' || type === 'integer') && typeof value === 'string') {
    const n = Number(value);
    return Number.isFinite(n) ? n : value;
  }
  return value;
}

/** A sub-field with its default as stored: a blank one dropped, a number as a number. */
function withTypedDefault(sub: SubField): SubField {
  const { default_value, ...rest } = sub;
  const d = typedDefault(sub.type, default_value);
  return d === null ? rest : { ...rest, default_value: d };
}

/** New order indexes, starting at 1, for a list of keys in their new order. */
export function orderFromKeys(keys: readonly string[]): Array<{ key: string; order_index: number }> {
  return keys.map((key, i) => ({ key, order_index: i + 1 }));
}
