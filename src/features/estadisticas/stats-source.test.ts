import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { isOfflineFailure, screenError, statsKey } from './stats-source';

describe('statistics source', () => {
  it('keys snapshots by type, and by period only for rendimiento and completas', () => {
    expect(statsKey('generales', 30)).toBe('generales');
    expect(statsKey('usuarios', 7)).toBe('usuarios');
    expect(statsKey('rendimiento', 7)).toBe('rendimiento:7');
    expect(statsKey('completas', 90)).toBe('completas:90');
    // Financieras has no period: one snapshot, whatever period was last chosen elsewhere.
    expect(statsKey('financieras', 7)).toBe('financieras');
    expect(statsKey('financieras', 90)).toBe('financieras');
  });

  it('shows the spec messages: no permission for a 403 on usuarios, generic ones otherwise', () => {
    expect(screenError('usuarios', new ApiError(403, 'Error al obtener estadísticas de usuarios: 403 - x'))).toBe(
      'Sin permisos para ver estadísticas de usuarios',
    );
    expect(screenError('usuarios', new ApiError(500, 'x'))).toBe('Error al cargar estadísticas de usuarios');
    expect(screenError('generales', new ApiError(403, 'x'))).toBe('Error al cargar las estadísticas');
    // Decided by the status, not by a '403' somewhere in the text.
    expect(screenError('usuarios', new ApiError(500, 'Error: 403'))).toBe('Error al cargar estadísticas de usuarios');
  });

  it('treats an unreachable server as offline (show the snapshot), a refusal not', () => {
    expect(isOfflineFailure(new ApiError(0, 'No hay conexión con el servidor.', 'NETWORK'))).toBe(true);
    expect(isOfflineFailure(new ApiError(503, 'x'))).toBe(true);
    expect(isOfflineFailure(new ApiError(403, 'x'))).toBe(false);
    expect(isOfflineFailure(new ApiError(401, 'x'))).toBe(false);
  });
});
