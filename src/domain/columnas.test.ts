import { describe, expect, it } from 'vitest';
import { availableColumnFields, columnFieldLabels, COLUMN_FIELDS, columnasErrors, configuredColumnFields, reindex } from './columnas';

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

  it("offers the company's configured fields after spec 02 §3's, by their labels; not files, groups, inactive ones or references", () => {
    const defs = [
      { entity: 'solicitud', json_column: 'detalle_credito', key: 'canal_venta', type: 'array', description: 'Canal de venta', list_values: { enum: ['feria'] } },
      { entity: 'solicitante', json_column: 'info_extra', key: 'hobby', type: 'string', description: '' },
      { entity: 'solicitud', json_column: 'detalle_credito', key: 'pagare', type: 'file', description: 'Pagaré' },
      { entity: 'solicitud', json_column: 'detalle_credito', key: 'vehiculo', type: 'object', description: 'Vehículo' },
      { entity: 'solicitud', json_column: 'detalle_credito', key: 'retirado', type: 'string', description: 'Retirado', isActive: false },
      { entity: 'referencia', json_column: 'detalle_referencia', key: 'parentesco', type: 'string', description: 'Parentesco' },
      // A key spec 02 §3 already offers stays spec 02 §3's, with its name.
      { entity: 'solicitante', json_column: 'info_extra', key: 'celular', type: 'string', description: 'Móvil' },
      // So does a key stored where a spec 02 §3 field reads it: 'Plazo en meses' is 'Plazo', and
      // 'Empresa donde trabaja' is 'Nombre Empresa'.
      { entity: 'solicitud', json_column: 'detalle_credito', key: 'plazo_meses', type: 'integer', description: 'Plazo en meses' },
      { entity: 'actividad_economica', json_column: 'detalle_actividad', key: 'empresa', type: 'string', description: 'Empresa donde trabaja' },
    ];
    expect(configuredColumnFields(defs)).toEqual([
      { key: 'hobby', label: 'Hobby', list: false },
      { key: 'canal_venta', label: 'Canal de venta', list: true },
    ]);
    const labels = columnFieldLabels(defs);
    expect(labels.celular).toBe('Celular');
    expect(availableColumnFields(COLUMN_FIELDS.map((f) => ({ nombre_interno: f })), labels)).toEqual(['hobby', 'canal_venta']);
    expect(columnasErrors([{ nombre: 'Canal', nombre_interno: 'canal_venta', orden: 1, activo: true }], labels)).toEqual([]);
    expect(columnasErrors([{ nombre: 'Pagaré', nombre_interno: 'pagare', orden: 1, activo: true }], labels)).toEqual(['Campo no válido: pagare']);
    expect(columnasErrors([{ nombre: 'Canal', nombre_interno: 'canal_venta', orden: 1, activo: true }])).toEqual(['Campo no válido: canal_venta']);
  });
});
