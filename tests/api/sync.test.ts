import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { NOMBRE_MAX } from '../../src/domain/validacion';
import { bearer, createTestContext, loginAs, type DemoUser, type TestContext } from './helpers';
import { auditoria, empresas, estadosEmpresa, solicitudes, syncClients, usuarios } from '../../server/src/db/schema';
import { ESTADOS_DEFAULT } from '../../src/domain/estados';
import { nextSeq } from '../../server/src/db/change-seq';
import type { Change, PullResponse, PushResponse } from '../../src/domain/sync-protocol';
import type { SolicitudRecord } from '../../src/domain/solicitud';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function pushAs(who: DemoUser, clientId: string, mutations: unknown[]) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/sync/push',
    headers: bearer(await loginAs(ctx.app, who)),
    payload: { clientId, mutations },
  });
}

async function pullAll(who: DemoUser, clientId: string, limit = 50) {
  const token = await loginAs(ctx.app, who);
  let cursor = 0;
  const changes: Change[] = [];
  let pages = 0;
  let last: PullResponse;
  do {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/sync/pull?clientId=${clientId}&cursor=${cursor}&limit=${limit}`, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    last = res.json().data as PullResponse;
    changes.push(...last.changes);
    cursor = last.cursor;
    pages++;
  } while (last.more && pages < 100);
  return { changes, cursor, pages, lastMutationId: last.lastMutationId };
}

async function someSolicitud(filter: (s: typeof solicitudes.$inferSelect) => boolean = () => true) {
  const rows = await ctx.database.db.select().from(solicitudes).where(eq(solicitudes.empresaId, ctx.seeded.demo.id));
  return rows.find(filter)!;
}

const estadoMutation = (id: number, solicitudId: string, estado: string, base: string | null) => ({
  id,
  name: 'solicitud.cambiarEstado',
  args: { solicitudId, estado, base: { estado: base } },
  at: new Date().toISOString(),
});

describe('push', () => {
  it('applies a mutation once even when the same push is sent twice (lost response)', async () => {
    const sol = await someSolicitud((s) => s.estado === 'Pendiente');
    const clientId = randomUUID();
    const body = [estadoMutation(1, sol.id, 'En estudio', 'Pendiente')];
    const first = await pushAs('admin', clientId, body);
    expect(first.statusCode).toBe(200);
    expect((first.json().data as PushResponse).results).toEqual([{ id: 1, status: 'applied' }]);
    const retry = await pushAs('admin', clientId, body);
    expect((retry.json().data as PushResponse).results).toEqual([{ id: 1, status: 'skipped' }]);
    expect(retry.json().data.lastMutationId).toBe(1);
    const [{ n }] = await ctx.database.db
      .select({ n: count() })
      .from(auditoria)
      .where(and(eq(auditoria.entidadId, sol.id), eq(auditoria.accion, 'cambiarEstado')));
    expect(n).toBe(1);
    const [after] = await ctx.database.db.select().from(solicitudes).where(eq(solicitudes.id, sol.id));
    expect(after.estado).toBe('En estudio');
  });

  it('answers a gap with 400, applies nothing and registers no device', async () => {
    const sol = await someSolicitud();
    const clientId = randomUUID();
    const res = await pushAs('admin', clientId, [estadoMutation(2, sol.id, 'Aprobado', null)]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ok: false, code: 'VALIDATION' });
    expect(res.json().error).toMatch(/Falta la operación 1/);
    // Ids that skip inside one push are refused before anything is read or written.
    const skip = await pushAs('admin', clientId, [estadoMutation(1, sol.id, 'Aprobado', null), estadoMutation(3, sol.id, 'Pagado', null)]);
    expect(skip.statusCode).toBe(400);
    expect(skip.json().error).toBe('Las operaciones de un envío deben ir numeradas en orden, sin saltos.');
    expect(await ctx.database.db.select().from(syncClients).where(eq(syncClients.clientId, clientId))).toEqual([]);
  });

  it('records a rejected mutation and goes on with the next one', async () => {
    const sol = await someSolicitud((s) => s.estado === 'Aprobado');
    const clientId = randomUUID();
    const res = await pushAs('admin', clientId, [
      estadoMutation(1, sol.id, 'Inventado', 'Aprobado'),
      estadoMutation(2, randomUUID(), 'Pagado', null),
      estadoMutation(3, sol.id, 'rechazado', 'Aprobado'),
    ]);
    const data = res.json().data as PushResponse;
    expect(data.results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'applied']);
    expect(data.results[0]).toMatchObject({ code: 'VALIDATION' });
    expect(data.results[1]).toMatchObject({ code: 'NOT_FOUND' });
    expect(data.lastMutationId).toBe(3);
    const [after] = await ctx.database.db.select().from(solicitudes).where(eq(solicitudes.id, sol.id));
    expect(after.estado).toBe('Negado');
    // The stored rejection is returned again on a retry.
    const retry = await pushAs('admin', clientId, [estadoMutation(1, sol.id, 'Inventado', 'Aprobado')]);
    expect(retry.json().data.results[0]).toMatchObject({ status: 'skipped', code: 'VALIDATION' });
  });

  it('refuses another user’s clientId with 403', async () => {
    const clientId = randomUUID();
    expect((await pushAs('admin', clientId, [])).statusCode).toBe(200);
    const res = await pushAs('supervisor', clientId, []);
    expect(res.statusCode).toBe(403);
    const pull = await ctx.app.inject({ method: 'GET', url: `/api/sync/pull?clientId=${clientId}`, headers: bearer(await loginAs(ctx.app, 'supervisor')) });
    expect(pull.statusCode).toBe(403);
  });

  it('rejects a status change from a role without change_status, and an invisible application as not found', async () => {
    const sol = await someSolicitud((s) => s.createdByUserId !== null && s.bancoNombre !== 'Bancolombia');
    const asUser = await pushAs('user', randomUUID(), [estadoMutation(1, sol.id, 'Pagado', null)]);
    expect(asUser.json().data.results[0]).toMatchObject({ status: 'rejected', code: 'FORBIDDEN' });
    const asBanco = await pushAs('banco', randomUUID(), [estadoMutation(1, sol.id, 'Pagado', null)]);
    expect(asBanco.json().data.results[0]).toMatchObject({ status: 'rejected', code: 'NOT_FOUND' });
  });

  // A status change with a base is one statement when the stored status is the base and the
  // company's list is the one the server last read; these cases must still follow the full rules.
  it('checks a status change against the company’s current list and the stored status, not the last ones read', async () => {
    const sol = await someSolicitud((s) => s.estado === 'Pendiente');
    const clientId = randomUUID();
    const history = () =>
      ctx.database.db
        .select({ cambios: auditoria.cambios })
        .from(auditoria)
        .where(and(eq(auditoria.entidadId, sol.id), eq(auditoria.accion, 'cambiarEstado')))
        .orderBy(auditoria.id);
    const stored = async () => (await ctx.database.db.select().from(solicitudes).where(eq(solicitudes.id, sol.id)))[0];
    const results = async (id: number, estado: string, base: string) =>
      ((await pushAs('admin', clientId, [estadoMutation(id, sol.id, estado, base)])).json().data as PushResponse).results[0];

    expect(await results(1, 'En estudio', 'Pendiente')).toEqual({ id: 1, status: 'applied' });
    // The list changes behind the server's back (another process, an administrator).
    const demo = ctx.seeded.demo.id;
    await ctx.database.db.update(estadosEmpresa).set({ estados: ESTADOS_DEFAULT.filter((e) => e !== 'Aprobado') }).where(eq(estadosEmpresa.empresaId, demo));
    try {
      expect(await results(2, 'Aprobado', 'En estudio')).toMatchObject({ status: 'rejected', code: 'VALIDATION' });
      expect((await stored()).estado).toBe('En estudio');
    } finally {
      await ctx.database.db.update(estadosEmpresa).set({ estados: [...ESTADOS_DEFAULT] }).where(eq(estadosEmpresa.empresaId, demo));
    }
    // Someone else changed it meanwhile: a conflict, nothing written.
    await ctx.database.db.update(solicitudes).set({ estado: 'Pagado' }).where(eq(solicitudes.id, sol.id));
    expect(await results(3, 'Aprobado', 'En estudio')).toMatchObject({ status: 'rejected', code: 'CONFLICT', conflict: { fields: { estado: { base: 'En estudio', server: 'Pagado', mine: 'Aprobado' } } } });
    // A status stored the old way ('Rechazado') is 'Negado': setting 'Negado' changes nothing...
    await ctx.database.db.update(solicitudes).set({ estado: 'Rechazado' }).where(eq(solicitudes.id, sol.id));
    const { seq } = await stored();
    expect(await results(4, 'Negado', 'Pendiente')).toEqual({ id: 4, status: 'applied' });
    expect(await stored()).toMatchObject({ estado: 'Rechazado', seq });
    // ...and it is the base 'Negado' of a change made on a device.
    expect(await results(5, 'Pendiente', 'Negado')).toEqual({ id: 5, status: 'applied' });
    expect((await stored()).estado).toBe('Pendiente');
    expect((await stored()).seq).toBeGreaterThan(seq);
    expect((await history()).map((h) => h.cambios.estado)).toEqual([
      { old: 'Pendiente', new: 'En estudio' },
      { old: 'Rechazado', new: 'Pendiente' },
    ]);
  });
});

describe('field-level conflicts', () => {
  it('rejects a stale field with its base, server and mine values, and merges untouched fields', async () => {
    const sol = await someSolicitud((s) => s.createdByUserId === ctx.seeded.users.asesor);
    const supervisor = randomUUID();
    const asesor = randomUUID();
    // Supervisor changes the status; the advisor, offline, edited the bank and the name.
    const s1 = await pushAs('supervisor', supervisor, [estadoMutation(1, sol.id, 'Desistido', sol.estado)]);
    expect(s1.json().data.results[0].status).toBe('applied');
    const edit = await pushAs('asesor', asesor, [
      { id: 1, name: 'solicitud.editar', args: { solicitudId: sol.id, changes: { 'solicitud.ciudad_solicitud': 'Pereira' }, base: { 'solicitud.ciudad_solicitud': sol.ciudadSolicitud } } },
    ]);
    expect(edit.json().data.results[0].status).toBe('applied');
    const [after] = await ctx.database.db.select().from(solicitudes).where(eq(solicitudes.id, sol.id));
    expect(after.estado).toBe('Desistido');
    expect(after.ciudadSolicitud).toBe('Pereira');

    // Now both edit the same field from the same base: the second one conflicts.
    await pushAs('supervisor', supervisor, [
      { id: 2, name: 'solicitud.editar', args: { solicitudId: sol.id, changes: { 'solicitud.ciudad_solicitud': 'Cali' }, base: { 'solicitud.ciudad_solicitud': 'Pereira' } } },
    ]);
    const conflict = await pushAs('asesor', asesor, [
      { id: 2, name: 'solicitud.editar', args: { solicitudId: sol.id, changes: { 'solicitud.ciudad_solicitud': 'Neiva', 'solicitante.info_extra.telefono': '6011234567' }, base: { 'solicitud.ciudad_solicitud': 'Pereira', 'solicitante.info_extra.telefono': null } } },
    ]);
    const r = conflict.json().data.results[0];
    expect(r).toMatchObject({ status: 'rejected', code: 'CONFLICT' });
    // Who changed it on the server and when, from the audit trail (shown by the resolver).
    const [sup] = await ctx.database.db.select().from(usuarios).where(eq(usuarios.id, ctx.seeded.users.supervisor));
    expect(r.conflict.fields['solicitud.ciudad_solicitud']).toEqual({ base: 'Pereira', server: 'Cali', mine: 'Neiva', changedBy: sup.nombre, changedById: sup.id, changedAt: expect.any(String) });
    expect(Date.now() - Date.parse(r.conflict.fields['solicitud.ciudad_solicitud'].changedAt)).toBeLessThan(10 * 60_000);
    const [final] = await ctx.database.db.select().from(solicitudes).where(eq(solicitudes.id, sol.id));
    expect(final.ciudadSolicitud).toBe('Cali');
  });

  it('validates edited values with the spec messages', async () => {
    const sol = await someSolicitud();
    const res = await pushAs('admin', randomUUID(), [
      { id: 1, name: 'solicitud.editar', args: { solicitudId: sol.id, changes: { 'solicitante.nombres': '   ' }, base: {} } },
      { id: 2, name: 'solicitud.editar', args: { solicitudId: sol.id, changes: { 'solicitante.password_hash': 'x' }, base: {} } },
      // The limits of maxTextLength (the edit form's inputs stop at the same lengths).
      { id: 3, name: 'solicitud.editar', args: { solicitudId: sol.id, changes: { 'solicitante.nombres': 'a'.repeat(201) }, base: {} } },
      { id: 4, name: 'solicitud.editar', args: { solicitudId: sol.id, changes: { 'solicitud.ciudad_solicitud': 'b'.repeat(501) }, base: {} } },
      { id: 5, name: 'solicitud.editar', args: { solicitudId: sol.id, changes: { 'solicitante.info_extra.nota': 'c'.repeat(2001) }, base: {} } },
      // A name is a person's: its own rule stops it at NOMBRE_MAX (src/domain/validacion.ts).
      { id: 6, name: 'solicitud.editar', args: { solicitudId: sol.id, changes: { 'solicitante.nombres': 'a'.repeat(NOMBRE_MAX), 'solicitud.ciudad_solicitud': 'b'.repeat(500), 'solicitante.info_extra.nota': 'c'.repeat(2000) }, base: {} } },
    ]);
    const results = res.json().data.results;
    expect(results[0]).toMatchObject({ status: 'rejected', code: 'VALIDATION', error: 'El nombre es obligatorio' });
    expect(results[1]).toMatchObject({ status: 'rejected', code: 'VALIDATION' });
    expect(results[2]).toMatchObject({ status: 'rejected', code: 'VALIDATION', error: 'Nombres: el texto es demasiado largo' });
    expect(results[3]).toMatchObject({ status: 'rejected', code: 'VALIDATION', error: 'Ciudad de la solicitud: el texto es demasiado largo' });
    expect(results[4]).toMatchObject({ status: 'rejected', code: 'VALIDATION', error: 'Nota: el texto es demasiado largo' });
    expect(results[5]).toMatchObject({ status: 'applied' });
  });

  it('a bank change records the in-app notification', async () => {
    const sol = await someSolicitud((s) => s.bancoNombre === 'BBVA');
    const clientId = randomUUID();
    await pushAs('admin', clientId, [
      { id: 1, name: 'solicitud.editar', args: { solicitudId: sol.id, changes: { 'solicitud.banco_nombre': 'Davivienda' }, base: { 'solicitud.banco_nombre': 'BBVA' } } },
    ]);
    const { changes } = await pullAll('admin', clientId, 2000);
    const notif = changes.find((c) => c.entity === 'notificacion' && (c.row as { solicitud_id: string; titulo: string }).solicitud_id === sol.id && (c.row as { titulo: string }).titulo === 'Cambio de Banco en Solicitud');
    expect(notif).toBeTruthy();
  });
});

describe('pull', () => {
  it('pages through everything the admin may see, with each application once', async () => {
    const { changes, pages } = await pullAll('admin', randomUUID(), 40);
    expect(pages).toBeGreaterThan(3);
    const sols = changes.filter((c) => c.entity === 'solicitud' && c.op === 'put');
    const ids = new Set(sols.map((c) => c.id));
    expect(ids.size).toBe(sols.length);
    const [{ n }] = await ctx.database.db.select({ n: count() }).from(solicitudes).where(eq(solicitudes.empresaId, ctx.seeded.demo.id));
    expect(ids.size).toBe(n);
    const rec = sols[0].row as SolicitudRecord;
    expect(rec.solicitante.nombres).toBeTruthy();
    expect(rec.solicitud.radicado).toMatch(/^RAD-/);
    expect(changes.some((c) => c.entity === 'definicion')).toBe(true);
    expect(changes.some((c) => c.entity === 'estados')).toBe(true);
    expect(changes.some((c) => c.entity === 'usuario')).toBe(true);
    expect(JSON.stringify(changes)).not.toMatch(/password|scrypt/i);
  });

  it('sends a tombstone for a deleted application on the next pull', async () => {
    const clientId = randomUUID();
    const first = await pullAll('admin', clientId, 500);
    const sol = await someSolicitud();
    await ctx.database.db.transaction(async (tx) => {
      const seq = await nextSeq(tx, ctx.seeded.demo.id);
      await tx.update(solicitudes).set({ deletedAt: new Date().toISOString(), seq }).where(eq(solicitudes.id, sol.id));
    });
    const token = await loginAs(ctx.app, 'admin');
    const res = await ctx.app.inject({ method: 'GET', url: `/api/sync/pull?clientId=${clientId}&cursor=${first.cursor}`, headers: bearer(token) });
    const data = res.json().data as PullResponse;
    expect(data.changes).toEqual([{ entity: 'solicitud', id: sol.id, op: 'del' }]);
    expect(data.more).toBe(false);
  });

  it('never gives a banco user or another company rows they may not see', async () => {
    const banco = await pullAll('banco', randomUUID(), 500);
    const bancoSols = banco.changes.filter((c) => c.entity === 'solicitud' && c.op === 'put');
    expect(bancoSols.length).toBeGreaterThan(0);
    for (const c of bancoSols) expect((c.row as SolicitudRecord).solicitud.banco_nombre).toBe('Bancolombia');
    expect(banco.changes.some((c) => c.entity === 'usuario')).toBe(false);

    const otra = await pullAll('otraAdmin', randomUUID(), 500);
    const demoIds = new Set((await ctx.database.db.select({ id: solicitudes.id }).from(solicitudes).where(eq(solicitudes.empresaId, ctx.seeded.demo.id))).map((r) => r.id));
    for (const c of otra.changes) expect(demoIds.has(c.id)).toBe(false);
    const [demo] = await ctx.database.db.select().from(empresas).where(eq(empresas.id, ctx.seeded.demo.id));
    expect(otra.cursor).toBeLessThan(demo.changeSeq + 1);
  });

  it('sends later tombstones only for rows the user could see at some time', async () => {
    const [asesor] = await ctx.database.db.select().from(usuarios).where(eq(usuarios.correo, 'asesor@demo.co'));
    const mine = (s: typeof solicitudes.$inferSelect) => s.createdByUserId === asesor.id || s.assignedToUserId === asesor.id;
    const bank = (s: typeof solicitudes.$inferSelect) => (s.bancoNombre ?? '').toLowerCase() === 'bancolombia';
    const live = (s: typeof solicitudes.$inferSelect) => !s.deletedAt;
    const hidden = await someSolicitud((s) => live(s) && !mine(s) && !bank(s));
    const hidden2 = await someSolicitud((s) => live(s) && !mine(s) && !bank(s) && s.id !== hidden.id);
    const ownToDelete = await someSolicitud((s) => live(s) && mine(s));
    const bankToMove = await someSolicitud((s) => live(s) && bank(s) && !mine(s));
    const clients = { asesor: randomUUID(), banco: randomUUID() };
    const start = { asesor: (await pullAll('asesor', clients.asesor, 500)).cursor, banco: (await pullAll('banco', clients.banco, 500)).cursor };
    const since = async (who: 'asesor' | 'banco', cursor: number) => {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/sync/pull?clientId=${clients[who]}&cursor=${cursor}&limit=500`, headers: bearer(await loginAs(ctx.app, who)) });
      return res.json().data as PullResponse;
    };

    const admin = await loginAs(ctx.app, 'admin');
    const del = (id: string) => ctx.app.inject({ method: 'DELETE', url: `/api/solicitudes/${id}`, headers: bearer(admin) });
    const adminClient = randomUUID();
    const edits = await pushAs('admin', adminClient, [
      estadoMutation(1, hidden.id, 'En estudio', hidden.estado),
      { id: 2, name: 'solicitud.editar', args: { solicitudId: bankToMove.id, changes: { 'solicitud.banco_nombre': 'Davivienda' }, base: { 'solicitud.banco_nombre': bankToMove.bancoNombre } } },
    ]);
    expect(edits.json().data.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied']);
    expect((await del(hidden2.id)).statusCode).toBe(200);
    expect((await del(ownToDelete.id)).statusCode).toBe(200);

    const asesorPull = await since('asesor', start.asesor);
    const bancoPull = await since('banco', start.banco);
    const ids = (p: PullResponse) => p.changes.map((c) => c.id);
    // Never an id of an application (or its notifications) the user never saw.
    for (const p of [asesorPull, bancoPull]) {
      expect(ids(p)).not.toContain(hidden.id);
      expect(ids(p)).not.toContain(hidden2.id);
      for (const c of p.changes) if (c.entity === 'notificacion' && c.op === 'put') expect([hidden.id, hidden2.id]).not.toContain((c.row as { solicitud_id?: string }).solicitud_id);
    }
    expect(ids(asesorPull)).not.toContain(bankToMove.id);
    // The rows that left the user's sight come as tombstones.
    expect(asesorPull.changes).toContainEqual({ entity: 'solicitud', id: ownToDelete.id, op: 'del' });
    expect(bancoPull.changes).toContainEqual({ entity: 'solicitud', id: bankToMove.id, op: 'del' });
    if (!bank(ownToDelete)) expect(ids(bancoPull)).not.toContain(ownToDelete.id);

    // Still a tombstone after a later change: the old bank's users had the row.
    const again = await pushAs('admin', adminClient, [estadoMutation(3, bankToMove.id, 'En estudio', bankToMove.estado)]);
    expect(again.json().data.results[0].status).toBe('applied');
    expect((await since('banco', bancoPull.cursor)).changes).toEqual([{ entity: 'solicitud', id: bankToMove.id, op: 'del' }]);
  });

  it('moves a finished pull’s cursor to the company’s latest change, past changes the user may not see', async () => {
    const changeSeq = async () =>
      (await ctx.database.db.select().from(empresas).where(eq(empresas.id, ctx.seeded.demo.id)))[0].changeSeq;
    const bank = (s: typeof solicitudes.$inferSelect) => (s.bancoNombre ?? '').toLowerCase() === 'bancolombia';
    const other = await someSolicitud((s) => !s.deletedAt && !bank(s) && !!s.bancoNombre);
    const own = await someSolicitud((s) => !s.deletedAt && bank(s));
    const clientId = randomUUID();
    const first = await pullAll('banco', clientId, 500);
    expect(first.cursor).toBe(await changeSeq());
    const token = await loginAs(ctx.app, 'banco');
    const since = async (cursor: number) => {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/sync/pull?clientId=${clientId}&cursor=${cursor}&limit=500`, headers: bearer(token) });
      expect(res.statusCode).toBe(200);
      return res.json().data as PullResponse;
    };

    const adminClient = randomUUID();
    const hidden = await pushAs('admin', adminClient, [estadoMutation(1, other.id, other.estado === 'En estudio' ? 'Aprobado' : 'En estudio', other.estado)]);
    expect(hidden.json().data.results[0].status).toBe('applied');
    const quiet = await since(first.cursor);
    expect(quiet).toMatchObject({ changes: [], more: false, cursor: await changeSeq() });
    expect(quiet.cursor).toBeGreaterThan(first.cursor);

    const seen = await pushAs('admin', adminClient, [estadoMutation(2, own.id, own.estado === 'En estudio' ? 'Aprobado' : 'En estudio', own.estado)]);
    expect(seen.json().data.results[0].status).toBe('applied');
    const next = await since(quiet.cursor);
    expect(next.changes.map((c) => [c.entity, c.id, c.op])).toEqual([['solicitud', own.id, 'put']]);
    expect(next.cursor).toBe(await changeSeq());
  });

  it('sends the user’s visibility scope, which changes with the role or the bank and nothing else', async () => {
    const admin = await loginAs(ctx.app, 'admin');
    const correo = `banco.scope.${randomUUID().slice(0, 6)}@demo.co`;
    const body = { nombre: 'Banco Alcance', cedula: '77001', correo, contraseña: 'secreta123', rol: 'banco', info_extra: { banco_nombre: 'Bancolombia' } };
    const created = await ctx.app.inject({ method: 'POST', url: '/api/usuarios', headers: bearer(admin), payload: body });
    expect(created.statusCode).toBe(201);
    const token = (await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: correo, password: 'secreta123' } })).json().access_token as string;
    const clientId = randomUUID();
    const pullFrom = async (cursor: number) => {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/sync/pull?clientId=${clientId}&cursor=${cursor}&limit=2000`, headers: bearer(token) });
      expect(res.statusCode).toBe(200);
      return res.json().data as PullResponse;
    };
    const edit = (extra: Record<string, unknown>) =>
      ctx.app.inject({ method: 'PUT', url: `/api/usuarios/${created.json().data.id}`, headers: bearer(admin), payload: { ...body, contraseña: '', ...extra } });

    const first = await pullFrom(0);
    expect(first.scope).toBe('banco:v2:bancolombia');
    // An edit that does not touch what the user sees keeps the scope.
    expect((await edit({ nombre: 'Banco Alcance Editado' })).statusCode).toBe(200);
    expect((await pullFrom(first.cursor)).scope).toBe('banco:v2:bancolombia');

    // Moved to another bank: no application changed, so only the scope tells the device, and the
    // pull from 0 it then makes holds only the new bank's applications.
    expect((await edit({ info_extra: { banco_nombre: 'Davivienda' } })).statusCode).toBe(200);
    expect((await pullFrom(first.cursor)).scope).toBe('banco:v2:davivienda');
    const again = await pullFrom(0);
    const banks = again.changes.filter((c) => c.entity === 'solicitud').map((c) => (c.row as SolicitudRecord).solicitud.banco_nombre);
    expect(banks.length).toBeGreaterThan(0);
    expect(new Set(banks)).toEqual(new Set(['Davivienda']));

    expect((await edit({ rol: 'asesor', info_extra: {} })).statusCode).toBe(200);
    expect((await pullFrom(again.cursor)).scope).toBe('asesor');
  });

  it('sends a page compressed when the device accepts it, and its total when asked', async () => {
    const token = await loginAs(ctx.app, 'admin');
    const clientId = randomUUID();
    const url = `/api/sync/pull?clientId=${clientId}&cursor=0&limit=60`;
    const plain = (await ctx.app.inject({ method: 'GET', url, headers: bearer(token) })).json();
    for (const [encoding, decode] of [['br', brotliDecompressSync], ['gzip', gunzipSync]] as const) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { ...bearer(token), 'accept-encoding': encoding } });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(decode(res.rawPayload).toString())).toEqual(plain);
    }
    expect(plain.data.total).toBeUndefined();
    const counted = (await ctx.app.inject({ method: 'GET', url: `${url}&total=1`, headers: bearer(token) })).json().data as PullResponse;
    const [{ n }] = await ctx.database.db
      .select({ n: count() })
      .from(solicitudes)
      .where(and(eq(solicitudes.empresaId, ctx.seeded.demo.id), isNull(solicitudes.deletedAt)));
    expect(counted.total).toBe(n);
    const all = await pullAll('admin', randomUUID(), 2000);
    expect(all.changes.filter((c) => c.entity === 'solicitud')).toHaveLength(n);
  });

  it('refuses a bad query with a Spanish 400', async () => {
    const token = await loginAs(ctx.app, 'admin');
    const res = await ctx.app.inject({ method: 'GET', url: '/api/sync/pull?clientId=nope&cursor=-1', headers: bearer(token) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/clientId inválido|cursor inválido/);
  });
});
