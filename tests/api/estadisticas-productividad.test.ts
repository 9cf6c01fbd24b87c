/**
 * Rendimiento's per-person figures: 'Productividad por usuario' and the review table count an
 * application for the same person, its advisor responsible (the assigned user, else the creator);
 * 'Solicitudes completadas' counts the applications created in the period that are now closed
 * (Negado and Desistido too), and no older one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { bearer, createTestContext, loginAs, type TestContext } from './helpers';
import { solicitudes, usuarios } from '../../server/src/db/schema';
import type { EstadisticasRendimiento } from '../../src/domain/estadisticas';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;

async function rendimiento(dias: number): Promise<EstadisticasRendimiento> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/estadisticas/rendimiento?dias=${dias}`, headers: bearer(await loginAs(ctx.app, 'admin')) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.estadisticas as EstadisticasRendimiento;
}

/** The first instant of a `dias`-day period: Colombian midnight (UTC−5, no DST) dias − 1 days ago. */
function periodStart(dias: number): number {
  const bogota = new Date(Date.now() - 5 * 3600_000);
  return Date.UTC(bogota.getUTCFullYear(), bogota.getUTCMonth(), bogota.getUTCDate() - (dias - 1), 5);
}

async function people() {
  const all = await db().select().from(usuarios).where(eq(usuarios.empresaId, ctx.seeded.demo.id));
  const by = (correo: string) => all.find((u) => u.correo === correo)!;
  const name = (u: { nombre: string; apellido: string | null }) => `${u.nombre} ${u.apellido ?? ''}`.trim();
  return { asesor: by('asesor@demo.co'), manager: by('manager@demo.co'), name };
}

async function inPeriod(dias: number) {
  const all = await db().select().from(solicitudes).where(and(eq(solicitudes.empresaId, ctx.seeded.demo.id), isNull(solicitudes.deletedAt)));
  return all.filter((s) => Date.parse(s.createdAt) >= periodStart(dias));
}

describe('rendimiento per person', () => {
  it('counts an application created by one user and assigned to another for the assigned one, in the pie and in the table alike', async () => {
    const { asesor, manager, name } = await people();
    const DIAS = 90;
    // Applications the asesor created, handed to the manager: the manager is now responsible.
    const created = (await inPeriod(DIAS)).filter((s) => s.createdByUserId === asesor.id);
    expect(created.length).toBeGreaterThanOrEqual(4);
    const handed = created.slice(0, 3).map((s) => s.id);
    await db().update(solicitudes).set({ assignedToUserId: manager.id }).where(inArray(solicitudes.id, handed));
    // And one the asesor created with no one assigned: it stays the creator's.
    await db().update(solicitudes).set({ assignedToUserId: null }).where(eq(solicitudes.id, created[3].id));

    const rows = await inPeriod(DIAS);
    const expected: Record<string, number> = {};
    for (const s of rows) {
      const id = s.assignedToUserId ?? s.createdByUserId;
      const u = [asesor, manager].find((p) => p.id === id);
      if (u) expected[name(u)] = (expected[name(u)] ?? 0) + 1;
    }
    const got = await rendimiento(DIAS);
    expect(got.productividad_usuarios[name(manager)]).toBe(expected[name(manager)]);
    expect(got.productividad_usuarios[name(asesor)]).toBe(expected[name(asesor)]);
    // Counting by creator would give the asesor the three handed over.
    expect(expected[name(asesor)]).toBeLessThan(created.length);

    // One definition: each person's pie count is their row in the review table, and both add up to the period's applications.
    const table = Object.fromEntries(got.devoluciones_por_asesor!.map((r) => [r.asesor, r.solicitudes]));
    expect(got.productividad_usuarios).toEqual(table);
    expect(Object.values(got.productividad_usuarios).reduce((a, b) => a + b, 0)).toBe(rows.length);
  });

  it("'Solicitudes completadas' counts the period's applications now closed, Negado and Desistido included, and none created before the period", async () => {
    const DIAS = 7;
    const closed = ['Aprobado', 'Desembolsado', 'Pagado', 'Negado', 'Desistido'];
    // Three open applications in the period whatever day the seed's relative dates fall on: the
    // seed alone may leave fewer than three open ones in the last 7 days.
    const all = (await db().select().from(solicitudes).where(eq(solicitudes.empresaId, ctx.seeded.demo.id))).filter((s) => !s.deletedAt);
    const openNow = all.filter((s) => !closed.includes(s.estado));
    const openRecent = openNow.filter((s) => Date.parse(s.createdAt) >= periodStart(DIAS));
    for (const s of openNow.filter((x) => !openRecent.includes(x)).slice(0, Math.max(0, 3 - openRecent.length))) {
      await db().update(solicitudes).set({ createdAt: new Date(Date.now() - 3_600_000).toISOString() }).where(eq(solicitudes.id, s.id));
    }
    const recent = await inPeriod(DIAS);
    expect(recent.length).toBeGreaterThanOrEqual(3);
    const before = await rendimiento(DIAS);
    expect(before.solicitudes_completadas).toBe(recent.filter((s) => closed.includes(s.estado)).length);

    // Close three open ones of the period as Negado, Desistido and Aprobado: three more.
    const open = recent.filter((s) => !closed.includes(s.estado)).slice(0, 3);
    expect(open).toHaveLength(3);
    for (const [s, estado] of open.map((s, i) => [s, ['Negado', 'Desistido', 'Aprobado'][i]] as const)) {
      await db().update(solicitudes).set({ estado }).where(eq(solicitudes.id, s.id));
    }
    // An application of long ago closed today does not count: it was not created in the period.
    const old = (await db().select().from(solicitudes).where(eq(solicitudes.empresaId, ctx.seeded.demo.id))).find(
      (s) => !s.deletedAt && Date.parse(s.createdAt) < periodStart(DIAS) - 86_400_000 && !closed.includes(s.estado),
    )!;
    await db().update(solicitudes).set({ estado: 'Aprobado' }).where(eq(solicitudes.id, old.id));

    const after = await rendimiento(DIAS);
    expect(after.solicitudes_completadas).toBe(before.solicitudes_completadas + 3);
  });
});
