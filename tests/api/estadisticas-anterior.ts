/**
 * The statistics queries as they were before generales, financieras and completas were read in one
 * scan of the visible applications (server/src/modules/estadisticas/resumen.ts): the previous
 * service.ts, kept verbatim but for its imports and usuariosStats (unchanged, still in the service),
 * so the equivalence tests can compare the new answers with what these queries give on the same
 * data. Not a test itself; nothing in the server imports it.
 */
import { and, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../server/src/db/client';
import { solicitudes } from '../../server/src/db/schema';
import type { AuthUser } from '../../server/src/plugins/auth';
import { visibleSolicitudes } from '../../server/src/modules/solicitudes/visibility';
import { ASESOR, devolucionesPorAsesor, nombres } from '../../server/src/modules/estadisticas/devoluciones';
import {
  ESTADOS_APROBADOS,
  ESTADOS_COMPLETADOS,
  ESTADOS_DESEMBOLSADOS,
  RANGOS_INGRESOS,
  SIN_BANCO,
  SIN_CIUDAD,
  SIN_INFORMACION,
  SIN_USUARIO,
  ZONA_HORARIA,
  promedio,
  type Conteo,
  type EstadisticasCompletas,
  type EstadisticasFinancieras,
  type EstadisticasGenerales,
  type EstadisticasRendimiento,
} from '../../src/domain/estadisticas';

async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The WHERE clause of the user's visible, non-deleted applications (table `solicitudes`, unaliased). */
function visible(user: AuthUser): SQL {
  return and(visibleSolicitudes(user), isNull(solicitudes.deletedAt))!;
}

const dia = sql`to_char(solicitudes.created_at at time zone ${ZONA_HORARIA}, 'YYYY-MM-DD')`;
const label = (column: SQL, fallback: string) => sql`coalesce(nullif(trim(${column}), ''), ${fallback})`;
const completada = sql`lower(solicitudes.estado) in (${sql.join(
  [...ESTADOS_COMPLETADOS.map((e) => e.toLowerCase()), 'rechazado'].map((e) => sql`${e}`),
  sql`, `,
)})`;

function periodStart(dias: number): SQL {
  return sql`((date_trunc('day', now() at time zone ${ZONA_HORARIA}) - make_interval(days => ${dias - 1}::int)) at time zone ${ZONA_HORARIA})`;
}

type GroupRow = { kind: string; k: string | null; n: number };
function collect(list: GroupRow[], kind: string): Conteo {
  const out: Conteo = {};
  for (const r of list) if (r.kind === kind && r.k !== null) out[r.k] = Number(r.n);
  return out;
}

/**
 * One statistics request: the figures several types share (totals, documents) are computed once,
 * so `completas` costs no more scans than its three parts need.
 */
export class Estadisticas {
  private totalesP?: Promise<{ solicitudes: number; solicitantes: number; pendientes: number }>;
  private documentosP?: Promise<number>;

  constructor(
    readonly db: DbOrTx,
    readonly user: AuthUser,
  ) {}

  /** Applications, distinct applicants (hash grouping, not a sort) and the open ones. */
  totales() {
    this.totalesP ??= rows<{ solicitudes: number; solicitantes: number; pendientes: number }>(
      this.db,
      sql`select coalesce(sum(n), 0)::int as solicitudes, count(*)::int as solicitantes,
                 coalesce(sum(p), 0)::int as pendientes
          from (select solicitudes.solicitante_id, count(*) as n, count(*) filter (where not (${completada})) as p
                from solicitudes where ${visible(this.user)} group by solicitudes.solicitante_id) x`,
    ).then(([t]) => t);
    return this.totalesP;
  }

  /**
   * The open applications (of any date). From totales() when it is already asked for (generales,
   * completas); otherwise one count, without totales' grouping by applicant (rendimiento alone).
   */
  pendientes(): Promise<number> {
    if (this.totalesP) return this.totalesP.then((t) => t.pendientes);
    return rows<{ n: number }>(
      this.db,
      sql`select count(*) filter (where not (${completada}))::int as n from solicitudes where ${visible(this.user)}`,
    ).then(([r]) => Number(r?.n ?? 0));
  }

  documentos() {
    this.documentosP ??= rows<{ n: number }>(
      this.db,
      sql`with vis as (select solicitudes.id, solicitudes.solicitante_id from solicitudes where ${visible(this.user)})
          select count(*)::int as n from documentos d
          where d.empresa_id = ${this.user.empresaId} and d.deleted_at is null
            and (d.solicitud_id in (select id from vis)
                 or (d.solicitud_id is null and d.solicitante_id in (select solicitante_id from vis)))`,
    ).then(([r]) => Number(r.n));
    return this.documentosP;
  }
}

export async function generales(q: Estadisticas): Promise<EstadisticasGenerales> {
  const { db, user } = q;
  const t = await q.totales();
  const groups = await rows<GroupRow>(
    db,
    sql`select case when grouping(estado) = 0 then 'estado' when grouping(banco) = 0 then 'banco'
                    when grouping(ciudad) = 0 then 'ciudad' else 'dia' end as kind,
               coalesce(estado, banco, ciudad, dia) as k, count(*)::int as n
        from (select ${label(sql`solicitudes.estado`, 'Pendiente')} as estado,
                     ${label(sql`solicitudes.banco_nombre`, SIN_BANCO)} as banco,
                     ${label(sql`solicitudes.ciudad_solicitud`, SIN_CIUDAD)} as ciudad,
                     ${dia} as dia
              from solicitudes where ${visible(user)}) v
        group by grouping sets ((estado), (banco), (ciudad), (dia))`,
  );
  return {
    total_solicitantes: t.solicitantes,
    total_solicitudes: t.solicitudes,
    total_documentos: await q.documentos(),
    solicitudes_por_dia: sortKeys(collect(groups, 'dia')),
    solicitudes_por_estado: collect(groups, 'estado'),
    solicitudes_por_banco: collect(groups, 'banco'),
    solicitudes_por_ciudad: collect(groups, 'ciudad'),
  };
}

/**
 * The period's applications: completed ones (created in the period and now closed), per day and
 * per advisor responsible (ASESOR: the same person the review table counts them for).
 */
export async function rendimiento(q: Estadisticas, dias: number): Promise<EstadisticasRendimiento> {
  const { db, user } = q;
  const pendientes = await q.pendientes();
  const groups = await rows<{ kind: string; dia: string | null; asesor: number | null; completada: boolean | null; n: number }>(
    db,
    sql`select case when grouping(dia) = 0 then 'dia' when grouping(asesor) = 0 then 'asesor' else 'completada' end as kind,
               dia, asesor, completada, count(*)::int as n
        from (select ${dia} as dia, ${ASESOR} as asesor, ${completada} as completada
              from solicitudes
              where ${visible(user)} and solicitudes.created_at >= ${periodStart(dias)}) v
        group by grouping sets ((dia), (asesor), (completada))`,
  );
  const porDia: Conteo = {};
  const porAsesor = new Map<number | null, number>();
  let completadas = 0;
  for (const g of groups) {
    if (g.kind === 'dia' && g.dia) porDia[g.dia] = Number(g.n);
    else if (g.kind === 'asesor') porAsesor.set(g.asesor === null ? null : Number(g.asesor), Number(g.n));
    else if (g.kind === 'completada' && g.completada) completadas = Number(g.n);
  }
  return {
    solicitudes_completadas: completadas,
    solicitudes_pendientes: pendientes,
    periodo_dias: dias,
    solicitudes_por_dia: sortKeys(porDia),
    productividad_usuarios: await productividad(db, user, porAsesor),
    devoluciones_por_asesor: await devolucionesPorAsesor(db, user, sql`${visible(user)} and solicitudes.created_at >= ${periodStart(dias)}`, porAsesor),
  };
}

/** Names the advisors; two users with the same name are told apart by their e-mail. */
async function productividad(db: DbOrTx, user: AuthUser, porAsesor: Map<number | null, number>): Promise<Conteo> {
  const names = await nombres(db, user, [...porAsesor.keys()]);
  const out: Conteo = {};
  for (const [id, n] of porAsesor) {
    const key = names.get(id) ?? SIN_USUARIO;
    out[key] = (out[key] ?? 0) + n;
  }
  return out;
}

const enEstados = (estados: readonly string[]) =>
  sql`lower(solicitudes.estado) in (${sql.join(estados.map((e) => sql`${e.toLowerCase()}`), sql`, `)})`;
const monto = sql`case
  when jsonb_typeof(solicitudes.detalle_credito->'monto_solicitado') = 'number' then (solicitudes.detalle_credito->>'monto_solicitado')::numeric
  when solicitudes.detalle_credito->>'monto_solicitado' ~ '^[0-9]+([.][0-9]+)?$' then (solicitudes.detalle_credito->>'monto_solicitado')::numeric
end`;

/** The money figures of all the visible applications, in one scan. */
async function montos(db: DbOrTx, user: AuthUser) {
  const [r] = await rows<{ n: number; total: string | null; aprobado: string | null; desembolsado: string | null }>(
    db,
    sql`select count(m)::int as n, sum(m)::text as total,
               sum(m) filter (where aprobada)::text as aprobado, sum(m) filter (where desembolsada)::text as desembolsado
        from (select ${monto} as m, ${enEstados(ESTADOS_APROBADOS)} as aprobada, ${enEstados(ESTADOS_DESEMBOLSADOS)} as desembolsada
              from solicitudes
              where ${visible(user)}) v`,
  );
  const total = Number(r?.total ?? 0);
  return {
    monto_total_solicitado: Math.round(total),
    monto_promedio_solicitado: r && r.n > 0 ? Math.round(total / r.n) : 0,
    monto_total_aprobado: Math.round(Number(r?.aprobado ?? 0)),
    monto_total_desembolsado: Math.round(Number(r?.desembolsado ?? 0)),
  };
}

/**
 * Financieras, over all the visible applications. `dias` only fills the obsolete `periodo_dias`
 * (see EstadisticasFinancieras); no figure depends on it.
 */
export async function financieras(q: Estadisticas, dias: number): Promise<EstadisticasFinancieras> {
  const { db, user } = q;
  const t = await q.totales();
  const documentos = await q.documentos();
  const rango = sql`case when f.ingreso is null then ${SIN_INFORMACION} ${sql.join(
    RANGOS_INGRESOS.map((r) =>
      r.max === null
        ? sql`when f.ingreso >= ${r.min} then ${r.label}`
        : sql`when f.ingreso >= ${r.min} and f.ingreso < ${r.max} then ${r.label}`,
    ),
    sql` `,
  )} else ${SIN_INFORMACION} end`;
  // Per-table scans joined to the visible applicants by a semi-join (hash or index, whatever the
  // planner's estimates): a stale or missing ANALYZE can never turn this into a nested loop over
  // two large sets. Of several financial or activity rows of an applicant the newest counts (ids
  // are UUIDv7); applicants with none count as SIN_INFORMACION.
  const mine = (table: SQL) =>
    sql`${table}.empresa_id = ${user.empresaId} and ${table}.solicitante_id in
          (select solicitudes.solicitante_id from solicitudes where ${visible(user)})`;
  const groups = await rows<GroupRow>(
    db,
    sql`select 'referencias' as kind, null as k, count(*)::int as n from referencias where ${mine(sql`referencias`)}
        union all
        select 'rango', ${rango}, count(*)::int
        from (select distinct on (solicitante_id) total_ingresos_mensuales::float8 as ingreso
              from informacion_financiera where ${mine(sql`informacion_financiera`)}
              order by solicitante_id, id desc) f
        group by 1, 2
        union all
        select 'actividad', ${label(sql`a.tipo_actividad`, SIN_INFORMACION)}, count(*)::int
        from (select distinct on (solicitante_id) tipo_actividad
              from actividad_economica where ${mine(sql`actividad_economica`)}
              order by solicitante_id, id desc) a
        group by 1, 2`,
  );
  const referencias = Number(groups.find((g) => g.kind === 'referencias')?.n ?? 0);
  return {
    referencias_promedio: promedio(referencias, t.solicitantes),
    documentos_promedio: promedio(documentos, t.solicitantes),
    total_referencias: referencias,
    total_documentos: documentos,
    rangos_ingresos: withMissing(collect(groups, 'rango'), t.solicitantes),
    tipos_actividad_economica: withMissing(collect(groups, 'actividad'), t.solicitantes),
    periodo_dias: dias,
    ...(await montos(db, user)),
  };
}

/** Applicants without a row are counted under SIN_INFORMACION. */
function withMissing(c: Conteo, applicants: number): Conteo {
  const missing = applicants - Object.values(c).reduce((a, b) => a + b, 0);
  if (missing > 0) c[SIN_INFORMACION] = (c[SIN_INFORMACION] ?? 0) + missing;
  return c;
}

export async function completas(q: Estadisticas, dias: number): Promise<EstadisticasCompletas> {
  return {
    generales: await generales(q),
    rendimiento: await rendimiento(q, dias),
    financieras: await financieras(q, dias),
  };
}

function sortKeys(c: Conteo): Conteo {
  return Object.fromEntries(Object.entries(c).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
