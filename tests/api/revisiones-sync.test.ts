/**
 * The review loop through sync (issue 34): revision.devolver/responder/cerrar pushed as mutations
 * (the same service as the REST routes), a replayed return, the offline conflict (the review was
 * closed while the advisor answered: the answer is rejected with its reason, the advisor's field
 * edits of the same push stay applied), and pull of entity `revision` only to those who may see
 * the application (a tombstone once it is deleted). Runs on PGlite and, with DATABASE_URL, on
 * PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { bearer, createTestContext, loginAs, type DemoUser, type TestContext } from './helpers';
import { auditoria, revisiones, solicitudes, usuarios } from '../../server/src/db/schema';
import { uuidv7 } from '../../src/domain/ids';
import type { Change, PullResponse, PushResponse } from '../../src/domain/sync-protocol';
import type { Revision } from '../../src/domain/revision';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Sol = typeof solicitudes.$inferSelect;
const db = () => ctx.database.db;
const CAMPO = 'solicitud.ciudad_solicitud';

/** One device: its clientId and the next mutation id. */
function device(who: DemoUser) {
  const clientId = randomUUID();
  let next = 1;
  return {
    who,
    clientId,
    async push(...mutations: Array<{ name: string; args: unknown }>) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/sync/push',
        headers: bearer(await loginAs(ctx.app, who)),
        payload: { clientId, mutations: mutations.map((m) => ({ id: next++, ...m })) },
      });
      expect(res.statusCode).toBe(200);
      return (res.json().data as PushResponse).results;
    },
    async resend(id: number, m: { name: string; args: unknown }) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/sync/push',
        headers: bearer(await loginAs(ctx.app, who)),
        payload: { clientId, mutations: [{ id, ...m }] },
      });
      return (res.json().data as PushResponse).results;
    },
    async pull(cursor = 0) {
      const changes: Change[] = [];
      let page: PullResponse;
      do {
        const res = await ctx.app.inject({ method: 'GET', url: `/api/sync/pull?clientId=${clientId}&cursor=${cursor}`, headers: bearer(await loginAs(ctx.app, who)) });
        expect(res.statusCode).toBe(200);
        page = res.json().data as PullResponse;
        changes.push(...page.changes);
        cursor = page.cursor;
      } while (page.more);
      return { changes: changes.filter((c) => c.entity === 'revision'), cursor };
    },
  };
}

async function userId(correo: string) {
  const [u] = await db().select().from(usuarios).where(eq(usuarios.correo, correo));
  return u.id;
}

const used = new Set<string>();
async function asesorApp(): Promise<Sol> {
  const asesor = await userId('asesor@demo.co');
  const rows = await db().select().from(solicitudes).where(and(eq(solicitudes.empresaId, ctx.seeded.demo.id), isNull(solicitudes.deletedAt)));
  const s = rows.find((r) => !used.has(r.id) && r.assignedToUserId === asesor)!;
  used.add(s.id);
  return s;
}

const devolver = (s: Sol, revisionId = uuidv7()) => ({
  name: 'revision.devolver',
  args: { revisionId, solicitudId: s.id, mensaje: 'Revise la ciudad', campos: [{ campo: CAMPO, comentario: 'No coincide' }] },
});
const responder = (s: Sol, revisionId: string, respuesta = 'Corregida') => ({
  name: 'revision.responder',
  args: { revisionId, solicitudId: s.id, respuestas: [{ campo: CAMPO, respuesta }] },
});
const cerrar = (s: Sol, revisionId: string) => ({ name: 'revision.cerrar', args: { revisionId, solicitudId: s.id } });
const editar = (s: Sol, value: string) => ({
  name: 'solicitud.editar',
  args: { solicitudId: s.id, changes: { [CAMPO]: value }, base: { [CAMPO]: s.ciudadSolicitud } },
});
const row = async (id: string) => (await db().select().from(revisiones).where(eq(revisiones.id, id)))[0];
const audits = async (id: string) =>
  (await db().select().from(auditoria).where(and(eq(auditoria.entidad, 'revision'), eq(auditoria.entidadId, id)))).map((a) => a.accion);

describe('revision mutations', () => {
  it('devolver made offline keeps its id; a replayed id (same device or another) changes nothing', async () => {
    const s = await asesorApp();
    const office = device('supervisor');
    const m = devolver(s);
    expect(await office.push(m)).toEqual([{ id: 1, status: 'applied' }]);
    const r = await row(m.args.revisionId);
    expect(r).toMatchObject({ estado: 'abierta', ronda: 1, solicitudId: s.id });
    // The same mutation id again: the stored result, nothing re-applied.
    expect(await office.resend(1, m)).toEqual([{ id: 1, status: 'skipped' }]);
    // The same review id from another device: a no-op.
    expect(await device('admin').push(m)).toEqual([{ id: 1, status: 'applied' }]);
    expect(await row(m.args.revisionId)).toEqual(r);
    expect(await audits(m.args.revisionId)).toEqual(['devolver']);
    // Only the reviewer roles may return.
    const refused = await device('asesor').push(devolver(s));
    expect(refused[0]).toMatchObject({ status: 'rejected', code: 'FORBIDDEN' });
  });

  it('closed while the advisor answered offline: the answer is rejected with its reason, the edits of the same push stay', async () => {
    const s = await asesorApp();
    const office = device('admin');
    const m = devolver(s);
    await office.push(m);
    const tablet = device('asesor');
    // The tablet pulls the review, then goes offline; meanwhile the office closes it.
    expect((await tablet.pull()).changes.map((c) => c.id)).toContain(m.args.revisionId);
    expect(await office.push(cerrar(s, m.args.revisionId))).toMatchObject([{ status: 'applied' }]);

    const results = await tablet.push(editar(s, 'Tunja'), responder(s, m.args.revisionId));
    expect(results[0]).toEqual({ id: 1, status: 'applied' });
    expect(results[1]).toMatchObject({ id: 2, status: 'rejected', code: 'CONFLICT', error: 'La revisión ya fue cerrada; sus cambios se conservaron.' });
    const [after] = await db().select().from(solicitudes).where(eq(solicitudes.id, s.id));
    expect(after.ciudadSolicitud).toBe('Tunja');
    expect((await row(m.args.revisionId)).estado).toBe('cerrada');
    // A closed review cannot be returned again either.
    expect((await office.push(m))[0]).toMatchObject({ status: 'rejected', code: 'CONFLICT' });
  });

  it('an answer pushed after the edits stores the value after them; the answerer cannot close it', async () => {
    const s = await asesorApp();
    await db().update(solicitudes).set({ assignedToUserId: await userId('manager@demo.co') }).where(eq(solicitudes.id, s.id));
    const m = devolver(s);
    await device('admin').push(m);
    const manager = device('manager');
    expect(await manager.push(editar(s, 'Pasto'), responder(s, m.args.revisionId, ''))).toMatchObject([{ status: 'applied' }, { status: 'applied' }]);
    const r = await row(m.args.revisionId);
    expect(r.estado).toBe('respondida');
    expect(r.campos).toEqual([{ campo: CAMPO, comentario: 'No coincide', respuesta: null, antes: s.ciudadSolicitud, despues: 'Pasto' }]);
    expect((await manager.push(cerrar(s, m.args.revisionId)))[0]).toMatchObject({ status: 'rejected', code: 'FORBIDDEN', error: 'Quien respondió la revisión no puede cerrarla.' });
    // Returned again by its id: reopened for a second round.
    expect(await device('supervisor').push(m)).toMatchObject([{ status: 'applied' }]);
    expect(await row(m.args.revisionId)).toMatchObject({ estado: 'abierta', ronda: 2 });
    expect(await audits(m.args.revisionId)).toEqual(['devolver', 'responder', 'devolver']);
  });
});

describe('pull of entity revision', () => {
  it("a renamed reviewer's name reaches the devices that hold the review (found by the model test of sync)", async () => {
    const s = await asesorApp();
    const office = device('supervisor');
    const m = devolver(s);
    await office.push(m);
    const tablet = device('asesor');
    const first = await tablet.pull();
    const before = first.changes.find((c) => c.id === m.args.revisionId)!.row as Revision;
    const supervisor = await userId('supervisor@demo.co');
    expect(before.devuelta_por).toBe(supervisor);

    // The supervisor renames themself through sync (perfil.editar); the tablet's next pull brings the review again.
    const [u] = await db().select().from(usuarios).where(eq(usuarios.id, supervisor));
    const renamed = `${u.nombre} Renombrado`;
    expect(await office.push({ name: 'perfil.editar', args: { usuarioId: supervisor, nombre: renamed, correo: u.correo } })).toMatchObject([{ status: 'applied' }]);
    const again = await tablet.pull(first.cursor);
    const after = again.changes.find((c) => c.id === m.args.revisionId);
    expect(after?.op).toBe('put');
    expect((after!.row as Revision).devuelta_por_nombre).toContain('Renombrado');

    // And through the users screen (usuario.editar by an admin).
    const renamedAgain = `${u.nombre} Otra Vez`;
    expect(await device('admin').push({ name: 'usuario.editar', args: { usuarioId: supervisor, changes: { nombre: renamedAgain }, base: {} } })).toMatchObject([{ status: 'applied' }]);
    const third = await tablet.pull(again.cursor);
    expect((third.changes.find((c) => c.id === m.args.revisionId)!.row as Revision).devuelta_por_nombre).toContain('Otra Vez');
  });

  it('goes to those who see the application, as the row shape; another company and a hidden asesor get nothing; deletion sends a tombstone', async () => {
    const s = await asesorApp();
    const m = devolver(s);
    await device('admin').push(m);
    const tablet = device('asesor');
    const first = await tablet.pull();
    const put = first.changes.find((c) => c.id === m.args.revisionId);
    expect(put?.op).toBe('put');
    const r = put!.row as Revision;
    expect(r).toMatchObject({ id: m.args.revisionId, solicitud_id: s.id, estado: 'abierta', ronda: 1, devuelta_por_nombre: expect.any(String) });
    expect(typeof r.devuelta_en).toBe('string');
    expect(new Date(r.devuelta_en).toISOString()).toBe(r.devuelta_en);

    expect((await device('otraAdmin').pull()).changes).toEqual([]);
    // The asesor does not see applications of others, nor their reviews.
    const asesor = await userId('asesor@demo.co');
    const rows = await db().select().from(solicitudes).where(eq(solicitudes.empresaId, ctx.seeded.demo.id));
    const hidden = rows.find((x) => x.assignedToUserId !== asesor && x.createdByUserId !== asesor && !x.deletedAt)!;
    const hm = devolver(hidden);
    await device('admin').push(hm);
    expect((await device('asesor').pull()).changes.map((c) => c.id)).not.toContain(hm.args.revisionId);

    // The application is deleted: its review leaves the device.
    await device('admin').push({ name: 'solicitud.eliminar', args: { solicitudId: s.id } });
    const later = await tablet.pull(first.cursor);
    expect(later.changes).toContainEqual({ entity: 'revision', id: m.args.revisionId, op: 'del' });
  });
});
