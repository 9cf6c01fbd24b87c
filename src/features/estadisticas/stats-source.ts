/**
 * Statistics are one of the direct API reads (ARCHITECTURE.md §1): they are aggregates the device
 * cannot compute from what it mirrors (a banco or asesor mirrors only part of the company). Every
 * answer is kept in the Dexie `stats` table under its type and period, so the screen can show the
 * last snapshot, with its date, when the network is not there.
 */
import type { RadicaDB } from '../../db/database';
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
  const status = e instanceof StatsError ? e.status : 0;
  return status === 403 || (e instanceof Error && e.message.includes('403'))
    ? 'Sin permisos para ver estadísticas de usuarios'
    : 'Error al cargar estadísticas de usuarios';
}

/** A failed read: `status` is 0 when the server was not reached (offline, network failure). */
export class StatsError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'StatsError';
  }
}

/** GETs /api/estadisticas/{tipo} with the session token and stores the answer. */
export async function loadStats(db: RadicaDB, token: string, tipo: EstadisticasTipo, dias: number): Promise<unknown> {
  const query = TIPOS_CON_PERIODO.includes(tipo) ? `?dias=${dias}` : '';
  let res: Response;
  try {
    res = await fetch(`/api/estadisticas/${tipo}${query}`, {
      headers: { accept: 'application/json', 'content-type': 'application/json', authorization: `Bearer ${token}` },
      cache: 'no-store',
    });
  } catch (e) {
    throw new StatsError(0, e instanceof Error ? e.message : 'Sin conexión');
  }
  const body = (await res.json().catch(() => null)) as { ok?: boolean; data?: { estadisticas?: unknown }; error?: string } | null;
  if (!res.ok || !body?.ok || body.data?.estadisticas === undefined) {
    const base = FETCH_ERRORS[tipo];
    throw new StatsError(res.status, tipo === 'usuarios' ? `${base}: ${res.status} - ${body?.error ?? ''}` : base);
  }
  const data = body.data.estadisticas;
  await db.stats.put({ key: statsKey(tipo, dias), data, updatedAt: new Date().toISOString() });
  return data;
}

/** True when the failure means "no network" rather than a refusal: show the snapshot instead. */
export function isOfflineFailure(e: unknown): boolean {
  return e instanceof StatsError && (e.status === 0 || e.status >= 500);
}
