/** Request statuses (spec 01 §4, spec 02 §4): the eight defaults, normalisation and badge colours. */
import { fold } from './text';

export const ESTADOS_DEFAULT = [
  'Pendiente',
  'En estudio',
  'Pendiente información adicional',
  'Aprobado',
  'Desembolsado',
  'Pagado',
  'Negado',
  'Desistido',
] as const;

/**
 * Normalises a status against an allowed list: empty gives 'Pendiente', 'Rechazado' gives
 * 'Negado', other values match case-insensitively. Unknown values are returned trimmed.
 */
export function normalizeEstado(
  value: unknown,
  allowed: readonly string[] = ESTADOS_DEFAULT,
): string {
  const raw = String(value ?? '').trim();
  if (!raw) return 'Pendiente';
  const folded = fold(raw);
  const target = folded === 'rechazado' ? 'negado' : folded;
  return allowed.find((e) => fold(e) === target) ?? raw;
}

/**
 * Every stored spelling shown as status `estado` ('Negado' is also stored as 'Rechazado', the old
 * name, and either is shown as the other when a list lacks it): the list's filter and its status
 * order match a row by any of them. Other statuses have one spelling.
 */
export function estadoAliases(estado: string): string[] {
  const f = fold(estado);
  return f === 'negado' || f === 'rechazado' ? ['Negado', 'Rechazado'] : [estado];
}

/**
 * A company's status list as shown: strings only, each normalised against the defaults
 * ('Rechazado' as 'Negado'), without repeats; the eight defaults when nothing is left.
 */
export function estadosDe(list: unknown): string[] {
  const clean = (Array.isArray(list) ? list : [])
    .filter((e): e is string => typeof e === 'string' && e.trim() !== '')
    .map((e) => normalizeEstado(e, ESTADOS_DEFAULT));
  const unique = [...new Set(clean)];
  return unique.length ? unique : [...ESTADOS_DEFAULT];
}

export type BadgeColor =
  | 'yellow'
  | 'blue'
  | 'orange'
  | 'green'
  | 'purple'
  | 'emerald'
  | 'red'
  | 'gray';

/**
 * Spec 02 §4 badge colours, matched case- and accent-insensitively: 'en revisión' is not a status of
 * the list (no one can choose it) but a badge for it is yellow, like pendiente.
 */
export function estadoColor(value: unknown): BadgeColor {
  const e = fold(String(value ?? ''));
  if (!e || e === 'desistido') return 'gray';
  if (e === 'pendiente' || e === 'en revision') return 'yellow';
  if (e === 'pendiente informacion adicional') return 'orange';
  if (e === 'aprobado') return 'green';
  if (e === 'desembolsado') return 'purple';
  if (e === 'pagado') return 'emerald';
  if (e === 'negado' || e === 'rechazado') return 'red';
  return 'blue';
}
