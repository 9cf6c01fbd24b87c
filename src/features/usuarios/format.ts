import { formatDate } from '../../domain/format';
import { normalizeRole, ROLE_LABELS } from '../../domain/roles';

/** dd/mm/yyyy; '—' when there is no valid date (a user not yet synced). */
export function fechaCorta(iso: string | null | undefined): string {
  return formatDate(iso) || '—';
}

export function rolLabel(rol: string): string {
  const r = normalizeRole(rol);
  return r ? ROLE_LABELS[r] : rol;
}
