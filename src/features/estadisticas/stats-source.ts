/**
 * Statistics are one of the direct API reads (ARCHITECTURE.md §1): they are aggregates the device
 * cannot compute from what it mirrors (a banco or asesor mirrors only part of the company). Every
 * answer is kept in the Dexie `stats` table under its type and period, so the screen can show the
 * last snapshot, with its date, when the network is not there.
 */
import type { RadicaDB } from '../../db/database';
import { ApiError, apiJson } from '../../lib/api';
import {
  TIPOS_CON_PERIODO,
  type EstadisticasCompletas,
  type EstadisticasRendimiento,
  type EstadisticasTipo,
} from '../../domain/estadisticas';

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
 * The parts of a completas answer that no period changes (generales, and financieras, which is of
 * any date): a period change on completas asks the server for rendimiento alone and puts it with
 * these, instead of the whole completas again. At 50,000 applications the server took 0.5-0.8 s for
 * completas (each part walks every row; with embedded PGlite that is the server's main thread) and
 * about 0.1 s for rendimiento.
 */
export interface CompletasBase {
  generales: EstadisticasCompletas['generales'];
  financieras: EstadisticasCompletas['financieras'];
}

/**
 * The completas answer for `rendimiento`'s period, from the parts of an earlier completas answer
 * that do not depend on the period: what the server answers for completas of that period when the
 * data has not changed since `base` was read (tests/api/estadisticas-cliente.test.ts). Financieras'
 * obsolete `periodo_dias` echoes the request's period, as the server's does.
 */
export function composeCompletas(base: CompletasBase, rendimiento: EstadisticasRendimiento): EstadisticasCompletas {
  return {
    generales: base.generales,
    rendimiento,
    financieras: { ...base.financieras, periodo_dias: rendimiento.periodo_dias },
  };
}

async function fetchStats(token: string, tipo: EstadisticasTipo, dias: number, errorTipo: EstadisticasTipo = tipo): Promise<unknown> {
  const query = TIPOS_CON_PERIODO.includes(tipo) ? `?dias=${dias}` : '';
  const base = FETCH_ERRORS[errorTipo];
  let body: { estadisticas?: unknown } | null;
  try {
    body = await apiJson<{ estadisticas?: unknown } | null>(`/api/estadisticas/${tipo}${query}`, {
      token,
      headers: { accept: 'application/json' },
      cache: 'no-store',
    });
  } catch (e) {
    if (!(e instanceof ApiError) || e.network) throw e;
    throw new ApiError(e.status, errorTipo === 'usuarios' ? `${base}: ${e.status} - ${e.message}` : base, e.code, e.fields);
  }
  if (body?.estadisticas === undefined) throw new ApiError(200, base, 'BAD_RESPONSE');
  return body.estadisticas;
}

/**
 * GETs /api/estadisticas/{tipo} with the session token and stores the answer. A failure is an
 * ApiError (status 0 when the server was not reached) with the spec's message for the type.
 * With `completasBase` (only for completas), only rendimiento is asked for, and the answer stored
 * is `composeCompletas(completasBase, rendimiento)`; a failure is worded as for completas.
 */
export async function loadStats(
  db: RadicaDB,
  token: string,
  tipo: EstadisticasTipo,
  dias: number,
  completasBase?: CompletasBase,
): Promise<unknown> {
  const data =
    tipo === 'completas' && completasBase
      ? composeCompletas(completasBase, (await fetchStats(token, 'rendimiento', dias, 'completas')) as EstadisticasRendimiento)
      : await fetchStats(token, tipo, dias);
  await db.stats.put({ key: statsKey(tipo, dias), data, updatedAt: new Date().toISOString() });
  return data;
}

/** True when the failure means "no network" rather than a refusal: show the snapshot instead. */
export function isOfflineFailure(e: unknown): boolean {
  return e instanceof ApiError && (e.network || e.status >= 500);
}
