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
import { cartesianOption, estadoPieOption, pieOption } from './chart-options';
import { CHART_HEIGHT, type Point } from './format';
import { useElementWidth } from './use-element-width';

echarts.use([PieChart, BarChart, LineChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

export const NO_DATA = 'No hay datos disponibles';

/** A chart card; its chart is drawn once the card's width is known, in the layout for that width. */
function ChartCard({
  title,
  caption,
  height,
  empty,
  option,
}: {
  title: string;
  /** What the chart counts, under its title, when the title alone could be read two ways. */
  caption?: string;
  height: number;
  empty: boolean;
  option: (width: number) => object;
}) {
  const [ref, width] = useElementWidth<HTMLDivElement>();
  return (
    <section className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-testid="chart" aria-label={title}>
      <h2 className={`${caption ? '' : 'mb-2 '}text-base font-semibold text-slate-900`}>{title}</h2>
      {caption && (
        <p className="mb-2 mt-1 text-xs text-slate-600" data-testid="chart-caption">
          {caption}
        </p>
      )}
      <div ref={ref} style={{ height }}>
        {empty ? (
          <div className="flex h-full items-center justify-center rounded-md bg-slate-50 text-sm text-slate-600">{NO_DATA}</div>
        ) : (
          width > 0 && <ReactEChartsCore echarts={echarts} option={option(width)} notMerge style={{ height, width: '100%' }} />
        )}
      </div>
    </section>
  );
}

interface ChartProps {
  title: string;
  caption?: string;
  points: Point[];
}

/** A pie; with `estados`, its slices are statuses, each drawn in its badge's colour. */
export function PieCard({ title, caption, points, estados = false }: ChartProps & { estados?: boolean }) {
  const option = estados ? estadoPieOption : pieOption;
  return <ChartCard title={title} caption={caption} height={CHART_HEIGHT.pie} empty={!points.length} option={(w) => option(points, w)} />;
}

export function BarCard({ title, points, days = false }: ChartProps & { days?: boolean }) {
  return <ChartCard title={title} height={CHART_HEIGHT.bar} empty={!points.length} option={(w) => cartesianOption(points, 'bar', w, days)} />;
}

export function LineCard({ title, points }: ChartProps) {
  return <ChartCard title={title} height={CHART_HEIGHT.line} empty={!points.length} option={(w) => cartesianOption(points, 'line', w, true)} />;
}
