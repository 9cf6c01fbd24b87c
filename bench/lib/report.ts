/** One line per figure: `BENCH <name> <value> <unit> ratio=<x> baseline=<what>`. */
export interface Figure {
  name: string;
  value: number;
  unit: string;
  ratio?: number;
  baseline?: string;
  target?: string;
}

export const figures: Figure[] = [];

function fmt(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  return Math.abs(n) >= 100 ? n.toFixed(0) : Math.abs(n) >= 10 ? n.toFixed(1) : n.toFixed(2);
}

export function report(f: Figure): void {
  figures.push(f);
  const parts = [`BENCH ${f.name} ${fmt(f.value)} ${f.unit}`];
  parts.push(`ratio=${f.ratio === undefined ? 'n/a' : fmt(f.ratio)}`);
  parts.push(`baseline=${f.baseline ?? 'none'}`);
  if (f.target) parts.push(`target=${f.target}`);
  console.log(parts.join(' '));
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

export function log(message: string): void {
  console.error(`[bench] ${message}`);
}
