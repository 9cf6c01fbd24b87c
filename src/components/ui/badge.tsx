import type { ReactNode } from 'react';
import type { BadgeColor } from '../../domain/estados';

const COLORS: Record<BadgeColor, string> = {
  yellow: 'bg-yellow-100 text-yellow-900 ring-yellow-300',
  blue: 'bg-blue-100 text-blue-900 ring-blue-300',
  orange: 'bg-orange-100 text-orange-900 ring-orange-300',
  green: 'bg-green-100 text-green-900 ring-green-300',
  purple: 'bg-purple-100 text-purple-900 ring-purple-300',
  emerald: 'bg-emerald-100 text-emerald-900 ring-emerald-300',
  red: 'bg-red-100 text-red-900 ring-red-300',
  gray: 'bg-slate-100 text-slate-800 ring-slate-300',
};

export function Badge({ color = 'gray', children }: { color?: BadgeColor; children: ReactNode }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${COLORS[color]}`}>
      {children}
    </span>
  );
}
