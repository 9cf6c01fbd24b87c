import { describe, expect, it } from 'vitest';
import { resultadosTexto } from './resultados';

describe('resultadosTexto', () => {
  it('says one result in the singular, and groups thousands with a dot', () => {
    expect(resultadosTexto(0)).toBe('0 resultados');
    expect(resultadosTexto(1)).toBe('1 resultado');
    expect(resultadosTexto(2)).toBe('2 resultados');
    expect(resultadosTexto(50061)).toBe('50.061 resultados');
  });
});
