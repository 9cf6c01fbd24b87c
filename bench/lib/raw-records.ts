/**
 * The pull throughput's baseline: ONE set-based SQL statement that reads every application the
 * admin sees with its child rows and builds each one's record as JSON text (json_build_object,
 * json_agg, joins on pre-aggregated children), written here on its own so that it owes nothing to
 * the pull's code. Its rate in rows/s is what the database alone can do; the pull over HTTP is
 * measured against it.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../server/src/db/client';

function statement(empresaId: number) {
  return sql`
with s as (
  select sol.*, a.id as a_id, a.nombres, a.primer_apellido, a.segundo_apellido, a.correo, a.numero_documento,
    a.tipo_identificacion, a.fecha_nacimiento, a.genero, a.info_extra
  from solicitudes sol join solicitantes a on a.id = sol.solicitante_id
  where sol.empresa_id = ${empresaId} and sol.deleted_at is null),
u as (select distinct on (solicitante_id) solicitante_id, json_build_object('id', id, 'ciudad_residencia', ciudad_residencia,
    'departamento_residencia', departamento_residencia, 'barrio', barrio, 'estrato', estrato, 'detalle_direccion', detalle_direccion) j
  from ubicaciones where empresa_id = ${empresaId} order by solicitante_id, id),
x as (select distinct on (solicitante_id) solicitante_id, json_build_object('id', id, 'tipo_actividad', tipo_actividad,
    'sector_economico', sector_economico, 'cargo_actual', cargo_actual, 'tipo_contrato', tipo_contrato, 'detalle_actividad', detalle_actividad) j
  from actividad_economica where empresa_id = ${empresaId} order by solicitante_id, id),
f as (select distinct on (solicitante_id) solicitante_id, json_build_object('id', id, 'total_ingresos_mensuales', total_ingresos_mensuales,
    'total_egresos_mensuales', total_egresos_mensuales, 'total_activos', total_activos, 'total_pasivos', total_pasivos,
    'detalle_financiera', detalle_financiera) j
  from informacion_financiera where empresa_id = ${empresaId} order by solicitante_id, id),
r as (select solicitante_id, json_agg(json_build_object('id', id, 'tipo_referencia', tipo_referencia, 'detalle_referencia', detalle_referencia)
    order by created_at, id) j
  from referencias where empresa_id = ${empresaId} group by solicitante_id),
o as (select solicitud_id, json_agg(json_build_object('id', id, 'tipo', tipo, 'observacion', observacion, 'usuario_id', usuario_id,
    'usuario_nombre', usuario_nombre, 'fecha_creacion', fecha_creacion::text) order by fecha_creacion desc) j
  from observaciones where empresa_id = ${empresaId} group by solicitud_id),
d as (select solicitante_id, json_agg(json_build_object('id', id, 'nombre', nombre, 'mime', mime, 'file_size', file_size,
    'created_at', created_at::text) order by created_at) j
  from documentos where empresa_id = ${empresaId} and deleted_at is null group by solicitante_id)
select s.id, json_build_object('id', s.id,
  'solicitante', json_build_object('id', s.a_id, 'nombres', s.nombres, 'primer_apellido', s.primer_apellido,
    'segundo_apellido', s.segundo_apellido, 'correo', s.correo, 'numero_documento', s.numero_documento,
    'tipo_identificacion', s.tipo_identificacion, 'fecha_nacimiento', s.fecha_nacimiento, 'genero', s.genero,
    'info_extra', s.info_extra),
  'ubicacion', u.j, 'actividad_economica', x.j, 'informacion_financiera', f.j,
  'solicitud', json_build_object('id', s.id, 'estado', s.estado, 'banco_nombre', s.banco_nombre,
    'ciudad_solicitud', s.ciudad_solicitud, 'tipo_credito', s.tipo_credito, 'detalle_credito', s.detalle_credito,
    'preferencias_notificacion', s.preferencias_notificacion, 'radicado', s.radicado,
    'created_by_user_id', s.created_by_user_id, 'assigned_to_user_id', s.assigned_to_user_id,
    'created_at', s.created_at::text, 'updated_at', s.updated_at::text),
  'referencias', coalesce(r.j, '[]'), 'observaciones', coalesce(o.j, '[]'), 'documentos', coalesce(d.j, '[]'))::text as json
from s
  left join u on u.solicitante_id = s.solicitante_id
  left join x on x.solicitante_id = s.solicitante_id
  left join f on f.solicitante_id = s.solicitante_id
  left join r on r.solicitante_id = s.solicitante_id
  left join o on o.solicitud_id = s.id
  left join d on d.solicitante_id = s.solicitante_id`;
}

/** Runs the statement once; its rows and the characters of JSON it built. */
export async function rawRecords(db: Db, empresaId: number): Promise<{ rows: number; chars: number; ms: number }> {
  const t0 = performance.now();
  const { rows } = (await db.execute(statement(empresaId))) as unknown as { rows: Array<{ json: string }> };
  const ms = performance.now() - t0;
  return { rows: rows.length, chars: rows.reduce((n, r) => n + r.json.length, 0), ms };
}
