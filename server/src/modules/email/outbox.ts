/**
 * Queuing e-mails in `email_outbox` (the relay in ./relay.ts delivers them). Invariants:
 * - queuing runs inside the caller's transaction: the rows exist exactly when the change that
 *   caused them does, and each row leaves an audit entry;
 * - one row per recipient, so each recipient's delivery is retried or failed on its own;
 * - recipients are decided here, never taken from the request: a bank change goes to the
 *   application's advisor and the company's active admins and supervisors, without the person who
 *   made the change (they know), each address once;
 * - every row gets its Message-ID (left part) when it is written, so a resend keeps it;
 * - bank changes of one application coalesce per recipient (queueBankChangeEmails): within
 *   REPEAT_MINUTES of queuing one, a row still waiting (pendiente, not claimed by a relay) is
 *   rewritten to the latest bank instead of a second row being added, and a new row that follows
 *   one already sent waits until REPEAT_MINUTES after it; so a run of edits, however long, sends
 *   each recipient about one e-mail per REPEAT_MINUTES, stating the bank the application ended on.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { emailOutbox, solicitantes, type solicitudes, usuarios } from '../../db/schema';
import { uuidv7 } from '../../../../src/domain/ids';
import { fullName } from '../../../../src/domain/solicitud';
import type { AuthUser } from '../../plugins/auth';
import { auditBy } from '../audit/service';

type SolicitudRow = typeof solicitudes.$inferSelect;

/** Minutes during which the e-mails about one application's bank coalesce (and POST /api/notificaciones/email refuses a repeat). */
export const REPEAT_MINUTES = 10;

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
  await auditEnqueued(tx, user, tipo, rows);
  return rows.length;
}

/** One 'encolar' audit row per e-mail queued. */
async function auditEnqueued(tx: DbOrTx, user: AuthUser, tipo: string, rows: ReadonlyArray<{ id: number; destinatario: string }>) {
  for (const row of rows) {
    await auditBy(tx, user, {
      entidad: 'email',
      entidadId: String(row.id),
      accion: 'encolar',
      cambios: { tipo: { old: null, new: tipo }, destinatario: { old: null, new: row.destinatario } },
    });
  }
}

/**
 * Queues the bank-change e-mail `datos` for each recipient, coalescing as the header says: a
 * recipient's waiting e-mail about the same application, queued within REPEAT_MINUTES, takes the
 * new data but keeps its `banco_anterior` (the bank before the first change of the run). Answers
 * how many e-mails now state this change (queued or updated), one per recipient.
 */
export async function queueBankChangeEmails(
  tx: DbOrTx,
  user: AuthUser,
  recipients: readonly string[],
  datos: Record<string, unknown> & { solicitud_id: string },
): Promise<number> {
  if (!recipients.length) return 0;
  const sameApplication = and(
    eq(emailOutbox.empresaId, user.empresaId),
    eq(emailOutbox.tipo, 'cambio_banco'),
    sql`${emailOutbox.datos}->>'solicitud_id' = ${datos.solicitud_id}`,
    inArray(emailOutbox.destinatario, [...recipients]),
    sql`${emailOutbox.createdAt} > now() - make_interval(mins => ${REPEAT_MINUTES})`,
  );
  // One statement: a row a relay claims meanwhile is re-checked after its lock and left alone.
  const updated = await tx
    .update(emailOutbox)
    .set({ datos: sql`${JSON.stringify(datos)}::jsonb || jsonb_build_object('banco_anterior', ${emailOutbox.datos}->'banco_anterior')` })
    .where(
      and(
        sameApplication,
        eq(emailOutbox.estado, 'pendiente'),
        sql`(${emailOutbox.reclamadoHasta} is null or ${emailOutbox.reclamadoHasta} < now())`,
      ),
    )
    .returning({ id: emailOutbox.id, destinatario: emailOutbox.destinatario });
  const done = new Set<string>();
  for (const row of updated) {
    // Two waiting rows for one recipient (queued before this rule) both state the new bank; counted once.
    done.add(row.destinatario);
    await auditBy(tx, user, {
      entidad: 'email',
      entidadId: String(row.id),
      accion: 'actualizar',
      cambios: { banco_nuevo: { old: null, new: datos.banco_nuevo ?? null }, destinatario: { old: row.destinatario, new: row.destinatario } },
    });
  }
  const rest = recipients.filter((r) => !done.has(r));
  if (rest.length) {
    const rows = await tx
      .insert(emailOutbox)
      .values(
        rest.map((destinatario) => ({
          empresaId: user.empresaId,
          tipo: 'cambio_banco',
          destinatario,
          datos,
          messageId: uuidv7(),
          // After an e-mail of this run went out (or is being sent), the next one waits out the window.
          proximoIntento: sql`greatest(now(), (
            select max(o.created_at) + make_interval(mins => ${REPEAT_MINUTES}) from email_outbox o
            where o.empresa_id = ${user.empresaId} and o.tipo = 'cambio_banco' and o.datos->>'solicitud_id' = ${datos.solicitud_id}
              and o.destinatario = ${destinatario}))`,
        })),
      )
      .returning({ id: emailOutbox.id, destinatario: emailOutbox.destinatario });
    await auditEnqueued(tx, user, 'cambio_banco', rows);
  }
  return recipients.length;
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
