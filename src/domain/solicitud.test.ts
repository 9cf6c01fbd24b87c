import { describe, expect, it } from 'vitest';
import { maxTextLength } from './solicitud';

describe('maxTextLength', () => {
  it('gives 200 to the required fields, 500 to other columns and 2000 to keys of a JSON column', () => {
    expect(maxTextLength('solicitante.nombres')).toBe(200);
    expect(maxTextLength('solicitante.numero_documento')).toBe(200);
    expect(maxTextLength('solicitud.ciudad_solicitud')).toBe(500);
    expect(maxTextLength('solicitante.info_extra.celular')).toBe(2000);
  });
});
