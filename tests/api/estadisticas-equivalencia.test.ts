/**
 * Rendimiento no longer walks the period's applications twice nor groups every application by
 * applicant only to count the open ones: the reviews per advisor are read from the reviews, with
 * the per-advisor counts of rendimiento's own scan, and the open ones are one count. Here, on a
 * generated data set (the demo's applications, 1,000 more and reviews on a fifth of them, some
 * twice, some answered, some returned by an advisor who is not the application's, some on deleted ones), every
 * role's rendimiento of every period equals what the previous queries (kept below, verbatim)
 * give. Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql, type SQL } from 'drizzle-orm';
import { bearer, createTestContext, loginAs, type DemoUser, type TestContext } from './helpers';
import { insertApplications, rng } from '../../server/src/db/seed';
import { readSnapshot, type DbOrTx } from '../../server/src/db/client';
import { revisiones, solicitudes, usuarios } from '../../server/src/db/schema';
import { ASESOR, nombres } from '../../server/src/modules/estadisticas/devoluciones';
import { Estadisticas } from './estadisticas-anterior';
import { visibleSolicitudes } from '../../server/src/modules/solicitudes/visibility';
import { authUserOf, type AuthUser } from '../../server/src/plugins/auth';
import type { Role } from '../../src/domain/roles';
import { uuidv7 } from '../../src/domain/ids';
import {
  PERIODOS_DIAS,
  SIN_USUARIO,
  ZONA_HORARIA,
  type DevolucionesAsesor,
  type EstadisticasRendimiento,
} from '../../src/domain/estadisticas';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.database.db;
  await insertApplications(db, ctx.seeded.demo.id, 1000, rng(9090), ctx.seeded.users);
  const all = await db
    .select()
    .from(solicitudes)
    .where(eq(solicitudes.empresaId, ctx.seeded.demo.id));
  const r = rng(77);
  const staff = Object.values(ctx.seeded.users);
  const rows: Array<typeof revisiones.$inferInsert> = [];
  for (const s of all) {
    if (r.next() > 0.2) continue;
    // A quarter of them were reviewed twice (a closed review, then a new one).
    for (let round = r.next() < 0.25 ? 2 : 1; round > 0; round--) {
      const devuelta = new Date(Date.parse(s.createdAt) + Math.floor(r.next() * 72) * 3_600_000);
      const answered = r.next() < 0.6;
      rows.push({
        id: uuidv7(),
        empresaId: s.empresaId,
        solicitudId: s.id,
        mensaje: 'Revise',
        devueltaPor: staff[Math.floor(r.next() * staff.length)],
        devueltaEn: devuelta.toISOString(),
        primeraDevolucionEn: devuelta.toISOString(),
        primeraRespuestaEn: answered
          ? new Date(devuelta.getTime() + Math.floor(r.next() * 5000) * 60_000).toISOString()
          : null,
      });
    }
  }
  for (let i = 0; i < rows.length; i += 200)
    await db.insert(revisiones).values(rows.slice(i, i + 200));
  // A few deleted applications, with and without reviews: counted nowhere.
  const deleted = all.filter((_, i) => i % 97 === 0).map((s) => s.id);
  await db
    .update(solicitudes)
    .set({ deletedAt: new Date().toISOString() })
    .where(sql`${solicitudes.id} in ${deleted}`);
});
afterAll(() => ctx.close());

// ---- The previous queries, as they were before this change. ----
async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
async function oldDevoluciones(
  db: DbOrTx,
  user: AuthUser,
  scope: SQL,
): Promise<DevolucionesAsesor[]> {
  const found = await rowsOf<{
    asesor: number | null;
    solicitudes: number;
    devueltas: number;
    respondidas: number;
    mediana: number | null;
  }>(
    db,
    sql`with vis as (
          select solicitudes.id, ${ASESOR} as asesor
          from solicitudes where ${scope}
        ), rev as (
          select vis.asesor, r.solicitud_id,
                 extract(epoch from (r.primera_respuesta_en - r.primera_devolucion_en)) / 3600.0 as horas
          from revisiones r join vis on vis.id = r.solicitud_id
          where r.empresa_id = ${user.empresaId}
        ), por_solicitud as (
          select vis.asesor, count(*)::int as solicitudes,
                 count(*) filter (where vis.id in (select solicitud_id from rev))::int as devueltas
          from vis group by vis.asesor
        ), tiempos as (
          select asesor, count(horas)::int as respondidas,
                 (percentile_cont(0.5) within group (order by horas))::float8 as mediana
          from rev group by asesor
        )
        select p.asesor, p.solicitudes, p.devueltas, coalesce(t.respondidas, 0)::int as respondidas, t.mediana
        from por_solicitud p left join tiempos t on t.asesor is not distinct from p.asesor`,
  );
  const names = await nombres(
    db,
    user,
    found.map((f) => (f.asesor === null ? null : Number(f.asesor))),
  );
  const unDecimal = (x: number) => Math.round(x * 10) / 10;
  return found
    .map((f) => ({
      asesor: names.get(f.asesor === null ? null : Number(f.asesor)) ?? SIN_USUARIO,
      solicitudes: Number(f.solicitudes),
      devueltas: Number(f.devueltas),
      porcentaje_devueltas:
        f.solicitudes > 0 ? unDecimal((Number(f.devueltas) / Number(f.solicitudes)) * 100) : 0,
      respondidas: Number(f.respondidas),
      mediana_horas_respuesta: f.mediana === null ? null : unDecimal(Number(f.mediana)),
    }))
    .sort((a, b) => a.asesor.localeCompare(b.asesor, 'es'));
}
const periodStart = (dias: number) =>
  sql`((date_trunc('day', now() at time zone ${ZONA_HORARIA}) - make_interval(days => ${dias - 1}::int)) at time zone ${ZONA_HORARIA})`;

async function authUser(who: DemoUser): Promise<AuthUser> {
  const id = ctx.seeded.users[who as keyof typeof ctx.seeded.users];
  const [u] = await ctx.database.db.select().from(usuarios).where(eq(usuarios.id, id));
  return authUserOf(u, u.rol as Role);
}

describe('rendimiento, read the new way, equals the previous queries', () => {
  it('for every role and period: the open applications and the returns per advisor', async () => {
    let returned = 0;
    for (const who of ['admin', 'supervisor', 'manager', 'asesor', 'banco', 'user'] as DemoUser[]) {
      const token = await loginAs(ctx.app, who);
      const user = await authUser(who);
      for (const dias of PERIODOS_DIAS) {
        const res = await ctx.app.inject({
          method: 'GET',
          url: `/api/estadisticas/rendimiento?dias=${dias}`,
          headers: bearer(token),
        });
        expect(res.statusCode).toBe(200);
        const got = res.json().data.estadisticas as EstadisticasRendimiento;
        const old = await readSnapshot(ctx.database.db, async (tx) => ({
          pendientes: (await new Estadisticas(tx, user).totales()).pendientes,
          devoluciones: await oldDevoluciones(
            tx,
            user,
            sql`${visibleSolicitudes(user)} and solicitudes.deleted_at is null and solicitudes.created_at >= ${periodStart(dias)}`,
          ),
        }));
        expect(got.solicitudes_pendientes, `${who} ${dias}`).toBe(old.pendientes);
        expect(got.devoluciones_por_asesor, `${who} ${dias}`).toStrictEqual(old.devoluciones);
        returned += old.devoluciones.reduce((a, d) => a + d.devueltas, 0);
      }
    }
    // The data set does exercise the reviews.
    expect(returned).toBeGreaterThan(100);
  });
});
