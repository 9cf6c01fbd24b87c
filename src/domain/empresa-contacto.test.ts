import { describe, expect, it } from 'vitest';
import { contactoPublico } from './empresa-contacto';

describe('contactoPublico', () => {
  it('keeps only the public keys, as trimmed non-empty text', () => {
    expect(
      contactoPublico({ telefono: ' (601) 745 2300 ', correo: 'atencion@demo.co', nit: '900.1', clave_api: 'x', horario: '', whatsapp: 300 }),
    ).toEqual({ telefono: '(601) 745 2300', correo: 'atencion@demo.co' });
  });

  it('is null for a list, a blank object or nothing', () => {
    expect(contactoPublico(['a'])).toBeNull();
    expect(contactoPublico({ nit: '900' })).toBeNull();
    expect(contactoPublico(null)).toBeNull();
  });
});
