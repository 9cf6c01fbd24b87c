import { describe, expect, it } from 'vitest';
import {
  appendColumna,
  columnaNombre,
  availableColumnFields,
  columnFieldLabels,
  COLUMN_FIELDS,
  columnasErrors,
  configuredColumnFields,
  defaultColumnas,
  reindex,
} from './columnas';

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
    expect(availableColumnFields(['fecha', 'nombre', ...COLUMN_FIELDS].map((f) => ({ nombre_interno: f })), labels)).toEqual(['hobby', 'canal_venta']);
    expect(columnasErrors([{ nombre: 'Canal', nombre_interno: 'canal_venta', orden: 1, activo: true }], labels)).toEqual([]);
    expect(columnasErrors([{ nombre: 'Pagaré', nombre_interno: 'pagare', orden: 1, activo: true }], labels)).toEqual(['Campo no válido: pagare']);
    expect(columnasErrors([{ nombre: 'Canal', nombre_interno: 'canal_venta', orden: 1, activo: true }])).toEqual(['Campo no válido: canal_venta']);
  });

  it("are spec 01's defaults while nothing is configured; a first added column joins them", () => {
    const start = defaultColumnas([{ solicitud: { estado: 'Radicado' } }]);
    expect(start.map((c) => [c.nombre, c.nombre_interno, c.activo, c.orden])).toEqual([
      ['Fecha', 'fecha', true, 1],
      ['Nombre', 'nombre', true, 2],
      ['Número Documento', 'numero_documento', true, 3],
      ['Correo', 'correo', true, 4],
      ['Estado', 'estado', true, 5],
    ]);
    const next = appendColumna(start, 'ciudad_solicitud', 'Ciudad Solicitud');
    expect(next.map((c) => c.nombre_interno)).toEqual(['fecha', 'nombre', 'numero_documento', 'correo', 'estado', 'ciudad_solicitud']);
    expect(next.at(-1)).toEqual({ nombre: 'Ciudad Solicitud', nombre_interno: 'ciudad_solicitud', activo: true, orden: 6 });
    // The server takes that list as it is (its rules are these, with columnFieldLabels).
    expect(columnasErrors(next, columnFieldLabels([]))).toEqual([]);
  });

  it('with rows that have them, go on with Celular, Tipo Crédito, Banco and Monto, as the list does', () => {
    const row = {
      ubicacion: { detalle_direccion: { celular: '3001234567' } },
      solicitud: { banco_nombre: 'Bancolombia', detalle_credito: { tipo_credito: 'libre_inversion', monto_solicitado: 5_000_000 } },
    };
    expect(defaultColumnas([{}, row]).map((c) => `${c.orden} ${c.nombre}`)).toEqual([
      '1 Fecha',
      '2 Nombre',
      '3 Número Documento',
      '4 Correo',
      '5 Estado',
      '6 Celular',
      '7 Tipo Crédito',
      '8 Banco',
      '9 Monto',
    ]);
  });


  it("names a configured field's column by the field's current label, so a rename reaches it; other columns keep their name", () => {
    const defs = [{ entity: 'solicitud', json_column: 'detalle_credito', key: 'canal_venta', type: 'string', description: 'Canal de venta' }];
    const configured = configuredColumnFields(defs);
    // Added when the field was called 'Canal'.
    expect(columnaNombre({ nombre: 'Canal', nombre_interno: 'canal_venta' }, configured)).toBe('Canal de venta');
    expect(columnaNombre({ nombre: 'Monto', nombre_interno: 'monto_solicitado' }, configured)).toBe('Monto');
    // A field no longer configured (retired): the stored name is all there is.
    expect(columnaNombre({ nombre: 'Canal', nombre_interno: 'canal_venta' }, [])).toBe('Canal');
  });
});
