/**
 * The one compiler from field definitions to a valibot schema (spec 02 §5 'Coercion before
 * sending'). The creation form validates with it before saving and the server validates
 * `crear-registro-completo` with it again, so both give the same messages:
 * - integer must parse ('{key}: debe ser un número entero'), number must parse ('{key}: debe ser
 *   un número'), boolean is coerced, an object given as a string must be valid JSON ('{key}: JSON
 *   inválido'), an array given as a string is parsed or split on commas;
 * - the plausibility rules of src/domain/validacion.ts apply by key (celular, teléfono fijo,
 *   amounts, plazo, e-mail, fecha de nacimiento, número de documento with the tipo de
 *   identificación beside it), to defined and undefined keys alike;
 * - messages name the field by its form label (the definition's description, else its key in
 *   words, as the form shows it), never by its key;
 * - empty values, empty arrays and empty objects are omitted from the output;
 * - a field whose condition does not hold is hidden: neither required nor sent;
 * - a file field without file_config and an array field without enum are malformed definitions
 *   and their values are refused with the spec's two 'Error: Campo tipo …' messages.
 * Keys the definitions do not know pass through as plain values, so an application captured before
 * an administrator removed a field is not lost.
 */
import * as v from 'valibot';
import { plainRecord } from './plain-record';
import { aplicarRegla, etiquetaDeCampo, hoyIso, leerFecha, mensajeFechaInvalida, reglaDeCampo, type ContextoRegla } from './validacion';
import {
  etiquetaSubcampo,
  labelOf,
  parseListValues,
  type FieldDefinition,
  type SubField,
} from './field-definition';
import { policyOf } from './file-policy';

export const MSG = {
  integer: (label: string) => `${label}: debe ser un número entero`,
  number: (label: string) => `${label}: debe ser un número`,
  json: (label: string) => `${label}: JSON inválido`,
  date: mensajeFechaInvalida,
  option: (label: string) => `${label}: opción no permitida`,
  tooLong: (label: string) => `${label}: el texto es demasiado largo`,
  text: (label: string) => `${label}: debe ser un texto`,
  required: (label: string) => `${label}: este campo es obligatorio`,
  fileWithoutConfig: 'Error: Campo tipo file debe tener list_values con file_config',
  arrayWithoutEnum: 'Error: Campo tipo array debe tener list_values con enum',
  fileSingle: (label: string) => `${label}: solo se permite un archivo`,
  fileType: (label: string, nombre: string) => `${label}: tipo de archivo no permitido (${nombre})`,
  fileSize: (label: string, mb: number) => `${label}: el archivo supera el tamaño máximo de ${mb} MB`,
  badKey: 'Nombre de campo inválido',
} as const;

/** A file chosen for a file field, as stored in the JSON column (the bytes go to /api/documentos). */
export interface FileRef {
  id: string;
  nombre: string;
  size: number;
  mime?: string;
}

const MAX_TEXT = 2000;
const MAX_JSON = 20_000;
const KEY = /^[a-zA-Z][a-zA-Z0-9_]{0,59}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TRUE = new Set(['true', '1', 'si', 'sí', 'on', 'yes']);
const FALSE = new Set(['false', '0', 'no', 'off']);

type Result = { ok: true; value: unknown } | { ok: false; message: string };
const ok = (value: unknown): Result => ({ ok: true, value });
const fail = (message: string): Result => ({ ok: false, message });

/** '', null, undefined, blank strings, [] and {} count as empty (omitted, and missing if required). */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object' && !(value instanceof Date)) return Object.keys(value).length === 0;
  return false;
}

/** A field is visible when it has no condition or the trigger's value equals the expected one. */
export function isFieldVisible(
  field: Pick<FieldDefinition, 'conditional_on'>,
  values: Record<string, unknown>,
): boolean {
  const cond = field.conditional_on;
  if (!cond || !cond.field) return true;
  return sameScalar(values[cond.field], cond.value);
}

function sameScalar(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  const norm = (x: unknown) => {
    if (typeof x === 'boolean') return String(x);
    if (typeof x === 'string') {
      const t = x.trim().toLowerCase();
      return TRUE.has(t) ? 'true' : FALSE.has(t) ? 'false' : x.trim();
    }
    return x == null ? '' : JSON.stringify(x);
  };
  return norm(a) === norm(b);
}

/** The fields whose condition holds for these values (a field hidden by a hidden field is hidden too). */
export function visibleFields<F extends FieldDefinition>(fields: readonly F[], values: Record<string, unknown>): F[] {
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const visible = (f: F, depth = 0): boolean => {
    if (!isFieldVisible(f, values)) return false;
    const trigger = f.conditional_on ? byKey.get(f.conditional_on.field) : undefined;
    return !trigger || depth > 5 || visible(trigger, depth + 1);
  };
  return fields.filter((f) => visible(f));
}

/**
 * Keys of `values` that must be cleared after `changedKey` changed: the conditional fields that
 * depended on it and no longer apply.
 */
export function staleConditionalKeys(
  fields: readonly FieldDefinition[],
  values: Record<string, unknown>,
): string[] {
  const shown = new Set(visibleFields(fields, values).map((f) => f.key));
  return fields
    .filter((f) => f.conditional_on && !shown.has(f.key) && !isEmptyValue(values[f.key]))
    .map((f) => f.key);
}

function toNumber(raw: unknown): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  if (typeof raw !== 'string') return null;
  const t = raw.trim();
  if (!/^[-+]?(\d+([.,]\d*)?|[.,]\d+)([eE][-+]?\d+)?$/.test(t)) return null;
  const n = Number(t.replace(',', '.'));
  return Number.isFinite(n) ? n : null;
}

function parseArray(raw: unknown): unknown[] {
  if (Array.isArray(raw)) return raw;
  if (typeof raw === 'string') {
    const t = raw.trim();
    if (t.startsWith('[')) {
      try {
        const parsed = JSON.parse(t) as unknown;
        if (Array.isArray(parsed)) return parsed;
      } catch {
        // not JSON: split below
      }
    }
    return t.split(',').map((x) => x.trim());
  }
  return [raw];
}

function coerceText(label: string, raw: unknown): Result {
  if (typeof raw === 'number' || typeof raw === 'boolean') return ok(String(raw));
  if (typeof raw !== 'string') return fail(MSG.text(label));
  const t = raw.trim();
  if (t.length > MAX_TEXT) return fail(MSG.tooLong(label));
  return ok(t);
}

function coerceFiles(def: FieldDefinition, raw: unknown): Result {
  const label = labelOf(def);
  const config = parseListValues(def.list_values).file_config;
  if (!config) return fail(MSG.fileWithoutConfig);
  const items = Array.isArray(raw) ? raw : [raw];
  if (items.length > 1 && !config.multiple) return fail(MSG.fileSingle(label));
  // The one file policy (file-policy.ts): the same types and size the upload is checked against.
  const policy = policyOf(config);
  const allowed: readonly string[] = policy.allowed.includes('jpg') || policy.allowed.includes('jpeg') ? [...policy.allowed, 'jpg', 'jpeg'] : policy.allowed;
  const maxMb = policy.maxBytes / (1024 * 1024);
  const out: FileRef[] = [];
  for (const item of items) {
    const r = item as Partial<FileRef> | null;
    if (!r || typeof r !== 'object' || typeof r.id !== 'string' || !UUID.test(r.id) || typeof r.nombre !== 'string') {
      return fail(MSG.json(label));
    }
    const ext = /\.([a-z0-9]+)$/i.exec(r.nombre)?.[1]?.toLowerCase() ?? '';
    if (!allowed.includes(ext)) return fail(MSG.fileType(label, r.nombre));
    const size = Number(r.size);
    if (!Number.isFinite(size) || size < 0) return fail(MSG.json(label));
    if (size > policy.maxBytes) return fail(MSG.fileSize(label, maxMb));
    out.push({ id: r.id, nombre: r.nombre.slice(0, 255), size, ...(r.mime ? { mime: String(r.mime).slice(0, 120) } : {}) });
  }
  return ok(out);
}

function coerceObject(def: FieldDefinition, raw: unknown, today: string): Result {
  const label = labelOf(def);
  let value = raw;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return fail(MSG.json(label));
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return fail(MSG.json(label));
  if (JSON.stringify(value).length > MAX_JSON) return fail(MSG.tooLong(label));
  const structure = parseListValues(def.list_values).object_structure;
  if (!structure?.length) return ok(value);
  const input = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const sub of structure as SubField[]) {
    if (sub.isActive === false || !sub.key) continue;
    const subDef: FieldDefinition = {
      key: `${def.key}.${sub.key}`,
      type: sub.type,
      required: !!sub.required,
      description: etiquetaSubcampo(label, sub),
      list_values: sub.list_values ?? null,
    };
    const r = coerceField(subDef, input[sub.key], today);
    if (!r.ok) return r;
    if (r.value !== undefined) out[sub.key] = r.value;
    else if (sub.required) return fail(MSG.required(labelOf(subDef)));
  }
  return ok(out);
}

/** Types whose values the plausibility rules judge (lists, objects, files and booleans are not). */
const RULED_TYPES = new Set(['string', 'text', 'number', 'integer', 'date']);

/**
 * Coerces one value for its definition. `{ok:true, value:undefined}` means "empty: omit it".
 * Required-ness is checked by the caller (a hidden field is never required).
 */
export function coerceField(def: FieldDefinition, raw: unknown, today: string = hoyIso(), ctx: ContextoRegla = {}): Result {
  if (isEmptyValue(raw)) return ok(undefined);
  const label = labelOf(def);
  const regla = reglaDeCampo(def.key);
  if (regla && RULED_TYPES.has(def.type)) {
    const r = aplicarRegla(regla, raw, label, today, ctx);
    return r.ok && r.value === null ? ok(undefined) : r;
  }
  switch (def.type) {
    case 'integer': {
      const n = toNumber(raw);
      return n === null || !Number.isInteger(n) ? fail(MSG.integer(label)) : ok(n);
    }
    case 'number': {
      const n = toNumber(raw);
      return n === null ? fail(MSG.number(label)) : ok(n);
    }
    case 'boolean': {
      if (typeof raw === 'boolean') return ok(raw);
      const t = String(raw as string).trim().toLowerCase();
      return ok(TRUE.has(t) ? true : FALSE.has(t) ? false : Boolean(raw));
    }
    case 'date': {
      const d = leerFecha(raw);
      return d ? ok(d) : fail(MSG.date(label));
    }
    case 'array': {
      const options = parseListValues(def.list_values).enum;
      if (!options || options.length === 0) return fail(MSG.arrayWithoutEnum);
      const items = parseArray(raw)
        .map((x) => (typeof x === 'string' ? x.trim() : x))
        .filter((x) => !isEmptyValue(x));
      if (items.length === 0) return ok(undefined);
      if (items.some((x) => !options.includes(String(x)))) return fail(MSG.option(label));
      // A single choice stays a plain value, as the selects and the seed data hold it.
      return ok(items.length === 1 ? String(items[0]) : items.map(String));
    }
    case 'object': {
      const r = coerceObject(def, raw, today);
      return r.ok && isEmptyValue(r.value) ? ok(undefined) : r;
    }
    case 'file': {
      const r = coerceFiles(def, raw);
      return r.ok && isEmptyValue(r.value) ? ok(undefined) : r;
    }
    default:
      return coerceText(label, raw);
  }
}

/**
 * Loose coercion of a key no definition knows: kept when it is a small plain value; a key with a
 * plausibility rule is judged by it all the same (named by its known label).
 */
function coerceUnknown(key: string, raw: unknown, today: string, ctx: ContextoRegla): Result {
  if (isEmptyValue(raw)) return ok(undefined);
  const regla = reglaDeCampo(key);
  if (regla && (typeof raw === 'string' || typeof raw === 'number')) {
    const r = aplicarRegla(regla, raw, etiquetaDeCampo(key), today, ctx);
    return r.ok && r.value === null ? ok(undefined) : r;
  }
  const label = etiquetaDeCampo(key);
  if (typeof raw === 'string') return raw.trim().length > MAX_TEXT ? fail(MSG.tooLong(label)) : ok(raw.trim());
  if (typeof raw === 'number' || typeof raw === 'boolean') return ok(raw);
  return JSON.stringify(raw).length > MAX_JSON ? fail(MSG.tooLong(label)) : ok(raw);
}

export interface CompileOptions {
  /** Today's date (YYYY-MM-DD) for the age check; the current local date by default. */
  today?: string;
  /** Keep keys no definition knows (default true). */
  keepUnknown?: boolean;
}

export type EntityValues = Record<string, unknown>;

/**
 * Compiles an entity's fields into a valibot schema: input a record of raw form values, output
 * the cleaned values (empty and hidden ones omitted). Issues carry the field key as their path.
 */
export function compileFields(
  fields: readonly FieldDefinition[],
  options: CompileOptions = {},
): v.GenericSchema<EntityValues, EntityValues> {
  const keepUnknown = options.keepUnknown ?? true;
  return v.pipe(
    plainRecord(v.string(), v.unknown(), 'Los datos deben ser un objeto'),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const input = dataset.value;
      const today = options.today ?? hoyIso();
      // The document number is judged with the type of document beside it.
      const ctx: ContextoRegla = { tipoIdentificacion: input.tipo_identificacion };
      const out: EntityValues = {};
      let failed = false;
      const issue = (key: string, message: string) => {
        failed = true;
        addIssue({
          message,
          path: [{ type: 'object', origin: 'value', input, key, value: input[key] }],
        });
      };
      const shown = new Set(visibleFields(fields, input).map((f) => f.key));
      const known = new Set(fields.map((f) => f.key));
      for (const field of fields) {
        if (!shown.has(field.key)) continue;
        const r = coerceField(field, input[field.key], today, ctx);
        if (!r.ok) issue(field.key, r.message);
        else if (r.value !== undefined) out[field.key] = r.value;
        else if (field.required) issue(field.key, MSG.required(labelOf(field)));
      }
      if (keepUnknown) {
        for (const [key, raw] of Object.entries(input)) {
          if (known.has(key)) continue;
          if (!KEY.test(key)) {
            issue(key, MSG.badKey);
            continue;
          }
          const r = coerceUnknown(key, raw, today, ctx);
          if (!r.ok) issue(key, r.message);
          else if (r.value !== undefined) out[key] = r.value;
        }
      }
      return failed ? NEVER : out;
    }),
  );
}

/** Keys of a reference that make it worth sending: name, cell, address or relationship. */
const REFERENCE_KEY_FIELDS = /nombre|celular|telefono|direccion|relacion|parentesco/;

/** True when at least one of the reference's name, cell, address or relationship is filled. */
export function isReferenceFilled(values: Record<string, unknown>): boolean {
  return Object.entries(values).some(([k, v]) => REFERENCE_KEY_FIELDS.test(k) && !isEmptyValue(v));
}

/** The references to send: only those with a key field filled (spec 02 §5). */
export function pruneReferences<R extends { datos: Record<string, unknown> }>(refs: readonly R[]): R[] {
  return refs.filter((r) => isReferenceFilled(r.datos));
}

/** valibot issues -> `{ path: message }`, first message per path. */
export function issuesToFields(issues: readonly v.BaseIssue<unknown>[], prefix = ''): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = v.getDotPath(issue) ?? '_';
    fields[prefix + path] ??= issue.message;
  }
  return fields;
}
