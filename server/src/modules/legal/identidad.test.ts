import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { identidadOperador, LegalConfigError, OPERADOR_DEMO } from './identidad';

const FULL = {
  LEGAL_RAZON_SOCIAL: 'Créditos del Caribe S.A.S.',
  LEGAL_NIT: '901.234.567-8',
  LEGAL_DOMICILIO: 'Calle 77 # 59-35, Barranquilla',
  LEGAL_CORREO: 'legal@creditoscaribe.co',
  LEGAL_VIGENCIA: '1 de enero de 2027',
};

describe('the operator identity from LEGAL_*', () => {
  it('all five variables make the identity', () => {
    expect(identidadOperador(loadConfig(FULL))).toEqual({
      razon_social: 'Créditos del Caribe S.A.S.',
      nit: '901.234.567-8',
      domicilio: 'Calle 77 # 59-35, Barranquilla',
      correo: 'legal@creditoscaribe.co',
      vigencia: '1 de enero de 2027',
    });
  });
  it('none is "not published" (null), or the demo operator in the demo start', () => {
    expect(identidadOperador(loadConfig({}))).toBeNull();
    expect(identidadOperador(loadConfig({}), { demo: true })).toEqual(OPERADOR_DEMO);
    expect(identidadOperador(loadConfig(FULL), { demo: true })?.razon_social).toBe('Créditos del Caribe S.A.S.');
  });
  it('a partial set stops the start, naming what is missing', () => {
    const partial = { LEGAL_RAZON_SOCIAL: 'X S.A.S.', LEGAL_NIT: '1' };
    expect(() => identidadOperador(loadConfig(partial))).toThrow(LegalConfigError);
    expect(() => identidadOperador(loadConfig(partial))).toThrow(/LEGAL_DOMICILIO, LEGAL_CORREO, LEGAL_VIGENCIA/);
  });
  it('the config schema refuses a contact that is not an e-mail, naming the variable', () => {
    expect(() => loadConfig({ ...FULL, LEGAL_CORREO: 'legal' })).toThrow(/LEGAL_CORREO: debe ser un correo electrónico/);
  });
});
