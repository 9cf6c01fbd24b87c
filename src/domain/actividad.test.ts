import { describe, expect, it } from 'vitest';
import { appliesTo, clearDependentFields } from './actividad';

describe('economic activity conditional fields', () => {
  it('clears the fields of the previous type and keeps the others when the type changes', () => {
    const before = { tipo_actividad_economica: 'Empleado', empresa: 'Ecopetrol', cargo: 'Analista', sector: 'x', nombre_negocio: 'viejo' };
    const after = clearDependentFields(before, 'Empleado', 'Independiente');
    expect(after).toEqual({ tipo_actividad_economica: 'Independiente', empresa: null, cargo: null, sector: 'x', nombre_negocio: null });
    expect(before.empresa).toBe('Ecopetrol');
  });

  it('changes nothing when the type stays the same (case and accents ignored)', () => {
    const before = { tipo_actividad_economica: 'Empleado', empresa: 'Alpina' };
    expect(clearDependentFields(before, 'Empleado', 'EMPLEADO')).toEqual(before);
  });

  it('also clears fields configured as conditional on the activity type', () => {
    const defs = [{ key: 'fondo_cesantias', conditional_on: { field: 'tipo_actividad_economica', value: 'Pensionado' } }];
    const after = clearDependentFields({ fondo_cesantias: 'Porvenir' }, 'Pensionado', 'Empleado', defs);
    expect(after.fondo_cesantias).toBeNull();
    expect(appliesTo('fondo_cesantias', 'Pensionado', defs)).toBe(true);
    expect(appliesTo('fondo_cesantias', 'Empleado', defs)).toBe(false);
    expect(appliesTo('empresa', 'Empleado')).toBe(true);
    expect(appliesTo('nombre_negocio', 'Empleado')).toBe(false);
    expect(appliesTo('sector', 'Empleado')).toBe(true);
  });
});
