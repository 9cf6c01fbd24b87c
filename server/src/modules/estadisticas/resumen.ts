/**
 * One read of the visible applications for generales, financieras and completas (spec 02 §3), and
 * the SQL pieces the statistics share.
 * Invariants:
 * - Every group of counts and the money come from ONE grouping pass over the visible, non-deleted
 *   applications (GROUPING SETS on the raw status, bank, city, day and advisor; rendimiento's
 *   period counted in the same pass by a FILTER). The rules on a status or a label (completed,
 *   approved, disbursed, 'Pendiente'/'Sin banco'/'Sin ciudad' for blanks) are applied to the few
 *   groups afterwards, in SQL, never per application: same figures, far fewer evaluations.
 * - The applicants' tables (references, financial rows, activities, documents tied to none) are
 *   joined to the distinct applicants of the visible applications, read once (CTE `a`).
 * - Only the parts asked for are computed: generales alone reads no financial table, financieras
 *   alone groups only per status (for the money).
 * - The figures are exactly those of the per-part queries this replaced (kept in
 *   tests/api/estadisticas-anterior.ts; tests/api/estadisticas-completas-equivalencia.test.ts
 *   compares them for every role and period).
 */
import { and, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { solicitudes } from '../../db/schema';
import type { AuthUser } from '../../plugins/auth';
import { visibleSolicitudes } from '../solicitudes/visibility';
import { ASESOR } from './devoluciones';
import {
  ESTADOS_APROBADOS,
  ESTADOS_COMPLETADOS,
  ESTADOS_DESEMBOLSADOS,
  RANGOS_INGRESOS,
  SIN_BANCO,
  SIN_CIUDAD,
  SIN_INFORMACION,
  ZONA_HORARIA,
} from '../../../../src/domain/estadisticas';

export async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The WHERE clause of the user's visible, non-deleted applications (table `solicitudes`, unaliased). */
export function visible(user: AuthUser): SQL {
  return and(visibleSolicitudes(user), isNull(solicitudes.deletedAt))!;
}

/** The Colombian day of an application, as text 'YYYY-MM-DD'. */
export const dia = sql`to_char(solicitudes.created_at at time zone ${ZONA_HORARIA}, 'YYYY-MM-DD')`;
export const label = (column: SQL, fallback: string) => sql`coalesce(nullif(trim(${column}), ''), ${fallback})`;
export const completada = sql`lower(solicitudes.estado) in (${sql.join(
  [...ESTADOS_COMPLETADOS.map((e) => e.toLowerCase()), 'rechazado'].map((e) => sql`${e}`),
  sql`, `,
)})`;

export function periodStart(dias: number): SQL {
  return sql`((date_trunc('day', now() at time zone ${ZONA_HORARIA}) - make_interval(days => ${dias - 1}::int)) at time zone ${ZONA_HORARIA})`;
}

/** detalle_credito.monto_solicitado as `montoSolicitado` reads it: a number or a text of digits. */
const monto = sql`case
  when jsonb_typeof(solicitudes.detalle_credito->'monto_solicitado') = 'number' then (solicitudes.detalle_credito->>'monto_solicitado')::numeric
  when solicitudes.detalle_credito->>'monto_solicitado' ~ '^[0-9]+([.][0-9]+)?$' then (solicitudes.detalle_credito->>'monto_solicitado')::numeric
end`;

/** What one read computes. */
export interface Partes {
  /** Counts per status, bank, city and day. */
  generales?: boolean;
  /** References, incomes, activities and money. */
  financieras?: boolean;
  /** Rendimiento's period: its counts (per day, per advisor, completed) come from the same scan. */
  dias?: number;
}

/**
 * One group: `kind` names what it groups by, `k` its label (status, bank, city, day) or `asesor`
 * the advisor's id (null: none). `n` counts every visible application of the group, `p` those
 * created in the period (0 without one).
 */
export interface Grupo {
  kind: 'estado' | 'banco' | 'ciudad' | 'dia' | 'asesor';
  k: string | null;
  asesor: number | null;
  n: number;
  p: number;
}

export interface Resumen {
  grupos: Grupo[];
  /** Every visible application; the open ones (any date); the completed ones created in the period. */
  solicitudes: number;
  pendientes: number;
  completadas: number;
  /** Distinct applicants of the visible applications. */
  solicitantes: number;
  /** Documents of the visible applications, and those of their applicants tied to none. */
  documentos: number;
  /** With `financieras`: the applicants' references, and per income range / activity, their newest row. */
  referencias?: number;
  rangos?: Array<{ k: string; n: number }>;
  actividades?: Array<{ k: string; n: number }>;
  montos?: { n: number; total: string | null; aprobado: string | null; desembolsado: string | null };
}

/**
 * The read; one SQL statement whatever `partes` asks for. The scan groups the raw columns (a
 * handful of distinct statuses, banks, cities, days and advisors), and every rule on a status or a
 * label (completed, approved, disbursed, the blank ones' labels) is applied to those few groups
 * afterwards, not to each application: the same figures, from far fewer evaluations.
 */
export async function resumen(db: DbOrTx, user: AuthUser, partes: Partes): Promise<Resumen> {
  const periodo = partes.dias !== undefined;
  const columns: SQL[] = [sql`solicitudes.estado`];
  const sets = ['estado'];
  if (partes.generales) {
    columns.push(sql`solicitudes.banco_nombre as banco`, sql`solicitudes.ciudad_solicitud as ciudad`);
    sets.push('banco', 'ciudad');
  }
  if (partes.generales || periodo) {
    // Grouped as a date, written as text once per day rather than once per application.
    columns.push(sql`(solicitudes.created_at at time zone ${ZONA_HORARIA})::date as dia`);
    sets.push('dia');
  }
  if (periodo) {
    // The period's start as an init plan: computed once, not per row.
    columns.push(sql`${ASESOR} as asesor`, sql`solicitudes.created_at >= (select ${periodStart(partes.dias!)}) as en_periodo`);
    sets.push('asesor');
  } else {
    columns.push(sql`false as en_periodo`);
  }
  columns.push(partes.financieras ? sql`${monto} as m` : sql`null::numeric as m`);
  const kind = sql.raw(`case ${sets.map((c) => `when grouping(${c}) = 0 then '${c}'`).join(' ')} end`);
  const branch = (name: string, k: SQL) =>
    sql`select ${name} as kind, ${k} as k, null::int as asesor, sum(n)::int as n, sum(p)::int as p from g where kind = ${name} group by 2`;
  const branches: SQL[] = [];
  if (partes.generales) {
    branches.push(
      branch('estado', label(sql`estado`, 'Pendiente')),
      branch('banco', label(sql`banco`, SIN_BANCO)),
      branch('ciudad', label(sql`ciudad`, SIN_CIUDAD)),
    );
  }
  if (partes.generales || periodo) branches.push(branch('dia', sql`to_char(dia, 'YYYY-MM-DD')`));
  if (periodo) branches.push(sql`select 'asesor', null, asesor, n::int, p::int from g where kind = 'asesor'`);
  if (!branches.length) branches.push(sql`select null, null, null::int, 0, 0 where false`);
  const deEstado = (estados: readonly string[]) =>
    sql`lower(estado) in (${sql.join(estados.map((e) => sql`${e.toLowerCase()}`), sql`, `)})`;
  const completadaG = deEstado([...ESTADOS_COMPLETADOS, 'rechazado']);

  const mine = (table: string) =>
    sql`${sql.raw(table)}.empresa_id = ${user.empresaId} and ${sql.raw(table)}.solicitante_id in (select solicitante_id from a)`;
  const rango = sql`case when f.ingreso is null then ${SIN_INFORMACION} ${sql.join(
    RANGOS_INGRESOS.map((r) =>
      r.max === null
        ? sql`when f.ingreso >= ${r.min} then ${r.label}`
        : sql`when f.ingreso >= ${r.min} and f.ingreso < ${r.max} then ${r.label}`,
    ),
    sql` `,
  )} else ${SIN_INFORMACION} end`;
  // Of several financial or activity rows of an applicant the newest counts (ids are UUIDv7);
  // applicants with none are counted by the caller as SIN_INFORMACION.
  const financieras = partes.financieras
    ? sql`,
      (select count(*)::int from referencias where ${mine('referencias')}) as referencias,
      (select coalesce(json_agg(r), '[]'::json) from (
         select ${rango} as k, count(*)::int as n
         from (select distinct on (solicitante_id) total_ingresos_mensuales::float8 as ingreso
               from informacion_financiera where ${mine('informacion_financiera')}
               order by solicitante_id, id desc) f
         group by 1) r) as rangos,
      (select coalesce(json_agg(x), '[]'::json) from (
         select ${label(sql`t.tipo_actividad`, SIN_INFORMACION)} as k, count(*)::int as n
         from (select distinct on (solicitante_id) tipo_actividad
               from actividad_economica where ${mine('actividad_economica')}
               order by solicitante_id, id desc) t
         group by 1) x) as actividades,
      (select json_build_object('n', coalesce(sum(mn), 0), 'total', sum(ms)::text,
                                'aprobado', (sum(ms) filter (where ${deEstado(ESTADOS_APROBADOS)}))::text,
                                'desembolsado', (sum(ms) filter (where ${deEstado(ESTADOS_DESEMBOLSADOS)}))::text)
       from g where kind = 'estado') as montos`
    : sql``;

  const [r] = await rows<Resumen>(
    db,
    sql`with a as materialized (select distinct solicitudes.solicitante_id from solicitudes where ${visible(user)}),
             g as materialized (
               select ${kind} as kind, ${sql.raw(sets.join(', '))}, count(*) as n,
                      count(*) filter (where en_periodo) as p, count(m) as mn, sum(m) as ms
               from (select ${sql.join(columns, sql`, `)} from solicitudes where ${visible(user)}) v
               group by grouping sets (${sql.raw(sets.map((c) => `(${c})`).join(', '))}))
        select (select coalesce(json_agg(x), '[]'::json) from (${sql.join(branches, sql` union all `)}) x) as grupos,
               (select coalesce(sum(n), 0)::int from g where kind = 'estado') as solicitudes,
               (select coalesce(sum(n) filter (where not (${completadaG})), 0)::int from g where kind = 'estado') as pendientes,
               (select coalesce(sum(p) filter (where ${completadaG}), 0)::int from g where kind = 'estado') as completadas,
               (select count(*)::int from a) as solicitantes,
               (select count(*)::int from documentos d
                where d.empresa_id = ${user.empresaId} and d.deleted_at is null
                  and (d.solicitud_id in (select solicitudes.id from solicitudes where ${visible(user)})
                       or (d.solicitud_id is null and d.solicitante_id in (select solicitante_id from a)))) as documentos
               ${financieras}`,
  );
  return r;
}
