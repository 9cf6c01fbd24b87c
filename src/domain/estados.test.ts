import { describe, expect, it } from 'vitest';
import { ESTADOS_DEFAULT, estadosDe } from './estados';

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
