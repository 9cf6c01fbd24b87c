/**
 * Statistics of the review loop (issue 34) and the users' display names the statistics share.
 * Invariants: only applications the caller's `scope` selects count (the service passes the visible,
 * non-deleted ones of the period); an advisor is the application's assigned user, else its creator;
 * the median takes each review's first return and first answer (`primera_devolucion_en`,
 * `primera_respuesta_en`), so returning it again does not restart the clock; unanswered reviews
 * count as returned but not in the median.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { AuthUser } from '../../plugins/auth';
import { SIN_USUARIO, type DevolucionesAsesor } from '../../../../src/domain/estadisticas';

/**
 * The advisor responsible for an application: its assigned user, else its creator. Every per-person
 * figure of rendimiento (productivity, returns) uses it, so one person has one count.
 */
export const ASESOR = sql`coalesce(solicitudes.assigned_to_user_id, solicitudes.created_by_user_id)`;

async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * The review loop per advisor (assigned, else creator) over the applications `scope` selects (the
 * visible ones created in the period; a WHERE on table `solicitudes`): how many, how many were returned at least once, and the median time from a review's
 * first return to its first answer (reviews never answered do not count in the median).
 * `porAsesor` is how many of those applications each advisor has (rendimiento's scan of the period
 * counts them already), so only the reviews are read here, each joined to its application, and
 * the period's applications are not walked a second time.
 */
export async function devolucionesPorAsesor(
  db: DbOrTx,
  user: AuthUser,
  scope: SQL,
  porAsesor: ReadonlyMap<number | null, number>,
): Promise<DevolucionesAsesor[]> {
  const revisadas = await rows<{ asesor: number | null; devueltas: number; respondidas: number; mediana: number | null }>(
    db,
    sql`with rev as (
          select ${ASESOR} as asesor, r.solicitud_id,
                 extract(epoch from (r.primera_respuesta_en - r.primera_devolucion_en)) / 3600.0 as horas
          from revisiones r join solicitudes on solicitudes.id = r.solicitud_id
          where r.empresa_id = ${user.empresaId} and ${scope}
        )
        select asesor, count(distinct solicitud_id)::int as devueltas, count(horas)::int as respondidas,
               (percentile_cont(0.5) within group (order by horas))::float8 as mediana
        from rev group by asesor`,
  );
  const byAsesor = new Map(revisadas.map((r) => [r.asesor === null ? null : Number(r.asesor), r]));
  const found = [...porAsesor].map(([asesor, solicitudes]) => {
    const r = byAsesor.get(asesor);
    return { asesor, solicitudes, devueltas: r?.devueltas ?? 0, respondidas: r?.respondidas ?? 0, mediana: r?.mediana ?? null };
  });
  const names = await nombres(db, user, found.map((f) => (f.asesor === null ? null : Number(f.asesor))));
  const unDecimal = (x: number) => Math.round(x * 10) / 10;
  return found
    .map((f) => ({
      asesor: names.get(f.asesor === null ? null : Number(f.asesor)) ?? SIN_USUARIO,
      solicitudes: Number(f.solicitudes),
      devueltas: Number(f.devueltas),
      porcentaje_devueltas: f.solicitudes > 0 ? unDecimal((Number(f.devueltas) / Number(f.solicitudes)) * 100) : 0,
      respondidas: Number(f.respondidas),
      mediana_horas_respuesta: f.mediana === null ? null : unDecimal(Number(f.mediana)),
    }))
    .sort((a, b) => a.asesor.localeCompare(b.asesor, 'es'));
}

/**
 * The display name of each user id of the company (null: SIN_USUARIO); two users with the same
 * name are told apart by their e-mail.
 */
export async function nombres(db: DbOrTx, user: AuthUser, ids: Array<number | null>): Promise<Map<number | null, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  const people = wanted.length
    ? await rows<{ id: number; nombre: string; correo: string }>(
        db,
        sql`select id, trim(nombre || ' ' || coalesce(apellido, '')) as nombre, correo from usuarios
            where empresa_id = ${user.empresaId} and id in (${sql.join(wanted.map((id) => sql`${id}`), sql`, `)})`,
      )
    : [];
  const nameCount = new Map<string, number>();
  for (const p of people) nameCount.set(p.nombre, (nameCount.get(p.nombre) ?? 0) + 1);
  const out = new Map<number | null, string>([[null, SIN_USUARIO]]);
  for (const p of people) out.set(Number(p.id), (nameCount.get(p.nombre) ?? 0) > 1 ? `${p.nombre} (${p.correo})` : p.nombre || p.correo);
  return out;
}

