/**
 * The audit trail. Invariants:
 * - every write calls `audit` inside its own transaction (a status change inserts its row in the
 *   statement that makes the change, through `redactChanges`), so the row exists exactly when the
 *   change does (a rolled-back write leaves no audit row);
 * - `cambios` holds, per changed field, the value before (`old`, null for a creation) and after
 *   (`new`, null for a deletion);
 * - secrets (password hashes, tokens) never reach the table: their values are replaced on write;
 * - no route updates or deletes audit rows (the only route over them, GET
 *   /api/solicitudes/:id/historial, is read-only).
 */
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditoria } from '../../db/schema';

export type FieldChanges = Record<string, { old: unknown; new: unknown }>;

/**
 * A secret's key: a password, a hash or a token, named whole ('contraseña', 'token'), as the last
 * word of a key ('password_hash', 'refresh_token') or, for a password, its first ('password_nueva'). Judged word by
 * word, never as a substring: administrators name configured fields freely, and 'Secretaría de
 * Educación' (`secretaria_educacion`, the payer of many payroll credits) or a key that happens to
 * hold 'pass' ('vehiculo_mwzpass0') is data the history must show, not a secret to hide for good.
 */
const SECRET_WORD = '(?:password|passwd|pass|contrase(?:n|ñ)a|hash|token|secret)';
const SECRET_KEY = new RegExp(`^(?:${SECRET_WORD}|.+_${SECRET_WORD}|(?:password|contrase(?:n|ñ)a)_.+)$`, 'i');

/** Whether `key` (a field path such as 'solicitud.detalle_credito.token', or a key) names a secret. */
export function isSecretKey(key: string): boolean {
  return key.split('.').some((part) => SECRET_KEY.test(part));
}

export const REDACTED = '(oculto)';

/** A value with every secret-looking key's value replaced (deeply, for objects in `cambios`). */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = isSecretKey(k) && v !== null && v !== undefined ? REDACTED : redact(v);
  return out;
}

export function redactChanges(cambios: FieldChanges): FieldChanges {
  const out: FieldChanges = {};
  for (const [field, change] of Object.entries(cambios)) {
    out[field] = isSecretKey(field)
      ? { old: change.old == null ? null : REDACTED, new: change.new == null ? null : REDACTED }
      : { old: redact(change.old ?? null), new: redact(change.new ?? null) };
  }
  return out;
}

type AuditEntry = { entidad: string; entidadId: string; accion: string; cambios: FieldChanges };

export async function audit(tx: DbOrTx, entry: AuditEntry & { empresaId: number; usuarioId: number | null }) {
  await tx.insert(auditoria).values({ ...entry, cambios: redactChanges(entry.cambios) });
}

/** `audit` for a change made by the signed-in user, in that user's company. */
export async function auditBy(tx: DbOrTx, user: { empresaId: number; id: number }, entry: AuditEntry) {
  await audit(tx, { empresaId: user.empresaId, usuarioId: user.id, ...entry });
}

/**
 * Whether `user` created the entity: its creation's audit row (written in the creating
 * transaction, never changed) names them. A creation retried with the same id answers the stored
 * row only to its creator (issue #30); rows without such an audit row (seeded ones) to nobody.
 */
export async function createdBy(tx: DbOrTx, user: { empresaId: number; id: number }, entidad: string, entidadId: string, accion: string) {
  const [row] = await tx
    .select({ usuarioId: auditoria.usuarioId })
    .from(auditoria)
    .where(and(eq(auditoria.empresaId, user.empresaId), eq(auditoria.entidad, entidad), eq(auditoria.entidadId, entidadId), eq(auditoria.accion, accion)))
    .limit(1);
  return row?.usuarioId === user.id;
}
