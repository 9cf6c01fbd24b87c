/**
 * Statistics (spec 02 §2 'Statistics screen', §3 'Statistics responses', §9): the response shapes
 * under `data.estadisticas`, the periods, and the rules both the server's SQL and the tests follow
 * (which statuses count as completed, the income ranges, the labels for missing values, the day
 * of an application in Colombian time), and the colour of each status in the charts.
 */
import { ESTADOS_DEFAULT, estadoColor, type BadgeColor } from './estados';
import { fold } from './text';

export const ESTADISTICAS_TIPOS = ['generales', 'rendimiento', 'financieras', 'completas', 'usuarios'] as const;
export type EstadisticasTipo = (typeof ESTADISTICAS_TIPOS)[number];

/**
 * Types whose figures depend on the period (`dias`), the only ones with a period selector (spec 02
 * §2). Financieras has none: all its figures are over every visible application, of any date.
 */
export const TIPOS_CON_PERIODO: readonly EstadisticasTipo[] = ['rendimiento', 'completas'];

export const PERIODOS_DIAS = [7, 15, 30, 60, 90] as const;
export type PeriodoDias = (typeof PERIODOS_DIAS)[number];
export const PERIODO_DEFECTO: PeriodoDias = 30;

/** Label to count. */
export type Conteo = Record<string, number>;

export interface EstadisticasGenerales {
  total_solicitantes: number;
  total_solicitudes: number;
  total_documentos: number;
  /** 'YYYY-MM-DD' (Colombian day) to count; only days with applications. */
  solicitudes_por_dia: Conteo;
  solicitudes_por_estado: Conteo;
  solicitudes_por_banco: Conteo;
  solicitudes_por_ciudad: Conteo;
}

export interface EstadisticasRendimiento {
  /** Applications created in the period whose status is a completed one. */
  solicitudes_completadas: number;
  /** Applications (of any date) whose status is not a completed one: the open backlog. */
  solicitudes_pendientes: number;
  periodo_dias: number;
  /** Applications created in the period, per Colombian day. */
  solicitudes_por_dia: Conteo;
  /**
   * Applications created in the period, per advisor responsible (full name): the assigned user,
   * else the creator; the same person `devoluciones_por_asesor` counts them for.
   */
  productividad_usuarios: Conteo;
  /**
   * The review loop (issue 34) per advisor (the application's assigned advisor, else its creator),
   * over the applications created in the period; sorted by advisor. Absent from answers cached
   * before it existed.
   */
  devoluciones_por_asesor?: DevolucionesAsesor[];
}

export interface DevolucionesAsesor {
  /** Full name (with the e-mail when two users share it), or 'Sin usuario'. */
  asesor: string;
  /** Applications of the advisor created in the period. */
  solicitudes: number;
  /** Of those, returned for correction at least once. */
  devueltas: number;
  /** devueltas / solicitudes × 100, 1 decimal (0 when there are none). */
  porcentaje_devueltas: number;
  /** Reviews of those applications answered at least once. */
  respondidas: number;
  /** Median hours from a review's first return to its first answer, 1 decimal; null when none was answered. */
  mediana_horas_respuesta: number | null;
}

export interface EstadisticasFinancieras {
  /** Per applicant, 1 decimal. */
  referencias_promedio: number;
  /** Per applicant, 1 decimal. */
  documentos_promedio: number;
  total_referencias: number;
  total_documentos: number;
  /** Applicants per monthly income range (RANGOS_INGRESOS labels). */
  rangos_ingresos: Conteo;
  /** Applicants per economic activity type. */
  tipos_actividad_economica: Conteo;
  /**
   * Obsolete: no figure of financieras depends on a period (all of them are over every visible
   * application). Still sent, as the `dias` of the request, because the documented answer
   * (server/src/openapi/answers.ts) lists it; clients must not read it as the money's period.
   */
  periodo_dias: number;
  /** Sum of the requested amounts (detalle_credito.monto_solicitado) of every visible application, whole pesos. */
  monto_total_solicitado: number;
  /** Their average over the applications that state an amount, rounded to whole pesos. */
  monto_promedio_solicitado: number;
  /** Requested amount of the approved ones (ESTADOS_APROBADOS: approved and later). */
  monto_total_aprobado: number;
  /** Requested amount of the disbursed ones (ESTADOS_DESEMBOLSADOS). */
  monto_total_desembolsado: number;
}

export interface EstadisticasCompletas {
  generales: EstadisticasGenerales;
  rendimiento: EstadisticasRendimiento;
  financieras: EstadisticasFinancieras;
}

export interface EstadisticasUsuarios {
  total_usuarios: number;
  usuarios_por_rol: Conteo;
  /** Only users tied to a bank (role banco). */
  usuarios_por_banco: Conteo;
  usuarios_por_ciudad: Conteo;
}

export interface EstadisticasPorTipo {
  generales: EstadisticasGenerales;
  rendimiento: EstadisticasRendimiento;
  financieras: EstadisticasFinancieras;
  completas: EstadisticasCompletas;
  usuarios: EstadisticasUsuarios;
}

/** Statuses that close an application; every other status (custom ones too) is still open. */
export const ESTADOS_COMPLETADOS = ['Aprobado', 'Desembolsado', 'Pagado', 'Negado', 'Desistido'] as const;

export function esCompletada(estado: string | null | undefined): boolean {
  const e = String(estado ?? '').trim().toLowerCase();
  return e === 'rechazado' || ESTADOS_COMPLETADOS.some((c) => c.toLowerCase() === e);
}

/** An approved credit: approved, and what follows approval (disbursed, paid). */
export const ESTADOS_APROBADOS = ['Aprobado', 'Desembolsado', 'Pagado'] as const;
/** A disbursed credit: disbursed, and paid afterwards. */
export const ESTADOS_DESEMBOLSADOS = ['Desembolsado', 'Pagado'] as const;

const enLista = (lista: readonly string[], estado: string | null | undefined) =>
  lista.some((e) => e.toLowerCase() === String(estado ?? '').trim().toLowerCase());
export const esAprobada = (estado: string | null | undefined) => enLista(ESTADOS_APROBADOS, estado);
export const esDesembolsada = (estado: string | null | undefined) => enLista(ESTADOS_DESEMBOLSADOS, estado);

/**
 * The requested amount of an application's detalle_credito: a number, or a text of digits (older
 * rows); anything else is no amount. The server's SQL reads it the same way.
 */
export function montoSolicitado(detalle: Record<string, unknown> | null | undefined): number | null {
  const raw = detalle?.monto_solicitado;
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  if (typeof raw === 'string' && /^\d+(\.\d+)?$/.test(raw)) return Number(raw);
  return null;
}

/** Monthly income ranges in pesos: [min, max) with max null for the last one. */
export const RANGOS_INGRESOS: ReadonlyArray<{ label: string; min: number; max: number | null }> = [
  { label: 'Menos de $ 1.000.000', min: 0, max: 1_000_000 },
  { label: '$ 1.000.000 - $ 2.000.000', min: 1_000_000, max: 2_000_000 },
  { label: '$ 2.000.000 - $ 3.000.000', min: 2_000_000, max: 3_000_000 },
  { label: '$ 3.000.000 - $ 5.000.000', min: 3_000_000, max: 5_000_000 },
  { label: '$ 5.000.000 - $ 10.000.000', min: 5_000_000, max: 10_000_000 },
  { label: 'Más de $ 10.000.000', min: 10_000_000, max: null },
];

export const SIN_INFORMACION = 'Sin información';
export const SIN_BANCO = 'Sin banco';
export const SIN_CIUDAD = 'Sin ciudad';
export const SIN_USUARIO = 'Sin usuario';

export function rangoIngreso(ingreso: number | null | undefined): string {
  if (ingreso === null || ingreso === undefined || !Number.isFinite(ingreso)) return SIN_INFORMACION;
  const r = RANGOS_INGRESOS.find((x) => ingreso >= x.min && (x.max === null || ingreso < x.max));
  return r ? r.label : SIN_INFORMACION;
}

/** Colombia has no daylight saving time: its day is UTC-5 all year. */
export const ZONA_HORARIA = 'America/Bogota';

/** 'YYYY-MM-DD' of an instant, in Colombian time. */
export function diaColombia(instant: string | number | Date): string {
  const ms = new Date(instant).getTime() - 5 * 3_600_000;
  return new Date(ms).toISOString().slice(0, 10);
}

/** An average rounded to 1 decimal (0 when there is nothing to divide by). */
export function promedio(total: number, n: number): number {
  return n > 0 ? Math.round((total / n) * 10) / 10 : 0;
}

/**
 * A status's colour in the charts, in the hue of its badge (`estadoColor`, src/domain/estados.ts):
 * Aprobado green, Negado red, Pendiente yellow… so a pie slice and the list's badge agree. Solid
 * shades of the Tailwind hues the badges tint with; Aprobado and Pagado (green, emerald) are kept
 * apart by lightness.
 */
export const COLOR_GRAFICO: Readonly<Record<BadgeColor, string>> = {
  yellow: '#eab308',
  blue: '#2563eb',
  orange: '#ea580c',
  green: '#22c55e',
  purple: '#9333ea',
  emerald: '#047857',
  red: '#dc2626',
  gray: '#94a3b8',
};

/** Spellings with a badge colour of their own; any other status is a company's custom one. */
const ESTADOS_CON_COLOR = new Set([...ESTADOS_DEFAULT.map(fold), 'rechazado', 'en revision']);

/**
 * The chart colour of a status (case- and accent-insensitive, 'Rechazado' as 'Negado'), or null
 * for a status the badges give no colour of its own (custom statuses; the chart picks one).
 */
export function colorGraficoEstado(estado: string): string | null {
  return ESTADOS_CON_COLOR.has(fold(estado)) ? COLOR_GRAFICO[estadoColor(estado)] : null;
}
