/**
 * The credits list's orders as the screen offers them (issue 28): Spanish names, which way a
 * field sorts at its first choice (dates and amounts biggest first, names and statuses A to Z or
 * in the company's order), and what the direction reads as for each field. Pure.
 */
import type { ListSort, SortDir, SortField } from '../../db/sort-order';

export const SORT_FIELDS: readonly SortField[] = ['fecha', 'nombre', 'monto', 'estado'];

export const SORT_LABELS: Readonly<Record<SortField, string>> = {
  fecha: 'Fecha',
  nombre: 'Nombre',
  monto: 'Monto',
  estado: 'Estado',
};

const FIRST_DIR: Readonly<Record<SortField, SortDir>> = { fecha: 'desc', nombre: 'asc', monto: 'desc', estado: 'asc' };

const DIR_LABELS: Readonly<Record<SortField, Record<SortDir, string>>> = {
  fecha: { desc: 'Más recientes primero', asc: 'Más antiguas primero' },
  nombre: { asc: 'De la A a la Z', desc: 'De la Z a la A' },
  monto: { desc: 'Mayor a menor', asc: 'Menor a mayor' },
  estado: { asc: 'Según el flujo', desc: 'Flujo inverso' },
};

/** The order after choosing `field`: the same field turns around, another starts its own way. */
export function nextSort(current: ListSort, field: SortField): ListSort {
  if (current.field === field) return { field, dir: current.dir === 'asc' ? 'desc' : 'asc' };
  return { field, dir: FIRST_DIR[field] };
}

/** 'Mayor a menor' for amounts descending, 'De la A a la Z' for names ascending… */
export function dirLabel(field: SortField, dir: SortDir): string {
  return DIR_LABELS[field][dir];
}

/** The directions of a field, its first one first. */
export function dirsOf(field: SortField): SortDir[] {
  return FIRST_DIR[field] === 'asc' ? ['asc', 'desc'] : ['desc', 'asc'];
}
