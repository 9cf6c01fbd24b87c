import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { serviceErrorText } from './service-errors';

describe('serviceErrorText', () => {
  it("words a server refusal as spec 02 §8 does: '{prefix}: {status} - {body}'", () => {
    const refused = new ApiError(400, 'Ya existe un campo con el nombre interno "celular"', 'VALIDATION');
    expect(serviceErrorText('guardar', refused)).toBe('Error guardando definiciones: 400 - Ya existe un campo con el nombre interno "celular"');
    expect(serviceErrorText('actualizar', new ApiError(404, 'La definición no existe.', 'NOT_FOUND'))).toBe('Error actualizando campo: 404 - La definición no existe.');
    expect(serviceErrorText('eliminar', new ApiError(403, 'Tu rol no tiene permiso para esta acción.', 'FORBIDDEN'))).toBe(
      'Error eliminando definición(es): 403 - Tu rol no tiene permiso para esta acción.',
    );
  });

  it('adds nothing when the server was not reached or the error is not an answer', () => {
    expect(serviceErrorText('guardar', new ApiError(0, 'Sin conexión', 'UNAVAILABLE'))).toBeUndefined();
    expect(serviceErrorText('eliminar', new TypeError('Failed to fetch'))).toBeUndefined();
  });
});
