import { describe, expect, it } from 'vitest';
import { avisoSinConexion } from './seguimiento';

describe('the tracking page without a connection', () => {
  it('speaks of files only where the filing on screen takes them', () => {
    expect(avisoSinConexion(undefined)).toBe('Sin conexión. Podrá consultar su radicado cuando vuelva la conexión.');
    expect(avisoSinConexion('En proceso')).toBe('Sin conexión. Los archivos que elija se enviarán cuando vuelva la conexión.');
    expect(avisoSinConexion('Pagado')).toBe('Sin conexión. Se muestra la última consulta guardada en este dispositivo.');
  });
});
