import { describe, expect, it } from 'vitest';
import {
  cellText,
  columnsFromConfig,
  defaultColumns,
  isHiddenColumn,
  primaryColumnIndex,
  resolveColumns,
  sortFieldOf,
} from './columns';
import { record } from '../../test-utils/records';
import { defaultColumnas, resolveField } from '../../domain/columnas';

const headers = (cols: { header: string }[]) => cols.map((c) => c.header);

describe('default columns', () => {
  it('are Fecha, Nombre, Número Documento, Correo, Estado when the data has nothing more', () => {
    expect(headers(resolveColumns([], [record('a')]))).toEqual([
      'Fecha',
      'Nombre',
      'Número Documento',
      'Correo',
      'Estado',
    ]);
  });

  it('add Celular, Tipo Crédito and Banco when some row has them, in the preferred order', () => {
    const base = record('b');
    const withAll = record('a', {
      ubicacion: {
        id: 'u',
        ciudad_residencia: null,
        departamento_residencia: null,
        barrio: null,
        estrato: null,
        detalle_direccion: { celular: '3001234567' },
      },
      solicitud: { ...base.solicitud, banco_nombre: 'Bancolombia', detalle_credito: { tipo_credito: 'hipotecario' } },
    });
    expect(headers(defaultColumns([base, withAll]))).toEqual([
      'Fecha',
      'Nombre',
      'Número Documento',
      'Correo',
      'Estado',
      'Celular',
      'Tipo Crédito',
      'Banco',
    ]);
    const withAmount = record('d', { solicitud: { ...base.solicitud, detalle_credito: { monto_solicitado: 180_000_000 } } });
    expect(headers(defaultColumns([base, withAll, withAmount])).slice(-2)).toEqual(['Banco', 'Monto']);
    const onlyBank = record('c', { solicitud: { ...base.solicitud, banco_nombre: 'Davivienda' } });
    expect(headers(defaultColumns([onlyBank]))).toEqual([
      'Fecha',
      'Nombre',
      'Número Documento',
      'Correo',
      'Estado',
      'Banco',
    ]);
  });

  it("saved as 'Configuración Tabla' starts from them, the list keeps the same columns read the same way", () => {
    const base = record('b');
    const withAll = record('a', {
      ubicacion: { id: 'u', ciudad_residencia: null, departamento_residencia: null, barrio: null, estrato: null, detalle_direccion: { celular: '3001234567' } },
      solicitud: { ...base.solicitud, banco_nombre: 'Bancolombia', detalle_credito: { tipo_credito: 'hipotecario', monto_solicitado: 180_000_000 } },
    });
    for (const sample of [[base], [base, withAll]]) {
      const before = defaultColumns(sample);
      const after = resolveColumns(defaultColumnas(sample), sample);
      const strip = (cols: { header: string; kind: string }[]) => cols.map(({ header, kind }) => ({ header, kind }));
      expect(strip(after)).toEqual(strip(before));
      for (const r of sample) expect(after.map((c) => cellText(r, c))).toEqual(before.map((c) => cellText(r, c)));
      expect(primaryColumnIndex(after)).toBe(1);
      expect(after.map(sortFieldOf)).toEqual(before.map(sortFieldOf));
    }
  });
});

describe('configured columns', () => {
  it('show only active ones sorted by orden and win over the defaults', () => {
    const cols = resolveColumns(
      [
        { id: 1, nombre: 'Banco', nombre_interno: 'banco_nombre', activo: true, orden: 3 },
        { id: 2, nombre: 'Estado', nombre_interno: 'estado', activo: true, orden: 1 },
        { id: 3, nombre: 'Ciudad', nombre_interno: 'ciudad_residencia', activo: false, orden: 0 },
        { id: 4, nombre: 'Documento', nombre_interno: 'numero_documento', activo: true, orden: 2 },
      ],
      [record('a')],
    );
    expect(headers(cols)).toEqual(['Estado', 'Documento', 'Banco']);
    expect(cols[0].kind).toBe('estado');
  });

  it('never show the fixed hidden columns', () => {
    const cols = columnsFromConfig([
      { id: 1, nombre: 'Id', nombre_interno: 'id', activo: true, orden: 1 },
      { id: 2, nombre: 'Created At', nombre_interno: 'created_at', activo: true, orden: 2 },
      { id: 3, nombre: 'Id Solicitud', nombre_interno: 'id_solicitud', activo: true, orden: 3 },
      { id: 4, nombre: 'Correo', nombre_interno: 'correo', activo: true, orden: 4 },
    ]);
    expect(headers(cols)).toEqual(['Correo']);
    expect(['Updated At', 'empresa_id', 'Solicitante Id', 'id solicitante'].every(isHiddenColumn)).toBe(true);
    expect(isHiddenColumn('Identificación')).toBe(false);
  });

  it("read a configured field from the record, a configured list by its options' labels", () => {
    const base = record('c');
    const r = record('c', { solicitud: { ...base.solicitud, detalle_credito: { canal_venta: 'referido', fecha_firma: '2026-03-07', con_codeudor: true } } });
    const defs = [
      { entity: 'solicitud', json_column: 'detalle_credito', key: 'canal_venta', type: 'array', description: 'Canal de venta', list_values: { enum: ['referido'] } },
      { entity: 'solicitud', json_column: 'detalle_credito', key: 'fecha_firma', type: 'date', description: 'Fecha de firma' },
      { entity: 'solicitud', json_column: 'detalle_credito', key: 'con_codeudor', type: 'boolean', description: 'Con codeudor' },
    ];
    const cols = resolveColumns(
      [
        { id: 1, nombre: 'Canal de venta', nombre_interno: 'canal_venta', activo: true, orden: 1 },
        { id: 2, nombre: 'Fecha de firma', nombre_interno: 'fecha_firma', activo: true, orden: 2 },
        { id: 3, nombre: 'Con codeudor', nombre_interno: 'con_codeudor', activo: true, orden: 3 },
      ],
      [r],
      defs,
    );
    expect(cols.map((c) => cellText(r, c))).toEqual(['Referido', '07/03/2026', 'Sí']);
    // Without its definition (retired since), the stored value shows as it is.
    expect(cellText(r, resolveColumns([{ id: 1, nombre: 'Canal', nombre_interno: 'canal_venta', activo: true, orden: 1 }], [r])[0])).toBe('referido');
  });

  it("are headed by a configured field's current label, not the name it had when the column was added", () => {
    const defs = [{ entity: 'solicitud', json_column: 'detalle_credito', key: 'canal_venta', type: 'string', description: 'Canal de venta' }];
    const config = [
      { id: 1, nombre: 'Canal', nombre_interno: 'canal_venta', activo: true, orden: 1 },
      { id: 2, nombre: 'Monto', nombre_interno: 'monto_solicitado', activo: true, orden: 2 },
    ];
    expect(headers(resolveColumns(config, [], defs))).toEqual(['Canal de venta', 'Monto']);
  });

  it('fall back to the defaults when every configured column is inactive', () => {
    const cols = resolveColumns([{ id: 1, nombre: 'Correo', nombre_interno: 'correo', activo: false, orden: 1 }], []);
    expect(headers(cols)[0]).toBe('Fecha');
  });
});

describe('cell values', () => {
  const r = record('a', {
    solicitante: { ...record('x').solicitante, info_extra: { celular: '3110000000', estado_civil: 'Casado' } },
    actividad_economica: {
      id: 'ae',
      tipo_actividad: 'Empleado',
      sector_economico: 'Servicios',
      cargo_actual: null,
      tipo_contrato: null,
      detalle_actividad: { empresa: 'Acme' },
    },
    informacion_financiera: {
      id: 'f',
      total_ingresos_mensuales: 3000000,
      total_egresos_mensuales: null,
      total_activos: null,
      total_pasivos: null,
      detalle_financiera: { declara_renta: true },
    },
  });

  it('resolve internal names across the blocks and their JSON columns', () => {
    expect(resolveField(r, 'estado')).toBe('Pendiente');
    expect(resolveField(r, 'celular')).toBe('3110000000');
    expect(resolveField(r, 'estado_civil')).toBe('Casado');
    expect(resolveField(r, 'nombre_empresa')).toBe('Acme');
    expect(resolveField(r, 'sector_economico_empresa')).toBe('Servicios');
    expect(resolveField(r, 'declara_renta')).toBe(true);
    expect(resolveField(r, 'no_existe')).toBeUndefined();
  });

  it('format dates as dd/mm/yyyy and names with the fallback', () => {
    const cols = columnsFromConfig([
      { id: 1, nombre: 'Nacimiento', nombre_interno: 'fecha_nacimiento', activo: true, orden: 1 },
      { id: 2, nombre: 'Renta', nombre_interno: 'declara_renta', activo: true, orden: 2 },
    ]);
    expect(cellText(r, cols[0])).toBe('05/04/1990');
    expect(cellText(r, cols[1])).toBe('Sí');
    const nombre = defaultColumns([])[1];
    expect(cellText(r, nombre)).toBe('José Pérez');
    const noName = record('n', { solicitante: { ...r.solicitante, nombres: '', primer_apellido: '' } });
    expect(cellText(noName, nombre)).toBe('Sin nombre');
  });

  it('read a listed field by its label, and leave other text as written', () => {
    const withCredit = record('c', {
      solicitud: { ...r.solicitud, detalle_credito: { tipo_credito: 'libre inversion' } },
      solicitante: { ...r.solicitante, correo: 'ana@correo.co' },
    });
    const cols = columnsFromConfig([
      { id: 1, nombre: 'Tipo Crédito', nombre_interno: 'tipo_credito', activo: true, orden: 1 },
      { id: 2, nombre: 'Correo', nombre_interno: 'correo', activo: true, orden: 2 },
    ]);
    expect(cellText(withCredit, cols[0])).toBe('Libre inversión');
    expect(cellText(withCredit, cols[1])).toBe('ana@correo.co');
  });

  it('put the radicado under the name column, or the first column when there is none', () => {
    expect(primaryColumnIndex(defaultColumns([]))).toBe(1);
    expect(primaryColumnIndex(columnsFromConfig([{ id: 1, nombre: 'Correo', nombre_interno: 'correo', activo: true, orden: 1 }]))).toBe(0);
  });
});

describe('amounts and orders', () => {
  const base = record('m');
  const monto = defaultColumns([record('n', { solicitud: { ...base.solicitud, detalle_credito: { monto_solicitado: 1 } } })]).find((c) => c.header === 'Monto')!;

  it('reads an amount the Colombian way, also from older rows holding digits', () => {
    const withAmount = (m: unknown) => record('a', { solicitud: { ...base.solicitud, detalle_credito: { monto_solicitado: m as number } } });
    expect(cellText(withAmount(180_000_000), monto)).toBe('$ 180.000.000');
    expect(cellText(withAmount('25000000'), monto)).toBe('$ 25.000.000');
    expect(cellText(withAmount(null), monto)).toBe('');
  });

  it('gives the order each sortable header sets', () => {
    const cols = defaultColumns([]);
    expect(cols.map(sortFieldOf)).toEqual(['fecha', 'nombre', null, null, 'estado']);
    expect(sortFieldOf(monto)).toBe('monto');
    const configured = columnsFromConfig([{ id: 1, nombre: 'Nombres', nombre_interno: 'nombres', activo: true, orden: 1 }, { id: 2, nombre: 'Monto Solicitado', nombre_interno: 'monto_solicitado', activo: true, orden: 2 }]);
    expect(configured.map(sortFieldOf)).toEqual(['nombre', 'monto']);
  });
});
