/**
 * The schema service's failure texts of spec 02 §8 ('Error guardando definiciones: {status} -
 * {body}', 'Error actualizando campo: …', 'Error eliminando definición(es): …'), shown as the
 * description under the screen's own toast ('Error guardando', 'Error eliminando campo', …) so an
 * administrator can tell which call failed and what the server said.
 */
import { ApiError } from '../../lib/api';

export const SERVICE_ERRORS = {
  guardar: 'Error guardando definiciones',
  actualizar: 'Error actualizando campo',
  eliminar: 'Error eliminando definición(es)',
} as const;

/** '{prefix}: {status} - {server message}' for a server refusal; nothing for a failure offline. */
export function serviceErrorText(kind: keyof typeof SERVICE_ERRORS, err: unknown): string | undefined {
  if (!(err instanceof ApiError) || err.status === 0) return undefined;
  return `${SERVICE_ERRORS[kind]}: ${err.status} - ${err.message}`;
}
