import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../../domain/field-definition';
import { storedText } from './stored-field';

const def = (over: Partial<FieldDefinition>): FieldDefinition => ({ key: 'campo', type: 'string', required: false, isActive: false, ...over });

describe('a stored value of a field the form no longer asks', () => {
  it('reads as a person reads it: dates dd/mm/yyyy, Sí/No, money, sub-fields and lists by their labels', () => {
    expect(storedText(def({ key: 'fecha_boda', type: 'date' }), '2015-06-20')).toBe('20/06/2015');
    expect(storedText(def({ type: 'boolean' }), true)).toBe('Sí');
    expect(storedText(def({ key: 'valor_comercial', type: 'number' }), 90_000_000)).toBe('$ 90.000.000');
    const vehiculo = def({
      key: 'vehiculo',
      type: 'object',
      list_values: { array_type: 'object', object_structure: [{ key: 'marca', type: 'string', description: 'Marca del carro' }, { key: 'valor_comercial', type: 'number' }] },
    });
    expect(storedText(vehiculo, { marca: 'Mazda', valor_comercial: 90_000_000, extra: 'x' })).toBe('Marca del carro: Mazda · Valor comercial: $ 90.000.000 · Extra: x');
    expect(storedText(def({ type: 'array' }), ['Rojo', 'Azul'])).toBe('Rojo, Azul');
    expect(storedText(def({}), '')).toBe('(vacío)');
  });
});
