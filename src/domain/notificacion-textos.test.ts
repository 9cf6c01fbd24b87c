import { describe, expect, it } from 'vitest';
import { mensajeCambioBanco, radicadoTexto } from './notificacion-textos';

describe('notification texts built from what happened', () => {
  const base = { nombre: 'Juan Pérez Gómez', radicado: 'RAD-7K2M9QXD', por: 'Adriana Mejía' };
  it('a bank change names the application, the applicant, both banks and who changed it', () => {
    expect(mensajeCambioBanco({ ...base, anterior: 'Bancolombia', nuevo: 'Davivienda' })).toBe(
      'Adriana Mejía cambió el banco de la solicitud RAD-7K2M9QXD de Juan Pérez Gómez: de Bancolombia a Davivienda.',
    );
  });
  it('says assigned or removed when one side is empty', () => {
    expect(mensajeCambioBanco({ ...base, anterior: null, nuevo: 'BBVA' })).toBe('Adriana Mejía asignó el banco BBVA a la solicitud RAD-7K2M9QXD de Juan Pérez Gómez.');
    expect(mensajeCambioBanco({ ...base, anterior: 'BBVA', nuevo: ' ' })).toBe('Adriana Mejía quitó el banco BBVA de la solicitud RAD-7K2M9QXD de Juan Pérez Gómez.');
  });
  it("an application without a filing number reads 'sin radicar'", () => {
    expect(radicadoTexto(null)).toBe('sin radicar');
    expect(mensajeCambioBanco({ ...base, radicado: null, anterior: 'A', nuevo: 'B' })).toContain('la solicitud sin radicar de Juan');
  });
});
