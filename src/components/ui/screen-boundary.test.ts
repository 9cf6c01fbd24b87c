import { describe, expect, it } from 'vitest';
import { isChunkLoadError, screenErrorText } from './screen-boundary';

describe('isChunkLoadError', () => {
  it("recognises a screen's chunk that could not be fetched, as each browser words it", () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/edit-record-modal-C86zqU0Q.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: http://localhost/assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
  });
  it('leaves any other error to the general message', () => {
    expect(isChunkLoadError(new Error("Cannot read properties of undefined (reading 'map')"))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });
});

describe('screenErrorText', () => {
  it('says a missing chunk is code not yet on the device, anything else an unexpected error', () => {
    expect(screenErrorText(new TypeError('Failed to fetch dynamically imported module: http://x/assets/a.js'))).toEqual({
      title: 'Esta pantalla aún no está disponible sin conexión',
      text: 'La aplicación no terminó de descargarse en este dispositivo antes de perder la conexión. Vuelve a intentarlo cuando tengas conexión.',
    });
    expect(screenErrorText(new Error('boom')).title).toBe('No se pudo mostrar esta pantalla');
    // Each place's text names only the ways on it offers.
    expect(screenErrorText(new Error('boom')).text).toContain('Vuelve al inicio');
    expect(screenErrorText(new Error('boom'), 'window').text).toContain('recarga la aplicación');
    expect(screenErrorText(new Error('boom'), 'part').text).toBe('Ocurrió un error inesperado al mostrar esta parte. El resto sigue disponible.');
  });
});
