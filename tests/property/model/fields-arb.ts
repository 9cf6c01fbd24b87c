/**
 * Field values drawn from the company's field definitions, for the model test of sync
 * (generators.ts: a new application's blocks, the value of an edited field). A mutation's schema
 * leaves these values `unknown`; the definitions type them at run time (src/domain/field-definition.ts),
 * and the one compiler (src/domain/schema-compiler.ts `compileFields`, a `rawTransform`, so not
 * introspectable by schema-arb.ts) judges them. So the values are derived from the definition itself,
 * as the form's inputs would hold them before the compiler cleans them:
 * - a choice (the field's configured list, else the form's special lists: identification types,
 *   genders, departments and their municipalities, the company's cities and banks, src/domain/opciones.ts)
 *   is one of the options the select offers;
 * - a key with a plausibility rule (src/domain/validacion.ts: celular, teléfono fijo, amounts in pesos,
 *   plazo, correo, fecha de nacimiento) follows the rule, written the ways people type it;
 * - otherwise by type: texts (a document number as digits, a NIT with its check digit), integers,
 *   numbers, dates, booleans, objects with their sub-fields, files as the form's references;
 * - an optional field is left empty now and then, a required one never.
 * The definitions are read at run time (ctx.db.definiciones), after fast-check drew the step, so
 * fast-check draws raw material only (`FieldSlot`: a choice, a text, numbers, a day), and
 * `validValue`/`invalidValue` turn it into a value for whichever field it meets: runs replay from
 * their seed and shrink. Invariants:
 * - valid values pass the compiled schema in the vast majority (the unit test,
 *   tests/property/fields-arb.test.ts, measures it for every field of the demo company and more);
 * - `invalidValue` is always refused by the compiled schema for a shown field (null when the field
 *   refuses nothing: an optional Sí/No);
 * - a field type this module does not know throws with its name, so a new type fails loudly.
 */
import fc from 'fast-check';
import { DEFAULT_BANCOS, DEFAULT_CIUDADES } from '../../../src/domain/colombia';
import { FIELD_TYPES, parseListValues, type FieldDefinition, type FieldType } from '../../../src/domain/field-definition';
import { fieldOptions } from '../../../src/domain/opciones';
import { policyOf } from '../../../src/domain/file-policy';
import type { SpecialOptionsContext } from '../../../src/domain/listas';
import { ESTRATO_MAX, ESTRATO_MIN, hoyIso, PERSONAS_MAX, PESOS_MAX, PLAZO_MAX_MESES, reglaDeCampo, type ReglaId } from '../../../src/domain/validacion';

/** Raw material for one field's value; which field it becomes is known only at run time. */
export interface FieldSlot {
  /** Picks an option, a way of writing, a variant. */
  choice: number;
  /** A text as typed. */
  text: string;
  /** A whole number, mostly small. */
  int: number;
  /** A number with decimals. */
  real: number;
  /** Days from 1950-01-01 (a date), or days past a birthday (fecha de nacimiento). */
  day: number;
  /** Leave the field empty, if it is optional. */
  blank: boolean;
}

const LETTERS = [...'abcdefghijklmnopqrstuvwxyzñáéíóú'];
const word = fc.string({ unit: fc.constantFrom(...LETTERS), minLength: 1, maxLength: 10 });
const words = fc.array(word, { minLength: 1, maxLength: 6 }).map((ws) => ws.join(' '));
/** Texts: words mostly; any printable grapheme, spaces around, a long text (the inputs stop at 200) now and then. */
const textArb = fc.oneof(
  { weight: 7, arbitrary: words.map((t) => t[0].toUpperCase() + t.slice(1)) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }) },
  { weight: 1, arbitrary: words.map((t) => `  ${t} `) },
  { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom(...LETTERS, ' '), minLength: 150, maxLength: 200 }) },
);

export const fieldSlotArb: fc.Arbitrary<FieldSlot> = fc.record({
  choice: fc.nat({ max: 10_000 }),
  text: textArb,
  int: fc.oneof({ weight: 8, arbitrary: fc.integer({ min: 0, max: 12 }) }, { weight: 1, arbitrary: fc.integer({ min: -1000, max: 1_000_000 }) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: 2 ** 31 }) }),
  real: fc.oneof(fc.double({ min: 0, max: 1e7, noNaN: true, noDefaultInfinity: true }), fc.double({ min: -1e9, max: 1e9, noNaN: true, noDefaultInfinity: true })),
  day: fc.nat({ max: 36_500 }),
  blank: fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
});

/** What a select offers besides a field's own list (a form section's values, the company's lists). */
export type OptionsContext = SpecialOptionsContext;
export const DEFAULT_OPTIONS: OptionsContext = { values: {}, ciudades: DEFAULT_CIUDADES, bancos: DEFAULT_BANCOS };

/** Every type of FIELD_TYPES, each handled below (a new one fails `tsc` here and throws at run time). */
const HANDLED: Record<FieldType, true> = { string: true, text: true, number: true, integer: true, boolean: true, date: true, array: true, object: true, file: true };
/** Types the plausibility rules judge (as schema-compiler.ts RULED_TYPES). */
const RULED = new Set<string>(['string', 'text', 'number', 'integer', 'date']);

function checkType(def: Pick<FieldDefinition, 'key' | 'type'>): void {
  if (!Object.hasOwn(HANDLED, def.type) || !(FIELD_TYPES as readonly string[]).includes(def.type)) {
    throw new Error(`fields-arb: unknown field type '${String(def.type)}' (field ${def.key})`);
  }
}

const at = <T>(list: readonly T[], n: number): T => list[n % list.length];
const digits = (n: number, length: number) => String(Math.abs(Math.trunc(n)) % 10 ** length).padStart(length, '0');
/** es-CO thousands: 180000000 -> '180.000.000'. */
const miles = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
const isoDay = (days: number) => new Date(Date.UTC(1950, 0, 1) + days * 86_400_000).toISOString().slice(0, 10);

/** A value as a rule's field is typed: phones with spaces or dashes, amounts with '$' and thousands. */
function ruleValue(regla: ReglaId, s: FieldSlot, today: string): unknown {
  const way = s.choice % 3;
  switch (regla) {
    case 'celular': {
      const d = `3${digits(s.int * 7919 + s.choice, 9)}`;
      return [d, `${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6)}`, `${d.slice(0, 3)}-${d.slice(3)}`][way];
    }
    case 'telefono_fijo': {
      const d = `60${digits(s.int * 7919 + s.choice, 8)}`;
      return [d, `(${d.slice(0, 3)}) ${d.slice(3)}`, `${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6)}`][way];
    }
    case 'monto':
    case 'pesos': {
      const n = Math.abs(Math.trunc(s.real)) + (regla === 'monto' ? 1 : 0);
      return [n, miles(n), `$ ${miles(n)}`][way];
    }
    case 'plazo': {
      const n = 1 + (Math.abs(s.int) % PLAZO_MAX_MESES);
      return way === 1 ? String(n) : n;
    }
    case 'estrato':
    case 'personas':
    case 'conteo': {
      const n = regla === 'estrato' ? ESTRATO_MIN + (Math.abs(s.int) % ESTRATO_MAX) : Math.abs(s.int) % (PERSONAS_MAX + 1);
      return way === 1 ? String(n) : n;
    }
    case 'correo': {
      const local = s.text.normalize('NFD').replace(/[^a-zA-Z0-9]/g, '').toLowerCase().slice(0, 30) || 'cliente';
      return `${local}${way ? `.${s.int}` : ''}@${at(['correo.co', 'gmail.com', 'empresa.com.co'], s.choice)}`;
    }
    case 'fecha_nacimiento': {
      // 19 to 99 years old, a day in that year: well inside 18–100 whatever today is.
      const [y, m, d] = today.split('-').map(Number);
      const birth = new Date(Date.UTC(y - 19 - (s.choice % 81), m - 1, d) - (s.day % 360) * 86_400_000);
      return birth.toISOString().slice(0, 10);
    }
    case 'documento':
      // Digits only (a cédula has 6 to 10): valid whatever the tipo de identificación beside it.
      return digits(s.int * 104_729 + s.choice, 6 + (s.choice % 5)).replace(/^0/, '1');
    case 'nombre_persona': {
      // Letters with accents, ñ and ü, and the apostrophe, hyphen and dot a name may carry.
      const name = at(['Ana María', 'Ñusta', 'Güiza', "D'Alessandro", 'Pérez-Gómez', 'Ma. Fernanda', 'Zoë', 'Ángel'], s.choice + s.int);
      return [name, ` ${name} `, name.toUpperCase()][way];
    }
  }
}

/** A valid value of a field whose type takes no options and has no rule. */
function typedValue(def: FieldDefinition, s: FieldSlot, ctx: OptionsContext, today: string): unknown {
  switch (def.type) {
    case 'string':
    case 'text': {
      // Identification numbers as digits (a cédula has 6 to 10), a NIT with its check digit.
      if (/documento|cedula/.test(def.key)) return digits(s.int * 104_729 + s.choice, 6 + (s.choice % 5)).replace(/^0/, '1');
      if (/(^|_)nit($|_)/.test(def.key)) return `9${digits(s.int * 7919 + s.choice, 8)}-${s.choice % 10}`;
      return s.text.trim() ? s.text : 'Texto';
    }
    case 'integer':
      return s.choice % 4 === 0 ? String(s.int) : s.int;
    case 'number':
      return [s.real, s.int, String(s.real).replace('.', ',')][s.choice % 3];
    case 'boolean':
      return s.choice % 2 === 0;
    case 'date': {
      const d = isoDay(s.day);
      return s.choice % 5 === 0 ? `${d}T00:00:00.000Z` : d;
    }
    case 'array':
      // An array field without its list is a malformed definition: it takes no value.
      return undefined;
    case 'object': {
      const structure = parseListValues(def.list_values).object_structure;
      if (!structure?.length) return { [at(['nota', 'detalle', 'valor'], s.choice)]: s.text.trim() || 'Texto' };
      const out: Record<string, unknown> = {};
      structure.forEach((sub, n) => {
        if (sub.isActive === false || !sub.key) return;
        const slot = { ...s, choice: s.choice + 31 * (n + 1), int: s.int + n, day: (s.day + 97 * n) % 36_500, blank: ((s.choice >> n) & 3) === 0 };
        const sd: FieldDefinition = { key: sub.key, type: sub.type, required: !!sub.required, list_values: sub.list_values ?? null };
        const value = validValue(sd, slot, { ...ctx, values: out }, today);
        if (value !== undefined) out[sub.key] = value;
      });
      return out;
    }
    case 'file': {
      const config = parseListValues(def.list_values).file_config;
      if (!config) return undefined;
      const policy = policyOf(config);
      const n = config.multiple ? 1 + (s.choice % 2) : 1;
      return Array.from({ length: n }, (_, k) => ({
        id: `0190a5c0-0000-7000-8000-${digits(s.int * 31 + s.choice + k, 12)}`,
        nombre: `documento-${k + 1}.${at(policy.allowed, s.choice + k)}`,
        size: Math.abs(s.int * 997 + k) % policy.maxBytes,
      }));
    }
  }
  return checkType(def);
}

/**
 * A value for `def` as the form would send it (before the compiler cleans it): empty now and then
 * when optional (absent or ''), else an offered option, a rule's value, or a value of its type.
 */
export function validValue(def: FieldDefinition, s: FieldSlot, ctx: OptionsContext = DEFAULT_OPTIONS, today: string = hoyIso()): unknown {
  checkType(def);
  if (!def.required && s.blank) return s.choice % 2 ? '' : undefined;
  const regla = RULED.has(def.type) ? reglaDeCampo(def.key) : null;
  if (regla) return ruleValue(regla, s, today);
  const options = def.type === 'string' || def.type === 'array' ? fieldOptions(def, ctx) : null;
  if (options?.length && (def.type === 'array' ? !!parseListValues(def.list_values).enum?.length : true)) return at(options, s.choice).value;
  return typedValue(def, s, ctx, today);
}

/** Values each rule refuses (src/domain/validacion.ts `aplicarRegla`). */
function ruleBreaks(regla: ReglaId, today: string): unknown[] {
  switch (regla) {
    case 'celular':
      return ['12345', '2001234567', '300123456789'];
    case 'telefono_fijo':
      return ['3001234567', '601234', 'sin teléfono'];
    case 'monto':
      return [0, '1500,5', -5, PESOS_MAX + 1];
    case 'pesos':
      return [-1, '1500,5', 'mucho', `$ ${miles(PESOS_MAX * 2)}`];
    case 'plazo':
      return [0, PLAZO_MAX_MESES + 1, '12,5'];
    case 'estrato':
      return [0, ESTRATO_MAX + 1, '3,5'];
    case 'personas':
      return [-1, PERSONAS_MAX + 1, '2,5'];
    case 'conteo':
      return [-1, 'diez', 2.5];
    case 'correo':
      return ['no es un correo', 'ana@', '@correo.co'];
    case 'fecha_nacimiento':
      // dd/mm/aaaa is how the form writes a day ('12/04/1990' is read); a two-digit year is not.
      return ['2023-02-30', `${Number(today.slice(0, 4)) - 10}-01-01`, '31/04/1990', '12/04/90'];
    case 'documento':
      // Refused for a cédula and for a passport alike.
      return ['-1', '12', '9'.repeat(21)];
    case 'nombre_persona':
      return ['Aviso: visite https://x.example', 'Ana 3001234567', 'Ana\u202Eoiratse', 'a'.repeat(61)];
  }
}

/** Every value `def`'s compiled schema refuses for a shown field, in a fixed order (empty when none). */
export function invalidValues(def: FieldDefinition, today: string = hoyIso()): unknown[] {
  checkType(def);
  const out: unknown[] = def.required ? [''] : [];
  const regla = RULED.has(def.type) ? reglaDeCampo(def.key) : null;
  if (regla) return [...out, ...ruleBreaks(regla, today)];
  const lv = parseListValues(def.list_values);
  switch (def.type) {
    case 'string':
    case 'text':
      return [...out, 'x'.repeat(2001), ['una', 'lista']];
    case 'integer':
      return [...out, '1,5', 'doce', 2.5];
    case 'number':
      return [...out, 'doce', '12 mil', true];
    case 'boolean':
      return out;
    case 'date':
      return [...out, '2023-02-30', '31/02/2020', '30/12/20', 'mañana'];
    case 'array':
      return [...out, lv.enum?.length ? '__no_es_una_opcion__' : 'cualquiera'];
    case 'object':
      return [...out, '{no es json', [1, 2], { x: 'y'.repeat(20_001) }];
    case 'file':
      if (!lv.file_config) return [...out, [{ id: '0190a5c0-0000-7000-8000-000000000001', nombre: 'a.pdf', size: 1 }]];
      return [
        ...out,
        [{ id: 'no-es-un-id', nombre: 'a.pdf', size: 1 }],
        [{ id: '0190a5c0-0000-7000-8000-000000000001', nombre: 'programa.exe', size: 1 }],
        [{ id: '0190a5c0-0000-7000-8000-000000000001', nombre: `a.${policyOf(lv.file_config).allowed[0]}`, size: policyOf(lv.file_config).maxBytes + 1 }],
      ];
  }
  return checkType(def) as never;
}

/** Picks one of `invalidValues` by the slot; null when the field refuses nothing. */
export function invalidValue(def: FieldDefinition, s: FieldSlot, today: string = hoyIso()): { value: unknown } | null {
  const all = invalidValues(def, today);
  return all.length ? { value: at(all, s.choice) } : null;
}

/** The arbitrary of valid values of one field (the unit test's view of `validValue`). */
export const fieldArb = (def: FieldDefinition, ctx: OptionsContext = DEFAULT_OPTIONS): fc.Arbitrary<unknown> => {
  checkType(def);
  return fieldSlotArb.map((s) => validValue(def, s, ctx));
};

/** The arbitrary of values a field refuses, or null when it refuses none. */
export const brokenFieldArb = (def: FieldDefinition): fc.Arbitrary<unknown> | null => {
  const all = invalidValues(def);
  return all.length ? fc.constantFrom(...all) : null;
};

/**
 * What a form draws for one step: slots for its fields (used in turn, round the list), which fields
 * an edit changes and how many, how many references a new application has, and (one draw in ten) which shown
 * field is broken on purpose (the device must refuse the whole change and queue nothing).
 */
export interface FormDraw {
  slots: FieldSlot[];
  which: number;
  /** How many more fields an edit changes (0 to 2). */
  extra: number;
  references: number;
  broken: number | null;
}
export const formDrawArb = (slots: number): fc.Arbitrary<FormDraw> =>
  fc.record({
    slots: fc.array(fieldSlotArb, { minLength: slots, maxLength: slots }),
    which: fc.nat({ max: 10_000 }),
    extra: fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 2 }) }),
    references: fc.integer({ min: 0, max: 3 }),
    broken: fc.oneof({ weight: 9, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.nat({ max: 10_000 }) }),
  });

/** The values of one form section, field by field in form order (a city after its department). */
export function sectionValues(fields: readonly FieldDefinition[], next: () => FieldSlot, lists: Omit<OptionsContext, 'values'>, today: string = hoyIso()): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const f of fields) {
    const value = validValue(f, next(), { ...lists, values }, today);
    if (value !== undefined) values[f.key] = value;
  }
  return values;
}
