import { describe, expect, it } from 'vitest';
import { isSecretKey, REDACTED, redactChanges } from './service';

describe('isSecretKey', () => {
  it('hides passwords, hashes and tokens, named whole or as the first or last word of a key, at any depth', () => {
    for (const key of ['contraseña', 'Contraseña', 'contrasena', 'password', 'password_hash', 'password_nueva', 'token', 'refresh_token', 'access_token', 'jwt_secret', 'secret', 'hash', 'solicitud.detalle_credito.token', 'usuario.password_hash']) {
      expect(isSecretKey(key), key).toBe(true);
    }
  });

  it("shows configured fields whose names only hold those letters: 'Secretaría de Educación', a key with 'pass' in it", () => {
    for (const key of ['secretaria_educacion', 'solicitud.detalle_credito.secretaria_educacion', 'vehiculo_mwzpass0', 'pasaporte', 'numero_pasaporte', 'tokenizacion', 'hashtag_campana', 'compass', 'passport_number', 'clave_catastral']) {
      expect(isSecretKey(key), key).toBe(false);
    }
  });
});

describe('redactChanges', () => {
  it('redacts a secret field and a secret key inside an object value, and keeps everything else as it was', () => {
    expect(
      redactChanges({
        contraseña: { old: 'vieja', new: 'nueva' },
        'solicitud.detalle_credito': { old: null, new: { token: 'xyz', monto: 5 } },
        'solicitud.detalle_credito.vehiculo_mwzpass0': { old: { marca: 'Mazda' }, new: { marca: 'Renault' } },
        'actividad_economica.detalle_actividad.secretaria_educacion': { old: null, new: 'Secretaría de Educación de Antioquia' },
      }),
    ).toEqual({
      contraseña: { old: REDACTED, new: REDACTED },
      'solicitud.detalle_credito': { old: null, new: { token: REDACTED, monto: 5 } },
      'solicitud.detalle_credito.vehiculo_mwzpass0': { old: { marca: 'Mazda' }, new: { marca: 'Renault' } },
      'actividad_economica.detalle_actividad.secretaria_educacion': { old: null, new: 'Secretaría de Educación de Antioquia' },
    });
  });
});
