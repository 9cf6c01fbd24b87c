/**
 * One applicant, two applications: A, which the asesor created, and B, filed later by an admin
 * for the same applicant, which the asesor may not see. A document attached to B is B's: the
 * asesor cannot download it (404, GET /api/documentos/{id}). Before this suite the REST lists
 * still showed it to the asesor, with B's id in `solicitud_id` — the id, file name, size and
 * date of an application the asesor has no access to. The lists now hold what the download
 * serves: documents of the applicant not tied to an application, and those of live applications
 * the user may see; so do the records the asesor receives (pull, the dashboard table, the complete
 * record), which listed every document of the applicant in each of its applications.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { bearer, createTestContext, loginAs, type DemoUser, type TestContext } from './helpers';
import { solicitudes } from '../../server/src/db/schema';
import { multipart, otraSolicitudBody, PDF } from './security-fixtures';

let ctx: TestContext;
let a: typeof solicitudes.$inferSelect;
let bId: string;
let bDoc: string;
let aDoc: string;

async function call(who: DemoUser, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
  return ctx.app.inject({ method, url, headers: bearer(await loginAs(ctx.app, who)), ...(payload ? { payload } : {}) });
}
async function upload(who: DemoUser, solicitudId: string, name: string) {
  const up = multipart({ solicitud_id: solicitudId, id: randomUUID() }, [{ field: 'file', name, data: PDF }]);
  const res = await ctx.app.inject({ method: 'POST', url: '/api/documentos', ...up, headers: { ...up.headers, ...bearer(await loginAs(ctx.app, who)) } });
  if (res.statusCode !== 200) throw new Error(`upload: ${res.statusCode} ${res.body}`);
  return res.json().data.id as string;
}

beforeAll(async () => {
  ctx = await createTestContext();
  [a] = await ctx.database.db
    .select()
    .from(solicitudes)
    .where(and(eq(solicitudes.createdByUserId, ctx.seeded.users.asesor), eq(solicitudes.assignedToUserId, ctx.seeded.users.asesor), isNull(solicitudes.deletedAt)))
    .limit(1);
  const b = await call('admin', 'POST', '/api/solicitudes/', otraSolicitudBody(a.solicitanteId, 'Davivienda'));
  if (b.statusCode !== 201) throw new Error(`B: ${b.statusCode} ${b.body}`);
  bId = b.json().data.solicitud_id;
  bDoc = await upload('admin', bId, 'extracto-de-la-otra-solicitud.pdf');
  aDoc = await upload('asesor', a.id, 'cedula-asesor.pdf');
});
afterAll(() => ctx.close());

describe("a document of another application of the same applicant", () => {
  it('is not downloadable by the asesor (as before)', async () => {
    expect((await call('asesor', 'GET', `/api/solicitudes/${bId}/observaciones`)).statusCode).toBe(404);
    expect((await call('asesor', 'GET', `/api/documentos/${bDoc}`)).statusCode).toBe(404);
  });

  it("is in none of the asesor's document lists, and neither is that application's id; the asesor's own document is", async () => {
    for (const url of [`/api/documentos?solicitud_id=${a.id}`, `/api/documentos?solicitante_id=${a.solicitanteId}`, '/api/documentos']) {
      const res = await call('asesor', 'GET', url);
      expect(res.statusCode).toBe(200);
      const ids = (res.json().data as Array<{ id: string }>).map((d) => d.id);
      expect(ids, url).toContain(aDoc);
      expect(ids, url).not.toContain(bDoc);
      expect(res.body, url).not.toContain(bId);
      expect(res.body, url).not.toContain('extracto-de-la-otra-solicitud');
    }
  });

  it("is in none of the records the asesor receives (pull, the dashboard table, the complete record); the admin's record of A still lists it", async () => {
    const pulled = async (who: DemoUser) => {
      const token = await loginAs(ctx.app, who);
      const clientId = randomUUID();
      let cursor = 0;
      let body = '';
      for (let i = 0; i < 100; i++) {
        const res = await ctx.app.inject({ method: 'GET', url: `/api/sync/pull?clientId=${clientId}&cursor=${cursor}&limit=500`, headers: bearer(token) });
        expect(res.statusCode).toBe(200);
        body += res.body;
        const page = res.json().data as { more: boolean; cursor: number };
        if (!page.more) return body;
        cursor = page.cursor;
      }
      throw new Error('the pull did not end');
    };
    const mine = await pulled('asesor');
    expect(mine).toContain(aDoc);
    expect(mine).not.toContain(bDoc);
    expect(mine).not.toContain('extracto-de-la-otra-solicitud');
    for (const url of ['/api/dashboard/tabla', `/api/solicitantes/${a.solicitanteId}/traer-todos-registros`]) {
      const res = await call('asesor', 'GET', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain(a.id);
      expect(res.body, url).not.toContain(bDoc);
      expect(res.body, url).not.toContain('extracto-de-la-otra-solicitud');
    }
    expect(await pulled('admin')).toContain(bDoc);
  });

  it('is listed for the admin, who sees both, until its application is deleted (then it is not served either)', async () => {
    const listed = async () => ((await call('admin', 'GET', `/api/documentos?solicitud_id=${a.id}`)).json().data as Array<{ id: string }>).map((d) => d.id);
    expect(await listed()).toEqual(expect.arrayContaining([aDoc, bDoc]));
    expect((await call('admin', 'DELETE', `/api/solicitudes/${bId}`)).statusCode).toBe(200);
    expect((await call('admin', 'GET', `/api/documentos/${bDoc}`)).statusCode).toBe(404);
    expect(await listed()).toContain(aDoc);
    expect(await listed()).not.toContain(bDoc);
    const all = (await call('admin', 'GET', '/api/documentos')).json().data as Array<{ id: string }>;
    expect(all.map((d) => d.id)).not.toContain(bDoc);
  });
});
