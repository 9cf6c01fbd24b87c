/**
 * Statistics are one of the direct API reads (ARCHITECTURE.md §1): they are aggregates the device
 * cannot compute from what it mirrors (a banco or asesor mirrors only part of the company). Every
 * answer is kept in the Dexie `stats` table under its type and period, so the screen can show the
 * last snapshot, with its date, when the network is not there.
 */
import type { RadicaDB } from '../../db/database';
import { ApiError, apiJson } from '../../lib/api';
import { TIPOS_CON_PERIODO, type EstadisticasTipo } from '../../domain/estadisticas';

export function statsKey(tipo: EstadisticasTipo, dias: number): string {
  return TIPOS_CON_PERIODO.includes(tipo) ? `${tipo}:${dias}` : tipo;
}

// Spec 02 §8, per type.
const FETCH_ERRORS: Record<EstadisticasTipo, string> = {
  generales: 'Error al obtener estadísticas generales',
  rendimiento: 'Error al obtener estadísticas de rendimiento',
  financieras: 'Error al obtener estadísticas financieras',
  completas: 'Error al obtener estadísticas completas',
  usuarios: 'Error al obtener estadísticas de usuarios',
};

/** The message the screen shows for a failed read (spec 02 §8). */
export function screenError(tipo: EstadisticasTipo, e: unknown): string {
  if (tipo !== 'usuarios') return 'Error al cargar las estadísticas';
  return e instanceof ApiError && e.status === 403
    ? 'Sin permisos para ver estadísticas de usuarios'
    : 'Error al cargar estadísticas de usuarios';
}

/**
 * GETs /api/estadisticas/{tipo} with the session token and stores the answer. A failure is an
 * ApiError (status 0 when the server was not reached) with the spec's message for the type.
 */
export async function loadStats(db: RadicaDB, token: string, tipo: EstadisticasTipo, dias: number): Promise<unknown> {
  const query = TIPOS_CON_PERIODO.includes(tipo) ? `?dias=${dias}` : '';
  const base = FETCH_ERRORS[tipo];
  let body: { estadisticas?: unknown } | null;
  try {
    body = await apiJson<{ estadisticas?: unknown } | null>(`/api/estadisticas/${tipo}${query}`, {
      token,
      headers: { accept: 'application/json' },
      cache: 'no-store',
    });
  } catch (e) {
    if (!(e instanceof ApiError) || e.network) throw e;
    throw new ApiError(e.status, tipo === 'usuarios' ? `${base}: ${e.status} - ${e.message}` : base, e.code, e.fields);
  }
  if (body?.estadisticas === undefined) throw new ApiError(200, base, 'BAD_RESPONSE');
  const data = body.estadisticas;
  await db.stats.put({ key: statsKey(tipo, dias), data, updatedAt: new Date().toISOString() });
  return data;
}

/** True when the failure means "no network" rather than a refusal: show the snapshot instead. */
export function isOfflineFailure(e: unknown): boolean {
  return e instanceof ApiError && (e.network || e.status >= 500);
}
