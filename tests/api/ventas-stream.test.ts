/**
 * The streamed sales CSV (server/src/modules/registro/ventas.ts) against the file as it was built
 * before it was streamed (`ventasCsvAnterior`: the old one-query builder, kept here): byte for byte,
 * over more applications than one page, for every user that may download. And a failure after the
 * first bytes cuts the response, so the browser's fetch fails instead of saving half a file.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { bearer, createTestContext, loginAs, type TestContext } from './helpers';
import { actividadEconomica, informacionFinanciera, solicitantes, solicitudes, ubicaciones, usuarios } from '../../server/src/db/schema';
import type { DbOrTx } from '../../server/src/db/client';
import { authUserOf, type AuthUser } from '../../server/src/plugins/auth';
import { loadDefinitions } from '../../server/src/modules/formulario/schemas';
import { visibleSolicitudes } from '../../server/src/modules/solicitudes/visibility';
import { ESTADOS_VENTA, VENTAS_HEADERS, VENTAS_PAGE, camposVentas, celdaCampo, fechaCsv, type CampoVenta } from '../../server/src/modules/registro/ventas';
import { toCsv } from '../../src/domain/csv';
import { optionLabel } from '../../src/domain/opciones';
import type * as Opciones from '../../src/domain/opciones';
import { fullName } from '../../src/domain/solicitud';

/** Set to a number to make the n-th credit-line label after it throw (a failure in the middle of the file). */
const fault = vi.hoisted(() => ({ failAfter: Infinity }));
vi.mock('../../src/domain/opciones', async (importOriginal) => {
  const orig = await importOriginal<typeof Opciones>();
  return {
    ...orig,
    optionLabel: (...args: Parameters<typeof orig.optionLabel>) => {
      if (--fault.failAfter < 0) throw new Error('fallo a mitad del archivo');
      return orig.optionLabel(...args);
    },
  };
});

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const cell = (v: unknown): string | number => (typeof v === 'number' || typeof v === 'string' ? v : '');
function valorCampo(campo: Pick<CampoVenta, 'key' | 'sub'>, json: unknown): unknown {
  const pick = (node: unknown, k: string) => (node && typeof node === 'object' && !Array.isArray(node) ? (node as Record<string, unknown>)[k] : undefined);
  const value = pick(json, campo.key);
  return campo.sub === undefined ? value : pick(value, campo.sub);
}

/** The sales CSV as it was built before streaming: one query, one string. */
async function ventasCsvAnterior(db: DbOrTx, user: AuthUser): Promise<string> {
  const dc = solicitudes.detalleCredito;
  const campos = camposVentas(await loadDefinitions(db, user.empresaId));
  const rows = await db
    .select({
      radicado: solicitudes.radicado,
      createdAt: solicitudes.createdAt,
      nombres: solicitantes.nombres,
      primerApellido: solicitantes.primerApellido,
      segundoApellido: solicitantes.segundoApellido,
      tipoIdentificacion: solicitantes.tipoIdentificacion,
      numeroDocumento: solicitantes.numeroDocumento,
      correo: solicitantes.correo,
      celular: sql<unknown>`${solicitantes.infoExtra} -> 'celular'`,
      telefono: sql<unknown>`${solicitantes.infoExtra} -> 'telefono'`,
      celularDireccion: sql<unknown>`(select ${ubicaciones.detalleDireccion} -> 'celular' from ${ubicaciones} where ${ubicaciones.solicitanteId} = ${solicitantes.id} limit 1)`,
      ciudad: solicitudes.ciudadSolicitud,
      banco: solicitudes.bancoNombre,
      tipoCredito: solicitudes.tipoCredito,
      tipoCreditoDetalle: sql<unknown>`${dc} -> 'tipo_credito'`,
      monto: sql<unknown>`${dc} -> 'monto_solicitado'`,
      plazo: sql<unknown>`${dc} -> 'plazo_meses'`,
      estado: solicitudes.estado,
      solicitante: sql<unknown>`${solicitantes.infoExtra}`,
      ubicacion: sql<unknown>`(select ${ubicaciones.detalleDireccion} from ${ubicaciones} where ${ubicaciones.solicitanteId} = ${solicitantes.id} limit 1)`,
      actividad_economica: sql<unknown>`(select ${actividadEconomica.detalleActividad} from ${actividadEconomica} where ${actividadEconomica.solicitanteId} = ${solicitantes.id} limit 1)`,
      informacion_financiera: sql<unknown>`(select ${informacionFinanciera.detalleFinanciera} from ${informacionFinanciera} where ${informacionFinanciera.solicitanteId} = ${solicitantes.id} limit 1)`,
      solicitud: sql<unknown>`${dc}`,
    })
    .from(solicitudes)
    .innerJoin(solicitantes, eq(solicitantes.id, solicitudes.solicitanteId))
    .where(and(visibleSolicitudes(user), inArray(solicitudes.estado, [...ESTADOS_VENTA]), isNull(solicitudes.deletedAt)))
    .orderBy(desc(solicitudes.createdAt));
  const data = rows.map((r) => {
    const tipoCredito = r.tipoCredito ?? r.tipoCreditoDetalle;
    return [
      r.radicado,
      r.createdAt ? fechaCsv(r.createdAt) : '',
      fullName({ nombres: r.nombres, primer_apellido: r.primerApellido, segundo_apellido: r.segundoApellido }),
      r.tipoIdentificacion,
      r.numeroDocumento,
      r.correo,
      cell(r.celular ?? r.celularDireccion ?? r.telefono),
      r.ciudad,
      r.banco,
      typeof tipoCredito === 'string' ? optionLabel('tipo_credito', tipoCredito) : '',
      cell(r.monto),
      cell(r.plazo),
      r.estado,
      ...campos.map((c) => celdaCampo(c, valorCampo(c, r[c.entity]))),
    ];
  });
  return toCsv([...VENTAS_HEADERS, ...campos.map((c) => c.header)], data);
}

/** Copies of the company's sales, each with its own instant, until there are more than two pages. */
async function generarVentas(empresaId: number) {
  const db = ctx.database.db;
  const sales = await db
    .select()
    .from(solicitudes)
    .where(and(eq(solicitudes.empresaId, empresaId), inArray(solicitudes.estado, [...ESTADOS_VENTA]), isNull(solicitudes.deletedAt)));
  const base = Date.parse('2025-03-01T12:00:00Z');
  const copies = Array.from({ length: 2 * VENTAS_PAGE + 300 }, (_, i) => {
    const s = sales[i % sales.length];
    return { ...s, id: randomUUID(), radicado: `${s.radicado}-G${i}`, createdAt: new Date(base - i * 61_000).toISOString() };
  });
  for (let i = 0; i < copies.length; i += 500) await db.insert(solicitudes).values(copies.slice(i, i + 500));
}

async function userOf(correo: string): Promise<AuthUser> {
  const [row] = await ctx.database.db.select().from(usuarios).where(eq(usuarios.correo, correo));
  return authUserOf(row, 'admin');
}

describe('the streamed sales CSV', () => {
  beforeAll(() => generarVentas(ctx.seeded.demo.id));

  it('equals, byte for byte, the file built whole before streaming, over several pages, for each user that may download', async () => {
    for (const [who, correo] of [
      ['admin', 'admin@demo.co'],
      ['otraAdmin', 'admin@otra.co'],
    ] as const) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/descargar-ventas/', headers: bearer(await loginAs(ctx.app, who)), payload: {} });
      expect(res.statusCode, who).toBe(200);
      const expected = Buffer.from(await ventasCsvAnterior(ctx.database.db, await userOf(correo)), 'utf8');
      expect(res.rawPayload.equals(expected), who).toBe(true);
    }
    const demo = await ctx.app.inject({ method: 'POST', url: '/api/descargar-ventas/', headers: bearer(await loginAs(ctx.app, 'admin')), payload: {} });
    expect(demo.rawPayload.toString('utf8').split('\r\n').length).toBeGreaterThan(2 * VENTAS_PAGE + 300);
  });

  it('a failure after the first bytes cuts the response: the client cannot read it as a whole file', async () => {
    const token = await loginAs(ctx.app, 'admin');
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    // The browser's fetch, gzip and all: whole without the fault, failing with it.
    const download = async () => {
      const res = await fetch(`${address}/api/descargar-ventas/`, { method: 'POST', headers: { ...bearer(token), 'content-type': 'application/json', 'accept-encoding': 'gzip' }, body: '{}' });
      return { status: res.status, text: Buffer.from(await res.arrayBuffer()).toString('utf8') };
    };
    const whole = await download();
    expect(whole.status).toBe(200);
    expect(whole.text.split('\r\n').length).toBeGreaterThan(2 * VENTAS_PAGE + 300);
    fault.failAfter = VENTAS_PAGE + 10;
    try {
      await expect(download()).rejects.toThrow();
    } finally {
      fault.failAfter = Infinity;
    }
  });
});
