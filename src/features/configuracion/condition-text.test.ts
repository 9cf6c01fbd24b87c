import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../../domain/field-definition';
import { conditionText } from './condition-text';

const field = (f: Partial<FieldDefinition> & Pick<FieldDefinition, 'key' | 'type'>): FieldDefinition => ({ required: false, ...f }) as FieldDefinition;

describe('conditionText', () => {
  const siblings = [
    field({ key: 'tiene_vehiculo', type: 'boolean', description: 'Tiene vehículo' }),
    field({ key: 'tipo_actividad', type: 'array', description: 'Tipo de actividad', list_values: { enum: ['Empleado', 'Independiente'] } }),
    field({ key: 'numero_hijos', type: 'integer', description: '' }),
  ];

  it("names the trigger by its label and a yes/no value as Sí/No ('si Tiene vehículo = Sí')", () => {
    expect(conditionText({ field: 'tiene_vehiculo', value: true }, siblings)).toBe('si Tiene vehículo = Sí');
    expect(conditionText({ field: 'tiene_vehiculo', value: false }, siblings)).toBe('si Tiene vehículo = No');
  });

  it('shows a list value as its option, a number as typed, and a field without a label in words', () => {
    expect(conditionText({ field: 'tipo_actividad', value: 'Empleado' }, siblings)).toBe('si Tipo de actividad = Empleado');
    expect(conditionText({ field: 'numero_hijos', value: 2 }, siblings)).toBe('si Numero hijos = 2');
  });

  it('still reads a condition on a field no longer in the group', () => {
    expect(conditionText({ field: 'datos_del_vehiculo', value: true }, siblings)).toBe('si Datos del vehiculo = Sí');
  });
});
