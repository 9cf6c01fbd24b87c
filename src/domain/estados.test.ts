import { describe, expect, it } from 'vitest';
import { ESTADOS_DEFAULT, estadoColor, estadosDe } from './estados';

describe('estadosDe', () => {
  it("keeps a company's own list in its order, 'Rechazado' as 'Negado', without repeats", () => {
    expect(estadosDe(['pendiente', 'Radicado en banco', 'Rechazado', 'Negado', ' Aprobado '])).toEqual([
      'Pendiente',
      'Radicado en banco',
      'Negado',
      'Aprobado',
    ]);
  });

  it('answers the eight defaults for a missing, empty or malformed list', () => {
    for (const list of [undefined, null, [], ['', '  '], [1, { a: 1 }], 'Pendiente']) {
      expect(estadosDe(list)).toEqual([...ESTADOS_DEFAULT]);
    }
  });
});

describe('estadoColor', () => {
  it("gives the spec's badge colours, 'en revisión' yellow like pendiente, whatever the case or accents", () => {
    expect(estadoColor('en revisión')).toBe('yellow');
    expect(estadoColor('En Revisión')).toBe('yellow');
    expect(estadoColor('EN REVISION')).toBe('yellow');
    expect(estadoColor('Pendiente')).toBe('yellow');
    expect(estadoColor('En estudio')).toBe('blue');
    expect(estadoColor('Pendiente información adicional')).toBe('orange');
    expect(estadoColor('Aprobado')).toBe('green');
    expect(estadoColor('Desembolsado')).toBe('purple');
    expect(estadoColor('Pagado')).toBe('emerald');
    expect(estadoColor('Rechazado')).toBe('red');
    expect(estadoColor('Negado')).toBe('red');
    expect(estadoColor('Desistido')).toBe('gray');
    expect(estadoColor(null)).toBe('gray');
    expect(estadoColor('Radicado en banco')).toBe('blue');
  });
});
