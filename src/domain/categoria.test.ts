import { describe, expect, it } from 'vitest';
import { categoriaNameError, configuracionErrors, detectFormat, toSimpleList, validateCategoria } from './categoria';

describe('detectFormat', () => {
  it('is simple for an empty configuration or a list of strings', () => {
    expect(detectFormat([])).toBe('simple_array');
    expect(detectFormat(null)).toBe('simple_array');
    expect(detectFormat(['Bogotá', 'Cali'])).toBe('simple_array');
  });
  it('is complex for anything else', () => {
    expect(detectFormat([1, 2])).toBe('complex');
    expect(detectFormat(['a', { b: 1 }])).toBe('complex');
    expect(detectFormat({ Antioquia: ['Medellín'] })).toBe('complex');
  });
});

describe('toSimpleList', () => {
  it('turns items into text, objects by a name-like field, objects into their keys', () => {
    expect(toSimpleList(['a', 2, true, { nombre: 'Libre' }, { x: 1 }])).toEqual(['a', '2', 'true', 'Libre', '{"x":1}']);
    expect(toSimpleList({ Antioquia: ['Medellín'], Atlántico: [] })).toEqual(['Antioquia', 'Atlántico']);
    expect(toSimpleList(['a', 'a', ' '])).toEqual(['a']);
    expect(toSimpleList(null)).toEqual([]);
  });
});

describe('validation', () => {
  it('has every configuration message', () => {
    expect(configuracionErrors(undefined)).toEqual(['La configuración no puede estar vacía']);
    expect(configuracionErrors([])).toEqual(['La configuración no puede ser un array vacío']);
    expect(configuracionErrors({})).toEqual(['La configuración no puede ser un objeto vacío']);
    expect(configuracionErrors('texto')).toEqual(['La configuración debe ser un array o un objeto']);
    expect(configuracionErrors(['a'])).toEqual([]);
  });
  it('requires the description', () => {
    expect(validateCategoria({ descripcion: ' ', configuracion: ['a'] })).toEqual(['La descripción es requerida']);
    expect(validateCategoria({ descripcion: 'x', configuracion: { a: 1 } })).toEqual([]);
  });
  it('requires a usable name', () => {
    expect(categoriaNameError('  ')).toBe('El nombre de la categoría es requerido');
    expect(categoriaNameError('categorias')).toMatch(/reservado/);
    expect(categoriaNameError('a/b')).toMatch(/no puede contener/);
    expect(categoriaNameError('tipos_vivienda')).toBeNull();
    for (const n of ['__proto__', 'constructor', 'prototype', ' __proto__ ', 'hasOwnProperty']) {
      expect(categoriaNameError(n)).toBe(`El nombre "${n.trim()}" está reservado; elige otro`);
    }
    expect(categoriaNameError('Constructor_de_vivienda')).toBeNull();
  });
});
