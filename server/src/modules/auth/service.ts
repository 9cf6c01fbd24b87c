/**
 * Login and session checks. Invariants: a password hash never leaves this module; an unknown e-mail
 * costs the same scrypt work as a wrong password; the token carries the user's token version, so a
 * password change invalidates earlier tokens; no hash runs inside a database transaction, and every
 * hash passes the process's gate (lib/password.ts), so many logins at once queue briefly or get 429.
 * A deleted user logs in as an unknown e-mail does (same work, same answer), even with the right
 * password: only a session issued before the deletion learns CUENTA_DESACTIVADA (plugins/auth.ts).
 * A logout ends one token (its `jti`), never the user's other sessions: an advisor leaving on the
 * phone keeps the tablet, with its queued work, signed in.
 */
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { empresas, sesionesRevocadas, usuarios } from '../../db/schema';
import { dummyHash, verifyPassword } from '../../lib/password';
import { signToken } from '../../lib/jwt';
import { AppError } from '../../../../src/domain/errors';
import type { AuthUser } from '../../plugins/auth';

export const CREDENCIALES_INVALIDAS = 'Credenciales inválidas. Por favor, verifique su email y contraseña.';

export function publicUser(
  row: typeof usuarios.$inferSelect,
  empresa: { nombre: string; imagen: string | null },
) {
  return {
    id: row.id,
    nombre: row.nombre,
    apellido: row.apellido,
    usuario: row.correo,
    correo: row.correo,
    cedula: row.cedula,
    rol: row.rol.toLowerCase(),
    empresa: empresa.nombre,
    empresa_id: row.empresaId,
    imagen_aliado: empresa.imagen,
    info_extra: row.infoExtra ?? {},
    created_at: row.createdAt,
  };
}

/** `clientKey`: the client's address, which bounds its places in the password-hash gate. */
export async function login(db: Db, jwtKey: Uint8Array, email: string, password: string, clientKey?: string) {
  const [row] = await db
    .select()
    .from(usuarios)
    .where(and(sql`lower(${usuarios.correo}) = ${email.trim().toLowerCase()}`, isNull(usuarios.deletedAt)))
    .limit(1);
  const ok = row
    ? await verifyPassword(password, row.passwordHash, clientKey)
    : (await verifyPassword(password, await dummyHash(), clientKey), false);
  if (!row || !ok) throw new AppError('UNAUTHENTICATED', CREDENCIALES_INVALIDAS);
  const [empresa] = await db.select().from(empresas).where(eq(empresas.id, row.empresaId)).limit(1);
  const token = await signToken(jwtKey, {
    sub: String(row.id),
    emp: row.empresaId,
    rol: row.rol,
    tv: row.tokenVersion,
  });
  const usuario = publicUser(row, empresa);
  return {
    acceso: 'AUTORIZADO' as const,
    usuario,
    empresa: { id: empresa.id, nombre: empresa.nombre, imagen: empresa.imagen },
    rol: usuario.rol,
    access_token: token,
    token_type: 'bearer',
  };
}

export async function currentUser(db: Db, auth: AuthUser) {
  const [row] = await db.select().from(usuarios).where(eq(usuarios.id, auth.id)).limit(1);
  const [empresa] = await db.select().from(empresas).where(eq(empresas.id, row.empresaId)).limit(1);
  return publicUser(row, empresa);
}

/**
 * Ends one session: the token's id is listed until the token's own expiry (after it the token does
 * not verify anyway), and the rows already past theirs are deleted on the way. Ending it twice is
 * the same as once.
 */
export async function revokeToken(db: Db, jti: string, exp: number): Promise<void> {
  await db
    .insert(sesionesRevocadas)
    .values({ jti, expiraEn: new Date(exp * 1000).toISOString() })
    .onConflictDoNothing();
  await db.delete(sesionesRevocadas).where(lt(sesionesRevocadas.expiraEn, sql`now()`));
}
