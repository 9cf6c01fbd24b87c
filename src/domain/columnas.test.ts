import { describe, expect, it } from 'vitest';
import { availableColumnFields, COLUMN_FIELDS, columnasErrors, reindex } from './columnas';

describe('columnas', () => {
  it("has spec 02 §3's sixty selectable fields", () => {
    expect(COLUMN_FIELDS).toHaveLength(60);
    expect(COLUMN_FIELDS[0]).toBe('nombres');
    expect(COLUMN_FIELDS.at(-1)).toBe('tipo_referencia');
  });
  it('offers only unused fields', () => {
    const left = availableColumnFields([{ nombre_interno: 'nombres' }, { nombre_interno: 'estado' }]);
    expect(left).toHaveLength(58);
    expect(left).not.toContain('nombres');
    expect(availableColumnFields(COLUMN_FIELDS.map((f) => ({ nombre_interno: f })))).toEqual([]);
  });
  it('reindexes from 1', () => {
    expect(reindex([{ orden: 3 }, { orden: 7 }])).toEqual([{ orden: 1 }, { orden: 2 }]);
  });
  it('refuses unknown or repeated fields and bad orders', () => {
    expect(columnasErrors([{ nombre: 'X', nombre_interno: 'clave', orden: 1, activo: true }])).toEqual(['Campo no válido: clave']);
    expect(
      columnasErrors([
        { nombre: 'A', nombre_interno: 'nombres', orden: 1, activo: true },
        { nombre: 'B', nombre_interno: 'nombres', orden: 0, activo: true },
      ]),
    ).toEqual(['La columna "nombres" está repetida', 'El orden de "nombres" debe ser un entero mayor o igual a 1']);
  });
});
