/** The public filing lookup (spec 02 §3 'Credit filing') and the last result kept on the device. */
import { ApiError, apiJson } from '../../lib/api';
import { estadosDe } from '../../domain/estados';
import { formatDateTime } from '../../domain/format';
import type { EmpresaPublica } from '../../domain/empresa-contacto';

export interface Archivo {
  id?: string;
  nombre: string;
  estado: string;
  url: string;
}

export interface HistorialEntrada {
  estado: string;
  comentario: string | null;
  fecha: string | null;
}

export interface Etapa {
  etapa: string;
  estado: string;
  comentarios: string | null;
  fecha_actualizacion: string | null;
  archivos: Archivo[];
  historial: HistorialEntrada[];
}

export interface Radicado {
  id_radicado: string;
  banco: string | null;
  producto_solicitado: string | null;
  estado_global: string;
  fecha_cambio: string | null;
  /** The company the filing belongs to (absent in a result kept from before it was served). */
  empresa?: EmpresaPublica;
  etapas: Etapa[];
}

export const SEARCH_ERROR = 'Error al buscar el radicado';

export class SearchError extends Error {
  constructor(
    message: string,
    /** No answer from the server (offline): a cached result may stay on screen. */
    readonly network: boolean,
  ) {
    super(message);
    this.name = 'SearchError';
  }
}

export async function fetchRadicado(numero: string): Promise<Radicado> {
  try {
    return await apiJson<Radicado>(`/api/seguimiento/radicado/${encodeURIComponent(numero)}`);
  } catch (err) {
    if (err instanceof ApiError && !err.network) throw new SearchError(err.message || SEARCH_ERROR, false);
    throw new SearchError(SEARCH_ERROR, true);
  }
}

/**
 * The status list of the filing's company (spec 02 §4: fetched per company). Never fails: null
 * when it could not be loaded or there was no answer within 10 s, and the page then keeps the list
 * it had, or shows the eight defaults.
 */
export async function fetchEstados(numero: string): Promise<string[] | null> {
  try {
    const { estados } = await apiJson<{ estados: unknown }>(
      `/api/seguimiento/radicado/${encodeURIComponent(numero)}/estados`,
      // Nothing waits for this list (the search stays free); a slow answer gives way to the defaults.
      { signal: AbortSignal.timeout(10_000) },
    );
    return estadosDe(estados);
  } catch {
    return null;
  }
}

const CACHE_KEY = 'radica-seguimiento-ultimo';

export interface UltimaConsulta {
  data: Radicado;
  consultado: string;
  /** The company's status list, once loaded. */
  estados?: string[];
}

export function readUltima(): UltimaConsulta | null {
  try {
    const raw = localStorage.getItem(CACHE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as UltimaConsulta;
    if (!parsed?.data?.id_radicado || !Array.isArray(parsed.data.etapas)) return null;
    return { ...parsed, estados: parsed.estados === undefined ? undefined : estadosDe(parsed.estados) };
  } catch {
    return null;
  }
}

export function saveUltima(data: Radicado, estados?: string[]): UltimaConsulta {
  const entry: UltimaConsulta = { data, consultado: new Date().toISOString(), estados };
  try {
    localStorage.setItem(CACHE_KEY, JSON.stringify(entry));
  } catch {
    // Storage full or disabled: the lookup still works, only the offline copy is lost.
  }
  return entry;
}

/** An instant as 'dd/mm/yyyy hh:mm' (Colombian time), like every date of the app; '—' for none. */
export function formatFecha(value: string | null | undefined): string {
  if (!value) return '—';
  return formatDateTime(value) || value;
}

const NOMBRES: Record<string, string> = { documentos: 'Documentos', banco: 'Banco', desembolso: 'Desembolso' };

export function nombreEtapa(etapa: string): string {
  const key = etapa.trim().toLowerCase();
  return NOMBRES[key] ?? (key ? key.charAt(0).toUpperCase() + key.slice(1) : 'Etapa');
}
