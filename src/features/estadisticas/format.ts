/**
 * Formatting for the statistics screen (spec 02 §9): one palette of 8 colours, averages with 1
 * decimal, percentages with 1 decimal, dates in long Spanish (Colombia) format, the chart heights
 * (pie and bar 250 px, line 400 px). Pure: no React, no ECharts import. The chart options are in
 * chart-options.ts.
 */
import { ROLE_LABELS, normalizeRole } from '../../domain/roles';
import { RANGOS_INGRESOS, SIN_INFORMACION, ZONA_HORARIA, type Conteo } from '../../domain/estadisticas';
import { formatMoney } from '../../domain/format';

export const PALETTE = ['#1d4ed8', '#059669', '#d97706', '#dc2626', '#7c3aed', '#0891b2', '#db2777', '#4d7c0f'] as const;

export const CHART_HEIGHT = { pie: 250, bar: 250, line: 400 } as const;

const oneDecimal = new Intl.NumberFormat('es-CO', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const integer = new Intl.NumberFormat('es-CO', { maximumFractionDigits: 0 });

export const formatAverage = (n: number) => oneDecimal.format(n);
/** Whole pesos the Colombian way: '$ 180.000.000' (the shared format module's money). */
export const formatPesos = (n: number) => formatMoney(Math.round(n));
export const formatCount = (n: number) => integer.format(n);
export const formatPercent = (part: number, total: number) => `${oneDecimal.format(total > 0 ? (part / total) * 100 : 0)}%`;

/**
 * A duration given in hours as a person reads it: under an hour in minutes ('45 min'), under two
 * days in hours with 1 decimal ('7,5 h'), else in days with 1 decimal ('3,2 días').
 */
export function formatHoras(horas: number): string {
  if (horas < 1) return `${integer.format(Math.round(horas * 60))} min`;
  if (horas < 48) return `${oneDecimal.format(horas)} h`;
  return `${oneDecimal.format(horas / 24)} días`;
}

const longDay = new Intl.DateTimeFormat('es-CO', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const dayMonth = new Intl.DateTimeFormat('es-CO', { day: 'numeric', month: 'long', timeZone: 'UTC' });
const longDateTime = new Intl.DateTimeFormat('es-CO', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: ZONA_HORARIA,
});

/** 'YYYY-MM-DD' -> '5 de marzo de 2026'. */
export function formatDay(key: string): string {
  const d = new Date(`${key}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? key : longDay.format(d);
}

/** 'YYYY-MM-DD' -> '5 de marzo' (axis labels; the tooltip carries the year). */
export function formatDayShort(key: string): string {
  const d = new Date(`${key}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? key : dayMonth.format(d);
}

const MESES_CORTOS = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic'] as const;

/** 'YYYY-MM-DD' -> '24 nov' (axis labels on a narrow card; the tooltip carries the whole date). */
export function formatDayNarrow(key: string): string {
  const d = new Date(`${key}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? key : `${d.getUTCDate()} ${MESES_CORTOS[d.getUTCMonth()]}`;
}

/** An instant -> '5 de marzo de 2026, 3:07 p. m.' in Colombian time. */
export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : longDateTime.format(d);
}

export const roleLabel = (rol: string) => {
  const r = normalizeRole(rol);
  return r ? ROLE_LABELS[r] : rol;
};

export interface Point {
  name: string;
  value: number;
}

/** Label-to-count as chart points, largest first; zero counts dropped. */
export function toPoints(c: Conteo | null | undefined, label: (k: string) => string = (k) => k): Point[] {
  return Object.entries(c ?? {})
    .filter(([, v]) => Number(v) > 0)
    .map(([k, v]) => ({ name: label(k), value: Number(v) }))
    .sort((a, b) => b.value - a.value || a.name.localeCompare(b.name, 'es'));
}

const ORDEN_RANGOS = [...RANGOS_INGRESOS.map((r) => r.label), SIN_INFORMACION];

/**
 * Income ranges in their own order, lowest first and 'Sin información' last, so the bars' axis
 * rises; a label the list doesn't know (an older server's) goes after them.
 */
export function toRangePoints(c: Conteo | null | undefined): Point[] {
  const rank = (name: string) => (ORDEN_RANGOS.includes(name) ? ORDEN_RANGOS.indexOf(name) : ORDEN_RANGOS.length);
  return toPoints(c).sort((a, b) => rank(a.name) - rank(b.name));
}

/**
 * Day-to-count as a continuous series: every day from the first to the last (or over the given
 * period ending today) appears, days without applications as 0. Empty when there is no count.
 */
export function toDaySeries(c: Conteo | null | undefined, period?: { dias: number; today: string }): Point[] {
  const keys = Object.keys(c ?? {}).filter((k) => /^\d{4}-\d{2}-\d{2}$/.test(k) && Number(c![k]) > 0).sort();
  if (!keys.length) return [];
  let first = keys[0];
  let last = keys[keys.length - 1];
  if (period && Number.isInteger(period.dias) && period.dias > 0 && /^\d{4}-\d{2}-\d{2}$/.test(period.today)) {
    last = period.today > last ? period.today : last;
    const start = addDays(period.today, -(period.dias - 1));
    first = start < first ? start : first;
  }
  const out: Point[] = [];
  for (let d = first; d <= last; d = addDays(d, 1)) out.push({ name: d, value: Number(c![d] ?? 0) });
  return out;
}

function addDays(key: string, n: number): string {
  const d = new Date(`${key}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Tooltips are HTML: names come from data (banks, cities, people), so they are escaped. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]);

/** Tooltip text: 'name: count (12,5%)'. */
export function tooltipText(name: string, value: number, total: number): string {
  return `${escapeHtml(name)}: <b>${formatCount(value)}</b> (${formatPercent(value, total)})`;
}
