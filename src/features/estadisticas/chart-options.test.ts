import { describe, expect, it } from 'vitest';
import { NARROW_WIDTH, PAGE_ICON_SIZE, PALETTE_OTROS_ESTADOS, cartesianOption, categoryAxisLabel, estadoPieOption, pieOption } from './chart-options';
import { COLOR_GRAFICO, RANGOS_INGRESOS, SIN_INFORMACION } from '../../domain/estadisticas';
import { ESTADOS_DEFAULT, estadoColor } from '../../domain/estados';
import { PALETTE } from './format';

const PHONE = 326; // a card on a 390 px screen
const TABLET = 750; // a full-width card on an 820 px screen
const DESKTOP = 620; // a half-width card on a 1366 px screen

const RANGOS = [...RANGOS_INGRESOS.map((r) => r.label), SIN_INFORMACION].map((name, i) => ({ name, value: 10 + i }));

const days = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ name: new Date(Date.UTC(2026, 9, 26 + i)).toISOString().slice(0, 10), value: i % 4 }));

/** [name, colour] of each slice of a pie. */
function sliceColors(pie: ReturnType<typeof pieOption>): Array<[string, string | undefined]> {
  const data: Array<{ name: string; itemStyle?: { color: string } }> = pie.series[0].data;
  return data.map((d) => [d.name, d.itemStyle?.color]);
}

describe('statistics chart options', () => {
  it('uses the palette of 8 colours and keeps the y axis on integers', () => {
    expect(pieOption([{ name: 'a', value: 1 }], PHONE).color).toEqual([...PALETTE]);
    const line = cartesianOption([{ name: 'a', value: 3 }], 'line', PHONE, true);
    expect(line.color).toEqual([...PALETTE]);
    expect(line.yAxis.minInterval).toBe(1);
    expect(line.yAxis.axisLabel.formatter(1.5)).toBe('');
    expect(line.yAxis.axisLabel.formatter(2)).toBe('2');
  });

  it('tooltips give count and percentage with 1 decimal', () => {
    const points = [
      { name: 'Aprobado', value: 3 },
      { name: 'Negado', value: 1 },
    ];
    expect(pieOption(points, PHONE).tooltip.formatter({ name: 'Aprobado', value: 3, dataIndex: 0 })).toBe('Aprobado: <b>3</b> (75,0%)');
    const bar = cartesianOption(points, 'bar', PHONE);
    expect(bar.tooltip.formatter([{ name: 'Negado', value: 1, dataIndex: 1 }])).toBe('Negado: <b>1</b> (25,0%)');
    expect(cartesianOption(days(2), 'line', PHONE, true).tooltip.formatter([{ name: '2026-10-27', value: 1, dataIndex: 1 }])).toBe(
      '27 de octubre de 2026: <b>1</b> (100,0%)',
    );
  });

  it('paints a bar series in one colour, whatever its number of bars', () => {
    for (const width of [PHONE, DESKTOP]) {
      const [series] = cartesianOption(days(30), 'bar', width, true).series as Array<Record<string, unknown>>;
      expect(series.colorBy).not.toBe('data');
      expect(series.itemStyle).toEqual({ color: PALETTE[0] });
    }
  });

  it('on a phone, the pie legend is a scrolling column with page arrows big enough to touch, and long names wrap', () => {
    const pie = pieOption(RANGOS, PHONE);
    expect(pie.legend).toMatchObject({ type: 'scroll', orient: 'vertical', pageIconSize: PAGE_ICON_SIZE });
    expect(PAGE_ICON_SIZE).toBeGreaterThanOrEqual(20);
    // The pie, then the legend column, side by side inside the card.
    const pieWidth = (parseFloat(pie.series[0].width) / 100) * PHONE;
    expect(parseFloat(pie.legend.left) / 100).toBeCloseTo(pieWidth / PHONE);
    expect(pieWidth + 14 + 5 + 10 + pie.legend.textStyle.width).toBeLessThanOrEqual(PHONE);
    expect(pie.legend.textStyle.overflow).toBe('break');
    // The longest income range fits on one line ('$ 5.000.000 - $ 10.000.000').
    expect(pie.legend.textStyle.width).toBeGreaterThanOrEqual(24 * 6.6);
  });

  it('the pie keeps its side legend, scrolling, on wide cards', () => {
    for (const width of [TABLET, DESKTOP]) {
      const pie = pieOption(RANGOS, width);
      expect(pie.legend).toMatchObject({ type: 'scroll', orient: 'vertical', pageIconSize: PAGE_ICON_SIZE });
      expect((parseFloat(pie.series[0].width) / 100) * width + 29 + pie.legend.textStyle.width).toBeLessThanOrEqual(width);
    }
  });

  it("writes days '24 nov' on a narrow card and '24 de noviembre' on a wide one, the last date inside the card", () => {
    const narrow = cartesianOption(days(30), 'line', PHONE, true).xAxis.axisLabel;
    expect(narrow.formatter?.('2026-11-24')).toBe('24 nov');
    expect(narrow).toMatchObject({ hideOverlap: true, alignMinLabel: 'left', alignMaxLabel: 'right' });
    expect(cartesianOption(days(30), 'bar', PHONE, true).xAxis.axisLabel.formatter?.('2026-11-24')).toBe('24 nov');
    expect(categoryAxisLabel([], NARROW_WIDTH, true).formatter?.('2026-11-24')).toBe('24 de noviembre');
    const grid = cartesianOption(days(30), 'line', PHONE, true).grid;
    expect(grid).toMatchObject({ outerBoundsMode: 'same', outerBoundsContain: 'axisLabel' });
  });

  it('shows every long category whole, turned when it does not fit its bar, upright when it does', () => {
    const names = RANGOS.map((p) => p.name);
    for (const width of [PHONE, DESKTOP]) {
      const label = categoryAxisLabel(names, width, false);
      expect(label.rotate).toBe(45);
      expect(label.interval).toBe(0);
      expect(label.width).toBeGreaterThanOrEqual(24 * 6.6);
      // No label is cut by a formatter: ECharts draws the name itself.
      expect('formatter' in label).toBe(false);
    }
    const short = categoryAxisLabel(['Cali', 'Pasto', 'Neiva'], PHONE, false);
    expect(short).toMatchObject({ rotate: 0, interval: 0 });
    // Twelve cities on a phone: thin bars, steeper labels, still one each.
    const cities = ['Barranquilla', 'Bucaramanga', 'Pereira', 'Cali', 'Villavicencio', 'Bogotá', 'Ibagué', 'Santa Marta', 'Cartagena', 'Medellín', 'Cúcuta', 'Manizales'];
    expect(categoryAxisLabel(cities, PHONE, false)).toMatchObject({ rotate: 70, interval: 0 });
    expect(categoryAxisLabel(cities, DESKTOP, false)).toMatchObject({ rotate: 45, interval: 0 });
  });

  it('names every n-th bar rather than piling the labels when the bars are too thin for one each', () => {
    const many = Array.from({ length: 30 }, (_, i) => `Ciudad ${i + 1}`);
    const label = categoryAxisLabel(many, PHONE, false);
    expect(label).toMatchObject({ rotate: 70, hideOverlap: true });
    // 30 bars in about 280 px: one label every 2 bars keeps them a line apart.
    expect(label.interval).toBe(1);
    expect(categoryAxisLabel(many, 1300, false).interval).toBe(0);
  });

  it("colours each status slice as the status's badge, whatever the order of the slices", () => {
    const slices = (names: string[]) =>
      new Map(sliceColors(estadoPieOption(names.map((name, i) => ({ name, value: 50 - i })), DESKTOP)));
    const forward = slices([...ESTADOS_DEFAULT]);
    const backward = slices([...ESTADOS_DEFAULT].reverse());
    const shuffled = slices(['Negado', 'Pagado', 'Pendiente', 'Desistido', 'Aprobado', 'En estudio', 'Desembolsado', 'Pendiente información adicional']);
    for (const estado of ESTADOS_DEFAULT) {
      expect(forward.get(estado), estado).toBe(COLOR_GRAFICO[estadoColor(estado)]);
      expect(backward.get(estado), estado).toBe(forward.get(estado));
      expect(shuffled.get(estado), estado).toBe(forward.get(estado));
    }
    // The badges' hues: Aprobado green, Negado red, Pendiente yellow, Desembolsado purple.
    expect(forward.get('Aprobado')).toBe(COLOR_GRAFICO.green);
    expect(forward.get('Negado')).toBe(COLOR_GRAFICO.red);
    expect(forward.get('Pendiente')).toBe(COLOR_GRAFICO.yellow);
    expect(forward.get('Desembolsado')).toBe(COLOR_GRAFICO.purple);
    // Eight statuses with distinct badges, eight distinct colours.
    expect(new Set(forward.values()).size).toBe(8);
    // The old name and other spellings take the status's colour.
    expect(slices(['Rechazado', 'aprobado']).get('Rechazado')).toBe(COLOR_GRAFICO.red);
    expect(slices(['Rechazado', 'aprobado']).get('aprobado')).toBe(COLOR_GRAFICO.green);
  });

  it("gives a company's own statuses the palette colours no status badge uses", () => {
    const pie = estadoPieOption(
      [
        { name: 'En comité', value: 9 },
        { name: 'Aprobado', value: 5 },
        { name: 'Radicado en banco', value: 2 },
      ],
      PHONE,
    );
    expect(sliceColors(pie).map(([, color]) => color)).toEqual([PALETTE_OTROS_ESTADOS[0], COLOR_GRAFICO.green, PALETTE_OTROS_ESTADOS[1]]);
    for (const c of PALETTE_OTROS_ESTADOS) {
      expect(PALETTE).toContain(c);
      expect(Object.values(COLOR_GRAFICO)).not.toContain(c);
    }
  });
});
