/**
 * The JSON text of application aggregates (SolicitudRecord), built by the database in one
 * set-based statement, for the pull: a page of 2,000 applications is one query instead of one per
 * child table, and its rows go to the device as the database wrote them, never parsed or
 * serialised again in JavaScript.
 * Invariants:
 * - The text parses to exactly what `buildRecords` (../solicitudes/repository.ts) assembles from
 *   the same rows: the same keys, values and child order (tests/api/pull-equality.test.ts checks it
 *   on a seeded data set, on PGlite and PostgreSQL). A field added there must be added here.
 * - Timestamps are sent as the database's own text (`::text`), as the drivers give them to
 *   `buildRecords` (drizzle's string mode), not as JSON's ISO form.
 * - Only what its caller read in the same snapshot is built: run it inside the pull's transaction.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  actividadEconomica,
  documentos,
  informacionFinanciera,
  observaciones,
  referencias,
  solicitantes,
  solicitudes,
  ubicaciones,
} from '../../db/schema';

/**
 * The record of each application `sol` (joined to its applicant `a`), one `row_to_json` per block
 * (compact JSON, keys named by the column aliases). The one-per-applicant blocks take the first
 * row made (ids are UUIDv7), as the single row every applicant has.
 */
const RECORD = sql`(select row_to_json(rec) from (select sol.id,
  (select row_to_json(t) from (select a.id, a.nombres, a.primer_apellido, a.segundo_apellido, a.correo,
    a.numero_documento, a.tipo_identificacion, a.fecha_nacimiento, a.genero,
    coalesce(a.info_extra, '{}'::jsonb) as info_extra) t) as solicitante,
  (select row_to_json(t) from (select u.id, u.ciudad_residencia, u.departamento_residencia, u.barrio, u.estrato,
    u.detalle_direccion from ${ubicaciones} u where u.solicitante_id = sol.solicitante_id
    order by u.id limit 1) t) as ubicacion,
  (select row_to_json(t) from (select x.id, x.tipo_actividad, x.sector_economico, x.cargo_actual, x.tipo_contrato,
    x.detalle_actividad from ${actividadEconomica} x where x.solicitante_id = sol.solicitante_id
    order by x.id limit 1) t) as actividad_economica,
  (select row_to_json(t) from (select f.id, f.total_ingresos_mensuales, f.total_egresos_mensuales, f.total_activos,
    f.total_pasivos, f.detalle_financiera from ${informacionFinanciera} f
    where f.solicitante_id = sol.solicitante_id order by f.id limit 1) t) as informacion_financiera,
  (select row_to_json(t) from (select sol.id, sol.estado, sol.banco_nombre, sol.ciudad_solicitud, sol.tipo_credito,
    sol.detalle_credito, sol.preferencias_notificacion, sol.radicado, sol.created_by_user_id,
    sol.assigned_to_user_id, sol.created_at::text as created_at, sol.updated_at::text as updated_at) t) as solicitud,
  coalesce((select json_agg(t) from (select r.id, r.tipo_referencia, r.detalle_referencia from ${referencias} r
    where r.solicitante_id = sol.solicitante_id order by r.created_at, r.id) t), '[]') as referencias,
  coalesce((select json_agg(t) from (select o.id, o.tipo, o.observacion, o.usuario_id, o.usuario_nombre,
    o.fecha_creacion::text as fecha_creacion from ${observaciones} o where o.solicitud_id = sol.id
    order by o.fecha_creacion desc) t), '[]') as observaciones,
  coalesce((select json_agg(t) from (select d.id, d.nombre, d.mime, d.file_size, d.created_at::text as created_at
    from ${documentos} d where d.solicitante_id = sol.solicitante_id and d.deleted_at is null
    order by d.created_at) t), '[]') as documentos
) rec)::text`;

/** The JSON text of the record of each application in `ids` (absent ids are left out). */
export async function recordsJson(db: DbOrTx, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  // One text parameter for the whole list, however long the page.
  const { rows } = (await db.execute(sql`select sol.id, ${RECORD} as json
    from ${solicitudes} sol join ${solicitantes} a on a.id = sol.solicitante_id
    where sol.id = any(string_to_array(${ids.join(',')}, ',')::uuid[])`)) as unknown as { rows: Array<{ id: string; json: string }> };
  return new Map(rows.map((r) => [r.id, r.json]));
}
