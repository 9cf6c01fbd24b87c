/**
 * Queuing e-mails in `email_outbox` (the relay in ./relay.ts delivers them). Invariants:
 * - queuing runs inside the caller's transaction: the rows exist exactly when the change that
 *   caused them does, and each row leaves an audit entry;
 * - one row per recipient, so each recipient's delivery is retried or failed on its own;
 * - recipients are decided here, never taken from the request: a bank change goes to the
 *   application's advisor and the company's active admins and supervisors, without the person who
 *   made the change (they know), each address once;
 * - every row gets its Message-ID (left part) when it is written, so a resend keeps it.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { emailOutbox, solicitantes, type solicitudes, usuarios } from '../../db/schema';
import { uuidv7 } from '../../../../src/domain/ids';
import { fullName } from '../../../../src/domain/solicitud';
import type { AuthUser } from '../../plugins/auth';
import { auditBy } from '../audit/service';

type SolicitudRow = typeof solicitudes.$inferSelect;

/** Roles that hear about every bank change of their company. */
const BANK_CHANGE_ROLES = ['admin', 'supervisor'];

/** The addresses a bank change of `sol` goes to (lower case, sorted, without the editor's). */
export async function bankChangeRecipients(
  tx: DbOrTx,
  user: AuthUser,
  sol: Pick<SolicitudRow, 'assignedToUserId' | 'createdByUserId'>,
): Promise<string[]> {
  const advisorId = sol.assignedToUserId ?? sol.createdByUserId;
  const rows = await tx
    .select({ id: usuarios.id, correo: usuarios.correo, rol: usuarios.rol })
    .from(usuarios)
    .where(and(eq(usuarios.empresaId, user.empresaId), isNull(usuarios.deletedAt)));
  const own = user.correo.trim().toLowerCase();
  const out = new Set<string>();
  for (const r of rows) {
    const wanted = r.id === advisorId || BANK_CHANGE_ROLES.includes(r.rol.toLowerCase());
    const correo = r.correo.trim().toLowerCase();
    if (wanted && r.id !== user.id && correo && correo !== own) out.add(correo);
  }
  return [...out].sort();
}

/** Inserts one row per recipient with an audit entry each; answers how many were queued. */
export async function queueEmails(
  tx: DbOrTx,
  user: AuthUser,
  tipo: string,
  recipients: readonly string[],
  datos: Record<string, unknown>,
): Promise<number> {
  if (!recipients.length) return 0;
  const rows = await tx
    .insert(emailOutbox)
    .values(recipients.map((destinatario) => ({ empresaId: user.empresaId, tipo, destinatario, datos, messageId: uuidv7() })))
    .returning({ id: emailOutbox.id, destinatario: emailOutbox.destinatario });
  for (const row of rows) {
    await auditBy(tx, user, {
      entidad: 'email',
      entidadId: String(row.id),
      accion: 'encolar',
      cambios: { tipo: { old: null, new: tipo }, destinatario: { old: null, new: row.destinatario } },
    });
  }
  return rows.length;
}

export interface BankChange {
  anterior: unknown;
  nuevo: unknown;
  /** ISO time of the change; now when absent. */
  fecha?: string;
}

/**
 * The data of a bank-change e-mail, read from the application itself (names, document, filing
 * number) plus the change and who made it (full name): the spec's `datos` fields and the radicado.
 */
export async function bankChangeData(tx: DbOrTx, user: AuthUser, sol: SolicitudRow, change: BankChange) {
  const [s] = await tx
    .select({
      nombres: solicitantes.nombres,
      primer_apellido: solicitantes.primerApellido,
      segundo_apellido: solicitantes.segundoApellido,
      numero_documento: solicitantes.numeroDocumento,
    })
    .from(solicitantes)
    .where(eq(solicitantes.id, sol.solicitanteId));
  const [autor] = await tx
    .select({ nombre: usuarios.nombre, apellido: usuarios.apellido })
    .from(usuarios)
    .where(eq(usuarios.id, user.id))
    .limit(1);
  const por = [autor?.nombre ?? user.nombre, autor?.apellido].filter((x) => x && x.trim()).join(' ');
  return {
    nombre_cliente: s ? fullName(s) : '',
    documento_cliente: s?.numero_documento ?? '',
    radicado: sol.radicado,
    banco_anterior: change.anterior ?? null,
    banco_nuevo: change.nuevo ?? null,
    solicitud_id: sol.id,
    modificado_por: por,
    fecha_cambio: change.fecha ?? new Date().toISOString(),
  };
}
