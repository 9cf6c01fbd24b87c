/**
 * Who last changed each field of one entity, and when, read from the audit trail: a conflict
 * answer carries it so the person resolving sees 'cambiado por Sara, hoy 10:42' (issue 27).
 * Invariants: read-only; company-scoped (the audit rows and the author's name both of the
 * caller's company); a field never audited is absent from the answer; a change audited on the
 * whole JSON value or on one key inside it counts for both.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

export interface LastChange {
  by: string | null;
  /** The author's user id: the device tells 'you, from another device' from 'someone else'. */
  byId: number | null;
  at: string;
}

export async function lastChanges(
  tx: DbOrTx,
  empresaId: number,
  entidad: string,
  entidadId: string,
  fields: readonly string[],
): Promise<Record<string, LastChange>> {
  if (fields.length === 0) return {};
  // An audited key counts for a field when it is the field, holds it ('solicitud.detalle_credito'
  // for 'solicitud.detalle_credito.monto_solicitado') or lies inside it: edits write either.
  const { rows } = (await tx.execute(sql`
    select distinct on (f.field) f.field, a.fecha as at, u.nombre as by, u.id as by_id
    from auditoria a
    cross join lateral jsonb_object_keys(a.cambios) as k(key)
    join (values ${sql.join(fields.map((f) => sql`(${f}::text)`), sql`, `)}) as f(field)
      on k.key = f.field or starts_with(f.field, k.key || '.') or starts_with(k.key, f.field || '.')
    left join usuarios u on u.id = a.usuario_id and u.empresa_id = a.empresa_id
    where a.empresa_id = ${empresaId} and a.entidad = ${entidad} and a.entidad_id = ${entidadId}
    order by f.field, a.id desc`)) as unknown as { rows: Array<{ field: string; at: string | Date; by: string | null; by_id: number | null }> };
  const out: Record<string, LastChange> = {};
  for (const r of rows) out[r.field] = { by: r.by, byId: r.by_id == null ? null : Number(r.by_id), at: new Date(r.at).toISOString() };
  return out;
}

/** Adds `changedBy`/`changedById`/`changedAt` from the audit trail to each field of a conflict. */
export async function withLastChanges<F extends Record<string, { base: unknown; server: unknown; mine: unknown }>>(
  tx: DbOrTx,
  empresaId: number,
  entidad: string,
  entidadId: string,
  fields: F,
): Promise<F> {
  const last = await lastChanges(tx, empresaId, entidad, entidadId, Object.keys(fields));
  const out = {} as Record<string, unknown>;
  for (const [k, f] of Object.entries(fields)) {
    out[k] = last[k] ? { ...f, changedBy: last[k].by, changedById: last[k].byId, changedAt: last[k].at } : f;
  }
  return out as F;
}
