import { describe, expect, it } from 'vitest';
import {
  CHART_HEIGHT,
  PALETTE,
  formatAverage,
  formatDateTime,
  formatDay,
  formatDayNarrow,
  formatDayShort,
  formatHoras,
  formatPesos,
  toDaySeries,
  toPoints,
  toRangePoints,
  tooltipText,
} from './format';

describe('statistics formatting', () => {
  it('writes the median time to an answer in minutes, hours or days, es-CO decimals', () => {
    expect(formatHoras(0.75)).toBe('45 min');
    expect(formatHoras(7)).toBe('7,0 h');
    expect(formatHoras(47.94)).toBe('47,9 h');
    expect(formatHoras(76.8)).toBe('3,2 días');
  });

  it("writes money the Colombian way: '$ 180.000.000', whole pesos", () => {
    expect(formatPesos(180_000_000)).toBe('$ 180.000.000');
    expect(formatPesos(0)).toBe('$ 0');
    expect(formatPesos(1234.6)).toBe('$ 1.235');
  });
  it('uses one palette of 8 colours and the spec heights', () => {
    expect(PALETTE).toHaveLength(8);
    expect(new Set(PALETTE).size).toBe(8);
    expect(CHART_HEIGHT).toEqual({ pie: 250, bar: 250, line: 400 });
  });

  it('shows averages and percentages with 1 decimal, counts and percentage in tooltips', () => {
    expect(formatAverage(1)).toBe('1,0');
    expect(formatAverage(0.25)).toBe('0,3');
    expect(tooltipText('Bogotá', 1, 8)).toBe('Bogotá: <b>1</b> (12,5%)');
  });

  it('escapes names in tooltips (they come from data)', () => {
    expect(tooltipText('<img src=x onerror=alert(1)>', 1, 1)).not.toContain('<img');
  });

  it('writes dates in long Spanish (Colombia) format', () => {
    expect(formatDay('2026-03-05')).toBe('5 de marzo de 2026');
    expect(formatDayShort('2026-11-24')).toBe('24 de noviembre');
    expect(formatDayNarrow('2026-11-24')).toBe('24 nov');
    expect(formatDayNarrow('2026-09-01')).toBe('1 sept');
    expect(formatDateTime('2026-03-05T20:07:00Z')).toMatch(/^5 de marzo de 2026.* 3:07 p/);
  });

  it('fills the days without applications with 0 and drops empty counts', () => {
    expect(toDaySeries({ '2026-03-01': 2, '2026-03-03': 1 })).toEqual([
      { name: '2026-03-01', value: 2 },
      { name: '2026-03-02', value: 0 },
      { name: '2026-03-03', value: 1 },
    ]);
    expect(toDaySeries({ '2026-03-03': 1 }, { dias: 3, today: '2026-03-04' }).map((p) => p.name)).toEqual([
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
    ]);
    expect(toDaySeries({})).toEqual([]);
    // A snapshot of another shape (no period) never breaks the series.
    expect(toDaySeries({ '2026-03-03': 1 }, { dias: undefined as unknown as number, today: '2026-03-04' })).toHaveLength(1);
    expect(toPoints({ a: 0, b: 2, c: 5 })).toEqual([
      { name: 'c', value: 5 },
      { name: 'b', value: 2 },
    ]);
  });

  it('orders income ranges by the range, lowest first and Sin información last, whatever their counts', () => {
    const points = toRangePoints({
      'Más de $ 10.000.000': 40,
      'Sin información': 90,
      '$ 5.000.000 - $ 10.000.000': 70,
      'Menos de $ 1.000.000': 5,
      '$ 1.000.000 - $ 2.000.000': 0,
      '$ 3.000.000 - $ 5.000.000': 60,
    });
    expect(points.map((p) => p.name)).toEqual([
      'Menos de $ 1.000.000',
      '$ 3.000.000 - $ 5.000.000',
      '$ 5.000.000 - $ 10.000.000',
      'Más de $ 10.000.000',
      'Sin información',
    ]);
    expect(points[0].value).toBe(5);
  });
});
