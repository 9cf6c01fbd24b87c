import { describe, expect, it } from 'vitest';
import { dirLabel, dirsOf, nextSort } from './list-sort';

describe('list sort choices', () => {
  it('turns the same field around and starts another one its own way', () => {
    expect(nextSort({ field: 'fecha', dir: 'desc' }, 'monto')).toEqual({ field: 'monto', dir: 'desc' });
    expect(nextSort({ field: 'monto', dir: 'desc' }, 'monto')).toEqual({ field: 'monto', dir: 'asc' });
    expect(nextSort({ field: 'monto', dir: 'asc' }, 'monto')).toEqual({ field: 'monto', dir: 'desc' });
    expect(nextSort({ field: 'monto', dir: 'asc' }, 'nombre')).toEqual({ field: 'nombre', dir: 'asc' });
    expect(nextSort({ field: 'nombre', dir: 'asc' }, 'fecha')).toEqual({ field: 'fecha', dir: 'desc' });
  });

  it('names each direction for its field, the first one first', () => {
    expect(dirsOf('monto').map((d) => dirLabel('monto', d))).toEqual(['Mayor a menor', 'Menor a mayor']);
    expect(dirsOf('nombre').map((d) => dirLabel('nombre', d))).toEqual(['De la A a la Z', 'De la Z a la A']);
    expect(dirsOf('fecha').map((d) => dirLabel('fecha', d))).toEqual(['Más recientes primero', 'Más antiguas primero']);
  });
});
