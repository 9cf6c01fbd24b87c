import { describe, expect, it } from 'vitest';
import { fechaATexto, mascaraFecha } from './fecha-texto';
import { leerFecha } from './validacion';

describe('dates written dd/mm/aaaa', () => {
  it('puts the slashes in as the digits come, never ahead of them', () => {
    const typed = '12041990'.split('').reduce<string[]>((shown, c) => [...shown, mascaraFecha((shown.at(-1) ?? '') + c)], []);
    expect(typed).toEqual(['1', '12', '12/0', '12/04', '12/04/1', '12/04/19', '12/04/199', '12/04/1990']);
    expect(mascaraFecha('12/04/19901')).toBe('12/04/1990');
    expect(mascaraFecha('1/4/1990')).toBe('1/4/1990');
    expect(mascaraFecha('12/')).toBe('12/');
    expect(mascaraFecha('12/041990')).toBe('12/04/1990');
    expect(mascaraFecha('12/04/19/90')).toBe('12/04/1990');
    expect(mascaraFecha('ab12-0x4')).toBe('12/04');
    expect(mascaraFecha('')).toBe('');
  });

  it('reads a complete real day, in either order it is given, and nothing else', () => {
    expect(leerFecha('12/04/1990')).toBe('1990-04-12');
    expect(leerFecha('1/4/1990')).toBe('1990-04-01');
    expect(leerFecha(' 1990-04-12 ')).toBe('1990-04-12');
    expect(leerFecha('29/02/2024')).toBe('2024-02-29');
    expect(leerFecha('29/02/2023')).toBeNull();
    expect(leerFecha('31/04/1990')).toBeNull();
    expect(leerFecha('04/13/1990')).toBeNull();
    expect(leerFecha('12/04/90')).toBeNull();
    expect(leerFecha('12/04')).toBeNull();
    expect(leerFecha('')).toBeNull();
  });

  it('shows a stored day as dd/mm/aaaa and leaves what is not a day as it is', () => {
    expect(fechaATexto('1990-04-12')).toBe('12/04/1990');
    expect(fechaATexto('1990-04-12T00:00:00.000Z')).toBe('12/04/1990');
    expect(fechaATexto('12/04')).toBe('12/04');
    expect(fechaATexto(null)).toBe('');
    expect(fechaATexto(19900412)).toBe('');
  });
});
