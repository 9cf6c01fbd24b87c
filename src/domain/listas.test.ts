import { describe, it, expect } from 'vitest';
import { DEPARTAMENTOS, NOMBRES_DEPARTAMENTOS } from './colombia';
import {
  LINEAS_CREDITO,
  relacionOptions,
  specialOptionsFor,
  type SpecialOptionsContext,
} from './listas';

const ciudades = ['Bogotá', 'Medellín', 'Cali', 'Barranquilla'];
const bancos = ['Bancolombia', 'BBVA'];
const ctx = (values: Record<string, unknown> = {}): SpecialOptionsContext => ({
  values,
  ciudades,
  bancos,
});

describe('specialOptionsFor: fixed lists of spec 02 §5', () => {
  it.each([
    ['tipo_identificacion', ['CC', 'CE', 'TI', 'PP', 'NIT']],
    ['genero', ['M', 'F', 'O']],
    ['estado_civil', ['Soltero', 'Casado', 'Unión Libre', 'Divorciado', 'Viudo']],
    [
      'tipo_contrato',
      [
        'Indefinido',
        'Término Fijo',
        'Prestación de Servicios',
        'Obra o Labor',
        'Aprendizaje',
        'Independiente',
      ],
    ],
    [
      'tipo_actividad',
      ['Empleado', 'Independiente', 'Pensionado', 'Estudiante', 'Desempleado', 'Rentista'],
    ],
    ['tipo_referencia', ['personal', 'familiar', 'laboral', 'comercial']],
    [
      'sector_economico',
      [
        'Tecnología',
        'Finanzas',
        'Salud',
        'Educación',
        'Comercio',
        'Manufactura',
        'Servicios',
        'Construcción',
        'Agricultura',
        'Minería',
        'Otro',
      ],
    ],
    [
      'parentesco',
      [
        'Padre',
        'Madre',
        'Hermano',
        'Hermana',
        'Hijo',
        'Hija',
        'Esposo',
        'Esposa',
        'Tío',
        'Tía',
        'Primo',
        'Prima',
        'Amigo',
        'Amiga',
        'Otro',
      ],
    ],
    [
      'destino_credito',
      ['Vivienda', 'Vehículo', 'Educación', 'Negocio', 'Consumo', 'Viajes', 'Salud', 'Otro'],
    ],
  ])('%s', (key, expected) => {
    expect(specialOptionsFor(key, ctx())).toEqual(expected);
  });

  it('returns null for keys without a special list', () => {
    expect(specialOptionsFor('nombres', ctx())).toBeNull();
    expect(specialOptionsFor('monto_solicitado', ctx())).toBeNull();
    expect(specialOptionsFor('tipo_identificacion_extra', ctx())).toBeNull();
  });

  it('hands out copies, so a caller cannot alter the shared list', () => {
    specialOptionsFor('genero', ctx())!.push('X');
    expect(specialOptionsFor('genero', ctx())).toEqual(['M', 'F', 'O']);
  });
});

describe('specialOptionsFor: places and banks', () => {
  it('offers the 22 departments for any key containing departamento', () => {
    for (const key of ['departamento', 'departamento_residencia', 'departamento_empresa']) {
      const options = specialOptionsFor(key, ctx());
      expect(options).toHaveLength(22);
      expect(options).toEqual([...NOMBRES_DEPARTAMENTOS]);
    }
  });

  it('offers the cities of the matching department when it has a value', () => {
    expect(specialOptionsFor('ciudad_empresa', ctx({ departamento_empresa: 'Antioquia' }))).toEqual(
      [...DEPARTAMENTOS.Antioquia],
    );
    expect(
      specialOptionsFor('ciudad_residencia', ctx({ departamento_residencia: 'atlantico' })),
    ).toContain('Soledad');
    expect(specialOptionsFor('ciudad', ctx({ departamento: 'Santander' }))).toContain(
      'Bucaramanga',
    );
    expect(specialOptionsFor('ciudad_negocio', ctx({ departamento_negocio: 'Huila' }))).toContain(
      'Neiva',
    );
  });

  it('ignores a department field that does not match the city field', () => {
    expect(
      specialOptionsFor('ciudad_residencia', ctx({ departamento_empresa: 'Antioquia' })),
    ).toEqual(ciudades);
  });

  it('falls back to the company cities when the department is empty or unknown', () => {
    expect(specialOptionsFor('ciudad_empresa', ctx())).toEqual(ciudades);
    expect(specialOptionsFor('ciudad_empresa', ctx({ departamento_empresa: '' }))).toEqual(
      ciudades,
    );
    expect(specialOptionsFor('ciudad_empresa', ctx({ departamento_empresa: 'Atlantis' }))).toEqual(
      ciudades,
    );
  });

  it('always uses the company cities for the request and reference cities', () => {
    const values = { departamento: 'Antioquia', departamento_solicitud: 'Antioquia' };
    expect(specialOptionsFor('ciudad_solicitud', ctx(values))).toEqual(ciudades);
    expect(
      specialOptionsFor('ciudad_referencia', ctx({ departamento_referencia: 'Antioquia' })),
    ).toEqual(ciudades);
  });

  it('uses the company banks for banco_nombre', () => {
    expect(specialOptionsFor('banco_nombre', ctx())).toEqual(bancos);
  });
});

describe('relacion options', () => {
  it('follow tipo_referencia', () => {
    const familiar = specialOptionsFor('relacion', ctx({ tipo_referencia: 'familiar' }));
    const laboral = specialOptionsFor('relacion_referencia', ctx({ tipo_referencia: 'laboral' }));
    const comercial = specialOptionsFor('relacion', ctx({ tipo_referencia: 'Comercial' }));
    const personal = specialOptionsFor('relacion', ctx({ tipo_referencia: 'personal' }));
    expect(familiar).toContain('Madre');
    expect(laboral).toContain('Jefe inmediato');
    expect(comercial).toContain('Proveedor');
    expect(personal).toContain('Amigo');
    expect(new Set([familiar, laboral, comercial, personal].map((l) => l!.join()))).toHaveProperty(
      'size',
      4,
    );
  });

  it('default to the personal list', () => {
    expect(relacionOptions(undefined)).toEqual(relacionOptions('personal'));
    expect(relacionOptions('otra cosa')).toEqual(relacionOptions('personal'));
    expect(specialOptionsFor('relacion', ctx())).toEqual(relacionOptions('personal'));
  });
});

describe('credit lines', () => {
  it('are one list for creating and editing: spec 01 §9 edit and create lines together', () => {
    for (const line of ['hipotecario', 'consumo', 'comercial', 'microcredito', 'libranza', 'vehicular']) {
      expect(LINEAS_CREDITO).toContain(line);
    }
    expect(specialOptionsFor('tipo_credito', ctx())).toEqual([...LINEAS_CREDITO]);
  });
});
