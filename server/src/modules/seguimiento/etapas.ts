/**
 * The tracking stages of every filing (issue 29 'Every filing is tracked').
 * Invariants:
 * - every application has its three stages (src/domain/seguimiento.ts ETAPAS) from the transaction
 *   that creates it, each with a first history row, so the public page shows the timeline and
 *   accepts uploads at once; filings made before this rule got theirs from a migration
 *   (0007_etapas_para_todas);
 * - a status change moves the stages to the statuses the domain mapping gives, in the same
 *   statement as the change (`stagesFollowing`), with a history row per moved stage; a moved
 *   stage's comment, written for its old status, is cleared (it stays in the history, so the
 *   applicant never reads 'Falta el extracto' under 'Aprobado'); a status the mapping does not
 *   know moves nothing.
 * Staff updates of one stage are in actualizar-etapa.ts.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { seguimientoEtapas, seguimientoHistorial } from '../../db/schema';
import { ETAPAS, comentarioPorEstado, etapasParaEstado } from '../../../../src/domain/seguimiento';

export const ETAPA_INICIADA = 'Etapa iniciada';

/** The three stages of a new application and their first history rows, in one statement. */
export async function crearEtapas(tx: DbOrTx, empresaId: number, solicitudId: string, estado = 'Pendiente') {
  const flow = etapasParaEstado(estado) ?? etapasParaEstado('Pendiente')!;
  const rows = sql.join(
    ETAPAS.map((etapa, i) => sql`(${empresaId}::integer, ${solicitudId}::uuid, ${etapa}, ${i + 1}::integer, ${flow[etapa]})`),
    sql`, `,
  );
  await tx.execute(sql`
    with created as (
      insert into ${seguimientoEtapas} (empresa_id, solicitud_id, etapa, orden, estado)
      values ${rows}
      returning id, estado
    )
    insert into ${seguimientoHistorial} (etapa_id, estado, comentario)
    select id, estado, ${ETAPA_INICIADA} from created`);
}

/**
 * Extra common table expressions for the status-change statement: the stages of the application
 * selected by `target` move to the statuses `estado` implies, each moved stage with a history row.
 * Empty when `estado` implies nothing.
 */
export function stagesFollowing(estado: string): SQL {
  const flow = etapasParaEstado(estado);
  if (!flow) return sql``;
  const values = sql.join(ETAPAS.map((etapa) => sql`(${etapa}, ${flow[etapa]})`), sql`, `);
  return sql`, moved_stages as (
      update ${seguimientoEtapas} e set estado = t.estado, comentarios = null, fecha_actualizacion = now()
      from (values ${values}) as t(etapa, estado)
      where e.solicitud_id = (select id from target) and e.etapa = t.etapa and e.estado is distinct from t.estado
      returning e.id, e.estado
    ), moved_history as (
      insert into ${seguimientoHistorial} (etapa_id, estado, comentario)
      select id, estado, ${comentarioPorEstado(estado)} from moved_stages
    )`;
}
