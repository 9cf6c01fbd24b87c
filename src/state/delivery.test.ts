import { describe, expect, it } from 'vitest';
import { EDIT_SAVED_OFFLINE } from '../features/registro/use-record-save';
import { SAVED_ON_DEVICE, untilLogin } from './delivery';
import { MSG_QUEUED } from '../features/formulario/save-registro';

describe('what a change saved on this device waits for', () => {
  it('a new login, not a connection, when the server refused the session', () => {
    expect(untilLogin(EDIT_SAVED_OFFLINE)).toBe('Cambios guardados en este dispositivo. Se enviarán al servidor cuando inicies sesión de nuevo.');
    expect(untilLogin(MSG_QUEUED)).toBe('Solicitud guardada en este dispositivo. Se enviará al servidor cuando inicies sesión de nuevo.');
    expect(untilLogin(SAVED_ON_DEVICE)).toBe('Guardado en este dispositivo. Se enviará al servidor cuando inicies sesión de nuevo.');
  });
});
