/**
 * ECharts options of the statistics charts (spec 02 §9: palette of 8 colours, tooltip with count
 * and percentage, integer y axis). Pure: no React, no ECharts import. Each builder takes the
 * card's width in px, because what is readable at 326 px (a 390 px phone) is not the layout of a
 * 620 px card: text widths are estimated here, not measured, so the limits keep a margin.
 */
import { colorGraficoEstado } from '../../domain/estadisticas';
import { PALETTE, formatCount, formatDay, formatDayNarrow, formatDayShort, tooltipText, type Point } from './format';

/** Below this card width the charts use their narrow layout (a 390 px phone gives about 326). */
export const NARROW_WIDTH = 520;

/** Axis and legend labels are 12 px; an average character of it is about 6.6 px wide. */
const FONT_SIZE = 12;
const CHAR_PX = 6.6;
const estimateWidth = (s: string) => s.length * CHAR_PX;

/** Page arrows of a scrolling legend: big enough to hit with a finger (ECharts' default is 15). */
export const PAGE_ICON_SIZE = 22;

const sumOf = (points: Point[]) => points.reduce((a, p) => a + p.value, 0);

interface TooltipParam {
  name: string;
  value: unknown;
  dataIndex: number;
}

/**
 * The palette colours left to statuses without one of their own (a company's custom statuses), in
 * the order they are handed out: the palette's blue, emerald, red and violet are too close to the
 * badge colours of En estudio, Pagado, Negado and Desembolsado, and amber to Pendiente's yellow
 * and orange, so it comes last.
 */
export const PALETTE_OTROS_ESTADOS = [PALETTE[5], PALETTE[6], PALETTE[7], PALETTE[2]] as const;

/**
 * Each status its badge's colour (`colorGraficoEstado`), whatever the order of the points; other
 * statuses the remaining palette colours in turn.
 */
export function estadoColors(points: Point[]): string[] {
  let other = 0;
  return points.map((p) => colorGraficoEstado(p.name) ?? PALETTE_OTROS_ESTADOS[other++ % PALETTE_OTROS_ESTADOS.length]);
}

/**
 * A pie with its legend beside it, at every width: a column of names reads better on a phone
 * than a row cut by the card's edge. A long name wraps onto a second line instead of being cut;
 * the legend scrolls by pages, with arrows big enough to touch, once it is taller than the card.
 * With `colors`, slice i is drawn in colors[i].
 */
export function pieOption(points: Point[], width: number, colors?: string[]) {
  const total = sumOf(points);
  const narrow = width < NARROW_WIDTH;
  // The pie takes the left part of the card, the legend the rest: a swatch (14 px), its gap
  // (5 px), the text, and the legend's padding (5 px a side).
  const pieShare = narrow ? 0.4 : 0.48;
  const textWidth = Math.max(80, Math.floor(width * (1 - pieShare)) - 14 - 5 - 10);
  return {
    color: [...PALETTE],
    animation: false,
    tooltip: {
      trigger: 'item',
      confine: true,
      formatter: (p: TooltipParam) => tooltipText(p.name, Number(p.value), total),
    },
    legend: {
      type: 'scroll',
      orient: 'vertical',
      left: `${Math.round(pieShare * 100)}%`,
      top: 'middle',
      itemGap: 10,
      textStyle: { fontSize: FONT_SIZE, lineHeight: 16, width: textWidth, overflow: 'break' },
      pageIconSize: PAGE_ICON_SIZE,
      pageButtonItemGap: 8,
      pageTextStyle: { fontSize: 13 },
    },
    series: [
      {
        type: 'pie',
        left: 0,
        width: `${Math.round(pieShare * 100)}%`,
        radius: narrow ? ['36%', '88%'] : ['35%', '72%'],
        center: ['50%', '50%'],
        label: { show: false },
        // Fixed colours (statuses) go on each slice; otherwise the palette is handed out in order.
        data: colors ? points.map((p, i) => ({ ...p, itemStyle: { color: colors[i] } })) : points,
      },
    ],
  };
}

/** A pie of statuses: each slice in its status's badge colour. */
export const estadoPieOption = (points: Point[], width: number) => pieOption(points, width, estadoColors(points));

/** The `axisLabel` of a category axis, as far as these charts set it. */
export interface CategoryAxisLabel {
  fontSize: number;
  hideOverlap: boolean;
  formatter?: (key: string) => string;
  alignMinLabel?: 'left';
  alignMaxLabel?: 'right';
  rotate?: number;
  interval?: number;
  width?: number;
  overflow?: 'truncate';
}

/**
 * The category axis labels of a bar or line chart. Days: '24 nov' on a narrow card, '24 de
 * noviembre' on a wide one, as many as fit; on a line the first and last are aligned to the ends
 * of the axis so they stay inside the card. Other categories (banks, cities, income ranges): all
 * of them, upright when the longest fits its bar, else turned (45°, or 70° when the bars are
 * thin), whole up to a long limit ('…' past it; the tooltip has the whole name); when
 * the bars are too thin for one label each, every n-th.
 */
export function categoryAxisLabel(names: string[], width: number, days: boolean, line = false): CategoryAxisLabel {
  const narrow = width < NARROW_WIDTH;
  if (days) {
    return {
      fontSize: FONT_SIZE,
      formatter: narrow ? formatDayNarrow : formatDayShort,
      hideOverlap: true,
      ...(line ? { alignMinLabel: 'left', alignMaxLabel: 'right' } : {}),
    };
  }
  // Plot width: the card less the y axis labels and the grid margins.
  const band = Math.max(1, (width - 48) / Math.max(1, names.length));
  const longest = Math.max(0, ...names.map(estimateWidth));
  const upright = longest <= band - 4;
  // Turned labels are band·sin(angle) apart and need a line each (about 16 px); when the bars
  // are thinner than that, every n-th bar is named (the tooltip names each one).
  const rotate = upright ? 0 : band * Math.SQRT1_2 >= 18 ? 45 : 70;
  const spacing = upright ? Infinity : band * Math.sin((rotate * Math.PI) / 180);
  const step = Math.ceil(16 / spacing);
  return {
    fontSize: FONT_SIZE,
    rotate,
    interval: Math.max(0, step - 1),
    hideOverlap: true,
    width: upright ? Math.max(band - 2, 24) : narrow ? 170 : 190,
    overflow: 'truncate',
  };
}

/**
 * A bar or line chart over categories; `days` formats the axis as dates. One series, so one
 * colour: colouring each bar apart would suggest a meaning it does not have.
 */
export function cartesianOption(points: Point[], kind: 'bar' | 'line', width: number, days = false) {
  const total = sumOf(points);
  const name = (k: string) => (days ? formatDay(k) : k);
  const names = points.map((p) => p.name);
  return {
    color: [...PALETTE],
    animation: false,
    // The grid shrinks until every axis label is inside the card (ECharts 6's replacement of
    // `containLabel`, which only estimated it and let the last date run past the edge).
    grid: { left: 8, right: 12, top: 16, bottom: 8, outerBoundsMode: 'same' as const, outerBoundsContain: 'axisLabel' as const },
    tooltip: {
      trigger: 'axis',
      confine: true,
      axisPointer: { type: kind === 'bar' ? 'shadow' : 'line' },
      formatter: (params: TooltipParam[]) => {
        const p = params[0];
        return p ? tooltipText(name(p.name), Number(p.value), total) : '';
      },
    },
    xAxis: {
      type: 'category',
      data: names,
      axisLabel: categoryAxisLabel(names, width, days, kind === 'line'),
    },
    yAxis: {
      type: 'value',
      minInterval: 1,
      axisLabel: { fontSize: FONT_SIZE, formatter: (v: number) => (Number.isInteger(v) ? formatCount(v) : '') },
    },
    series: [
      kind === 'bar'
        ? { type: 'bar', data: points.map((p) => p.value), itemStyle: { color: PALETTE[0] }, barMaxWidth: 48 }
        : { type: 'line', data: points.map((p) => p.value), smooth: false, showSymbol: points.length <= 31, areaStyle: { opacity: 0.12 } },
    ],
  };
}
