import { describe, expect, it } from 'vitest';
import { pausaTexto, progresoTexto } from './sync-progress';

describe('first sync progress text', () => {
  it('counts with Colombian grouping, as issue 28 words it', () => {
    expect(progresoTexto(12000, 50000)).toBe('Descargando 12.000 de 50.000 solicitudes');
    expect(progresoTexto(0, 7)).toBe('Descargando 0 de 7 solicitudes');
    expect(progresoTexto(1, 1)).toBe('Descargando 1 de 1 solicitud');
  });

  it('says where a paused download is and when it goes on', () => {
    expect(pausaTexto(2000, 50000, 'offline')).toBe('Descarga en pausa: 2.000 de 50.000 solicitudes en este dispositivo. Seguirá al volver la conexión.');
    expect(pausaTexto(2000, 50000, 'error')).toBe('Descarga en pausa: 2.000 de 50.000 solicitudes en este dispositivo. Se reintentará automáticamente.');
    expect(pausaTexto(5, 9, 'unauthenticated')).toMatch(/Seguirá al iniciar sesión\.$/);
  });
});
