/**
 * The field values the model test of sync draws from the company's field definitions
 * (model/fields-arb.ts): for every field the demo company's forms show (creation form and 'Editar
 * Registro', the credit kinds' fields included) and for field types the seed does not use (built
 * here by hand), valid draws pass the one compiler (src/domain/schema-compiler.ts) in the vast
 * majority, every invalid value is refused, and a field type the module does not know throws.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as v from 'valibot';
import { DEMO_DEFINITIONS } from '../../server/src/db/demo-data';
import { registroSchemas } from '../../src/domain/campos-fijos';
import { editFields } from '../../src/domain/campos-registro';
import { citiesOf } from '../../src/domain/colombia';
import { CREDIT_KIND_FIELDS } from '../../src/domain/credito';
import { FIELD_TYPES, FORM_ENTITIES, type FieldDefinition } from '../../src/domain/field-definition';
import { compileFields } from '../../src/domain/schema-compiler';
import { fieldArb, invalidValues, validValue, fieldSlotArb } from './model/fields-arb';

const SAMPLES = 200;
const definitions = DEMO_DEFINITIONS.flatMap((g) => g.fields.map((f, i) => ({ ...f, entity: g.entity, json_column: g.json_column, id: i + 1 })));
const schemas = registroSchemas(definitions);

/** Each field as shown (its condition dropped: a hidden field is not judged at all). */
const shown = (f: FieldDefinition): FieldDefinition => ({ ...f, conditional_on: null });
const demoFields = [
  ...FORM_ENTITIES.flatMap((e) => [...schemas[e], ...editFields(e, schemas)].map((f) => [`${e}.${f.key} (${f.type}${f.required ? ', obligatorio' : ''})`, shown(f)] as const)),
  ...Object.entries(CREDIT_KIND_FIELDS).flatMap(([kind, fields]) => fields.map((f) => [`${kind}.${f.key} (${f.type})`, shown(f)] as const)),
];
const unique = [...new Map(demoFields.map(([name, f]) => [name, f])).entries()];

const fileConfig = { allowed_types: ['pdf', 'png'], max_size_mb: 2, multiple: true };
/** Types and shapes the demo company does not configure. */
const handMade: FieldDefinition[] = [
  { key: 'observaciones_largas', type: 'text', required: true },
  { key: 'puntaje', type: 'number', required: false },
  { key: 'hijos', type: 'integer', required: true },
  { key: 'fecha_visita', type: 'date', required: true },
  { key: 'acepta_visita', type: 'boolean', required: true },
  { key: 'colores', type: 'array', required: true, list_values: { enum: ['Rojo', 'Azul'] } },
  { key: 'vehiculo', type: 'object', required: true, list_values: { object_structure: [{ key: 'placa', type: 'string', required: true }, { key: 'modelo', type: 'integer' }, { key: 'uso', type: 'array', list_values: { enum: ['Particular', 'Público'] } }, { key: 'fecha_compra', type: 'date' }] } },
  { key: 'notas_json', type: 'object', required: false },
  { key: 'soporte', type: 'file', required: true, list_values: { file_config: fileConfig } },
  { key: 'soporte_unico', type: 'file', required: false, list_values: { file_config: { ...fileConfig, multiple: false } } },
  { key: 'celular_oficina', type: 'string', required: true },
  { key: 'numero_documento_conyuge', type: 'string', required: true },
  { key: 'nit_empresa', type: 'string', required: false },
  { key: 'correo_personal', type: 'string', required: true },
  { key: 'departamento_nacimiento', type: 'string', required: true },
  { key: 'ciudad_nacimiento', type: 'string', required: true },
  { key: 'plazo_tiempo', type: 'integer', required: true },
  { key: 'valor_vehiculo', type: 'number', required: true },
];
const all: Array<readonly [string, FieldDefinition]> = [...unique, ...handMade.map((f) => [`a mano: ${f.key} (${f.type})`, f] as const)];

const judge = (f: FieldDefinition, value: unknown) => v.safeParse(compileFields([f]), value === undefined ? {} : { [f.key]: value });

describe('field definition → fast-check values', () => {
  it('covers every field type', () => {
    expect(new Set(all.map(([, f]) => f.type))).toEqual(new Set(FIELD_TYPES));
  });

  it.each(all)('%s: valid draws pass the compiled field in the vast majority', (_name, f) => {
    const draws = fc.sample(fieldArb(f), { numRuns: SAMPLES, seed: 20261126 });
    const failed = draws.map((d) => ({ d, r: judge(f, d) })).filter((x) => !x.r.success);
    const shownFailures = failed.slice(0, 2).map((x) => `${JSON.stringify(x.d)?.slice(0, 200)}: ${x.r.issues?.[0]?.message}`);
    expect(failed.length / SAMPLES, `refused by the compiler, e.g.\n${shownFailures.join('\n')}`).toBeLessThan(0.1);
    // A required field is never drawn empty.
    if (f.required) expect(draws.filter((d) => d === undefined || d === '')).toEqual([]);
  });

  it.each(all)('%s: every invalid value is refused', (_name, f) => {
    for (const bad of invalidValues(f)) expect(judge(f, bad).success, JSON.stringify(bad).slice(0, 100)).toBe(false);
  });

  it('an optional Sí/No refuses nothing; any other field has a value it refuses', () => {
    for (const [name, f] of all) {
      const refusesNothing = f.type === 'boolean' && !f.required;
      expect(invalidValues(f).length === 0, name).toBe(refusesNothing);
    }
  });

  it('a city is one of its department’s municipalities, an option one of the field’s list', () => {
    const fields = [handMade.find((f) => f.key === 'departamento_nacimiento')!, handMade.find((f) => f.key === 'ciudad_nacimiento')!];
    for (const s of fc.sample(fc.tuple(fieldSlotArb, fieldSlotArb), { numRuns: 50, seed: 7 })) {
      const values: Record<string, unknown> = {};
      values.departamento_nacimiento = validValue(fields[0], s[0]);
      const ciudad = validValue(fields[1], s[1], { values, ciudades: ['Solo en la lista'], bancos: [] });
      expect(citiesOf(values.departamento_nacimiento as string), JSON.stringify(values)).toContain(ciudad);
    }
    const colores = fc.sample(fieldArb(handMade.find((f) => f.key === 'colores')!), { numRuns: 50, seed: 7 });
    expect(new Set(colores)).toEqual(new Set(['Rojo', 'Azul']));
  });

  it('throws with the name of a field type it does not know', () => {
    const firma = { key: 'firma', type: 'signature', required: false } as unknown as FieldDefinition;
    expect(() => fieldArb(firma)).toThrow(/unknown field type 'signature'/);
    expect(() => invalidValues(firma)).toThrow(/'signature'/);
    const grupo = { key: 'grupo', type: 'object', required: true, list_values: { object_structure: [{ key: 'x', type: 'money' }] } } as unknown as FieldDefinition;
    expect(() => fc.sample(fieldArb(grupo), { numRuns: 5, seed: 1 })).toThrow(/unknown field type 'money'/);
  });
});
