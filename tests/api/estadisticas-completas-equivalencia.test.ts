/**
 * Generales, financieras and completas now scan the visible applications once
 * (server/src/modules/estadisticas/resumen.ts) instead of once per figure group. Here, on the demo
 * data, 1,000 generated applications and the odd rows the generator never writes (an applicant
 * with several applications, blank or lower-case statuses, banks and cities, amounts as text, as
 * something else or missing, applications without an advisor or on the first instant of a
 * period, several or no financial and activity rows, documents tied to deleted applications, to
 * none or deleted), every role's answer for every period equals what the previous queries (kept
 * verbatim in ./estadisticas-anterior.ts) give. Runs on PGlite and, with DATABASE_URL, on
 * PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { bearer, createTestContext, DEMO_USERS, loginAs, type DemoUser, type TestContext } from './helpers';
import * as anterior from './estadisticas-anterior';
import { insertApplications, rng } from '../../server/src/db/seed';
import { readSnapshot } from '../../server/src/db/client';
import {
  actividadEconomica,
  documentos,
  informacionFinanciera,
  referencias,
  solicitantes,
  solicitudes,
  usuarios,
} from '../../server/src/db/schema';
import { authUserOf, type AuthUser } from '../../server/src/plugins/auth';
import type { Role } from '../../src/domain/roles';
import { uuidv7 } from '../../src/domain/ids';
import {
  PERIODOS_DIAS,
  SIN_INFORMACION,
  ZONA_HORARIA,
  type EstadisticasCompletas,
  type EstadisticasFinancieras,
  type EstadisticasGenerales,
  type EstadisticasRendimiento,
} from '../../src/domain/estadisticas';

let ctx: TestContext;
type Sol = typeof solicitudes.$inferSelect;

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.database.db;
  const demo = ctx.seeded.demo.id;
  const users = ctx.seeded.users;
  await insertApplications(db, demo, 1000, rng(4242), users);
  const all = await db.select().from(solicitudes).where(eq(solicitudes.empresaId, demo));
  const r = rng(31);
  const pick = <T>(list: readonly T[]) => list[Math.floor(r.next() * list.length)];

  // Statuses, banks and cities written every way a form or an import may leave them.
  const estados = ['Aprobado', '  aprobado ', 'PAGADO', 'desembolsado', 'Rechazado', 'Negado', '', '   ', 'Pendiente', 'En estudio', 'Otro estado'];
  const bancos = [null, '', '  ', 'Bancolombia', 'bancolombia', ' Bancolombia ', 'Banco de Bogotá'];
  const ciudades = [null, '', ' ', 'Medellín', 'medellín ', 'Cali'];
  const montos: unknown[] = [1_500_000, '2500000', '12.5', '1e6', 'abc', '-5', -5, null, true, { v: 1 }, undefined, 0];
  const staff = [...Object.values(users), null];
  for (const s of all) {
    if (r.next() > 0.15) continue;
    const detalle = { ...(s.detalleCredito as Record<string, unknown>) };
    const m = pick(montos);
    if (m === undefined) delete detalle.monto_solicitado;
    else detalle.monto_solicitado = m;
    const creator = pick(staff);
    await db
      .update(solicitudes)
      .set({
        estado: pick(estados),
        bancoNombre: pick(bancos),
        ciudadSolicitud: pick(ciudades),
        detalleCredito: detalle,
        createdByUserId: creator,
        assignedToUserId: r.next() < 0.5 ? null : pick(staff),
      })
      .where(eq(solicitudes.id, s.id));
  }

  // Applications on the edges of each period (the first instant of its first Colombian day and
  // the one before), and a second or third application of an existing applicant.
  const [{ hoy }] = (
    (await db.execute(
      sql`select to_char(now() at time zone ${ZONA_HORARIA}, 'YYYY-MM-DD') as hoy`,
    )) as unknown as { rows: Array<{ hoy: string }> }
  ).rows;
  const extra: Array<typeof solicitudes.$inferInsert> = [];
  const base = all[0];
  let n = 0;
  const app = (createdAt: string, solicitanteId: string, over: Partial<Sol> = {}) =>
    extra.push({
      id: uuidv7(),
      empresaId: demo,
      solicitanteId,
      radicado: `EQ-${++n}`,
      estado: pick(estados),
      bancoNombre: pick(bancos),
      ciudadSolicitud: pick(ciudades),
      detalleCredito: { monto_solicitado: pick([3_000_000, '4000000']) },
      createdByUserId: pick(staff),
      assignedToUserId: pick(staff),
      createdAt,
      updatedAt: createdAt,
      ...over,
    });
  for (const dias of PERIODOS_DIAS) {
    const first = new Date(`${hoy}T00:00:00-05:00`);
    first.setUTCDate(first.getUTCDate() - (dias - 1));
    app(first.toISOString(), pick(all).solicitanteId, { estado: 'Aprobado', createdByUserId: users.asesor, bancoNombre: 'Bancolombia' });
    app(new Date(first.getTime() - 1).toISOString(), pick(all).solicitanteId, { estado: 'Pagado', createdByUserId: users.asesor, bancoNombre: 'Bancolombia' });
  }
  for (let i = 0; i < 60; i++) app(pick(all).createdAt, pick(all).solicitanteId);
  // Applicants of their own: one with no financial or activity row, one with a null income and a
  // blank activity, one with several rows (the newest counts), one whose only application is deleted.
  const nuevos = Array.from({ length: 4 }, () => uuidv7());
  await db.insert(solicitantes).values(
    nuevos.map((id, i) => ({ id, empresaId: demo, nombres: `Equivalencia ${i}`, primerApellido: 'Prueba', numeroDocumento: `9900${i}` })),
  );
  for (const id of nuevos) app(base.createdAt, id, { createdByUserId: users.user });
  await db.insert(solicitudes).values(extra);
  const fin = (solicitanteId: string, ingreso: number | null) => ({ id: uuidv7(), empresaId: demo, solicitanteId, totalIngresosMensuales: ingreso });
  const act = (solicitanteId: string, tipo: string | null) => ({ id: uuidv7(), empresaId: demo, solicitanteId, tipoActividad: tipo });
  await db.insert(informacionFinanciera).values([fin(nuevos[1], null), fin(nuevos[2], 900_000), fin(nuevos[2], 10_000_000)]);
  await db.insert(actividadEconomica).values([act(nuevos[1], '  '), act(nuevos[2], 'Empleado'), act(nuevos[2], null)]);
  // Newer rows for some generated applicants: incomes on the ranges' edges, null ones.
  const someApplicants = all.filter((_, i) => i % 13 === 0).map((s) => s.solicitanteId);
  await db.insert(informacionFinanciera).values(someApplicants.map((id) => fin(id, pick([null, 1_000_000, 2_999_999.5, 5_000_000, 0]))));
  await db.insert(actividadEconomica).values(someApplicants.map((id) => act(id, pick([null, '', 'Independiente', 'Pensionado']))));
  await db.insert(referencias).values(nuevos.slice(0, 3).map((id) => ({ id: uuidv7(), empresaId: demo, solicitanteId: id })));

  // Documents: of an application, of an applicant only, deleted, of a deleted application.
  const withDeleted = [...all, ...extra.map((e) => ({ id: e.id!, solicitanteId: e.solicitanteId }))];
  const deleted = withDeleted.filter((_, i) => i % 89 === 0);
  const doc = (s: Pick<Sol, 'solicitanteId' | 'id'>, over: Partial<typeof documentos.$inferInsert> = {}) => ({
    id: uuidv7(),
    empresaId: demo,
    solicitanteId: s.solicitanteId,
    solicitudId: s.id,
    nombre: 'cedula.pdf',
    mime: 'application/pdf',
    fileSize: 1000,
    ...over,
  });
  const docs = [
    ...withDeleted.filter((_, i) => i % 7 === 0).map((s) => doc(s)),
    ...withDeleted.filter((_, i) => i % 11 === 0).map((s) => doc(s, { solicitudId: null })),
    ...withDeleted.filter((_, i) => i % 17 === 0).map((s) => doc(s, { deletedAt: new Date().toISOString() })),
    ...deleted.map((s) => doc(s)),
  ];
  for (let i = 0; i < docs.length; i += 200) await db.insert(documentos).values(docs.slice(i, i + 200));
  await db
    .update(solicitudes)
    .set({ deletedAt: new Date().toISOString() })
    .where(sql`${solicitudes.id} in ${[...deleted.map((s) => s.id!), extra.at(-1)!.id!]}`);
}, 180_000);
afterAll(() => ctx.close());

const ROLES: DemoUser[] = ['admin', 'supervisor', 'manager', 'asesor', 'banco', 'user', 'otraAdmin'];

async function authUser(who: DemoUser): Promise<AuthUser> {
  const [u] = await ctx.database.db.select().from(usuarios).where(eq(usuarios.correo, DEMO_USERS[who]));
  return authUserOf(u, u.rol as Role);
}

async function answer<T>(who: DemoUser, path: string): Promise<T> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/estadisticas/${path}`, headers: bearer(await loginAs(ctx.app, who)) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.estadisticas as T;
}

/** What the previous queries give, in one snapshot as the route reads. */
function before<T>(who: DemoUser, work: (q: anterior.Estadisticas) => Promise<T>): Promise<T> {
  return authUser(who).then((user) => readSnapshot(ctx.database.db, (tx) => work(new anterior.Estadisticas(tx, user))));
}

describe('generales, financieras and completas, read in one scan, equal the previous queries', () => {
  it('completas, for every role and period', async () => {
    for (const who of ROLES) {
      for (const dias of PERIODOS_DIAS) {
        const got = await answer<EstadisticasCompletas>(who, `completas?dias=${dias}`);
        const old = await before(who, (q) => anterior.completas(q, dias));
        expect(got, `${who} ${dias}`).toStrictEqual(old);
      }
    }
  });

  it('generales, financieras and rendimiento alone, for every role', async () => {
    for (const who of ROLES) {
      expect(await answer<EstadisticasGenerales>(who, 'generales'), who).toStrictEqual(await before(who, anterior.generales));
      for (const dias of [7, 90]) {
        expect(await answer<EstadisticasFinancieras>(who, `financieras?dias=${dias}`), `${who} ${dias}`).toStrictEqual(
          await before(who, (q) => anterior.financieras(q, dias)),
        );
        expect(await answer<EstadisticasRendimiento>(who, `rendimiento?dias=${dias}`), `${who} ${dias}`).toStrictEqual(
          await before(who, (q) => anterior.rendimiento(q, dias)),
        );
      }
    }
  });

  it('the data set does exercise the odd rows', async () => {
    const admin = await answer<EstadisticasCompletas>('admin', 'completas?dias=7');
    const { generales: g, financieras: f, rendimiento: r } = admin;
    // Several applications of one applicant, blank and lower-case labels, advisors missing.
    expect(g.total_solicitantes).toBeLessThan(g.total_solicitudes);
    expect(g.solicitudes_por_estado.aprobado).toBeGreaterThan(0);
    expect(g.solicitudes_por_banco['Sin banco']).toBeGreaterThan(0);
    expect(g.solicitudes_por_ciudad['Sin ciudad']).toBeGreaterThan(0);
    expect(r.productividad_usuarios['Sin usuario']).toBeGreaterThan(0);
    expect(f.rangos_ingresos[SIN_INFORMACION]).toBeGreaterThan(0);
    expect(f.tipos_actividad_economica[SIN_INFORMACION]).toBeGreaterThan(0);
    expect(f.monto_total_aprobado).toBeGreaterThan(0);
    // The asesor's applications on each period's edges (approved on its first instant, paid just
    // before it) are among the completed ones.
    const asesor = await answer<EstadisticasCompletas>('asesor', 'completas?dias=7');
    expect(asesor.rendimiento.solicitudes_completadas).toBeGreaterThan(0);
  });
});
