import { describe, expect, it } from 'vitest';
import { loadErrorText } from './load-error';

describe('loadErrorText', () => {
  it("words a failed read of the record as spec 01 §8 does: 'Error al cargar datos: …'", () => {
    const quota = Object.assign(new Error('The transaction was aborted, so the request cannot be fulfilled.'), { name: 'AbortError' });
    expect(loadErrorText(quota)).toBe('Error al cargar datos: The transaction was aborted, so the request cannot be fulfilled.');
    expect(loadErrorText(new Error(''))).toBe('Error al cargar datos: error desconocido');
    expect(loadErrorText('IndexedDB no disponible')).toBe('Error al cargar datos: IndexedDB no disponible');
  });
});
