/**
 * Platform users (spec 01 §3 'User', §5 'Create user', 'Profile'): the valibot schemas shared by
 * the users screen, the profile dialog, the mutations and the server, so the three can never
 * disagree; plus the pure helpers for info_extra and the list.
 * A password is only ever an input: no type here carries a hash, and the mirrored row has none.
 */
import * as v from 'valibot';
import { ROLES, rolesAsignables, type Role } from './roles';
import { DEFAULT_BANCOS } from './colombia';

/** The info_extra entries the user form edits (spec 01 §3). */
export const INFO_EXTRA_KEYS = ['ciudad', 'banco_nombre', 'linea_credito'] as const;
export type InfoExtraKey = (typeof INFO_EXTRA_KEYS)[number];
export type InfoExtra = Partial<Record<InfoExtraKey, string>>;

export const INFO_EXTRA_LABELS: Record<InfoExtraKey, string> = {
  ciudad: 'Ciudad',
  banco_nombre: 'Banco',
  linea_credito: 'Línea de crédito',
};

export const PASSWORD_MIN = 8;

/** The server's refusal of a taken e-mail; the screen says the same before queuing. */
export const correoDuplicado = (correo: string) =>
  `Ya existe un usuario registrado con el correo ${correo}.`;

export const NombreSchema = v.pipe(
  v.string('El nombre es obligatorio'),
  v.trim(),
  v.minLength(1, 'El nombre es obligatorio'),
  v.maxLength(120, 'El nombre es demasiado largo'),
);
export const CedulaSchema = v.pipe(
  v.string('La cédula es obligatoria'),
  v.trim(),
  v.minLength(1, 'La cédula es obligatoria'),
  v.maxLength(30, 'La cédula es demasiado larga'),
  v.regex(/^[0-9A-Za-z.-]+$/, 'La cédula solo puede tener números, letras, puntos y guiones'),
);
export const CorreoSchema = v.pipe(
  v.string('El correo es obligatorio'),
  v.trim(),
  v.minLength(1, 'El correo es obligatorio'),
  v.email('El correo electrónico no es válido'),
  v.maxLength(254, 'El correo es demasiado largo'),
  v.toLowerCase(),
);
export const ContrasenaSchema = v.pipe(
  v.string('La contraseña es obligatoria'),
  v.minLength(1, 'La contraseña es obligatoria'),
  v.minLength(PASSWORD_MIN, `La contraseña debe tener al menos ${PASSWORD_MIN} caracteres`),
  v.maxLength(200, 'La contraseña es demasiado larga'),
);
export const RolSchema = v.picklist(ROLES, 'El rol es obligatorio');

/** One info_extra entry as typed. */
export const InfoTextSchema = v.pipe(v.string('Debe ser un texto'), v.trim(), v.maxLength(120, 'El valor es demasiado largo'));
const infoText = v.optional(InfoTextSchema);

/** info_extra as sent: the three known entries; empty ones are dropped by `cleanInfoExtra`. */
export const InfoExtraSchema = v.pipe(
  v.optional(
    v.object({ ciudad: infoText, banco_nombre: infoText, linea_credito: infoText }, 'Debe ser un objeto'),
    {},
  ),
  v.transform((value) => cleanInfoExtra(value)),
);

/** Drops empty entries and unknown keys (spec 01 §5: empty info_extra entries are dropped). */
export function cleanInfoExtra(input: Record<string, unknown> | null | undefined): InfoExtra {
  const out: InfoExtra = {};
  for (const key of INFO_EXTRA_KEYS) {
    const value = input?.[key];
    if (typeof value === 'string' && value.trim()) out[key] = value.trim();
  }
  return out;
}

/**
 * Applies edited info_extra entries over the stored object: the three known keys are replaced
 * (or removed when empty); any other key the row carries is kept.
 */
export function mergeInfoExtra(stored: Record<string, unknown> | null | undefined, edited: InfoExtra): Record<string, unknown> {
  const out: Record<string, unknown> = { ...(stored ?? {}) };
  for (const key of INFO_EXTRA_KEYS) {
    if (edited[key]) out[key] = edited[key];
    else delete out[key];
  }
  return out;
}

/**
 * Whether two values of a user's field are the same for an edit: absent, null and '' alike, texts
 * trimmed, objects (info_extra) key by key in any order. The server's user edit writes nothing when
 * every field is the same by this; the device's mutator then leaves its mirrored row alone too.
 */
export function mismoDatoUsuario(a: unknown, b: unknown): boolean {
  const canon = (x: unknown): unknown => {
    if (x === undefined || x === '') return null;
    if (x && typeof x === 'object' && !Array.isArray(x)) {
      return Object.fromEntries(
        Object.keys(x)
          .sort()
          .map((k) => [k, canon((x as Record<string, unknown>)[k])]),
      );
    }
    return typeof x === 'string' ? x.trim() : x;
  };
  return JSON.stringify(canon(a)) === JSON.stringify(canon(b));
}

/** A new user (the 'Crear Nuevo Usuario' form and POST /api/usuarios). */
export const UsuarioNuevoSchema = v.object({
  nombre: NombreSchema,
  cedula: CedulaSchema,
  correo: CorreoSchema,
  contraseña: ContrasenaSchema,
  rol: RolSchema,
  info_extra: InfoExtraSchema,
});
export type UsuarioNuevo = v.InferOutput<typeof UsuarioNuevoSchema>;

/** A blank password on edit keeps the current one (spec 01 §5). */
export const ContrasenaEdicionSchema = v.optional(v.union([v.literal(''), ContrasenaSchema], `La contraseña debe tener al menos ${PASSWORD_MIN} caracteres`), '');

/** The editable fields of an existing user; every one optional (only what changed is sent). */
export const UsuarioCambiosSchema = v.object({
  nombre: v.optional(NombreSchema),
  cedula: v.optional(CedulaSchema),
  correo: v.optional(CorreoSchema),
  rol: v.optional(RolSchema),
  info_extra: v.optional(InfoExtraSchema),
  contraseña: ContrasenaEdicionSchema,
});
export type UsuarioCambios = v.InferOutput<typeof UsuarioCambiosSchema>;

/** The fields whose edit carries a base value for conflict detection (never the password). */
export const USUARIO_BASE_FIELDS = ['nombre', 'cedula', 'correo', 'rol', 'info_extra'] as const;
export type UsuarioBaseField = (typeof USUARIO_BASE_FIELDS)[number];

/** The profile dialog: nombre and correo only; cedula and empresa are read-only (spec 01 §5). */
export const PerfilSchema = v.object({ nombre: NombreSchema, correo: CorreoSchema });
export type Perfil = v.InferOutput<typeof PerfilSchema>;

/** The server's answer to a wrong current password (field `actual`). */
export const CONTRASENA_ACTUAL_INCORRECTA = 'La contraseña actual no es correcta.';
export const CONTRASENAS_NO_COINCIDEN = 'Las contraseñas nuevas no coinciden.';
export const CONTRASENA_IGUAL = 'La contraseña nueva debe ser distinta de la actual.';

/**
 * 'Cambiar contraseña' on the profile: the current password and the new one twice. The dialog
 * and POST /api/perfil/contrasena validate with it; the server also checks the current one.
 */
export const CambioContrasenaSchema = v.pipe(
  v.object({
    actual: v.pipe(v.string('Escribe tu contraseña actual'), v.minLength(1, 'Escribe tu contraseña actual'), v.maxLength(200, 'La contraseña es demasiado larga')),
    nueva: ContrasenaSchema,
    confirmacion: v.pipe(v.string('Repite la contraseña nueva'), v.minLength(1, 'Repite la contraseña nueva')),
  }),
  v.forward(
    v.partialCheck([['nueva'], ['confirmacion']], (i) => i.nueva === i.confirmacion, CONTRASENAS_NO_COINCIDEN),
    ['confirmacion'],
  ),
  v.forward(
    v.partialCheck([['actual'], ['nueva']], (i) => i.actual !== i.nueva, CONTRASENA_IGUAL),
    ['nueva'],
  ),
);
export type CambioContrasena = v.InferOutput<typeof CambioContrasenaSchema>;

/** A user as the server answers and pull mirrors it: never a password or its hash. */
export interface UsuarioRow {
  /** The server's integer id, or the creation's temporary UUID while it is only local. */
  id: number | string;
  nombre: string;
  apellido?: string | null;
  correo: string;
  cedula: string;
  rol: string;
  info_extra: Record<string, unknown>;
  created_at: string | null;
  /** True for a user created on this device that the server has not assigned an id yet. */
  local?: boolean;
  /** True while a change of this user made on this device waits for the server (not stored: read from the shadows). */
  pendiente?: boolean;
  /** True for a user deleted on this device whose deletion the server has not received yet (read from the shadows). */
  eliminando?: boolean;
}

export function isLocalUsuario(row: Pick<UsuarioRow, 'id'>): boolean {
  return typeof row.id !== 'number';
}

/** 'Ciudad: Bogotá · Banco: Bancolombia' for the 'Información Adicional' column. */
export function infoExtraText(info: Record<string, unknown> | null | undefined): string {
  const clean = cleanInfoExtra(info ?? {});
  return INFO_EXTRA_KEYS.filter((k) => clean[k])
    .map((k) => `${INFO_EXTRA_LABELS[k]}: ${clean[k]}`)
    .join(' · ');
}

/** Case- and accent-insensitive search over the visible columns. */
export function matchesUsuario(row: UsuarioRow, query: string): boolean {
  const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  const q = fold(query.trim());
  if (!q) return true;
  const hay = fold([row.id, row.nombre, row.correo, row.cedula, row.rol, infoExtraText(row.info_extra)].join(' '));
  return q.split(/\s+/).every((word) => hay.includes(word));
}

/** Server users by id, then the ones still waiting for the server. */
export function compareUsuarios(a: UsuarioRow, b: UsuarioRow): number {
  const la = isLocalUsuario(a);
  const lb = isLocalUsuario(b);
  if (la !== lb) return la ? 1 : -1;
  if (!la) return (a.id as number) - (b.id as number);
  return a.nombre.localeCompare(b.nombre, 'es');
}

/** Who may edit or delete `target` (the server enforces the same rules). */
export function canManageUsuario(actor: { id: number; rol: Role }, target: Pick<UsuarioRow, 'id' | 'rol'>) {
  const manager = actor.rol === 'admin' || actor.rol === 'supervisor';
  const supervisorOnAdmin = actor.rol === 'supervisor' && String(target.rol).toLowerCase() === 'admin';
  return {
    edit: manager && !supervisorOnAdmin && !isLocalUsuario(target),
    delete: manager && !supervisorOnAdmin && !isLocalUsuario(target) && target.id !== actor.id,
  };
}

/** The server's refusals of a supervisor's write on an administrator, and of deleting oneself. */
export const SUPERVISOR_NO_TOCA_ADMIN = 'Un supervisor no puede modificar ni eliminar a un administrador.';
export const NO_ELIMINAR_PROPIO = 'No puedes eliminar tu propio usuario.';

/**
 * Why the user's window offers no 'Editar' or 'Eliminar' the actor might look for (the server
 * refuses the same), or null: a supervisor before an administrator, anyone before their own account.
 */
export function manageNote(actor: { id: number; rol: Role }, target: Pick<UsuarioRow, 'id' | 'rol'>): string | null {
  if (actor.rol !== 'admin' && actor.rol !== 'supervisor') return null;
  if (isLocalUsuario(target)) return null;
  if (actor.rol === 'supervisor' && String(target.rol).toLowerCase() === 'admin') return SUPERVISOR_NO_TOCA_ADMIN;
  if (target.id === actor.id) return NO_ELIMINAR_PROPIO;
  return null;
}

/** Roles the actor may give in the user form (roles.ts `rolesAsignables`; the server checks the same). */
export function assignableRoles(actor: Role): readonly Role[] {
  return rolesAsignables(actor);
}

/** The server's refusal of a bank outside the company's list (field `info_extra.banco_nombre`). */
export const BANCO_NO_EN_LISTA = 'Banco: elige un banco de la lista de la empresa.';

/**
 * The company's bank list from its categories (the active 'bancos' one), or the spec's defaults
 * when it has none: what the users form offers and the server accepts.
 */
export function bancosDeEmpresa(
  categorias: readonly { categoria: string; activo?: boolean | null; configuracion: unknown }[],
): readonly string[] {
  const row = categorias.find((c) => c.categoria === 'bancos' && c.activo !== false);
  const list = Array.isArray(row?.configuracion) ? row.configuracion.filter((x): x is string => typeof x === 'string' && x.trim() !== '') : [];
  return list.length ? list.map((x) => x.trim()) : DEFAULT_BANCOS;
}

/**
 * The company's spelling of `nombre` when it is in its bank list (case and accents aside), else
 * null. The users form offers only the list; the server refuses anything else.
 */
export function bancoDeLista(bancos: readonly string[], nombre: string): string | null {
  const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').trim().toLowerCase();
  return bancos.find((b) => fold(b) === fold(nombre)) ?? null;
}
