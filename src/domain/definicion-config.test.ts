import { describe, expect, it } from 'vitest';
import {
  addOption,
  clampMaxSize,
  FIXED_NOT_EDITABLE,
  formatValidationErrors,
  listValuesFor,
  orderFromKeys,
  SELF_DEPENDENCY,
  suggestKey,
  TRIGGER_REQUIRED,
  validateCondition,
  validateDefinition,
  validateSubFields,
  VALUE_REQUIRED,
} from './definicion-config';

const base = { key: 'campo', type: 'string' as const, required: false };

describe('validateDefinition', () => {
  it('accepts a plain text field', () => {
    expect(validateDefinition(base)).toEqual([]);
  });

  it("refuses a default value the creation form could not use, judged as the form judges the field", () => {
    expect(validateDefinition({ ...base, type: 'date', default_value: '31/02/2026' })).toEqual(['Valor por defecto inválido. Campo: debe ser una fecha válida (dd/mm/aaaa)']);
    expect(validateDefinition({ ...base, type: 'integer', description: 'Hijos', default_value: 'dos' })).toEqual(['Valor por defecto inválido. Hijos: debe ser un número entero']);
    expect(validateDefinition({ ...base, key: 'numero_celular', type: 'string', description: 'Celular', default_value: '300123' })[0]).toMatch(/^Valor por defecto inválido\. Celular: /);
    expect(validateDefinition({ ...base, type: 'array', list_values: { enum: ['A', 'B'] }, default_value: 'C' })[0]).toMatch(/^Valor por defecto inválido\. /);
    expect(validateDefinition({ ...base, type: 'boolean', default_value: 'quizás' })).toEqual(['Valor por defecto inválido: elige Sí o No']);
    // What the form can use is accepted, blank included.
    for (const ok of [
      { ...base, type: 'date' as const, default_value: '01/02/2026' },
      { ...base, type: 'date' as const, default_value: '2026-02-01' },
      { ...base, type: 'integer' as const, default_value: '2' },
      { ...base, type: 'array' as const, list_values: { enum: ['A', 'B'] }, default_value: 'B' },
      { ...base, type: 'boolean' as const, default_value: 'true' },
      { ...base, default_value: '  ' },
      { ...base, default_value: 'Colombiana' },
    ]) {
      expect(validateDefinition(ok), JSON.stringify(ok)).toEqual([]);
    }
  });

  it('requires options on an array field, with the spec message', () => {
    expect(validateDefinition({ ...base, type: 'array', list_values: { enum: ['', '  '] } })).toEqual([
      'El campo es de tipo array pero no tiene opciones configuradas.',
    ]);
    expect(validateDefinition({ ...base, type: 'array', list_values: { enum: ['A', 'B'] } })).toEqual([]);
  });

  it('refuses repeated options', () => {
    expect(validateDefinition({ ...base, type: 'array', list_values: { enum: ['Sí', 'sí'] } })).toEqual([
      'La opción "sí" está repetida',
    ]);
  });

  it('requires allowed types on a file field and a size of 1 to 100 MB', () => {
    const file = (allowed_types: string[], max_size_mb: number) => ({
      ...base,
      type: 'file' as const,
      list_values: { file_config: { allowed_types, max_size_mb, multiple: false } },
    });
    expect(validateDefinition(file([], 5))).toEqual([
      'El campo es de tipo archivo pero no tiene tipos permitidos configurados.',
    ]);
    expect(validateDefinition(file(['pdf'], 0))).toEqual(['El tamaño máximo debe estar entre 1 y 100 MB']);
    expect(validateDefinition(file(['pdf'], 101))).toEqual(['El tamaño máximo debe estar entre 1 y 100 MB']);
    expect(validateDefinition(file(['pdf', 'exe'], 100))[0]).toMatch(/^Tipos de archivo no permitidos: exe/);
    expect(validateDefinition(file(['pdf'], 1))).toEqual([]);
  });

  it('reads list_values given as a JSON string', () => {
    expect(validateDefinition({ ...base, type: 'array', list_values: '{"enum":["A"]}' as never })).toEqual([]);
  });

  it('wants a display order that is an integer of at least 1', () => {
    const msg = 'El orden de visualización debe ser un número entero mayor o igual a 1';
    expect(validateDefinition({ ...base, order_index: 0 })).toEqual([msg]);
    expect(validateDefinition({ ...base, order_index: 1.5 })).toEqual([msg]);
    expect(validateDefinition({ ...base, order_index: 1 })).toEqual([]);
  });

  it('refuses bad internal names, unknown types and the fixed fields', () => {
    expect(validateDefinition({ ...base, key: '' })).toEqual(['El nombre interno es requerido']);
    expect(validateDefinition({ ...base, key: 'Con Espacio' })[0]).toMatch(/^El nombre interno solo puede/);
    expect(validateDefinition({ ...base, type: 'color' as never })[0]).toBe(
      'Tipo inválido "color" en el campo "campo". Tipos válidos: string, text, number, integer, boolean, date, array, object, file',
    );
    expect(validateDefinition({ ...base, key: 'nombres' })).toEqual([FIXED_NOT_EDITABLE]);
  });

  it('checks a stored condition: trigger, value, not itself', () => {
    expect(validateDefinition({ ...base, conditional_on: { field: '', value: 'x' } })).toEqual([TRIGGER_REQUIRED]);
    expect(validateDefinition({ ...base, conditional_on: { field: 'otro', value: '' } })).toEqual([VALUE_REQUIRED]);
    expect(validateDefinition({ ...base, conditional_on: { field: 'campo', value: 'x' } })).toEqual([SELF_DEPENDENCY]);
    expect(validateDefinition({ ...base, conditional_on: { field: 'otro', value: false } })).toEqual([]);
  });
});

describe('validateSubFields', () => {
  it('needs at least one sub-field', () => {
    expect(validateDefinition({ ...base, key: 'vehiculo', type: 'object', list_values: { array_type: 'object', object_structure: [] } })).toEqual([
      'El campo "vehiculo" es de tipo objeto pero no tiene sub-campos configurados.',
    ]);
  });

  it('refuses a sub-field type outside the eight valid ones (file included)', () => {
    expect(validateSubFields([{ key: 'soporte', type: 'file' }], 'vehiculo')).toEqual([
      'Tipo inválido "file" en el campo "soporte". Tipos válidos: string, text, number, integer, boolean, date, array, object',
    ]);
  });

  it('validates array and object sub-fields recursively', () => {
    expect(validateSubFields([{ key: 'marca', type: 'array', list_values: { enum: [] } }], 'vehiculo')).toEqual([
      'El campo "marca" es de tipo array pero no tiene opciones configuradas.',
    ]);
    expect(
      validateSubFields(
        [{ key: 'detalle', type: 'object', list_values: { object_structure: [{ key: 'x', type: 'bad' }] } }],
        'vehiculo',
      ),
    ).toEqual(['Tipo inválido "bad" en el campo "x". Tipos válidos: string, text, number, integer, boolean, date, array, object']);
    expect(validateSubFields([{ key: 'detalle', type: 'object', list_values: {} }], 'vehiculo')).toEqual([
      'El campo "detalle" es de tipo objeto pero no tiene sub-campos configurados.',
    ]);
  });

  it('refuses repeated sub-field keys and accepts a valid structure', () => {
    expect(validateSubFields([{ key: 'a', type: 'string' }, { key: 'a', type: 'number' }], 'obj')).toEqual([
      'El sub-campo "a" está repetido en "obj"',
    ]);
    expect(validateSubFields([{ key: 'modelo', type: 'integer', order_index: 1 }], 'obj')).toEqual([]);
  });

  it("judges each sub-field's default as the form would judge the sub-field, named by its group", () => {
    expect(
      validateSubFields(
        [
          { key: 'modelo', type: 'integer', description: 'Modelo', default_value: 'nuevo' },
          { key: 'matricula', type: 'date', default_value: '31/02/2026' },
          { key: 'marca', type: 'array', list_values: { enum: ['Renault', 'Mazda'] }, default_value: 'Kia' },
          { key: 'asegurado', type: 'boolean', default_value: 'tal vez' },
        ],
        'vehiculo',
      ),
    ).toEqual([
      'Valor por defecto inválido. vehiculo · Modelo: debe ser un número entero',
      'Valor por defecto inválido. vehiculo · Matricula: debe ser una fecha válida (dd/mm/aaaa)',
      'Valor por defecto inválido. vehiculo · Marca: opción no permitida',
      'Valor por defecto inválido: elige Sí o No (vehiculo · Asegurado)',
    ]);
    expect(
      validateSubFields(
        [
          { key: 'modelo', type: 'integer', default_value: '2020' },
          { key: 'matricula', type: 'date', default_value: '15/03/2021' },
          { key: 'marca', type: 'array', list_values: { enum: ['Renault', 'Mazda'] }, default_value: 'Mazda' },
          { key: 'asegurado', type: 'boolean', default_value: false },
          { key: 'color', type: 'string', default_value: '' },
        ],
        'vehiculo',
      ),
    ).toEqual([]);
  });

  it('stores a sub-field default typed: a number as a number, a blank one dropped', () => {
    const lv = listValuesFor('object', {
      object_structure: [
        { key: 'modelo', type: 'integer', default_value: '2020' },
        { key: 'color', type: 'string', default_value: '  ' },
        { key: 'asegurado', type: 'boolean', default_value: true },
      ],
    });
    expect(lv?.object_structure).toEqual([
      { key: 'modelo', type: 'integer', default_value: 2020 },
      { key: 'color', type: 'string' },
      { key: 'asegurado', type: 'boolean', default_value: true },
    ]);
  });
});

describe('validateCondition', () => {
  const siblings = [
    { key: 'tipo', type: 'array' as const, list_values: { enum: ['Empleado', 'Independiente'] } },
    { key: 'paga', type: 'boolean' as const },
    { key: 'empresa', type: 'string' as const },
  ];
  const field = { key: 'empresa' };

  it('has the spec messages for a missing trigger or value', () => {
    expect(validateCondition(field, { field: '', value: '' }, siblings)).toEqual([TRIGGER_REQUIRED, VALUE_REQUIRED]);
  });

  it('refuses a self-dependency and an unknown trigger', () => {
    expect(validateCondition(field, { field: 'empresa', value: 'x' }, siblings)).toEqual([SELF_DEPENDENCY]);
    expect(validateCondition(field, { field: 'nada', value: 'x' }, siblings)[0]).toMatch(/no existe/);
  });

  it("takes the value from the trigger's options when it has any", () => {
    expect(validateCondition(field, { field: 'tipo', value: 'Pensionado' }, siblings)[0]).toMatch(/una de las opciones/);
    expect(validateCondition(field, { field: 'tipo', value: 'Empleado' }, siblings)).toEqual([]);
    expect(validateCondition(field, { field: 'paga', value: true }, siblings)).toEqual([]);
  });

  it("accepts 'no condition'", () => {
    expect(validateCondition(field, null, siblings)).toEqual([]);
  });
});

describe('helpers', () => {
  it('adds options, ignoring blanks and refusing duplicates', () => {
    expect(addOption(['A'], '  ')).toBeNull();
    expect(addOption(['A'], ' B ')).toEqual({ options: ['A', 'B'] });
    expect(addOption(['A'], 'a')).toEqual({ error: 'La opción "a" ya existe' });
  });

  it('clamps the maximum size to 1–100 and falls back to 1', () => {
    expect(clampMaxSize('abc')).toBe(1);
    expect(clampMaxSize('')).toBe(1);
    expect(clampMaxSize(0)).toBe(1);
    expect(clampMaxSize('250')).toBe(100);
    expect(clampMaxSize('12')).toBe(12);
  });

  it('numbers a new order from 1', () => {
    expect(orderFromKeys(['b', 'a'])).toEqual([
      { key: 'b', order_index: 1 },
      { key: 'a', order_index: 2 },
    ]);
  });

  it('suggests an internal name and formats errors', () => {
    expect(suggestKey('Número de Hijos')).toBe('numero_de_hijos');
    expect(formatValidationErrors(['a', 'b'])).toBe('Errores de validación: a, b');
  });
});
