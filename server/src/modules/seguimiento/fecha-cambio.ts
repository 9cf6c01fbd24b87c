/**
 * The public page's 'Última actualización' (`fecha_cambio`): when something the applicant can see
 * on that page last changed, not the application's `updated_at`, which moves with every internal
 * edit (an observation, a phone number, an assignment) and would tell the applicant, and anyone
 * holding the radicado, that something happened when nothing they can see did.
 * Invariants:
 * - It is the latest of: the filing's creation; a stage's update (its status, comments and date,
 *   moved by a status change or by staff); a history line; a file on a stage added or removed (the
 *   applicant's upload included); and an audited change of the global status, the bank or the
 *   product. The audit row is written in the statement that makes the change, so it exists
 *   exactly when the change does, by REST and by push alike.
 * - The product is the `tipo_credito` column, the only one the page shows; the credit detail's
 *   own `tipo_credito` and the rest of that JSON are internal.
 * - Read in the caller's snapshot, with one query on the audit trail's (empresa, entidad,
 *   entidad_id) index.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/**
 * The audited keys that change what the public page shows: `estado` (a status change),
 * 'solicitud.estado' (creation), the bank and the product columns as field edits write them.
 * Not 'solicitud.detalle_credito…': the page's `producto_solicitado` is the column, which an edit
 * of the credit detail leaves as it was.
 */
const PUBLIC_KEYS = ['estado', 'solicitud.estado', 'solicitud.banco_nombre', 'solicitud.tipo_credito'];

/** When the audit trail last recorded a change of the status, bank or product of this application (null: never). */
export async function lastPublicAudit(tx: DbOrTx, empresaId: number, solicitudId: string): Promise<Date | null> {
  const keys = sql.join(PUBLIC_KEYS.map((k) => sql`${k}::text`), sql`, `);
  const { rows } = (await tx.execute(sql`
    select max(a.fecha) as at from auditoria a
    where a.empresa_id = ${empresaId} and a.entidad = 'solicitud' and a.entidad_id = ${solicitudId}
      and a.cambios ?| array[${keys}]`)) as unknown as {
    rows: Array<{ at: string | Date | null }>;
  };
  const at = rows[0]?.at;
  return at ? new Date(at) : null;
}

/** The latest of the given times (ISO or Date; nulls skipped), as ISO. */
export function latest(times: ReadonlyArray<string | Date | null | undefined>): string | null {
  let best: number | null = null;
  for (const t of times) {
    if (t == null) continue;
    const ms = new Date(t).getTime();
    if (!Number.isNaN(ms) && (best === null || ms > best)) best = ms;
  }
  return best === null ? null : new Date(best).toISOString();
}
