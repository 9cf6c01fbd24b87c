/**
 * An application's record lists the files of its applicant that the viewer may download
 * (`documentosServidos`): those of the applicant's other live applications the viewer sees. So
 * when another application of the same applicant is deleted, or moved to a bank the viewer does
 * not see, the records of its sisters change too, and a device that pulls by cursor must get them
 * again; before, only the changed application got a new seq, and its sister's record kept listing
 * a file that then answered 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { bearer, createTestContext, loginAs, type DemoUser, type TestContext } from './helpers';
import { solicitudes } from '../../server/src/db/schema';
import { multipart, otraSolicitudBody, PDF } from './security-fixtures';

let ctx: TestContext;

async function call(who: DemoUser, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  return ctx.app.inject({ method, url, headers: bearer(await loginAs(ctx.app, who)), ...(payload ? { payload } : {}) });
}

async function upload(solicitudId: string, name: string) {
  const up = multipart({ solicitud_id: solicitudId, id: randomUUID() }, [{ field: 'file', name, data: PDF }]);
  const res = await ctx.app.inject({ method: 'POST', url: '/api/documentos', ...up, headers: { ...up.headers, ...bearer(await loginAs(ctx.app, 'admin')) } });
  if (res.statusCode !== 200) throw new Error(`upload: ${res.statusCode} ${res.body}`);
  return res.json().data.id as string;
}

interface PulledChange {
  entity: string;
  id: string;
  op: string;
  row?: { documentos?: Array<{ id: string }> };
}

/** A device of `who`: pulls by cursor until the last page, and gives the changes it received. */
async function device(who: DemoUser) {
  const token = await loginAs(ctx.app, who);
  const clientId = randomUUID();
  let cursor = 0;
  return async () => {
    const changes: PulledChange[] = [];
    for (let i = 0; i < 100; i++) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/sync/pull?clientId=${clientId}&cursor=${cursor}&limit=500`, headers: bearer(token) });
      expect(res.statusCode).toBe(200);
      const page = res.json().data as { more: boolean; cursor: number; changes: PulledChange[] };
      changes.push(...page.changes);
      cursor = page.cursor;
      if (!page.more) return changes;
    }
    throw new Error('the pull did not end');
  };
}

const filesOf = (changes: PulledChange[], id: string) => {
  const put = changes.filter((c) => c.entity === 'solicitud' && c.id === id && c.op === 'put').at(-1);
  return put ? (put.row?.documentos ?? []).map((d) => d.id) : undefined;
};

/** A new application for the applicant of `a`, filed by the admin for `banco`, with one file. */
async function sister(a: typeof solicitudes.$inferSelect, banco: string) {
  const res = await call('admin', 'POST', '/api/solicitudes/', otraSolicitudBody(a.solicitanteId, banco));
  if (res.statusCode !== 201) throw new Error(`sister: ${res.statusCode} ${res.body}`);
  const id = res.json().data.solicitud_id as string;
  return { id, doc: await upload(id, `extracto-${banco}.pdf`) };
}

async function someApplication(where = isNull(solicitudes.deletedAt)) {
  const [a] = await ctx.database.db.select().from(solicitudes).where(and(eq(solicitudes.empresaId, ctx.seeded.demo.id), where)).limit(1);
  return a;
}

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe("a sister application's file in a record already on the device", () => {
  it('leaves the record when the sister is deleted: the next pull by cursor sends the record again without it', async () => {
    const a = await someApplication(and(isNull(solicitudes.deletedAt), eq(solicitudes.createdByUserId, ctx.seeded.users.asesor)));
    const b = await sister(a, 'Davivienda');
    const pull = await device('admin');
    expect(filesOf(await pull(), a.id)).toContain(b.doc);

    expect((await call('admin', 'DELETE', `/api/solicitudes/${b.id}`)).statusCode).toBe(200);
    const next = await pull();
    expect(next.some((c) => c.entity === 'solicitud' && c.id === b.id && c.op === 'del')).toBe(true);
    const files = filesOf(next, a.id);
    expect(files, "the sister's record came again").toBeDefined();
    expect(files).not.toContain(b.doc);
  });

  it("leaves a bank user's record when the sister moves to another bank", async () => {
    const a = await someApplication(and(isNull(solicitudes.deletedAt), eq(solicitudes.bancoNombre, 'Bancolombia')));
    const b = await sister(a, 'Bancolombia');
    const pull = await device('banco');
    expect(filesOf(await pull(), a.id)).toContain(b.doc);

    expect((await call('admin', 'PATCH', `/api/solicitudes/${b.id}`, { banco_nombre: 'Davivienda' })).statusCode).toBe(200);
    const next = await pull();
    expect(next.some((c) => c.entity === 'solicitud' && c.id === b.id && c.op === 'del')).toBe(true);
    const files = filesOf(next, a.id);
    expect(files, "the sister's record came again").toBeDefined();
    expect(files).not.toContain(b.doc);
  });
});
