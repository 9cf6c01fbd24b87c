import { describe, expect, it } from 'vitest';
import { interpretLogin, LOGIN_ERRORS, LoginFailure, loginErrorMessage } from './session';

const token = 'a.b.c';
const ok = {
  acceso: 'AUTORIZADO',
  usuario: { id: 3, nombre: 'Ana', rol: 'ADMIN', cedula: '1', correo: 'a@b.co', empresa_id: 2 },
  empresa: { id: 2, nombre: 'Demo', imagen: '/l.svg' },
  access_token: token,
};

describe('interpretLogin', () => {
  it('reads the user, lowercases the role and takes the company logo', () => {
    const s = interpretLogin(200, ok);
    expect(s.token).toBe(token);
    expect(s.user).toMatchObject({ id: 3, rol: 'admin', empresa: 'Demo', empresa_id: 2, imagen_aliado: '/l.svg' });
  });
  it('accepts the alternative access indicators and names', () => {
    for (const flag of [{ status: 'authorized' }, { success: true }, { ok: 'success' }]) {
      const s = interpretLogin(200, { ...flag, user: { id_usuario: 9, rol: 'banco' }, token });
      expect(s.user.id).toBe(9);
    }
  });
  it('maps each failure to its exact message', () => {
    expect(() => interpretLogin(401, { acceso: 'DENEGADO' })).toThrow(LOGIN_ERRORS.denied);
    expect(() => interpretLogin(200, { acceso: 'NO' })).toThrow(LOGIN_ERRORS.denied);
    expect(() => interpretLogin(200, { acceso: 'AUTORIZADO', access_token: token })).toThrow(LOGIN_ERRORS.data);
    expect(() => interpretLogin(200, { ...ok, access_token: undefined })).toThrow(LOGIN_ERRORS.token);
    expect(() => interpretLogin(429, { error: 'Demasiadas solicitudes.' })).toThrow('Error: Demasiadas solicitudes.');
    expect(() => interpretLogin(500, {})).toThrow(LOGIN_ERRORS.unknown);
    expect(() => interpretLogin(200, 'html')).toThrow(LOGIN_ERRORS.data);
  });
  it('names the kind of each failure, so callers decide without reading its text', () => {
    const kind = (status: number, body: unknown) => {
      try {
        interpretLogin(status, body);
      } catch (e) {
        return e instanceof LoginFailure ? e.kind : 'other';
      }
      return 'none';
    };
    expect(kind(401, { acceso: 'DENEGADO' })).toBe('denied');
    expect(kind(200, { acceso: 'NO' })).toBe('denied');
    expect(kind(200, { ...ok, access_token: undefined })).toBe('token');
    expect(kind(429, { error: 'Demasiadas solicitudes.' })).toBe('server');
    expect(kind(200, 'html')).toBe('data');
    expect(kind(200, ok)).toBe('none');
  });
  it('maps network failures to the connection message', () => {
    expect(loginErrorMessage(new TypeError('Failed to fetch'))).toBe(LOGIN_ERRORS.network);
    expect(loginErrorMessage(new Error('boom'))).toBe('Error: boom');
    expect(loginErrorMessage(42)).toBe(LOGIN_ERRORS.unknown);
  });
});
