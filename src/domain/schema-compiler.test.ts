import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import type { FieldDefinition } from './field-definition';
import {
  coerceField,
  compileFields,
  isFieldVisible,
  issuesToFields,
  pruneReferences,
  staleConditionalKeys,
  visibleFields,
} from './schema-compiler';
import {
  ENTITY_COLUMNS,
  FALLBACK_FIELDS,
  FIXED_FIELDS,
  entitySchema,
  formFields,
  normalizeDefinition,
  splitColumns,
} from './campos-fijos';
import { FIRMA_MSG, TERMINOS_MSG, validateRegistro, type CrearRegistroArgs, type RegistroSchemas } from './registro';

const TODAY = '2026-05-01';
const def = (key: string, type: FieldDefinition['type'], extra: Partial<FieldDefinition> = {}): FieldDefinition => ({
  key,
  type,
  required: false,
  ...extra,
});
const parse = (fields: FieldDefinition[], input: Record<string, unknown>) => {
  const r = v.safeParse(compileFields(fields, { today: TODAY }), input);
  return r.success ? { ok: true as const, value: r.output } : { ok: false as const, fields: issuesToFields(r.issues) };
};
const coerce = (d: FieldDefinition, raw: unknown) => coerceField(d, raw, TODAY);

describe('coercion, one case per type', () => {
  it('string and text are trimmed; a non-text value is refused', () => {
    expect(coerce(def('profesion', 'string'), '  Ingeniera ')).toEqual({ ok: true, value: 'Ingeniera' });
    expect(coerce(def('notas', 'text'), 'línea 1\nlínea 2')).toEqual({ ok: true, value: 'línea 1\nlínea 2' });
    expect(coerce(def('profesion', 'string'), { a: 1 })).toEqual({ ok: false, message: 'Profesion: debe ser un texto' });
  });
  it('integer must parse as a whole number; the message names the field by its label, else by its key in words as the form shows it', () => {
    expect(coerce(def('hijos', 'integer'), '3')).toEqual({ ok: true, value: 3 });
    expect(coerce(def('hijos', 'integer', { description: 'Número de hijos' }), '2.5')).toEqual({ ok: false, message: 'Número de hijos: debe ser un número entero' });
    expect(coerce(def('hijos', 'integer'), 'dos')).toEqual({ ok: false, message: 'Hijos: debe ser un número entero' });
  });
  it('number must parse (step 0.01 values, comma decimals)', () => {
    expect(coerce(def('monto', 'number'), '1500000.50')).toEqual({ ok: true, value: 1500000.5 });
    expect(coerce(def('monto', 'number'), '2,5')).toEqual({ ok: true, value: 2.5 });
    expect(coerce(def('monto', 'number'), 'mucho')).toEqual({ ok: false, message: 'Monto: debe ser un número' });
  });
  it('boolean is coerced from checkbox and text values', () => {
    expect(coerce(def('paga_arriendo', 'boolean'), 'true')).toEqual({ ok: true, value: true });
    expect(coerce(def('paga_arriendo', 'boolean'), 'no')).toEqual({ ok: true, value: false });
    expect(coerce(def('paga_arriendo', 'boolean'), false)).toEqual({ ok: true, value: false });
  });
  it('date must be a real calendar date; fecha_nacimiento must be of age', () => {
    expect(coerce(def('fecha_ingreso', 'date'), '2020-02-29')).toEqual({ ok: true, value: '2020-02-29' });
    expect(coerce(def('fecha_ingreso', 'date'), '2021-02-29')).toMatchObject({ ok: false });
    expect(coerce(def('fecha_nacimiento', 'date', { description: 'Fecha de nacimiento' }), '2008-05-02')).toEqual({
      ok: false,
      message: 'Fecha de nacimiento: el solicitante debe tener entre 18 y 100 años',
    });
    expect(coerce(def('fecha_nacimiento', 'date'), '2008-05-01')).toEqual({ ok: true, value: '2008-05-01' });
  });
  it('array: a string is parsed as JSON or split on commas; options must be in the enum', () => {
    const d = def('colores', 'array', { list_values: { enum: ['rojo', 'azul', 'verde'] } });
    expect(coerce(d, 'rojo, azul')).toEqual({ ok: true, value: ['rojo', 'azul'] });
    expect(coerce(d, '["verde"]')).toEqual({ ok: true, value: 'verde' });
    expect(coerce(d, 'rojo')).toEqual({ ok: true, value: 'rojo' });
    expect(coerce(d, 'morado')).toEqual({ ok: false, message: 'Colores: opción no permitida' });
    expect(coerce(d, ' , ')).toEqual({ ok: true, value: undefined });
  });
  it('array without enum is a malformed field', () => {
    expect(coerce(def('lista', 'array'), 'x')).toEqual({
      ok: false,
      message: 'Error: Campo tipo array debe tener list_values con enum',
    });
  });
  it('object: a string must be valid JSON; sub-fields are coerced', () => {
    const d = def('vehiculo', 'object', {
      list_values: {
        array_type: 'object',
        object_structure: [
          { key: 'placa', type: 'string', required: true },
          { key: 'modelo', type: 'integer' },
        ],
      },
    });
    expect(coerce(d, '{"placa":"ABC123","modelo":"2020"}')).toEqual({ ok: true, value: { placa: 'ABC123', modelo: 2020 } });
    expect(coerce(d, '{placa:')).toEqual({ ok: false, message: 'Vehiculo: JSON inválido' });
    expect(coerce(d, { placa: 'X', modelo: 'nuevo' })).toEqual({ ok: false, message: 'Vehiculo · Modelo: debe ser un número entero' });
    expect(coerce(def('extra', 'object'), {})).toEqual({ ok: true, value: undefined });
  });
  it('file: needs file_config; checks count, type and size', () => {
    const ref = { id: '01890a5d-ac96-774b-bcce-b302099a8057', nombre: 'cedula.pdf', size: 1000 };
    expect(coerce(def('soporte', 'file'), [ref])).toEqual({
      ok: false,
      message: 'Error: Campo tipo file debe tener list_values con file_config',
    });
    const d = def('soporte', 'file', {
      list_values: { file_config: { allowed_types: ['pdf'], max_size_mb: 1, multiple: false } },
    });
    expect(coerce(d, [ref])).toEqual({ ok: true, value: [ref] });
    expect(coerce(d, [ref, { ...ref, id: '01890a5d-ac96-774b-bcce-b302099a8058' }])).toEqual({
      ok: false,
      message: 'Soporte: solo se permite un archivo',
    });
    expect(coerce(d, [{ ...ref, nombre: 'foto.png' }])).toEqual({ ok: false, message: 'Soporte: tipo de archivo no permitido (foto.png)' });
    expect(coerce(d, [{ ...ref, size: 2 * 1024 * 1024 }])).toEqual({
      ok: false,
      message: 'Soporte: el archivo supera el tamaño máximo de 1 MB',
    });
  });
  it('correo keys must look like an e-mail', () => {
    expect(coerce(def('correo', 'string'), ' ana@correo.co ')).toEqual({ ok: true, value: 'ana@correo.co' });
    expect(coerce(def('correo', 'string', { description: 'Correo electrónico' }), 'ana')).toEqual({
      ok: false,
      message: 'Correo electrónico: no es un correo electrónico válido',
    });
  });
  it('the plausibility rules apply by key and normalise the value', () => {
    expect(coerce(def('celular', 'string', { description: 'Celular' }), '300 123 4567')).toEqual({ ok: true, value: '3001234567' });
    expect(coerce(def('celular', 'string', { description: 'Celular' }), '2001234567')).toEqual({
      ok: false,
      message: 'Celular: debe tener 10 dígitos y empezar por 3',
    });
    expect(coerce(def('monto_solicitado', 'number', { description: 'Monto solicitado' }), '$ 180.000.000')).toEqual({ ok: true, value: 180_000_000 });
    expect(coerce(def('monto_solicitado', 'number', { description: 'Monto solicitado' }), '0')).toMatchObject({ ok: false });
    expect(coerce(def('plazo_meses', 'integer', { description: 'Plazo en meses' }), '361')).toEqual({
      ok: false,
      message: 'Plazo en meses: debe ser un número entero de meses entre 1 y 360',
    });
    expect(coerce(def('ingreso_basico_mensual', 'number'), '-1')).toMatchObject({ ok: false });
  });
  it('a key no definition knows is judged by its rule too, named by its known label', () => {
    expect(parse([], { celular: '12345' })).toEqual({ ok: false, fields: { celular: 'Celular: debe tener 10 dígitos y empezar por 3' } });
    expect(parse([], { telefono: '6012345678', nota: 'x' })).toEqual({ ok: true, value: { telefono: '6012345678', nota: 'x' } });
  });
});

describe('compiled schema', () => {
  const fields = [
    def('nombre', 'string', { required: true }),
    def('edad', 'integer'),
    def('lista', 'array', { list_values: { enum: ['a', 'b'] } }),
  ];
  it('omits empty values, empty arrays and empty objects and keeps unknown plain keys', () => {
    expect(parse(fields, { nombre: 'Ana', edad: '', lista: [], otro: {}, nota: ' hola ' })).toEqual({
      ok: true,
      value: { nombre: 'Ana', nota: 'hola' },
    });
  });
  it('reports every bad field under its key, with the required message', () => {
    expect(parse(fields, { edad: '4.5', 'mal key': 1 })).toEqual({
      ok: false,
      fields: { nombre: 'Nombre: este campo es obligatorio', edad: 'Edad: debe ser un número entero', 'mal key': 'Nombre de campo inválido' },
    });
  });
});

describe('conditions', () => {
  const fields = [
    def('tipo_actividad', 'array', { list_values: { enum: ['Empleado', 'Independiente'] } }),
    def('empresa', 'string', { required: true, conditional_on: { field: 'tipo_actividad', value: 'Empleado' } }),
    def('cargo', 'string', { conditional_on: { field: 'empresa', value: 'ACME' } }),
    def('paga_arriendo', 'boolean'),
    def('valor_arriendo', 'number', { conditional_on: { field: 'paga_arriendo', value: true } }),
  ];
  it('a field shows only when the trigger equals the condition value', () => {
    expect(isFieldVisible(fields[1], { tipo_actividad: 'Empleado' })).toBe(true);
    expect(isFieldVisible(fields[1], { tipo_actividad: 'Independiente' })).toBe(false);
    expect(isFieldVisible(fields[0], {})).toBe(true);
    expect(isFieldVisible(fields[4], { paga_arriendo: 'true' })).toBe(true);
    expect(isFieldVisible(fields[4], { paga_arriendo: false })).toBe(false);
  });
  it('a field hanging from a hidden field is hidden too', () => {
    const keys = visibleFields(fields, { tipo_actividad: 'Independiente', empresa: 'ACME' }).map((f) => f.key);
    expect(keys).toEqual(['tipo_actividad', 'paga_arriendo']);
  });
  it('a hidden field is neither required nor sent', () => {
    expect(parse(fields, { tipo_actividad: 'Independiente', empresa: 'ACME' })).toEqual({
      ok: true,
      value: { tipo_actividad: 'Independiente' },
    });
    expect(parse(fields, { tipo_actividad: 'Empleado' })).toEqual({ ok: false, fields: { empresa: 'Empresa: este campo es obligatorio' } });
  });
  it('changing the trigger lists the filled dependents that no longer apply', () => {
    expect(staleConditionalKeys(fields, { tipo_actividad: 'Independiente', empresa: 'ACME', cargo: 'Jefe' })).toEqual([
      'empresa',
      'cargo',
    ]);
  });
});

describe('references', () => {
  it('are sent only when a name, cell, address or relationship is filled', () => {
    const refs = [
      { id: '1', datos: { nombre: 'Luis' } },
      { id: '2', datos: { tipo_referencia: 'personal', ciudad: 'Cali' } },
      { id: '3', datos: { celular: '3001234567' } },
      { id: '4', datos: { relacion: 'Amigo' } },
      { id: '5', datos: { direccion: ' ' } },
    ];
    expect(pruneReferences(refs).map((r) => r.id)).toEqual(['1', '3', '4']);
  });
});

describe('fixed fields and schemas', () => {
  it('has the 8 fixed applicant fields, all required but segundo_apellido', () => {
    expect(FIXED_FIELDS.map((f) => f.key)).toEqual([
      'nombres',
      'primer_apellido',
      'segundo_apellido',
      'tipo_identificacion',
      'numero_documento',
      'fecha_nacimiento',
      'genero',
      'correo',
    ]);
    expect(FIXED_FIELDS.filter((f) => !f.required).map((f) => f.key)).toEqual(['segundo_apellido']);
    expect(FALLBACK_FIELDS.referencia.filter((f) => f.required).map((f) => f.key)).toEqual([
      'nombre_completo',
      'telefono_referencia',
      'tipo_referencia',
    ]);
  });
  it('normalises definitions: list_values strings parsed, forced date keys, inactive dropped, order 999 last', () => {
    const schema = entitySchema('actividad_economica', [
      { key: 'fecha_ingreso_empresa', type: 'string', order_index: 2 },
      { key: 'sin_orden', type: 'string' },
      { key: 'nivel', type: 'array', list_values: '{"enum":["a"]}', order_index: 1 },
      { key: 'vieja', type: 'string', isActive: false },
      { key: 'tipo_actividad', type: 'string' },
      { key: 'mala', type: 'array', list_values: '{roto' },
    ]);
    expect(schema.campos_dinamicos.map((f) => f.key)).toEqual(['nivel', 'fecha_ingreso_empresa', 'mala', 'sin_orden']);
    expect(schema.campos_dinamicos[1].type).toBe('date');
    expect(schema.campos_dinamicos[0].list_values).toEqual({ enum: ['a'] });
    expect(schema.campos_dinamicos[2].list_values).toEqual({});
    expect(schema).toMatchObject({ entidad: 'actividad_economica', tabla: 'actividad_economica', json_column: 'detalle_actividad', total_campos: 8 });
    expect(normalizeDefinition({ key: '1 mal' })).toBeNull();
  });
  it('splits values into table columns and the JSON column', () => {
    expect(splitColumns('ubicacion', { barrio: 'Centro', estrato: 3, direccion_residencia: 'Calle 1' })).toEqual({
      columns: { barrio: 'Centro', estrato: 3 },
      json: { direccion_residencia: 'Calle 1' },
    });
  });
});

describe('validateRegistro', () => {
  const schemas = Object.fromEntries(
    (Object.keys(ENTITY_COLUMNS) as (keyof typeof ENTITY_COLUMNS)[]).map((e) => [e, formFields(entitySchema(e, []))]),
  ) as unknown as RegistroSchemas;
  const base: CrearRegistroArgs = {
    solicitudId: 'a',
    solicitanteId: 'b',
    ubicacionId: 'c',
    actividadId: 'd',
    financieraId: 'e',
    solicitante: {
      nombres: 'Ana',
      primer_apellido: 'Gil',
      tipo_identificacion: 'CC',
      numero_documento: '123',
      fecha_nacimiento: '1990-01-01',
      genero: 'F',
      correo: 'ana@x.co',
    },
    ubicacion: {},
    actividad_economica: { tipo_actividad: 'Empleado' },
    informacion_financiera: {},
    solicitud: {},
    referencias: [
      { id: 'r1', datos: { tipo_referencia: 'personal' } },
      { id: 'r2', datos: { nombre: 'Luis', tipo_referencia: 'amigo' } },
    ],
    acepta_terminos: false,
    acepta_firma: false,
  };
  it('requires both consents with the spec messages and reports fields by entity path', () => {
    const r = validateRegistro(schemas, base, { today: TODAY });
    expect(r).toEqual({
      ok: false,
      fields: {
        acepta_terminos: TERMINOS_MSG,
        acepta_firma: FIRMA_MSG,
        'referencias.1.tipo_referencia': 'Tipo de referencia: opción no permitida',
      },
    });
  });
  it('drops empty references and keeps the others cleaned', () => {
    const ok = validateRegistro(
      schemas,
      { ...base, acepta_terminos: true, acepta_firma: true, referencias: [base.referencias[0], { id: 'r2', datos: { nombre: ' Luis ', tipo_referencia: 'familiar' } }] },
      { today: TODAY },
    );
    expect(ok.ok && ok.value.referencias).toEqual([{ id: 'r2', datos: { nombre: 'Luis', tipo_referencia: 'familiar' } }]);
  });
  it('judges the document number with the type of document beside it (the creation form)', () => {
    const ok = { ...base, acepta_terminos: true, acepta_firma: true, referencias: [] };
    const withDoc = (tipo: string, numero: string) =>
      validateRegistro(schemas, { ...ok, solicitante: { ...base.solicitante, tipo_identificacion: tipo, numero_documento: numero } }, { today: TODAY });
    expect(withDoc('CC', '-1')).toEqual({
      ok: false,
      fields: { 'solicitante.numero_documento': 'Número de documento: debe tener entre 3 y 15 dígitos, sin letras ni guiones' },
    });
    expect(withDoc('CC', '1'.repeat(200)).ok).toBe(false);
    const cedula = withDoc('CC', '1.045.678.901');
    expect(cedula.ok && cedula.value.solicitante.numero_documento).toBe('1045678901');
    const pasaporte = withDoc('PP', 'AB123456');
    expect(pasaporte.ok && pasaporte.value.solicitante.numero_documento).toBe('AB123456');
  });
});
