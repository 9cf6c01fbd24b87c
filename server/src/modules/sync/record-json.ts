/**
 * The JSON text of application aggregates (SolicitudRecord), built by the database in one
 * set-based statement per pull page, and sent to the device as the database wrote it, never parsed
 * or serialised again in JavaScript.
 * Invariants:
 * - The text parses to exactly what `buildRecords` (../solicitudes/repository.ts) assembles from
 *   the same rows: the same keys, values and child order (tests/api/pull-equality.test.ts checks it
 *   on a seeded data set, on PGlite and PostgreSQL). A field added there must be added here.
 * - Timestamps are sent as the database's own text (`::text`), as the drivers give them to
 *   `buildRecords` (drizzle's string mode), not as JSON's ISO form.
 * - Only what its caller read in the same snapshot is built: run it inside the pull's transaction.
 * - The documents are the applicant's that the viewer may download (`documentosServidos`): an
 *   applicant's other application, which the viewer may not see, keeps its files to itself.
 * - The statement is set-based: each child table is read once for the whole page (its rows of the
 *   page's applicants, by index), pre-aggregated per applicant, and hash-joined to the page. The
 *   page's applicant ids are passed as a list (not a subquery) so that the planner knows how many
 *   rows each part holds; with a subquery it guessed ten and chose nested loops over the page.
 *   Before, each application's blocks came from correlated subqueries (six index scans and
 *   sub-plans per application): about 1.4 times this statement's CPU per row on PGlite.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { AuthUser } from '../../plugins/auth';
import { documentosServidos } from '../solicitudes/visibility';
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

/** An application of the page: its id and its applicant's. */
export interface RecordHead {
  id: string;
  solicitanteId: string;
}

/** A list of uuids as ONE text parameter, however long the page. */
const uuidList = (ids: readonly string[]) => sql`string_to_array(${ids.join(',')}, ',')::uuid[]`;

/**
 * The JSON text of the record of each application in `heads` (absent ones are left out). Each
 * block is one `row_to_json` (compact JSON, keys named by the column aliases); the
 * one-per-applicant blocks take the first row made (ids are UUIDv7), as the single row every
 * applicant has.
 */
export async function recordsJson(db: DbOrTx, heads: readonly RecordHead[], viewer: AuthUser): Promise<Map<string, string>> {
  if (heads.length === 0) return new Map();
  const servedDocs = documentosServidos(viewer, sql.raw('c.solicitud_id'));
  const ids = uuidList(heads.map((h) => h.id));
  const owners = uuidList([...new Set(heads.map((h) => h.solicitanteId))]);
  const { rows } = (await db.execute(sql`with s as materialized (
  select s.id, s.solicitante_id, (select row_to_json(t) from (select s.id, s.estado, s.banco_nombre, s.ciudad_solicitud,
    s.tipo_credito, s.detalle_credito, s.preferencias_notificacion, s.radicado, s.created_by_user_id,
    s.assigned_to_user_id, s.created_at::text as created_at, s.updated_at::text as updated_at) t) as j
  from ${solicitudes} s where s.id = any(${ids})),
a as (select c.id, (select row_to_json(t) from (select c.id, c.nombres, c.primer_apellido, c.segundo_apellido, c.correo,
    c.numero_documento, c.tipo_identificacion, c.fecha_nacimiento, c.genero,
    coalesce(c.info_extra, '{}'::jsonb) as info_extra) t) as j
  from ${solicitantes} c where c.id = any(${owners})),
u as (select distinct on (c.solicitante_id) c.solicitante_id, (select row_to_json(t) from (select c.id, c.ciudad_residencia,
    c.departamento_residencia, c.barrio, c.estrato, c.detalle_direccion) t) as j
  from ${ubicaciones} c where c.solicitante_id = any(${owners}) order by c.solicitante_id, c.id),
x as (select distinct on (c.solicitante_id) c.solicitante_id, (select row_to_json(t) from (select c.id, c.tipo_actividad,
    c.sector_economico, c.cargo_actual, c.tipo_contrato, c.detalle_actividad) t) as j
  from ${actividadEconomica} c where c.solicitante_id = any(${owners}) order by c.solicitante_id, c.id),
f as (select distinct on (c.solicitante_id) c.solicitante_id, (select row_to_json(t) from (select c.id,
    c.total_ingresos_mensuales, c.total_egresos_mensuales, c.total_activos, c.total_pasivos, c.detalle_financiera) t) as j
  from ${informacionFinanciera} c where c.solicitante_id = any(${owners}) order by c.solicitante_id, c.id),
r as (select c.solicitante_id, json_agg((select row_to_json(t) from (select c.id, c.tipo_referencia,
    c.detalle_referencia) t) order by c.created_at, c.id) as j
  from ${referencias} c where c.solicitante_id = any(${owners}) group by c.solicitante_id),
o as (select c.solicitud_id, json_agg((select row_to_json(t) from (select c.id, c.tipo, c.observacion, c.usuario_id,
    c.usuario_nombre, c.fecha_creacion::text as fecha_creacion) t) order by c.fecha_creacion desc) as j
  from ${observaciones} c where c.solicitud_id = any(${ids}) group by c.solicitud_id),
d as (select c.solicitante_id, json_agg((select row_to_json(t) from (select c.id, c.nombre, c.mime, c.file_size,
    c.created_at::text as created_at) t) order by c.created_at) as j
  from ${documentos} c where c.solicitante_id = any(${owners}) and c.deleted_at is null and ${servedDocs} group by c.solicitante_id)
select s.id, (select row_to_json(rec) from (select s.id, a.j as solicitante, u.j as ubicacion, x.j as actividad_economica,
  f.j as informacion_financiera, s.j as solicitud, coalesce(r.j, '[]') as referencias,
  coalesce(o.j, '[]') as observaciones, coalesce(d.j, '[]') as documentos) rec)::text as json
from s
  join a on a.id = s.solicitante_id
  left join u on u.solicitante_id = s.solicitante_id
  left join x on x.solicitante_id = s.solicitante_id
  left join f on f.solicitante_id = s.solicitante_id
  left join r on r.solicitante_id = s.solicitante_id
  left join o on o.solicitud_id = s.id
  left join d on d.solicitante_id = s.solicitante_id`)) as unknown as { rows: Array<{ id: string; json: string }> };
  return new Map(rows.map((r) => [r.id, r.json]));
}
