import { normalizeRole, ROLE_LABELS } from '../../domain/roles';

/** dd/mm/yyyy in the Colombian locale; '—' when there is no valid date (a user not yet synced). */
export function fechaCorta(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '—';
  return d.toLocaleDateString('es-CO', { day: '2-digit', month: '2-digit', year: 'numeric' });
}

export function rolLabel(rol: string): string {
  const r = normalizeRole(rol);
  return r ? ROLE_LABELS[r] : rol;
}
