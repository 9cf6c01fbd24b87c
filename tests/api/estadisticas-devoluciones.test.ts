/**
 * Statistics of the review loop (issue 34): per advisor, the share of the period's applications
 * returned at least once and the median time from a review's first return to its first answer,
 * in GET /api/estadisticas/rendimiento (and completas). Runs on PGlite and, with DATABASE_URL, on
 * PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { bearer, createTestContext, loginAs, type DemoUser, type TestContext } from './helpers';
import { revisiones, solicitudes, usuarios } from '../../server/src/db/schema';
import type { DevolucionesAsesor, EstadisticasRendimiento } from '../../src/domain/estadisticas';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const DIAS = 90;
const CAMPO = 'solicitud.ciudad_solicitud';

async function call(who: DemoUser, method: 'GET' | 'POST', url: string, payload?: unknown) {
  return ctx.app.inject({ method, url, headers: bearer(await loginAs(ctx.app, who)), ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function rendimiento(who: DemoUser): Promise<DevolucionesAsesor[]> {
  const res = await call(who, 'GET', `/api/estadisticas/rendimiento?dias=${DIAS}`);
  expect(res.statusCode).toBe(200);
  return (res.json().data.estadisticas as EstadisticasRendimiento).devoluciones_por_asesor!;
}

/** The first instant of the period: Colombian midnight (UTC−5, no DST) DIAS − 1 days ago. */
function periodStart(): number {
  const bogota = new Date(Date.now() - 5 * 3600_000);
  return Date.UTC(bogota.getUTCFullYear(), bogota.getUTCMonth(), bogota.getUTCDate() - (DIAS - 1), 5);
}

/** Returns `s`, answers it (when `horas` is given) and sets the first answer `horas` after the first return. */
async function devuelta(s: { id: string }, horas: number | null) {
  const r = await call('supervisor', 'POST', `/api/solicitudes/${s.id}/devolver`, { mensaje: 'Revise', campos: [{ campo: CAMPO, comentario: 'No coincide' }] });
  expect(r.statusCode).toBe(200);
  const id = r.json().data.id as string;
  if (horas === null) return;
  const a = await call('asesor', 'POST', `/api/solicitudes/${s.id}/revisiones/${id}/responder`, { respuestas: [{ campo: CAMPO, respuesta: 'Revisada' }] });
  expect(a.statusCode).toBe(200);
  await db()
    .update(revisiones)
    .set({ primeraDevolucionEn: sql`${revisiones.primeraRespuestaEn} - make_interval(mins => ${Math.round(horas * 60)})` })
    .where(eq(revisiones.id, id));
}

describe('returns per advisor', () => {
  it("counts the advisor's applications of the period, those returned at least once, and the median hours to the first answer", async () => {
    const [asesor] = await db().select().from(usuarios).where(eq(usuarios.correo, 'asesor@demo.co'));
    const start = periodStart();
    const all = await db().select().from(solicitudes).where(and(eq(solicitudes.empresaId, ctx.seeded.demo.id), isNull(solicitudes.deletedAt)));
    const mine = all.filter((s) => (s.assignedToUserId ?? s.createdByUserId) === asesor.id && Date.parse(s.createdAt) >= start);
    expect(mine.length).toBeGreaterThanOrEqual(4);

    const nombre = `${asesor.nombre} ${asesor.apellido ?? ''}`.trim();
    const before = (await rendimiento('admin')).find((r) => r.asesor === nombre);
    expect(before).toEqual({ asesor: nombre, solicitudes: mine.length, devueltas: 0, porcentaje_devueltas: 0, respondidas: 0, mediana_horas_respuesta: null });

    await devuelta(mine[0], 4);
    await devuelta(mine[1], 10);
    await devuelta(mine[2], null);
    // Returned again after its answer: still one application, and its clock keeps the first round.
    const [first] = await db().select().from(revisiones).where(eq(revisiones.solicitudId, mine[0].id));
    expect((await call('admin', 'POST', `/api/solicitudes/${mine[0].id}/devolver`, { mensaje: 'Otra vez', campos: [{ campo: CAMPO, comentario: 'Aún no' }] })).json().data.id).toBe(first.id);

    const rows = await rendimiento('admin');
    const row = rows.find((r) => r.asesor === nombre)!;
    expect(row).toEqual({
      asesor: nombre,
      solicitudes: mine.length,
      devueltas: 3,
      porcentaje_devueltas: Math.round((3 / mine.length) * 1000) / 10,
      respondidas: 2,
      mediana_horas_respuesta: 7,
    });
    // Sorted by advisor; the other advisors had nothing returned.
    expect(rows.map((r) => r.asesor)).toEqual([...rows.map((r) => r.asesor)].sort((a, b) => a.localeCompare(b, 'es')));
    expect(rows.filter((r) => r !== row).every((r) => r.devueltas === 0)).toBe(true);

    // The advisor sees their own row only; completas carries the same figures.
    expect(await rendimiento('asesor')).toEqual([row]);
    const completas = await call('admin', 'GET', `/api/estadisticas/completas?dias=${DIAS}`);
    expect(completas.json().data.estadisticas.rendimiento.devoluciones_por_asesor).toEqual(rows);
    // Another company sees none of it.
    expect((await rendimiento('otraAdmin')).every((r) => r.devueltas === 0)).toBe(true);
  });
});
