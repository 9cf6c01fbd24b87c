/**
 * The public file link (`/api/seguimiento/archivo/{id}?radicado=`) serves only the applicant's
 * tracking files: those uploaded through the tracking page and those staff attached to a tracking
 * stage of that filing. Any other document of the filing (a cédula scan staff uploaded to the
 * record) is the same 404 as an unknown id (issue #30).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq, ne, notInArray } from 'drizzle-orm';
import { bearer, createTestContext, loginAs, type TestContext } from './helpers';
import { documentos, seguimientoEtapas, solicitudes } from '../../server/src/db/schema';
import { multipart, PDF } from './security-fixtures';
import { ESTADOS_CERRADOS } from '../../src/domain/seguimiento';

let ctx: TestContext;
let sol: typeof solicitudes.$inferSelect;
beforeAll(async () => {
  ctx = await createTestContext({ seguimientoRateLimit: 10_000 });
  // An open filing: a closed one (Negado, Desistido, Pagado) takes no documents.
  [sol] = await ctx.database.db
    .select()
    .from(solicitudes)
    .where(and(eq(solicitudes.empresaId, ctx.seeded.demo.id), notInArray(solicitudes.estado, [...ESTADOS_CERRADOS])))
    .limit(1);
});
afterAll(() => ctx.close());

const archivo = (id: string, radicado = sol.radicado) => ctx.app.inject({ method: 'GET', url: `/api/seguimiento/archivo/${id}?radicado=${radicado}` });

async function staffUpload(): Promise<string> {
  const id = randomUUID();
  const mp = multipart({ solicitud_id: sol.id, id }, [{ field: 'file', name: 'cedula.pdf', data: PDF }]);
  const res = await ctx.app.inject({ method: 'POST', url: '/api/documentos', payload: mp.payload, headers: { ...mp.headers, ...bearer(await loginAs(ctx.app, 'admin')) } });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return id;
}

describe('public file link', () => {
  it('serves a file uploaded through the tracking page', async () => {
    const id = randomUUID();
    const mp = multipart({ id_radicado: sol.radicado, upload_id: id }, [{ field: 'archivos', name: 'extracto.pdf', data: PDF }]);
    const up = await ctx.app.inject({ method: 'POST', url: '/api/seguimiento/actualizar-documentos', payload: mp.payload, headers: mp.headers });
    expect(up.statusCode, up.body).toBe(200);
    const res = await archivo(id);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PDF)).toBe(true);
  });

  it("answers 404 for a staff document of the same filing, like an unknown id", async () => {
    const id = await staffUpload();
    const res = await archivo(id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual((await archivo(randomUUID())).json());
  });

  it('serves a staff document once it is attached to a stage of this filing, and only of this filing', async () => {
    const id = await staffUpload();
    const [etapa] = await ctx.database.db.select().from(seguimientoEtapas).where(eq(seguimientoEtapas.solicitudId, sol.id)).limit(1);
    await ctx.database.db.update(documentos).set({ etapaId: etapa.id }).where(eq(documentos.id, id));
    expect((await archivo(id)).statusCode).toBe(200);

    // A stage of another filing does not make the document public under this one.
    const [ajena] = await ctx.database.db
      .select({ id: seguimientoEtapas.id })
      .from(seguimientoEtapas)
      .where(and(ne(seguimientoEtapas.solicitudId, sol.id)))
      .limit(1);
    await ctx.database.db.update(documentos).set({ etapaId: ajena.id }).where(eq(documentos.id, id));
    expect((await archivo(id)).statusCode).toBe(404);
  });
});
