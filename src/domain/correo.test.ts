import { describe, expect, it } from 'vitest';
import { motivoCorreo } from './correo';

describe('motivoCorreo', () => {
  it("gives the SMTP server's reply in words, without nodemailer's code", () => {
    expect(motivoCorreo('EMESSAGE: 550 Buzón no disponible')).toBe('El servidor de correo respondió: 550 Buzón no disponible');
    expect(motivoCorreo('451 Intente más tarde')).toBe('El servidor de correo respondió: 451 Intente más tarde');
  });

  it('names a connection or credentials problem instead of its code', () => {
    expect(motivoCorreo('ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:25')).toBe('No se pudo conectar con el servidor de correo.');
    expect(motivoCorreo('EAUTH: Invalid login: 535 Credenciales SMTP inválidas')).toBe('El servidor de correo rechazó el usuario o la contraseña de Radica.');
    expect(motivoCorreo(null)).toBeNull();
    expect(motivoCorreo('  ')).toBeNull();
  });
});
