/** Roles and permissions (spec 01 §6, ARCHITECTURE.md §5). Pure: used by UI, worker and server. */
export const ROLES = ['admin', 'manager', 'user', 'banco', 'supervisor', 'asesor'] as const;
export type Role = (typeof ROLES)[number];


export const PERMISSIONS = [
  'delete_customer',
  'edit_customer',
  'change_status',
  'create_customer',
  'view_customer',
  'download_sales',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const TABLE: Record<Role, readonly Permission[]> = {
  admin: PERMISSIONS,
  manager: ['edit_customer', 'change_status', 'create_customer', 'view_customer'],
  user: ['view_customer'],
  banco: ['view_customer', 'change_status', 'edit_customer'],
  supervisor: [
    'delete_customer',
    'edit_customer',
    'change_status',
    'create_customer',
    'view_customer',
  ],
  // The field advisor: works on the applications it created or is assigned to.
  asesor: ['view_customer', 'create_customer', 'edit_customer'],
};

export function normalizeRole(value: unknown): Role | null {
  const r = String(value ?? '')
    .trim()
    .toLowerCase();
  return (ROLES as readonly string[]).includes(r) ? (r as Role) : null;
}

export function can(role: Role | null | undefined, permission: Permission): boolean {
  return !!role && TABLE[role].includes(permission);
}

/** Configuración and Usuarios: admin and supervisor only. */
export function isAdminOrSupervisor(role: Role | null | undefined): boolean {
  return role === 'admin' || role === 'supervisor';
}

/**
 * The company's e-mail log of an application ('Correos': staff addresses, relay errors) is the
 * broker's own: not for banco, the outside bank's staff.
 */
export const ROLES_CORREOS: readonly Role[] = ['admin', 'supervisor', 'manager', 'asesor', 'user'];

/** Roles that see every application of their company. */
export function seesWholeCompany(role: Role): boolean {
  return role === 'admin' || role === 'supervisor' || role === 'manager';
}

/** The order the users form lists the roles in. */
const ORDEN_ASIGNABLES: readonly Role[] = ['admin', 'supervisor', 'manager', 'asesor', 'banco', 'user'];

/**
 * The roles `actor` may give to a user it creates or edits (the users form offers exactly these,
 * and the server refuses any other): an admin every role, a supervisor every role but admin
 * (else it could make itself one), anyone else none (user administration is theirs alone).
 */
export function rolesAsignables(actor: Role | null | undefined): readonly Role[] {
  if (actor === 'admin') return ORDEN_ASIGNABLES;
  if (actor === 'supervisor') return ORDEN_ASIGNABLES.filter((r) => r !== 'admin');
  return [];
}

/** Spanish names of the roles, as every screen shows them. */
export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Administrador',
  manager: 'Gerente',
  user: 'Usuario',
  banco: 'Banco',
  supervisor: 'Supervisor',
  asesor: 'Asesor',
};
