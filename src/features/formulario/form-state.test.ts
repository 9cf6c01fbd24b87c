import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../../domain/field-definition';
import { addReferencia, clearedFormState, hasContent, newFormState, removeReferencia, setEntityValue, toArgs, fromArgs, withDefaults } from './form-state';
import type { RegistroSchemas } from '../../domain/registro';

const fields: FieldDefinition[] = [
  { key: 'tipo_actividad_economica', type: 'array', required: true, list_values: { enum: ['Empleado', 'Pensionado'] } },
  { key: 'empresa', type: 'string', required: false, conditional_on: { field: 'tipo_actividad_economica', value: 'Empleado' } },
  { key: 'sector_economico', type: 'string', required: false },
];

describe('form state', () => {
  it('changing the activity type clears the conditional and work fields that no longer apply', () => {
    const v = { tipo_actividad_economica: 'Empleado', empresa: 'ACME', cargo_actual: 'Jefe', sector_economico: 'Salud' };
    expect(setEntityValue(v, 'tipo_actividad_economica', 'Pensionado', fields)).toEqual({
      tipo_actividad_economica: 'Pensionado',
      sector_economico: 'Salud',
    });
    // Another field's change leaves them alone.
    expect(setEntityValue(v, 'sector_economico', 'Otro', fields)).toEqual({ ...v, sector_economico: 'Otro' });
  });

  it('a new department clears the city chosen for the previous one', () => {
    const v = { departamento_residencia: 'Atlántico', ciudad_residencia: 'Soledad' };
    expect(setEntityValue(v, 'departamento_residencia', 'Antioquia', [])).toEqual({ departamento_residencia: 'Antioquia' });
  });

  it('allows at most three references and never removes the last one', () => {
    let s = newFormState();
    s = addReferencia(addReferencia(addReferencia(s)));
    expect(s.referencias).toHaveLength(3);
    for (const r of [...s.referencias]) s = removeReferencia(s, r.id);
    expect(s.referencias).toHaveLength(1);
  });

  it('clearing keeps the application ids (still one draft, one application)', () => {
    const s = { ...newFormState(), acepta_terminos: true };
    s.values.solicitante = { nombres: 'Ana' };
    const cleared = clearedFormState(s);
    expect(cleared.ids).toEqual(s.ids);
    expect(cleared.values.solicitante).toEqual({});
    expect(cleared.acepta_terminos).toBe(false);
  });

  it('copies the company activity type into the built-in column when saving', () => {
    const s = newFormState();
    s.values.actividad_economica = { tipo_actividad_economica: 'Empleado' };
    expect(toArgs(s, '2026-01-01T00:00:00Z').actividad_economica).toEqual({
      tipo_actividad_economica: 'Empleado',
      tipo_actividad: 'Empleado',
    });
  });
});

describe('a refused creation back in the form', () => {
  it('fromArgs gives back the state toArgs was made from, with the files kept on the device', () => {
    const state = newFormState();
    state.values.solicitante = { nombres: 'Yolanda', primer_apellido: 'Rechazada' };
    state.values.ubicacion = { direccion: 'Calle 10 # 5-20' };
    state.referencias = [{ id: state.referencias[0].id, datos: { nombre: 'Pedro' } }];
    state.acepta_terminos = true;
    state.acepta_firma = true;
    const file = { id: 'f1', blob: new Blob(['%PDF']), nombre: 'c.pdf', mime: 'application/pdf', size: 4, field: null };
    const back = fromArgs(toArgs(state, '2026-11-27T10:00:00.000Z'), [file]);
    expect(back).toEqual({ ...state, files: [file] });
  });
});

describe('configured default values', () => {
  const schemas = {
    solicitante: [
      { key: 'nacionalidad', type: 'string', required: false, default_value: 'Colombiana' },
      { key: 'fecha_expedicion', type: 'date', required: false, default_value: '01/02/2020' },
      { key: 'acepta_llamadas', type: 'boolean', required: false, default_value: 'true' },
      { key: 'profesion', type: 'string', required: false, default_value: '  ' },
    ],
    ubicacion: [],
    actividad_economica: [],
    informacion_financiera: [],
    solicitud: [{ key: 'ciudad_solicitud', type: 'string', required: false, default_value: 'Barranquilla' }],
    referencia: [{ key: 'tipo_referencia', type: 'array', required: true, default_value: 'familiar', list_values: { enum: ['familiar', 'personal'] } }],
  } as unknown as RegistroSchemas;

  it('fill the fields nobody touched, typed as the form holds them, in every reference too', () => {
    const s = addReferencia(newFormState());
    const shown = withDefaults(s, schemas);
    expect(shown.values.solicitante).toEqual({ nacionalidad: 'Colombiana', fecha_expedicion: '2020-02-01', acepta_llamadas: true });
    expect(shown.values.solicitud).toEqual({ ciudad_solicitud: 'Barranquilla' });
    expect(shown.referencias.map((r) => r.datos)).toEqual([{ tipo_referencia: 'familiar' }, { tipo_referencia: 'familiar' }]);
    expect(toArgs(shown, '2026-11-27T00:00:00.000Z').solicitud).toMatchObject({ ciudad_solicitud: 'Barranquilla' });
    // The state itself (the draft) holds only what was typed: an untouched form is still empty.
    expect(hasContent(s)).toBe(false);
  });

  it('go only where the field is shown: a field hidden by its condition gets none', () => {
    const conditional = {
      ...schemas,
      actividad_economica: [
        { key: 'tipo_actividad_economica', type: 'array', required: false, list_values: { enum: ['Empleado', 'Pensionado'] } },
        { key: 'empresa', type: 'string', required: false, default_value: 'Tecnoglass', conditional_on: { field: 'tipo_actividad_economica', value: 'Empleado' } },
      ],
    } as unknown as RegistroSchemas;
    const s = newFormState();
    expect(withDefaults(s, conditional).values.actividad_economica).toEqual({});
    s.values.actividad_economica = { tipo_actividad_economica: 'Empleado' };
    expect(withDefaults(s, conditional).values.actividad_economica).toEqual({ tipo_actividad_economica: 'Empleado', empresa: 'Tecnoglass' });
  });

  it('leave a typed or emptied field as it is', () => {
    const s = newFormState();
    s.values.solicitante = { nacionalidad: 'Venezolana', fecha_expedicion: '' };
    expect(withDefaults(s, schemas).values.solicitante).toEqual({ nacionalidad: 'Venezolana', fecha_expedicion: '', acepta_llamadas: true });
  });
  it("fill a group's untouched sub-fields with their own defaults, and leave typed, emptied and retired ones", () => {
    const grouped = {
      ...schemas,
      informacion_financiera: [
        {
          key: 'vehiculo',
          type: 'object',
          required: false,
          list_values: {
            array_type: 'object',
            object_structure: [
              { key: 'marca', type: 'array', list_values: { enum: ['Renault', 'Mazda'] }, default_value: 'Mazda' },
              { key: 'modelo', type: 'integer', default_value: 2020 },
              { key: 'matricula', type: 'date', default_value: '15/03/2021' },
              { key: 'asegurado', type: 'boolean', default_value: 'false' },
              { key: 'color', type: 'string' },
              { key: 'placa', type: 'string', default_value: 'AAA000', isActive: false },
            ],
          },
        },
      ],
    } as unknown as RegistroSchemas;
    const s = newFormState();
    expect(withDefaults(s, grouped).values.informacion_financiera).toEqual({
      vehiculo: { marca: 'Mazda', modelo: 2020, matricula: '2021-03-15', asegurado: false },
    });
    s.values.informacion_financiera = { vehiculo: { marca: 'Renault', modelo: '', color: 'Rojo' } };
    expect(withDefaults(s, grouped).values.informacion_financiera).toEqual({
      vehiculo: { marca: 'Renault', modelo: '', color: 'Rojo', matricula: '2021-03-15', asegurado: false },
    });
    expect(s.values.informacion_financiera).toEqual({ vehiculo: { marca: 'Renault', modelo: '', color: 'Rojo' } });
    expect(hasContent(newFormState())).toBe(false);
  });
});
