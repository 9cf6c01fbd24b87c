/**
 * The signed-in user's own password change (POST /api/perfil/contrasena): the current password,
 * then the new one. Invariants:
 * - a wrong current password is a VALIDATION error on `actual` and changes nothing;
 * - both scrypt runs (check and new hash) happen before the transaction, which only locks the row,
 *   checks the hash is still the one verified (a concurrent change wins, this one is a CONFLICT),
 *   writes and audits, so no password work holds a transaction open;
 * - the token version is bumped, so every other session of the user ends (their tokens carry the
 *   old version); the answer carries a new token for the session that made the change, which keeps
 *   working without logging in again;
 * - the password is never returned or audited (the audit row says it changed).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { usuarios } from '../../db/schema';
import { nextSeq } from '../../db/change-seq';
import { hashPassword, staffHashKey, verifyPassword } from '../../lib/password';
import { signToken } from '../../lib/jwt';
import { AppError } from '../../../../src/domain/errors';
import { CONTRASENA_ACTUAL_INCORRECTA, type CambioContrasena } from '../../../../src/domain/usuario';
import type { AuthUser } from '../../plugins/auth';
import { audit } from '../audit/service';
import { USUARIO_NO_EXISTE } from './service';

export async function cambiarContrasena(db: Db, jwtKey: Uint8Array, user: AuthUser, input: CambioContrasena) {
  const [row] = await db
    .select()
    .from(usuarios)
    .where(and(eq(usuarios.id, user.id), isNull(usuarios.deletedAt)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', USUARIO_NO_EXISTE);
  if (!(await verifyPassword(input.actual, row.passwordHash, staffHashKey(user)))) {
    throw new AppError('VALIDATION', CONTRASENA_ACTUAL_INCORRECTA, { fields: { actual: CONTRASENA_ACTUAL_INCORRECTA } });
  }
  const passwordHash = await hashPassword(input.nueva, staffHashKey(user));
  const updated = await db.transaction(async (tx) => {
    const seq = await nextSeq(tx, row.empresaId);
    const [locked] = await tx.select().from(usuarios).where(eq(usuarios.id, row.id)).for('update').limit(1);
    if (!locked || locked.deletedAt || locked.passwordHash !== row.passwordHash) {
      throw new AppError('CONFLICT', 'La contraseña cambió mientras tanto. Vuelve a intentarlo.');
    }
    const [next] = await tx
      .update(usuarios)
      .set({ passwordHash, tokenVersion: locked.tokenVersion + 1, seq, updatedAt: sql`now()` })
      .where(eq(usuarios.id, row.id))
      .returning();
    await audit(tx, {
      empresaId: row.empresaId,
      usuarioId: user.id,
      entidad: 'usuario',
      entidadId: String(row.id),
      accion: 'cambiarContrasena',
      cambios: { contraseña: { old: '(oculta)', new: '(cambiada)' } },
    });
    return next;
  });
  const token = await signToken(jwtKey, { sub: String(updated.id), emp: updated.empresaId, rol: updated.rol, tv: updated.tokenVersion });
  return { access_token: token, token_type: 'bearer' as const };
}
