/**
 * Platform users of a company and the signed-in user's own profile; called by the REST routes and
 * by the sync push handlers alike. Invariants:
 * - Everything is scoped to the token's company: a user of another company (or a deleted one) is
 *   NOT_FOUND, never FORBIDDEN, so ids do not leak.
 * - User administration is for admin and supervisor only; a supervisor can neither create, promote,
 *   edit nor delete an admin (else a supervisor could reset an admin's password and become one).
 * - Nobody deletes themselves; a company never loses its last admin (by deletion or demotion).
 *   Every write first takes the company row lock through `nextSeq`, so two concurrent writes cannot
 *   both see "another admin remains".
 * - E-mails are unique (case-insensitive) among active users of every company, because login is by
 *   e-mail alone; a duplicate is a VALIDATION error with a Spanish message (also when the unique
 *   index catches a race), never a 500 — a 500 would stop a push batch as if temporary.
 * - Passwords are hashed with lib/password (scrypt) as on login and never returned or audited. A
 *   new password or a deletion bumps `token_version`, so the user's earlier sessions end; a changed
 *   e-mail does not (the token is bound to the user id and token version), so the session stays.
 * - The role given must be one `rolesAsignables` lets the actor give (a supervisor never gives
 *   admin); a bank (info_extra.banco_nombre) must be in the company's bank list, stored with the
 *   list's spelling; both are checked only for what the write sets, so an old value stays.
 * - Every write sets the row's `seq` from nextSeq (pull mirrors users to admin and supervisor) and
 *   leaves an audit row.
 */
import { and, asc, count, eq, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { categorias, empresas, usuarios } from '../../db/schema';
import { nextSeq } from '../../db/change-seq';
import { hashPassword } from '../../lib/password';
import { AppError, forbidden } from '../../../../src/domain/errors';
import { isAdminOrSupervisor, normalizeRole, rolesAsignables, type Role } from '../../../../src/domain/roles';
import {
  BANCO_NO_EN_LISTA,
  bancoDeLista,
  bancosDeEmpresa,
  correoDuplicado,
  mergeInfoExtra,
  mismoDatoUsuario,
  NO_ELIMINAR_PROPIO,
  SUPERVISOR_NO_TOCA_ADMIN,
  type Perfil,
  type UsuarioCambios,
  type UsuarioNuevo,
  type UsuarioRow,
} from '../../../../src/domain/usuario';
import type { EditarUsuarioArgs } from '../../../../src/domain/mutations';
import type { AuthUser } from '../../plugins/auth';
import { audit, auditBy, type FieldChanges } from '../audit/service';
import { publicUser } from '../auth/service';
import { touchRevisionesOf } from '../revisiones/rows';

export const USUARIO_NO_EXISTE = 'El usuario no existe o pertenece a otra empresa.';
export const SOLO_ADMIN_SUPERVISOR = 'Solo un administrador o un supervisor puede gestionar usuarios.';
export const SUPERVISOR_NO_ADMIN = 'Un supervisor no puede crear administradores ni asignar ese rol.';
export const ULTIMO_ADMIN = 'La empresa debe conservar al menos un administrador.';

type UsuarioDb = typeof usuarios.$inferSelect;

/** The row as answered and mirrored: never the password hash or token version. */
export function usuarioRow(row: UsuarioDb): UsuarioRow & { updated_at: string } {
  return {
    id: row.id,
    nombre: row.nombre,
    apellido: row.apellido,
    correo: row.correo,
    cedula: row.cedula,
    rol: row.rol.toLowerCase(),
    info_extra: row.infoExtra ?? {},
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

function requireManager(user: AuthUser) {
  if (!isAdminOrSupervisor(user.rol)) throw forbidden(SOLO_ADMIN_SUPERVISOR);
}

function duplicate(correo: string): AppError {
  const msg = correoDuplicado(correo);
  return new AppError('VALIDATION', msg, { fields: { correo: msg } });
}

async function assertCorreoLibre(tx: DbOrTx, correo: string, exceptId?: number) {
  const [hit] = await tx
    .select({ id: usuarios.id })
    .from(usuarios)
    .where(
      and(
        sql`lower(${usuarios.correo}) = ${correo.toLowerCase()}`,
        isNull(usuarios.deletedAt),
        exceptId !== undefined ? ne(usuarios.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (hit) throw duplicate(correo);
}

/** A unique-index violation on the e-mail (a concurrent creation) becomes the duplicate message. */
function mapUnique(err: unknown, correo: string): never {
  const e = err as { code?: string; cause?: { code?: string } };
  if (e?.code === '23505' || e?.cause?.code === '23505') throw duplicate(correo);
  throw err;
}

async function lockUsuario(tx: DbOrTx, user: AuthUser, id: number): Promise<UsuarioDb> {
  const [row] = await tx
    .select()
    .from(usuarios)
    .where(and(eq(usuarios.id, id), eq(usuarios.empresaId, user.empresaId), isNull(usuarios.deletedAt)))
    .for('update')
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', USUARIO_NO_EXISTE);
  return row;
}

async function otherAdmins(tx: DbOrTx, empresaId: number, exceptId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(usuarios)
    .where(
      and(
        eq(usuarios.empresaId, empresaId),
        isNull(usuarios.deletedAt),
        sql`lower(${usuarios.rol}) = 'admin'`,
        ne(usuarios.id, exceptId),
      ),
    );
  return Number(row?.n ?? 0);
}

export async function listUsuarios(db: DbOrTx, user: AuthUser) {
  requireManager(user);
  const rows = await db
    .select()
    .from(usuarios)
    .where(and(eq(usuarios.empresaId, user.empresaId), isNull(usuarios.deletedAt)))
    .orderBy(asc(usuarios.id));
  return rows.map(usuarioRow);
}

export async function getUsuario(db: DbOrTx, user: AuthUser, id: number) {
  requireManager(user);
  const [row] = await db
    .select()
    .from(usuarios)
    .where(and(eq(usuarios.id, id), eq(usuarios.empresaId, user.empresaId), isNull(usuarios.deletedAt)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', USUARIO_NO_EXISTE);
  return usuarioRow(row);
}

/** Refuses a role the actor may not give (the users form offers only `rolesAsignables`). */
function requireAsignable(user: AuthUser, rol: string) {
  if (rolesAsignables(user.rol).includes(rol as Role)) return;
  throw forbidden(rol === 'admin' ? SUPERVISOR_NO_ADMIN : 'No puedes asignar ese rol.');
}

/** The bank in the company's list (its spelling), or a VALIDATION error on info_extra.banco_nombre. */
async function bancoValido(tx: DbOrTx, empresaId: number, banco: string): Promise<string> {
  const rows = await tx
    .select({ categoria: categorias.categoria, activo: categorias.activo, configuracion: categorias.configuracion })
    .from(categorias)
    .where(and(eq(categorias.empresaId, empresaId), eq(categorias.categoria, 'bancos'), isNull(categorias.deletedAt)));
  const found = bancoDeLista(bancosDeEmpresa(rows), banco);
  if (!found) throw new AppError('VALIDATION', BANCO_NO_EN_LISTA, { fields: { 'info_extra.banco_nombre': BANCO_NO_EN_LISTA } });
  return found;
}

export async function crearUsuario(tx: DbOrTx, user: AuthUser, input: UsuarioNuevo) {
  requireManager(user);
  requireAsignable(user, input.rol);
  if (input.info_extra.banco_nombre) {
    input = { ...input, info_extra: { ...input.info_extra, banco_nombre: await bancoValido(tx, user.empresaId, input.info_extra.banco_nombre) } };
  }
  // Callers hash the password before the transaction (withHashedPasswords): this answers at once.
  const passwordHash = await hashPassword(input.contraseña);
  const seq = await nextSeq(tx, user.empresaId);
  await assertCorreoLibre(tx, input.correo);
  const [row] = await tx
    .insert(usuarios)
    .values({
      empresaId: user.empresaId,
      nombre: input.nombre,
      correo: input.correo,
      cedula: input.cedula,
      rol: input.rol,
      passwordHash,
      infoExtra: input.info_extra,
      seq,
    })
    .returning()
    .catch((err: unknown) => mapUnique(err, input.correo));
  await auditBy(tx, user, {
    entidad: 'usuario',
    entidadId: String(row.id),
    accion: 'crear',
    cambios: {
      nombre: { old: null, new: row.nombre },
      correo: { old: null, new: row.correo },
      cedula: { old: null, new: row.cedula },
      rol: { old: null, new: row.rol },
      info_extra: { old: null, new: row.infoExtra },
    },
  });
  return usuarioRow(row);
}

const same = mismoDatoUsuario;

export async function editarUsuario(
  tx: DbOrTx,
  user: AuthUser,
  args: { usuarioId: number; changes: UsuarioCambios; base?: EditarUsuarioArgs['base'] },
) {
  requireManager(user);
  let { changes } = args;
  if (changes.rol !== undefined) requireAsignable(user, changes.rol);
  // Hashed before the transaction by the caller (withHashedPasswords), like crearUsuario's.
  const newPassword = changes.contraseña ? await hashPassword(changes.contraseña) : null;
  const seq = await nextSeq(tx, user.empresaId);
  const row = await lockUsuario(tx, user, args.usuarioId);
  if (user.rol === 'supervisor' && normalizeRole(row.rol) === 'admin') {
    throw forbidden(SUPERVISOR_NO_TOCA_ADMIN);
  }

  const current = usuarioRow(row);
  const newBank = changes.info_extra?.banco_nombre;
  if (newBank) {
    // The bank the user has, in any spelling, keeps its stored spelling (even if the list dropped
    // it); another bank must be in the list and takes the list's spelling.
    const banco = bancoDeLista([String(row.infoExtra?.banco_nombre ?? '')], newBank) ?? (await bancoValido(tx, user.empresaId, newBank));
    changes = { ...changes, info_extra: { ...changes.info_extra, banco_nombre: banco } };
  }
  const next = {
    nombre: changes.nombre ?? row.nombre,
    cedula: changes.cedula ?? row.cedula,
    correo: changes.correo ?? row.correo,
    rol: changes.rol ?? row.rol,
    info_extra: changes.info_extra ? mergeInfoExtra(row.infoExtra, changes.info_extra) : row.infoExtra,
  };

  // Field-level conflicts: a field the user saw with another value than the server's now.
  const base = args.base ?? {};
  const conflicts: Record<string, { base: unknown; server: unknown; mine: unknown }> = {};
  for (const field of ['nombre', 'cedula', 'correo', 'rol', 'info_extra'] as const) {
    if (changes[field] === undefined || base[field] === undefined) continue;
    const server = current[field];
    if (!same(base[field], server) && !same(server, next[field])) {
      conflicts[field] = { base: base[field], server, mine: next[field] };
    }
  }
  if (Object.keys(conflicts).length) {
    throw new AppError('CONFLICT', 'Otra persona modificó este usuario mientras tanto.', {
      conflict: { fields: conflicts },
    });
  }

  if (normalizeRole(row.rol) === 'admin' && normalizeRole(next.rol) !== 'admin') {
    if ((await otherAdmins(tx, user.empresaId, row.id)) === 0) {
      throw new AppError('VALIDATION', ULTIMO_ADMIN, { fields: { rol: ULTIMO_ADMIN } });
    }
  }
  if (!same(next.correo.toLowerCase(), row.correo.toLowerCase())) {
    await assertCorreoLibre(tx, next.correo, row.id);
  }

  const cambios: FieldChanges = {};
  for (const field of ['nombre', 'cedula', 'correo', 'rol', 'info_extra'] as const) {
    if (!same(current[field], next[field])) cambios[field] = { old: current[field], new: next[field] };
  }
  if (newPassword) cambios.contraseña = { old: '(oculta)', new: '(cambiada)' };
  if (Object.keys(cambios).length === 0) return current;

  const [updated] = await tx
    .update(usuarios)
    .set({
      nombre: next.nombre,
      cedula: next.cedula,
      correo: next.correo,
      rol: next.rol,
      infoExtra: next.info_extra,
      ...(newPassword ? { passwordHash: newPassword, tokenVersion: row.tokenVersion + 1 } : {}),
      seq,
      updatedAt: sql`now()`,
    })
    .where(eq(usuarios.id, row.id))
    .returning()
    .catch((err: unknown) => mapUnique(err, next.correo));
  if (cambios.nombre) await touchRevisionesOf(tx, user.empresaId, row.id, seq);
  await auditBy(tx, user, {
    entidad: 'usuario',
    entidadId: String(row.id),
    accion: 'editar',
    cambios,
  });
  return usuarioRow(updated);
}

export async function eliminarUsuario(tx: DbOrTx, user: AuthUser, args: { usuarioId: number }) {
  requireManager(user);
  if (args.usuarioId === user.id) throw forbidden(NO_ELIMINAR_PROPIO);
  const seq = await nextSeq(tx, user.empresaId);
  const row = await lockUsuario(tx, user, args.usuarioId);
  if (normalizeRole(row.rol) === 'admin') {
    if (user.rol === 'supervisor') throw forbidden(SUPERVISOR_NO_TOCA_ADMIN);
    if ((await otherAdmins(tx, user.empresaId, row.id)) === 0) throw forbidden(ULTIMO_ADMIN);
  }
  // Soft delete (pull sends a tombstone); the token version bump ends the user's sessions even
  // for a check that would not look at deleted_at.
  const [gone] = await tx
    .update(usuarios)
    .set({ deletedAt: sql`now()`, tokenVersion: row.tokenVersion + 1, seq, updatedAt: sql`now()` })
    .where(eq(usuarios.id, row.id))
    .returning({ deletedAt: usuarios.deletedAt });
  await auditBy(tx, user, {
    entidad: 'usuario',
    entidadId: String(row.id),
    accion: 'eliminar',
    cambios: { deleted_at: { old: null, new: gone.deletedAt } },
  });
  return { id: row.id };
}

/** What the profile form may send besides nombre and correo: read-only, refused if changed. */
export interface PerfilInput extends Perfil {
  cedula?: string;
  rol?: string;
  empresa?: string;
  empresa_id?: number | string;
}

/**
 * The signed-in user's own nombre and correo. Cedula, rol and empresa are read-only: a different
 * value is refused with a message; info_extra is never written here (a banco user's bank decides
 * what it sees). Answers the session user, with empresa and imagen_aliado to merge.
 */
export async function editarPerfil(tx: DbOrTx, user: AuthUser, input: PerfilInput) {
  const [row] = await tx
    .select()
    .from(usuarios)
    .where(and(eq(usuarios.id, user.id), isNull(usuarios.deletedAt)))
    .for('update')
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', USUARIO_NO_EXISTE);
  const [empresa] = await tx.select().from(empresas).where(eq(empresas.id, row.empresaId)).limit(1);
  const readOnly = (field: string, msg: string) => new AppError('VALIDATION', msg, { fields: { [field]: msg } });
  if (input.cedula !== undefined && input.cedula.trim() !== row.cedula) {
    throw readOnly('cedula', 'La cédula no se puede modificar.');
  }
  if (input.rol !== undefined && normalizeRole(input.rol) !== normalizeRole(row.rol)) {
    throw readOnly('rol', 'El rol no se puede modificar desde el perfil.');
  }
  if (
    (input.empresa !== undefined && input.empresa.trim() !== empresa.nombre) ||
    (input.empresa_id !== undefined && String(input.empresa_id) !== String(row.empresaId))
  ) {
    throw readOnly('empresa', 'La empresa no se puede modificar.');
  }
  const cambios: FieldChanges = {};
  if (input.nombre !== row.nombre) cambios.nombre = { old: row.nombre, new: input.nombre };
  if (input.correo.toLowerCase() !== row.correo.toLowerCase()) {
    await assertCorreoLibre(tx, input.correo, row.id);
    cambios.correo = { old: row.correo, new: input.correo };
  }
  if (Object.keys(cambios).length === 0) return publicUser(row, empresa);
  const seq = await nextSeq(tx, row.empresaId);
  const [updated] = await tx
    .update(usuarios)
    .set({ nombre: input.nombre, correo: input.correo, seq, updatedAt: sql`now()` })
    .where(eq(usuarios.id, row.id))
    .returning()
    .catch((err: unknown) => mapUnique(err, input.correo));
  if (cambios.nombre) await touchRevisionesOf(tx, row.empresaId, row.id, seq);
  await audit(tx, {
    empresaId: row.empresaId,
    usuarioId: user.id,
    entidad: 'usuario',
    entidadId: String(row.id),
    accion: 'editarPerfil',
    cambios,
  });
  return publicUser(updated, empresa);
}

/** perfil.editar through push: only one's own profile. */
export async function editarPerfilMutation(tx: DbOrTx, user: AuthUser, args: Perfil & { usuarioId: number }) {
  if (args.usuarioId !== user.id) throw forbidden('Solo puedes editar tu propio perfil.');
  return editarPerfil(tx, user, { nombre: args.nombre, correo: args.correo });
}
