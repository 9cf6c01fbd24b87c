/**
 * Which applications a user may see (ARCHITECTURE.md §5): admin, supervisor and manager see the
 * whole company; asesor and user see those they created or are assigned to; banco sees those
 * addressed to its bank. Always within the token's company.
 * A banco user without a bank (none, or a blank one) sees nothing: a blank bank never matches an
 * application's empty or missing bank.
 */
import { and, eq, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { seesWholeCompany } from '../../../../src/domain/roles';
import type { AuthUser } from '../../plugins/auth';
import { solicitudes } from '../../db/schema';

/** The banco user's bank, trimmed and lower-cased; null when it has none. */
function bankOf(user: AuthUser): string | null {
  return user.bancoNombre?.trim().toLowerCase() || null;
}

export function visibleSolicitudes(user: AuthUser): SQL {
  const company = eq(solicitudes.empresaId, user.empresaId);
  if (seesWholeCompany(user.rol)) return company;
  if (user.rol === 'banco') {
    const bank = bankOf(user);
    if (!bank) return sql`false`;
    return and(company, sql`lower(${solicitudes.bancoNombre}) = ${bank}`)!;
  }
  return and(
    company,
    or(eq(solicitudes.createdByUserId, user.id), eq(solicitudes.assignedToUserId, user.id)),
  )!;
}

/** Same rule on a loaded row, for pull (a row that left the user's sight becomes a tombstone). */
export function canSeeRow(
  user: AuthUser,
  row: { empresaId: number; bancoNombre: string | null; createdByUserId: number | null; assignedToUserId: number | null },
): boolean {
  if (row.empresaId !== user.empresaId) return false;
  if (seesWholeCompany(user.rol)) return true;
  if (user.rol === 'banco') {
    const bank = bankOf(user);
    return !!bank && (row.bancoNombre ?? '').toLowerCase() === bank;
  }
  return row.createdByUserId === user.id || row.assignedToUserId === user.id;
}

/**
 * The applications the user could see at some time: those visible now plus, for a banco user,
 * those once addressed to its bank. Creator and assignee never change, so for asesor and user the
 * two sets are the same. Pull sends tombstones only within this set: a deleted or reassigned row
 * leaves the devices that had it, and no other user learns its id.
 */
export function everVisibleSolicitudes(user: AuthUser): SQL {
  if (user.rol !== 'banco') return visibleSolicitudes(user);
  const bank = bankOf(user);
  if (!bank) return sql`false`;
  return and(
    eq(solicitudes.empresaId, user.empresaId),
    or(sql`lower(${solicitudes.bancoNombre}) = ${bank}`, sql`${bank} = any(${solicitudes.bancosAnteriores})`),
  )!;
}

/**
 * What the user's sight depends on besides the rows themselves: the role and, for banco, the bank.
 * Pull sends it with every page; a device that pulled under another scope has rows it may no longer
 * see (no row changed, so no tombstone comes) and pulls everything again from 0.
 * A rule that narrows a role's sight changes its scope too, so devices that pulled under the old
 * rule drop what it no longer shows: banco's `v2` hides the bank-change notifications
 * (notificaciones/service.ts), which a device that pulled before still holds.
 */
export function visibilityScope(user: AuthUser): string {
  return user.rol === 'banco' ? `banco:v2:${bankOf(user) ?? ''}` : user.rol;
}

/**
 * Of an applicant's documents, those `viewer` may be served (GET /api/documentos/{id}): the ones
 * tied to no application and those of live applications it sees. `solicitudId` is the document's
 * `solicitud_id` column as the caller's query names it. A role that sees the whole company sees
 * every live application, so only the deleted ones' documents drop out. Records (pull, dashboard)
 * and the REST lists apply it: an advisor whose applicant has another application, filed by
 * someone else, does not receive that application's file names and sizes.
 */
export function documentosServidos(viewer: AuthUser, solicitudId: SQL | AnyColumn): SQL {
  // A lookup by primary key per document, not the set of every visible application (50,000 for an admin).
  return sql`(${solicitudId} is null or exists (select 1 from ${solicitudes} where ${solicitudes.id} = ${solicitudId} and ${visibleSolicitudes(viewer)} and ${solicitudes.deletedAt} is null))`;
}
