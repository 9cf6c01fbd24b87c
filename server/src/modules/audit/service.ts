/**
 * The audit trail. Invariant: every write calls `audit` inside its own transaction, so the row
 * exists exactly when the change does. No route updates or deletes audit rows.
 */
import type { DbOrTx } from '../../db/client';
import { auditoria } from '../../db/schema';

export type FieldChanges = Record<string, { old: unknown; new: unknown }>;

export async function audit(
  tx: DbOrTx,
  entry: { empresaId: number; usuarioId: number | null; entidad: string; entidadId: string; accion: string; cambios: FieldChanges },
) {
  await tx.insert(auditoria).values(entry);
}
