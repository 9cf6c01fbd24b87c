import { describe, it, expect } from 'vitest';
import {
  DEFAULT_BANCOS,
  DEFAULT_CIUDADES,
  DEPARTAMENTOS,
  NOMBRES_DEPARTAMENTOS,
  citiesOf,
  findDepartamento,
} from './colombia';

describe('DEPARTAMENTOS', () => {
  it('has 22 departments with 10 distinct cities each', () => {
    expect(NOMBRES_DEPARTAMENTOS).toHaveLength(22);
    for (const d of NOMBRES_DEPARTAMENTOS) {
      expect(new Set(DEPARTAMENTOS[d]).size, d).toBe(10);
    }
    expect(new Set(NOMBRES_DEPARTAMENTOS).size).toBe(22);
  });

  it('spells names with their accents', () => {
    expect(NOMBRES_DEPARTAMENTOS).toEqual(
      expect.arrayContaining(['Atlántico', 'Bolívar', 'Boyacá', 'Córdoba', 'Nariño', 'Quindío']),
    );
    expect(DEPARTAMENTOS.Antioquia).toEqual([
      'Medellín',
      'Bello',
      'Itagüí',
      'Envigado',
      'Apartadó',
      'Rionegro',
      'Turbo',
      'Caucasia',
      'Sabaneta',
      'La Estrella',
    ]);
  });

  it('offers every default company city under some department', () => {
    const all = Object.values(DEPARTAMENTOS).flat();
    for (const c of DEFAULT_CIUDADES) expect(all).toContain(c);
  });
});

describe('citiesOf', () => {
  it('looks departments up ignoring case and accents', () => {
    expect(citiesOf('atlantico')).toContain('Barranquilla');
    expect(citiesOf('  VALLE DEL CAUCA ')).toContain('Cali');
    expect(citiesOf('Cundinamarca')).toContain('Bogotá');
    expect(findDepartamento('norte de santander')).toBe('Norte de Santander');
  });

  it('returns an empty list for unknown or missing departments', () => {
    expect(citiesOf('Atlantis')).toEqual([]);
    expect(citiesOf('')).toEqual([]);
    expect(citiesOf(null)).toEqual([]);
    expect(findDepartamento(undefined)).toBeNull();
  });
});

describe('defaults', () => {
  it('match spec 02 §7', () => {
    expect(DEFAULT_CIUDADES).toEqual(['Bogotá', 'Medellín', 'Cali', 'Barranquilla']);
    expect(DEFAULT_BANCOS).toEqual([
      'Bancolombia',
      'Banco de Bogotá',
      'BBVA',
      'Lulo bank',
      'Nu Bank',
    ]);
  });
});
