import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { EMPTY_USER_FORM, USER_FORM_SCHEMAS, type UserFormValues } from './user-form';

const filled: UserFormValues = {
  nombre: ' Ana Pérez ',
  cedula: '123',
  correo: 'ANA@Demo.co',
  contraseña: 'Clave2027x',
  rol: 'asesor',
  info_extra: { ciudad: ' Cali ', banco_nombre: '', linea_credito: '' },
};
/** The first message per input, as the form shows it. */
const messages = (r: v.SafeParseResult<v.GenericSchema>) =>
  Object.fromEntries([...(r.issues ?? [])].reverse().map((i) => [v.getDotPath(i), i.message]));

describe('the user form schemas (typed from the domain schemas)', () => {
  it('parses what the inputs hold into what the server takes', () => {
    const r = v.safeParse(USER_FORM_SCHEMAS.create, filled);
    expect(r.success).toBe(true);
    expect(r.output).toEqual({ nombre: 'Ana Pérez', cedula: '123', correo: 'ana@demo.co', contraseña: 'Clave2027x', rol: 'asesor', info_extra: { ciudad: 'Cali' } });
  });

  it('names each empty required field in Spanish, the rol included', () => {
    const r = v.safeParse(USER_FORM_SCHEMAS.create, EMPTY_USER_FORM);
    expect(messages(r)).toMatchObject({
      nombre: 'El nombre es obligatorio',
      cedula: 'La cédula es obligatoria',
      correo: 'El correo es obligatorio',
      contraseña: 'La contraseña es obligatoria',
      rol: 'El rol es obligatorio',
    });
  });

  it('on edit a blank password keeps the current one, a short one is refused', () => {
    expect(v.safeParse(USER_FORM_SCHEMAS.edit, { ...filled, contraseña: '' }).output).toMatchObject({ contraseña: '' });
    expect(messages(v.safeParse(USER_FORM_SCHEMAS.edit, { ...filled, contraseña: 'corta' }))).toEqual({
      contraseña: 'La contraseña debe tener al menos 8 caracteres',
    });
  });

  it('marks a too long info_extra entry on its own input', () => {
    const r = v.safeParse(USER_FORM_SCHEMAS.create, { ...filled, info_extra: { ...filled.info_extra, linea_credito: 'x'.repeat(121) } });
    expect(messages(r)).toEqual({ 'info_extra.linea_credito': 'El valor es demasiado largo' });
  });
});
