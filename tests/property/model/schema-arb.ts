/**
 * A valibot schema → a fast-check arbitrary, by reading the schema objects (valibot 1.x: `type`,
 * `entries`, `wrapped`, `options`, `item`, `key`/`value`, `literal`, `pipe` with its actions'
 * `type` and `requirement`). The model test of sync (generators.ts) draws each mutation's args
 * from its own schema in src/domain, so a field the schema adds or narrows is drawn at once.
 * Invariants:
 * - draws are schema-valid in the vast majority, not always: `check` actions (a predicate) and
 *   `trim` before `min_length` are honoured only approximately (no filter, so no draw can loop);
 *   the unit test (tests/property/schema-arb.test.ts) measures the share per mutation;
 * - `invalidArb` draws values the schema refuses (a wrong type, a length or option out of
 *   bounds), for changes the device must refuse without queuing anything;
 * - an unknown schema kind or pipe action throws with its name: a new kind fails the coverage
 *   test instead of silently drawing nothing.
 */
import fc from 'fast-check';
import * as v from 'valibot';

interface Node {
  kind: string;
  type: string;
  pipe?: Node[];
  entries?: Record<string, Node>;
  wrapped?: Node;
  options?: unknown[];
  item?: Node;
  key?: Node;
  value?: Node;
  literal?: unknown;
  requirement?: unknown;
  default?: unknown;
}

/** What a pipe's actions ask of its value. */
interface Bounds {
  minLength?: number;
  maxLength?: number;
  pattern?: RegExp;
  min?: number;
  max?: number;
  integer?: boolean;
  trim?: boolean;
  /** Predicates of `check` actions: the value must pass each. */
  checks?: Array<(value: unknown) => boolean>;
}

/** Actions whose requirement is a regular expression the value must match. */
const PATTERN_ACTIONS = new Set(['regex', 'email', 'uuid', 'iso_timestamp', 'iso_date', 'iso_date_time', 'hexadecimal', 'digits']);
/** Actions that do not restrict the input, or only through a predicate (approximated). */
const LOOSE_ACTIONS = new Set(['transform', 'to_lower_case', 'to_upper_case', 'partial_check', 'forward', 'description', 'title', 'metadata', 'brand', 'readonly']);

function boundsOf(actions: Node[]): Bounds {
  const b: Bounds = {};
  for (const a of actions) {
    const r = a.requirement;
    if (a.type === 'min_length') b.minLength = Math.max(b.minLength ?? 0, r as number);
    else if (a.type === 'max_length') b.maxLength = Math.min(b.maxLength ?? Infinity, r as number);
    else if (a.type === 'min_value') b.min = r as number;
    else if (a.type === 'max_value') b.max = r as number;
    else if (a.type === 'integer') b.integer = true;
    else if (a.type === 'trim') b.trim = true;
    else if (PATTERN_ACTIONS.has(a.type)) b.pattern ??= r as RegExp;
    else if (a.type === 'check') (b.checks ??= []).push(r as (value: unknown) => boolean);
    else if (!LOOSE_ACTIONS.has(a.type)) throw new Error(`schemaArb: unsupported pipe action '${a.type}'`);
  }
  return b;
}

/** A pipe's typing schema (the last schema in it: `pipe(custom(isObject), record(...))` is a record) and its bounds. */
function unpipe(schema: Node): { root: Node; bounds: Bounds } {
  if (!Array.isArray(schema.pipe)) return { root: schema, bounds: {} };
  const [first, ...rest] = schema.pipe;
  const schemas = rest.filter((x) => x.kind === 'schema');
  const inner = unpipe(schemas.length ? schemas[schemas.length - 1] : first);
  return { root: inner.root, bounds: { ...inner.bounds, ...boundsOf(rest.filter((x) => x.kind !== 'schema')) } };
}

/** fast-check cannot draw from a regex with the `i` flag; its draws without it match with it too. */
const withoutI = (re: RegExp) => (re.flags.includes('i') ? new RegExp(re.source, re.flags.replace('i', '')) : re);

const CHARS = [...'abcdefghijklmnopqrstuvwxyzñáéíóúüABCDEFGHIJKLMNOPQRSTUVWXYZÑÁÉ0123456789 .,-_'];
/** Texts as a field advisor types them: Spanish letters mostly, any grapheme now and then, ISO dates (many string fields hold dates). */
function textArb(b: Bounds, dateWeight = 1): fc.Arbitrary<string> {
  const minLength = b.minLength ?? 0;
  const maxLength = Math.min(b.maxLength ?? 60, Math.max(60, minLength));
  const unit = fc.oneof({ weight: 9, arbitrary: fc.constantFrom(...CHARS) }, { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }) });
  const words = fc.string({ unit, minLength, maxLength }).filter((s) => s.length <= maxLength);
  const iso = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString());
  const dates = fc.oneof(iso, iso.map((s) => s.slice(0, 10))).filter((s) => s.length >= minLength && s.length <= (b.maxLength ?? Infinity));
  return fc.oneof({ weight: 6, arbitrary: words }, { weight: dateWeight, arbitrary: dates });
}

function stringArb(b: Bounds): fc.Arbitrary<string> {
  const base = b.pattern
    ? fc.stringMatching(withoutI(b.pattern), { size: 'xsmall' }).filter((s) => s.length <= (b.maxLength ?? Infinity))
    : textArb(b, b.checks?.length ? 6 : 1);
  if (!b.checks?.length) return base;
  // A predicate cannot be read: of a few draws (dates as likely as words), the first that passes
  // every check, else the first (a bounded search, where a filter could loop for ever).
  const passes = (x: string) => b.checks!.every((check) => check(x));
  return fc.array(base, { minLength: 6, maxLength: 6 }).map((xs) => xs.find(passes) ?? xs[0]);
}

function numberArb(b: Bounds): fc.Arbitrary<number> {
  const min = b.min ?? -1e9;
  const max = b.max ?? 1e9;
  if (b.integer) return fc.integer({ min: Math.max(Math.ceil(min), Number.MIN_SAFE_INTEGER), max: Math.min(Math.floor(max), Number.MAX_SAFE_INTEGER) });
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/**
 * An entry that may be absent: optional, unless its default is refused by what it wraps
 * (`v.optional(v.pipe(v.string(), v.minLength(1)), '')` makes absence fail like '').
 */
const OPTIONALS = new Set(['optional', 'exact_optional']);
const isOptional = (s: Node) =>
  (OPTIONALS.has(s.type) || s.type === 'nullish') &&
  (s.default === undefined || typeof s.default === 'function' || v.is(s.wrapped as v.GenericSchema, s.default));

/** The arbitrary of values `schema` accepts (mostly: see the header). */
export function schemaArb(schema: unknown): fc.Arbitrary<unknown> {
  const { root, bounds } = unpipe(schema as Node);
  switch (root.type) {
    case 'string':
      return stringArb(bounds);
    case 'number':
      return numberArb(bounds);
    case 'boolean':
      return fc.boolean();
    case 'literal':
      return fc.constant(root.literal);
    case 'picklist':
      return fc.constantFrom(...(root.options as unknown[]));
    case 'union':
    case 'variant':
      return fc.oneof(...(root.options as Node[]).map(schemaArb));
    case 'optional':
    case 'exact_optional':
      return isOptional(root) ? fc.option(schemaArb(root.wrapped), { nil: undefined, freq: 4 }) : schemaArb(root.wrapped);
    case 'nullable':
      return fc.option(schemaArb(root.wrapped), { nil: null, freq: 4 });
    case 'nullish':
      return fc.oneof({ weight: 4, arbitrary: schemaArb(root.wrapped) }, fc.constant(null), fc.constant(undefined));
    case 'object':
    case 'strict_object':
    case 'loose_object': {
      const entries = root.entries!;
      // An optional entry is drawn absent or present (never present as `undefined`).
      const inner = Object.fromEntries(Object.entries(entries).map(([k, s]) => [k, OPTIONALS.has(s.type) ? schemaArb(s.wrapped) : schemaArb(s)]));
      const requiredKeys = Object.keys(entries).filter((k) => !isOptional(entries[k]));
      return fc.record(inner, { requiredKeys });
    }
    case 'record':
      return fc.dictionary(schemaArb(root.key) as fc.Arbitrary<string>, schemaArb(root.value), { maxKeys: 4 });
    case 'array': {
      const maxLength = Math.min(bounds.maxLength ?? 4, Math.max(4, bounds.minLength ?? 0));
      return fc.array(schemaArb(root.item), { minLength: bounds.minLength ?? 0, maxLength });
    }
    case 'unknown':
    case 'any':
      return fc.jsonValue({ maxDepth: 2 });
    default:
      throw new Error(`schemaArb: unsupported schema kind '${root.type}'`);
  }
}

/**
 * Values `schema` refuses: a value of another type, or a length or an option out of bounds. Null
 * when nothing is refused (`unknown`), so no draw is wasted on it.
 */
export function invalidArb(schema: unknown): fc.Arbitrary<unknown> | null {
  const { root, bounds } = unpipe(schema as Node);
  switch (root.type) {
    case 'string': {
      const out: fc.Arbitrary<unknown>[] = [fc.integer()];
      if (bounds.maxLength !== undefined && bounds.maxLength < 10_000) out.push(fc.constant('x'.repeat(bounds.maxLength + 1)));
      if ((bounds.minLength ?? 0) > 0) out.push(fc.constant(bounds.trim ? '   ' : ''));
      if (bounds.pattern) out.push(fc.constant('no válido'));
      return fc.oneof(...out);
    }
    case 'number':
      return fc.oneof(fc.constant('12'), ...(bounds.integer ? [fc.constant(1.5)] : []), ...(bounds.min !== undefined ? [fc.constant(bounds.min - 1)] : []));
    case 'boolean':
      return fc.constantFrom('sí', 1);
    case 'literal':
    case 'picklist':
      return fc.constant('__no_es_una_opcion__');
    case 'optional':
    case 'exact_optional':
    case 'nullable':
    case 'nullish':
      return invalidArb(root.wrapped);
    case 'object':
    case 'strict_object':
    case 'loose_object':
    case 'record':
      // Not an array: valibot's object and record accept arrays (they are objects).
      return fc.constantFrom('no es un objeto', 7);
    case 'array':
      return fc.constantFrom('no es una lista', { 0: 'x' });
    case 'union':
    case 'variant':
      return fc.constant([[['no es ninguna opción']]]);
    case 'unknown':
    case 'any':
      return null;
    default:
      throw new Error(`invalidArb: unsupported schema kind '${root.type}'`);
  }
}

/**
 * One top-level entry of an object schema set to a value it refuses: `{ key, value }` to lay over
 * args the generator made, so the whole args fail the schema. Null when no entry can be broken.
 */
export function breakArb(schema: unknown): fc.Arbitrary<{ key: string; value: unknown }> | null {
  const { root } = unpipe(schema as Node);
  if (!root.entries) return null;
  const breakable = Object.entries(root.entries).flatMap(([key, s]) => {
    const bad = invalidArb(s);
    return bad ? [bad.map((value) => ({ key, value }))] : [];
  });
  return breakable.length ? fc.oneof(...breakable) : null;
}
