/**
 * Chart cards. ECharts comes from `echarts/core` with only the pie, bar and line charts and the
 * components they use, and is imported by this feature alone, so it loads with the /statistics
 * chunk and never with the first bundle. The canvas renderer needs no eval or inline script
 * (CSP script-src 'self'); it only sets inline styles, which the CSP allows.
 */
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
// The core entry of echarts-for-react, in its ES-module build: the CommonJS build
// (`lib/core`) reaches the bundle as a namespace object, not a component (React error #130).
import ReactEChartsCore from 'echarts-for-react/esm/core';
import type { ReactNode } from 'react';
import { CHART_HEIGHT, cartesianOption, pieOption, type Point } from './format';

echarts.use([PieChart, BarChart, LineChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

export const NO_DATA = 'No hay datos disponibles';

function ChartCard({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-testid={testId} aria-label={title}>
      <h2 className="mb-2 text-base font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

function Empty({ height }: { height: number }) {
  return (
    <div className="flex items-center justify-center rounded-md bg-slate-50 text-sm text-slate-600" style={{ height }}>
      {NO_DATA}
    </div>
  );
}

interface ChartProps {
  title: string;
  points: Point[];
}

export function PieCard({ title, points }: ChartProps) {
  return (
    <ChartCard title={title} testId="chart">
      {points.length ? (
        <ReactEChartsCore echarts={echarts} option={pieOption(points)} notMerge style={{ height: CHART_HEIGHT.pie, width: '100%' }} />
      ) : (
        <Empty height={CHART_HEIGHT.pie} />
      )}
    </ChartCard>
  );
}

export function BarCard({ title, points, days = false }: ChartProps & { days?: boolean }) {
  return (
    <ChartCard title={title} testId="chart">
      {points.length ? (
        <ReactEChartsCore echarts={echarts} option={cartesianOption(points, 'bar', days)} notMerge style={{ height: CHART_HEIGHT.bar, width: '100%' }} />
      ) : (
        <Empty height={CHART_HEIGHT.bar} />
      )}
    </ChartCard>
  );
}

export function LineCard({ title, points }: ChartProps) {
  return (
    <ChartCard title={title} testId="chart">
      {points.length ? (
        <ReactEChartsCore echarts={echarts} option={cartesianOption(points, 'line', true)} notMerge style={{ height: CHART_HEIGHT.line, width: '100%' }} />
      ) : (
        <Empty height={CHART_HEIGHT.line} />
      )}
    </ChartCard>
  );
}
