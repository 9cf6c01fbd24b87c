/**
 * The pull builds each application's record as JSON text in the database
 * (server/src/modules/sync/record-json.ts) and sends it untouched. Before, it assembled the same
 * records in JavaScript with `buildRecords`, which the dashboard and traer-todos-registros still
 * use, and then in the database with correlated subqueries per application, before the one
 * set-based statement per page of today. On a seeded data set with the awkward cases added (missing
 * blocks, several and deleted children, ties, decimals, text that JSON must escape, two
 * applications of one applicant), every record a pull page carries equals, row for row, the one
 * `buildRecords` assembles, an independent reference: on PGlite, and on PostgreSQL in CI.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { bearer, createTestContext, DEMO_USERS, loginAs, type DemoUser, type TestContext } from './helpers';
import {
  actividadEconomica,
  documentos,
  informacionFinanciera,
  observaciones,
  referencias,
  solicitantes,
  solicitudes,
  ubicaciones,
  usuarios,
} from '../../server/src/db/schema';
import { insertApplications, rng } from '../../server/src/db/seed';
import { buildRecords } from '../../server/src/modules/solicitudes/repository';
import { authUserOf } from '../../server/src/plugins/auth';
import type { Role } from '../../src/domain/roles';
import { readSnapshot } from '../../server/src/db/client';
import { uuidv7 } from '../../src/domain/ids';
import type { Change, PullResponse } from '../../src/domain/sync-protocol';

let ctx: TestContext;
/** The applications given the awkward cases: rich, bare, decimals, escaped. */
let awkward: string[] = [];
beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.database.db;
  const empresaId = ctx.seeded.demo.id;
  const ids = Object.fromEntries(
    (await db.select().from(usuarios).where(eq(usuarios.empresaId, empresaId))).map((u) => [u.rol, u.id]),
  ) as Record<'admin' | 'supervisor' | 'manager' | 'asesor' | 'banco' | 'user', number>;
  await insertApplications(db, empresaId, 400, rng(31), ids);

  // The awkward cases, on a few applications.
  const apps = await db.select().from(solicitudes).where(eq(solicitudes.empresaId, empresaId)).orderBy(solicitudes.id).limit(4);
  const [rich, bare, decimals, escaped] = apps;
  // A second application of the rich one's applicant: both records carry the applicant's blocks.
  const twin = uuidv7();
  await db.insert(solicitudes).values({ ...rich, id: twin, radicado: `${rich.radicado}-B` });
  awkward = [...apps.map((a) => a.id), twin];
  const at = (s: string) => new Date(Date.parse('2026-01-05T10:00:00Z') + Number(s) * 1000).toISOString();
  await db.insert(documentos).values([
    { id: uuidv7(), empresaId, solicitanteId: rich.solicitanteId, solicitudId: rich.id, nombre: 'cedula.pdf', mime: 'application/pdf', fileSize: 1234, createdAt: at('2') },
    { id: uuidv7(), empresaId, solicitanteId: rich.solicitanteId, solicitudId: rich.id, nombre: 'extracto.pdf', mime: 'application/pdf', fileSize: 99, createdAt: at('1') },
    { id: uuidv7(), empresaId, solicitanteId: rich.solicitanteId, solicitudId: rich.id, nombre: 'borrado.png', mime: 'image/png', fileSize: 5, createdAt: at('0'), deletedAt: at('3') },
  ]);
  const tie = at('4');
  await db.insert(referencias).values(
    [0, 1, 2].map((i) => ({ id: randomUUID(), empresaId, solicitanteId: rich.solicitanteId, tipoReferencia: i ? 'personal' : 'familiar', detalleReferencia: { nombre: `Ref ${i}`, n: i }, createdAt: tie })),
  );
  await db.insert(observaciones).values([
    { id: uuidv7(), empresaId, solicitudId: rich.id, tipo: 'comentario', observacion: 'primera', usuarioId: ids.admin, usuarioNombre: 'Adriana', fechaCreacion: at('5') },
    { id: uuidv7(), empresaId, solicitudId: rich.id, tipo: 'estado', observacion: 'segunda', usuarioId: null, usuarioNombre: null, fechaCreacion: at('6') },
  ]);
  await db.delete(ubicaciones).where(eq(ubicaciones.solicitanteId, bare.solicitanteId));
  await db.delete(actividadEconomica).where(eq(actividadEconomica.solicitanteId, bare.solicitanteId));
  await db.delete(informacionFinanciera).where(eq(informacionFinanciera.solicitanteId, bare.solicitanteId));
  await db.delete(referencias).where(eq(referencias.solicitanteId, bare.solicitanteId));
  await db
    .update(solicitantes)
    .set({ segundoApellido: null, correo: null, tipoIdentificacion: null, fechaNacimiento: null, genero: null, infoExtra: {} })
    .where(eq(solicitantes.id, bare.solicitanteId));
  await db
    .update(informacionFinanciera)
    .set({ totalIngresosMensuales: 1500000.5, totalEgresosMensuales: 0.25, totalActivos: null, totalPasivos: 12 })
    .where(eq(informacionFinanciera.solicitanteId, decimals.solicitanteId));
  const text = 'Ñandú "comillas" \\ barra\nlínea\ttab 😀 </script>';
  await db
    .update(solicitantes)
    .set({ nombres: text, infoExtra: { nota: text, lista: [1, 'dos', null, { tres: [true, 3.5] }], vacio: {} } })
    .where(eq(solicitantes.id, escaped.solicitanteId));
  await db
    .update(solicitudes)
    .set({ detalleCredito: { nota: text, monto: 1e21, fraccion: 0.1 }, ciudadSolicitud: null, tipoCredito: null })
    .where(and(eq(solicitudes.id, escaped.id)));
});
afterAll(() => ctx.close());

async function pullEverything(who: DemoUser, limit: number): Promise<Change[]> {
  const token = await loginAs(ctx.app, who);
  const clientId = randomUUID();
  const changes: Change[] = [];
  let cursor = 0;
  for (let pages = 0; pages < 500; pages++) {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/sync/pull?clientId=${clientId}&cursor=${cursor}&limit=${limit}`, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const page = res.json().data as PullResponse;
    changes.push(...page.changes);
    if (!page.more) return changes;
    cursor = page.cursor;
  }
  throw new Error('the pull did not end');
}

describe('pull records built in the database', () => {
  it.each([
    ['admin', 97],
    ['banco', 2000],
    ['asesor', 31],
  ] as const)('equal the records buildRecords assembles, row for row (%s, pages of %i)', async (who, limit) => {
    const changes = await pullEverything(who, limit);
    const puts = changes.filter((c) => c.entity === 'solicitud' && c.op === 'put');
    expect(puts.length).toBeGreaterThan(who === 'admin' ? 500 : 10);
    const [me] = await ctx.database.db.select().from(usuarios).where(eq(usuarios.correo, DEMO_USERS[who]));
    const expected = await readSnapshot(ctx.database.db, async (tx) => {
      const rows = await tx.select().from(solicitudes).where(inArray(solicitudes.id, puts.map((c) => c.id)));
      return new Map((await buildRecords(tx, rows, authUserOf(me, me.rol as Role))).map((rec) => [rec.id, rec]));
    });
    expect(expected.size).toBe(puts.length);
    for (const change of puts) expect(change.row).toStrictEqual(expected.get(change.id));
  });

  it('carry the awkward cases as buildRecords does', async () => {
    const changes = await pullEverything('admin', 2000);
    const byId = new Map(changes.map((c) => [c.id, c.row as Record<string, unknown> | undefined]));
    const [rich, bare, decimals, escaped, twin] = awkward.map((id) => byId.get(id) as never as {
      documentos: Array<{ nombre: string }>;
      referencias: unknown[];
      observaciones: Array<{ observacion: string }>;
      ubicacion: unknown;
      informacion_financiera: { total_ingresos_mensuales: number; total_activos: number | null } | null;
      solicitante: { nombres: string; info_extra: Record<string, unknown> };
      solicitud: { id: string };
    });
    expect(rich.documentos.map((d) => d.nombre)).toEqual(['extracto.pdf', 'cedula.pdf']);
    expect(rich.referencias.length).toBeGreaterThanOrEqual(3);
    expect(rich.observaciones.map((o) => o.observacion).filter((o) => o === 'primera' || o === 'segunda')).toEqual(['segunda', 'primera']);
    expect(bare.ubicacion).toBeNull();
    expect(bare.informacion_financiera).toBeNull();
    expect(decimals.informacion_financiera).toMatchObject({ total_ingresos_mensuales: 1500000.5, total_activos: null });
    expect(escaped.solicitante.nombres).toBe('Ñandú "comillas" \\ barra\nlínea\ttab 😀 </script>');
    expect(twin.solicitud.id).toBe(awkward[4]);
    expect(twin.solicitante).toEqual(rich.solicitante);
    expect(twin.documentos).toEqual(rich.documentos);
    expect(twin.referencias).toEqual(rich.referencias);
    expect(twin.observaciones).toEqual([]);
    expect(escaped.solicitante.info_extra.lista).toEqual([1, 'dos', null, { tres: [true, 3.5] }]);
  });
});
