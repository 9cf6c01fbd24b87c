/**
 * Statistics computed in SQL (spec 02 §3 'Statistics responses').
 * Invariants:
 * - Every application figure is taken over the applications the user may see
 *   (visibleSolicitudes: the token's company, then the role's rule) that are not deleted.
 * - Applicants, references, documents, incomes and activities are those of visible applications;
 *   a document tied to an application counts only when that application is visible.
 * - A person's figures in rendimiento (productivity and the review table) count the applications
 *   of which they are the advisor responsible: the assigned user, else the creator (ASESOR).
 * - Days are Colombian days (ZONA_HORARIA); the period of `dias` days ends today and starts at
 *   the beginning of the day `dias - 1` days ago.
 * - Each group of counts is one scan (GROUPING SETS), so the cost stays linear in the rows seen;
 *   generales, financieras and completas scan the visible applications once in all (resumen.ts).
 * - Financieras has no period: every figure of it (references, documents, incomes, activities and
 *   money) is over all the visible applications, of any date, so its figures agree with each other.
 * - Money figures (financieras) sum detalle_credito.monto_solicitado of the visible applications,
 *   read as `montoSolicitado` reads it (a number or a text of digits);
 *   approved = ESTADOS_APROBADOS, disbursed = ESTADOS_DESEMBOLSADOS, case-insensitive.
 * - User statistics cover the company's users (the route restricts them to admin and supervisor).
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { AuthUser } from '../../plugins/auth';
import { ASESOR, devolucionesPorAsesor, nombres } from './devoluciones';
import { completada, dia, label, periodStart, resumen, rows, visible, type Resumen } from './resumen';
import {
  SIN_CIUDAD,
  SIN_INFORMACION,
  SIN_USUARIO,
  promedio,
  type Conteo,
  type EstadisticasCompletas,
  type EstadisticasFinancieras,
  type EstadisticasGenerales,
  type EstadisticasRendimiento,
  type EstadisticasUsuarios,
} from '../../../../src/domain/estadisticas';

type GroupRow = { kind: string; k: string | null; n: number };
function collect(list: GroupRow[], kind: string): Conteo {
  const out: Conteo = {};
  for (const r of list) if (r.kind === kind && r.k !== null) out[r.k] = Number(r.n);
  return out;
}

/** One statistics request: the database (a snapshot's transaction) and who asks. */
export class Estadisticas {
  constructor(
    readonly db: DbOrTx,
    readonly user: AuthUser,
  ) {}

  /** The open applications (of any date), for rendimiento alone: one count, no grouping. */
  pendientes(): Promise<number> {
    return rows<{ n: number }>(
      this.db,
      sql`select count(*) filter (where not (${completada}))::int as n from solicitudes where ${visible(this.user)}`,
    ).then(([r]) => Number(r?.n ?? 0));
  }
}

/** The count of every group of one kind of the read (its `n`, or with `periodo` its `p` when not 0). */
function conteo(r: Resumen, kind: 'estado' | 'banco' | 'ciudad' | 'dia', periodo = false): Conteo {
  const out: Conteo = {};
  for (const g of r.grupos) {
    if (g.kind !== kind || g.k === null) continue;
    const n = periodo ? Number(g.p) : Number(g.n);
    if (n > 0) out[g.k] = n;
  }
  return out;
}

function generalesDe(r: Resumen): EstadisticasGenerales {
  return {
    total_solicitantes: Number(r.solicitantes),
    total_solicitudes: Number(r.solicitudes),
    total_documentos: Number(r.documentos),
    solicitudes_por_dia: sortKeys(conteo(r, 'dia')),
    solicitudes_por_estado: conteo(r, 'estado'),
    solicitudes_por_banco: conteo(r, 'banco'),
    solicitudes_por_ciudad: conteo(r, 'ciudad'),
  };
}

export async function generales({ db, user }: Estadisticas): Promise<EstadisticasGenerales> {
  return generalesDe(await resumen(db, user, { generales: true }));
}

/** Rendimiento's counts over the period, however they were read. */
interface Periodo {
  completadas: number;
  pendientes: number;
  porDia: Conteo;
  porAsesor: Map<number | null, number>;
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
  const periodo: Periodo = { completadas: 0, pendientes, porDia: {}, porAsesor: new Map() };
  for (const g of groups) {
    if (g.kind === 'dia' && g.dia) periodo.porDia[g.dia] = Number(g.n);
    else if (g.kind === 'asesor') periodo.porAsesor.set(g.asesor === null ? null : Number(g.asesor), Number(g.n));
    else if (g.kind === 'completada' && g.completada) periodo.completadas = Number(g.n);
  }
  return rendimientoDe(q, dias, periodo);
}

/** Rendimiento's counts from completas' one read (`p`: created in the period). */
function periodoDe(r: Resumen): Periodo {
  const porAsesor = new Map<number | null, number>();
  for (const g of r.grupos) {
    if (g.kind === 'asesor' && Number(g.p) > 0) porAsesor.set(g.asesor == null ? null : Number(g.asesor), Number(g.p));
  }
  return {
    completadas: Number(r.completadas),
    pendientes: Number(r.pendientes),
    porDia: conteo(r, 'dia', true),
    porAsesor,
  };
}

async function rendimientoDe({ db, user }: Estadisticas, dias: number, p: Periodo): Promise<EstadisticasRendimiento> {
  return {
    solicitudes_completadas: p.completadas,
    solicitudes_pendientes: p.pendientes,
    periodo_dias: dias,
    solicitudes_por_dia: sortKeys(p.porDia),
    productividad_usuarios: await productividad(db, user, p.porAsesor),
    devoluciones_por_asesor: await devolucionesPorAsesor(db, user, sql`${visible(user)} and solicitudes.created_at >= ${periodStart(dias)}`, p.porAsesor),
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

/**
 * Financieras, over all the visible applications. `dias` only fills the obsolete `periodo_dias`
 * (see EstadisticasFinancieras); no figure depends on it.
 */
function financierasDe(r: Resumen, dias: number): EstadisticasFinancieras {
  const solicitantes = Number(r.solicitantes);
  const referencias = Number(r.referencias ?? 0);
  const documentos = Number(r.documentos);
  const m = r.montos;
  const total = Number(m?.total ?? 0);
  const porK = (list: Array<{ k: string; n: number }> = []) => {
    const out: Conteo = {};
    for (const x of list) if (x.k !== null) out[x.k] = Number(x.n);
    return out;
  };
  return {
    referencias_promedio: promedio(referencias, solicitantes),
    documentos_promedio: promedio(documentos, solicitantes),
    total_referencias: referencias,
    total_documentos: documentos,
    rangos_ingresos: withMissing(porK(r.rangos), solicitantes),
    tipos_actividad_economica: withMissing(porK(r.actividades), solicitantes),
    periodo_dias: dias,
    monto_total_solicitado: Math.round(total),
    monto_promedio_solicitado: m && Number(m.n) > 0 ? Math.round(total / Number(m.n)) : 0,
    monto_total_aprobado: Math.round(Number(m?.aprobado ?? 0)),
    monto_total_desembolsado: Math.round(Number(m?.desembolsado ?? 0)),
  };
}

export async function financieras({ db, user }: Estadisticas, dias: number): Promise<EstadisticasFinancieras> {
  return financierasDe(await resumen(db, user, { financieras: true }), dias);
}

/** Applicants without a row are counted under SIN_INFORMACION. */
function withMissing(c: Conteo, applicants: number): Conteo {
  const missing = applicants - Object.values(c).reduce((a, b) => a + b, 0);
  if (missing > 0) c[SIN_INFORMACION] = (c[SIN_INFORMACION] ?? 0) + missing;
  return c;
}

/** The full read: the visible applications scanned once for all three parts. */
export async function completas(q: Estadisticas, dias: number): Promise<EstadisticasCompletas> {
  const r = await resumen(q.db, q.user, { generales: true, financieras: true, dias });
  return {
    generales: generalesDe(r),
    rendimiento: await rendimientoDe(q, dias, periodoDe(r)),
    financieras: financierasDe(r, dias),
  };
}

export async function usuariosStats({ db, user }: Estadisticas): Promise<EstadisticasUsuarios> {
  const groups = await rows<GroupRow>(
    db,
    sql`select case when grouping(rol) = 0 then 'rol' when grouping(banco) = 0 then 'banco'
                    when grouping(ciudad) = 0 then 'ciudad' else 'total' end as kind,
               coalesce(rol, banco, ciudad) as k, count(*)::int as n
        from (select lower(trim(rol)) as rol,
                     nullif(trim(info_extra->>'banco_nombre'), '') as banco,
                     ${label(sql`info_extra->>'ciudad'`, SIN_CIUDAD)} as ciudad
              from usuarios where empresa_id = ${user.empresaId} and deleted_at is null) v
        group by grouping sets ((rol), (banco), (ciudad), ())`,
  );
  const total = groups.find((g) => g.kind === 'total');
  return {
    total_usuarios: Number(total?.n ?? 0),
    usuarios_por_rol: collect(groups, 'rol'),
    usuarios_por_banco: collect(groups, 'banco'),
    usuarios_por_ciudad: collect(groups, 'ciudad'),
  };
}

function sortKeys(c: Conteo): Conteo {
  return Object.fromEntries(Object.entries(c).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
