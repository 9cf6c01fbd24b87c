import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { bearer, createTestContext, loginAs, type DemoUser, type TestContext } from './helpers';
import { notificaciones, solicitudes } from '../../server/src/db/schema';
import { uuidv7 } from '../../src/domain/ids';
import { PRIORIDADES } from '../../src/domain/notificacion';
import type { PullResponse } from '../../src/domain/sync-protocol';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
async function call(who: DemoUser | null, method: Method, url: string, payload?: unknown) {
  const headers = who ? bearer(await loginAs(ctx.app, who)) : {};
  return ctx.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}

interface Wire {
  id: string;
  estado: string;
  prioridad: string;
  titulo: string;
  mensaje: string;
  tipo: string;
  solicitud_id: string | null;
  metadata: { accion_requerida?: string; estado_actual?: string };
  fecha_recordatorio: string | null;
  fecha_vencimiento: string | null;
  created_at: string;
}

const demoSolicitud = async (filter: (s: typeof solicitudes.$inferSelect) => boolean = () => true) => {
  const rows = await ctx.database.db
    .select()
    .from(solicitudes)
    .where(eq(solicitudes.empresaId, ctx.seeded.demo.id));
  return rows.find(filter)!;
};
const otraNotificacion = async () => {
  const [row] = await ctx.database.db
    .select()
    .from(notificaciones)
    .where(eq(notificaciones.empresaId, ctx.seeded.otra.id))
    .limit(1);
  return row;
};
const valid = (solicitudId: string | null, extra: Record<string, unknown> = {}) => ({
  titulo: 'Llamar al cliente',
  mensaje: 'Confirmar los ingresos del mes',
  tipo: 'contactar_cliente',
  solicitud_id: solicitudId,
  metadata: { accion_requerida: 'contactar_cliente', estado_actual: 'en_proceso' },
  ...extra,
});
const create = async (who: DemoUser, body: Record<string, unknown>) => {
  const res = await call(who, 'POST', '/api/notificaciones', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Wire;
};

async function pullIds(who: DemoUser) {
  const token = await loginAs(ctx.app, who);
  const clientId = randomUUID();
  let cursor = 0;
  const put = new Set<string>();
  for (let pages = 0; pages < 200; pages++) {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/sync/pull?clientId=${clientId}&cursor=${cursor}&limit=500`, headers: bearer(token) });
    const page = res.json().data as PullResponse;
    for (const c of page.changes) {
      if (c.entity !== 'notificacion') continue;
      if (c.op === 'put') put.add(c.id);
      else put.delete(c.id);
    }
    cursor = page.cursor;
    if (!page.more) break;
  }
  return put;
}

describe('reading', () => {
  it('lists the pending notifications by priority, then newest first, within the company', async () => {
    const res = await call('admin', 'GET', `/api/notificaciones/pendientes?empresa_id=${ctx.seeded.demo.id}`);
    expect(res.statusCode).toBe(200);
    const list = res.json().data as Wire[];
    expect(list.length).toBeGreaterThan(5);
    expect(list.every((n) => n.estado === 'pendiente')).toBe(true);
    const rank = (p: string) => PRIORIDADES.indexOf(p as (typeof PRIORIDADES)[number]);
    for (let i = 1; i < list.length; i++) {
      const [a, b] = [list[i - 1], list[i]];
      expect(rank(a.prioridad)).toBeLessThanOrEqual(rank(b.prioridad));
      if (a.prioridad === b.prioridad) expect(Date.parse(a.created_at)).toBeGreaterThanOrEqual(Date.parse(b.created_at));
    }
    const otra = (await call('otraAdmin', 'GET', '/api/notificaciones/pendientes')).json().data as Wire[];
    expect(otra.length).toBeGreaterThan(0);
    const ids = new Set(list.map((n) => n.id));
    expect(otra.some((n) => ids.has(n.id))).toBe(false);
  });

  it("lists one application's notifications, newest first", async () => {
    const [row] = await ctx.database.db
      .select()
      .from(notificaciones)
      .where(eq(notificaciones.empresaId, ctx.seeded.demo.id))
      .limit(1);
    await create('admin', valid(row.solicitudId));
    const res = await call('admin', 'GET', `/api/notificaciones?solicitud_id=${row.solicitudId}`);
    expect(res.statusCode).toBe(200);
    const list = res.json().data as Wire[];
    expect(list.length).toBeGreaterThanOrEqual(2);
    expect(list.every((n) => n.solicitud_id === row.solicitudId)).toBe(true);
    expect(Date.parse(list[0].created_at)).toBeGreaterThanOrEqual(Date.parse(list[1].created_at));
    expect(list[0].metadata.accion_requerida).toBe('contactar_cliente');
  });

  it('refuses a malformed solicitud_id with a Spanish message', async () => {
    const res = await call('admin', 'GET', '/api/notificaciones?solicitud_id=abc');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', fields: { solicitud_id: 'ID de la solicitud no encontrado' } });
  });

  it('shows each role exactly the notifications pull sends it', async () => {
    for (const who of ['admin', 'asesor', 'banco', 'user', 'otraAdmin'] as const) {
      const listed = (await call(who, 'GET', '/api/notificaciones')).json().data as Wire[];
      const pulled = await pullIds(who);
      expect(new Set(listed.map((n) => n.id)), who).toEqual(pulled);
    }
    const all = (await call('admin', 'GET', '/api/notificaciones')).json().data as Wire[];
    const asesor = (await call('asesor', 'GET', '/api/notificaciones')).json().data as Wire[];
    expect(asesor.length).toBeLessThan(all.length);
  });

  it('gets one notification; another company or an unseen application is a 404', async () => {
    const own = (await call('admin', 'GET', '/api/notificaciones/pendientes')).json().data as Wire[];
    const res = await call('admin', 'GET', `/api/notificaciones/${own[0].id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.id).toBe(own[0].id);

    const foreign = await otraNotificacion();
    const other = await call('admin', 'GET', `/api/notificaciones/${foreign.id}`);
    expect(other.statusCode).toBe(404);
    expect(other.json().error).toBe('La notificación no existe o no tienes acceso a ella.');

    const asesorIds = new Set(((await call('asesor', 'GET', '/api/notificaciones')).json().data as Wire[]).map((n) => n.id));
    const hidden = own.find((n) => !asesorIds.has(n.id))!;
    expect((await call('asesor', 'GET', `/api/notificaciones/${hidden.id}`)).statusCode).toBe(404);
    expect((await call('admin', 'GET', '/api/notificaciones/no-es-un-id')).statusCode).toBe(404);
    expect((await call(null, 'GET', `/api/notificaciones/${own[0].id}`)).statusCode).toBe(401);
  });
});

describe('POST /api/notificaciones', () => {
  it('creates with the defaults and a seq that devices pull', async () => {
    const sol = await demoSolicitud();
    const before = await pullIds('admin');
    const n = await create('admin', { ...valid(sol.id), tipo: 'retomar_operacion', fecha_recordatorio: '2030-05-01T15:30:00.000Z' });
    expect(n).toMatchObject({ estado: 'pendiente', prioridad: 'normal', tipo: 'retomar_operacion', fecha_recordatorio: '2030-05-01T15:30:00.000Z', fecha_vencimiento: null });
    expect(n.metadata).toEqual({ accion_requerida: 'contactar_cliente', estado_actual: 'en_proceso' });
    expect(before.has(n.id)).toBe(false);
    expect((await pullIds('admin')).has(n.id)).toBe(true);
  });

  it('refuses a form without titulo, mensaje, tipo or accion_requerida, in Spanish, writing nothing', async () => {
    const id = uuidv7();
    const res = await call('admin', 'POST', '/api/notificaciones', { id, titulo: ' ', mensaje: '', solicitud_id: null });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      ok: false,
      code: 'VALIDATION',
      error: 'Datos inválidos: El título es obligatorio',
      fields: {
        titulo: 'El título es obligatorio',
        mensaje: 'El mensaje es obligatorio',
        tipo: 'El tipo es obligatorio',
        accion_requerida: 'La acción requerida es obligatoria',
      },
    });
    const bad = await call('admin', 'POST', '/api/notificaciones', { ...valid(null), prioridad: 'maxima', fecha_vencimiento: '2025-02-30' });
    expect(bad.json().fields).toEqual({ prioridad: 'Prioridad inválida', fecha_vencimiento: 'Fecha inválida' });
    const rows = await ctx.database.db.select().from(notificaciones).where(eq(notificaciones.id, id));
    expect(rows).toHaveLength(0);
  });

  it('creating the same id twice is a no-op that returns the first', async () => {
    const id = uuidv7();
    const first = await create('admin', { ...valid(null), id });
    const again = await create('admin', { ...valid(null), id, titulo: 'Otro título' });
    expect(again).toEqual(first);
    const rows = await ctx.database.db.select().from(notificaciones).where(eq(notificaciones.id, id));
    expect(rows).toHaveLength(1);
    expect(rows[0].titulo).toBe('Llamar al cliente');
  });

  it("refuses a role without edit_customer (403), another company's application (404), no token (401)", async () => {
    const sol = await demoSolicitud();
    expect((await call('user', 'POST', '/api/notificaciones', valid(sol.id))).statusCode).toBe(403);
    expect((await call('otraAdmin', 'POST', '/api/notificaciones', valid(sol.id))).statusCode).toBe(404);
    expect((await call(null, 'POST', '/api/notificaciones', valid(sol.id))).statusCode).toBe(401);
    expect((await call('admin', 'POST', `/api/notificaciones?empresa_id=${ctx.seeded.otra.id}`, valid(sol.id))).statusCode).toBe(403);
    const asesorSees = new Set(((await call('asesor', 'GET', '/api/dashboard/tabla')).json().data as Array<{ solicitud: { id: string } }>).map((r) => r.solicitud.id));
    const unseen = await demoSolicitud((s) => !asesorSees.has(s.id));
    expect((await call('asesor', 'POST', '/api/notificaciones', valid(unseen.id))).statusCode).toBe(404);
  });

  it('a notification without an application is a reminder only its author sees', async () => {
    const n = await create('asesor', valid(null));
    expect((await call('asesor', 'GET', `/api/notificaciones/${n.id}`)).statusCode).toBe(200);
    expect((await call('admin', 'GET', `/api/notificaciones/${n.id}`)).statusCode).toBe(404);
    expect((await pullIds('admin')).has(n.id)).toBe(false);
    expect((await pullIds('asesor')).has(n.id)).toBe(true);
  });
});

describe('PUT and PATCH /api/notificaciones/:id', () => {
  it('PATCH changes the given fields; PUT needs the whole form', async () => {
    const sol = await demoSolicitud();
    const n = await create('admin', valid(sol.id));
    const patched = await call('supervisor', 'PATCH', `/api/notificaciones/${n.id}`, { prioridad: 'urgente', metadata: { accion_requerida: 'solicitar_info' } });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().data).toMatchObject({ prioridad: 'urgente', titulo: n.titulo, metadata: { accion_requerida: 'solicitar_info', estado_actual: 'en_proceso' } });

    const partialPut = await call('admin', 'PUT', `/api/notificaciones/${n.id}`, { titulo: 'Solo título' });
    expect(partialPut.statusCode).toBe(400);
    expect(partialPut.json().fields).toMatchObject({ mensaje: 'El mensaje es obligatorio' });

    const put = await call('admin', 'PUT', `/api/notificaciones/${n.id}`, { ...valid(sol.id), titulo: 'Nuevo título', tipo: 'desembolso', metadata: { accion_requerida: 'aprobar_solicitud' }, fecha_vencimiento: '2030-01-02T00:00:00.000Z' });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({ titulo: 'Nuevo título', tipo: 'desembolso', fecha_vencimiento: '2030-01-02T00:00:00.000Z', metadata: { accion_requerida: 'aprobar_solicitud' } });
  });

  it('refuses an empty titulo in Spanish and changes nothing', async () => {
    const n = await create('admin', valid(null));
    const res = await call('admin', 'PATCH', `/api/notificaciones/${n.id}`, { titulo: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ titulo: 'El título es obligatorio' });
    const unknown = await call('admin', 'PATCH', `/api/notificaciones/${n.id}`, { empresa_id: 2 });
    expect(unknown.statusCode).toBe(400);
    const [row] = await ctx.database.db.select().from(notificaciones).where(eq(notificaciones.id, n.id));
    expect(row.titulo).toBe('Llamar al cliente');
  });

  it('refuses other roles, other companies and no token', async () => {
    const sol = await demoSolicitud();
    const n = await create('admin', valid(sol.id));
    expect((await call('user', 'PATCH', `/api/notificaciones/${n.id}`, { titulo: 'x' })).statusCode).toBe(403);
    expect((await call('otraAdmin', 'PATCH', `/api/notificaciones/${n.id}`, { titulo: 'x' })).statusCode).toBe(404);
    expect((await call('otraAdmin', 'PUT', `/api/notificaciones/${n.id}`, valid(null))).statusCode).toBe(404);
    expect((await call(null, 'PUT', `/api/notificaciones/${n.id}`, valid(null))).statusCode).toBe(401);
    const [row] = await ctx.database.db.select().from(notificaciones).where(eq(notificaciones.id, n.id));
    expect(row.titulo).toBe('Llamar al cliente');
  });
});

describe('marking and deleting', () => {
  it('marcar-leida takes an empty body, moves pendiente to leida and bumps seq; a role that sees it and may edit may', async () => {
    const sol = await demoSolicitud();
    const n = await create('admin', valid(sol.id));
    const [before] = await ctx.database.db.select().from(notificaciones).where(eq(notificaciones.id, n.id));
    expect((await call('otraAdmin', 'PATCH', `/api/notificaciones/${n.id}/marcar-leida`)).statusCode).toBe(404);
    expect((await call(null, 'PATCH', `/api/notificaciones/${n.id}/marcar-leida`)).statusCode).toBe(401);
    const res = await call('manager', 'PATCH', `/api/notificaciones/${n.id}/marcar-leida`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.estado).toBe('leida');
    const [after] = await ctx.database.db.select().from(notificaciones).where(eq(notificaciones.id, n.id));
    expect(after.seq).toBeGreaterThan(before.seq);
    const pend = (await call('admin', 'GET', '/api/notificaciones/pendientes')).json().data as Wire[];
    expect(pend.some((p) => p.id === n.id)).toBe(false);
  });

  it('the read-only user sees the notifications but may not mark, edit or delete them: they stay pending for the staff', async () => {
    const sols = (await call('user', 'GET', '/api/dashboard/tabla')).json().data as Array<{ solicitud: { id: string } }>;
    const target = await create('admin', valid(sols[0].solicitud.id));
    expect(((await call('user', 'GET', '/api/notificaciones/pendientes')).json().data as Wire[]).map((n) => n.id)).toContain(target.id);
    expect((await call('user', 'DELETE', `/api/notificaciones/${target.id}`)).statusCode).toBe(403);
    // Marking is a write to the company's one estado (security audit F2): before, 200 'leida'.
    for (const url of [`/api/notificaciones/${target.id}/marcar-leida`, `/api/notificaciones/${target.id}/marcar-completada`]) {
      const res = await call('user', 'PATCH', url);
      expect(res.statusCode, url).toBe(403);
    }
    expect((await call('user', 'PATCH', '/api/notificaciones/marcar-todas-leidas', {})).statusCode).toBe(403);
    expect((await call('user', 'PATCH', '/api/notificaciones/marcar-todas-leidas', { ids: [target.id] })).statusCode).toBe(403);
    const pend = (await call('admin', 'GET', '/api/notificaciones/pendientes')).json().data as Wire[];
    expect(pend.find((p) => p.id === target.id)?.estado).toBe('pendiente');
  });

  it('marcar-completada completes; completing again changes nothing', async () => {
    const n = await create('admin', valid(null));
    const res = await call('admin', 'PATCH', `/api/notificaciones/${n.id}/marcar-completada`);
    expect(res.json().data.estado).toBe('completada');
    const again = await call('admin', 'PATCH', `/api/notificaciones/${n.id}/marcar-leida`);
    expect(again.json().data.estado).toBe('completada');
  });

  it('DELETE hides the notification and sends a tombstone; a second delete is a no-op', async () => {
    const sol = await demoSolicitud();
    const n = await create('admin', valid(sol.id));
    expect((await call('otraAdmin', 'DELETE', `/api/notificaciones/${n.id}`)).statusCode).toBe(404);
    expect((await call('user', 'DELETE', `/api/notificaciones/${n.id}`)).statusCode).toBe(403);
    expect((await call(null, 'DELETE', `/api/notificaciones/${n.id}`)).statusCode).toBe(401);
    expect((await pullIds('admin')).has(n.id)).toBe(true);
    const res = await call('supervisor', 'DELETE', `/api/notificaciones/${n.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ id: n.id, eliminada: true });
    expect((await call('admin', 'GET', `/api/notificaciones/${n.id}`)).statusCode).toBe(404);
    expect((await pullIds('admin')).has(n.id)).toBe(false);
    const again = await call('admin', 'DELETE', `/api/notificaciones/${n.id}`);
    expect(again.json().data).toEqual({ id: n.id, eliminada: false });
    expect((await call('admin', 'PATCH', `/api/notificaciones/${n.id}/marcar-leida`)).statusCode).toBe(404);
  });

  it('marcar-todas-leidas marks the given ids, or every visible pending one, and only the caller company', async () => {
    const a = await create('admin', valid(null));
    const b = await create('admin', valid(null));
    const res = await call('admin', 'PATCH', '/api/notificaciones/marcar-todas-leidas', { ids: [a.id] });
    expect(res.json().data).toEqual({ marcadas: 1 });
    const [rb] = await ctx.database.db.select().from(notificaciones).where(eq(notificaciones.id, b.id));
    expect(rb.estado).toBe('pendiente');
    const bad = await call('admin', 'PATCH', '/api/notificaciones/marcar-todas-leidas', { ids: ['x'] });
    expect(bad.statusCode).toBe(400);

    const otraBefore = (await call('otraAdmin', 'GET', '/api/notificaciones/pendientes')).json().data as Wire[];
    const all = await call('admin', 'PATCH', '/api/notificaciones/marcar-todas-leidas');
    expect(all.statusCode).toBe(200);
    expect(all.json().data.marcadas).toBeGreaterThan(1);
    expect((await call('admin', 'GET', '/api/notificaciones/pendientes')).json().data).toEqual([]);
    expect((await call('otraAdmin', 'GET', '/api/notificaciones/pendientes')).json().data).toHaveLength(otraBefore.length);
  });
});

describe('sync push of the notification mutations', () => {
  const clientId = randomUUID();
  let next = 0;
  async function push(who: DemoUser, client: string, name: string, args: unknown) {
    const id = client === clientId ? ++next : 1;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: bearer(await loginAs(ctx.app, who)),
      payload: { clientId: client, mutations: [{ id, name, args, at: new Date().toISOString() }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.results[0] as { status: string; code?: string; error?: string; conflict?: { fields: Record<string, unknown> } };
  }
  const row = async (id: string) => (await ctx.database.db.select().from(notificaciones).where(eq(notificaciones.id, id)))[0];

  it('crear is idempotent by id; editar, marcarLeida, marcarCompletada, eliminar apply', async () => {
    const sol = await demoSolicitud();
    const id = uuidv7();
    const args = { id, solicitud_id: sol.id, titulo: 'Desde el campo', mensaje: 'Sin conexión', tipo: 'analisis_credito', accion_requerida: 'revisar_documentos', prioridad: 'alta' };
    expect(await push('admin', clientId, 'notificacion.crear', args)).toMatchObject({ status: 'applied' });
    expect(await push('admin', clientId, 'notificacion.crear', { ...args, titulo: 'Repetida' })).toMatchObject({ status: 'applied' });
    expect((await ctx.database.db.select().from(notificaciones).where(and(eq(notificaciones.id, id)))).length).toBe(1);
    expect((await row(id)).titulo).toBe('Desde el campo');

    expect(await push('admin', clientId, 'notificacion.editar', { id, changes: { titulo: 'Editada', fecha_vencimiento: '2030-03-03T12:00:00.000Z' }, base: { titulo: 'Desde el campo', fecha_vencimiento: null } })).toMatchObject({ status: 'applied' });
    expect((await row(id)).titulo).toBe('Editada');
    expect(await push('admin', clientId, 'notificacion.marcarLeida', { id })).toMatchObject({ status: 'applied' });
    expect((await row(id)).estado).toBe('leida');
    expect(await push('admin', clientId, 'notificacion.marcarCompletada', { id })).toMatchObject({ status: 'applied' });
    expect((await row(id)).estado).toBe('completada');
    const seqBefore = (await row(id)).seq;
    expect(await push('admin', clientId, 'notificacion.eliminar', { id })).toMatchObject({ status: 'applied' });
    const gone = await row(id);
    expect(gone.deletedAt).not.toBeNull();
    expect(gone.seq).toBeGreaterThan(seqBefore);
  });

  it('editar with a stale base is a field conflict with the three values; other fields merge', async () => {
    const n = await create('admin', valid((await demoSolicitud()).id));
    expect((await call('supervisor', 'PATCH', `/api/notificaciones/${n.id}`, { titulo: 'Del supervisor' })).statusCode).toBe(200);
    const r = await push('admin', clientId, 'notificacion.editar', { id: n.id, changes: { titulo: 'Mío' }, base: { titulo: 'Llamar al cliente' } });
    expect(r).toMatchObject({ status: 'rejected', code: 'CONFLICT' });
    expect(r.conflict!.fields).toEqual({ titulo: { base: 'Llamar al cliente', server: 'Del supervisor', mine: 'Mío' } });
    expect((await row(n.id)).titulo).toBe('Del supervisor');
    const merged = await push('admin', clientId, 'notificacion.editar', { id: n.id, changes: { mensaje: 'Otro mensaje' }, base: { mensaje: 'Confirmar los ingresos del mes' } });
    expect(merged.status).toBe('applied');
    expect(await row(n.id)).toMatchObject({ titulo: 'Del supervisor', mensaje: 'Otro mensaje' });
  });

  it("keeps a bank change's priority 'media' through an edit of its text, and takes 'media' as an edit (never a 500)", async () => {
    const n = await create('admin', { ...valid((await demoSolicitud()).id), prioridad: 'media' });
    expect((await row(n.id)).prioridad).toBe('media');
    expect(await push('admin', clientId, 'notificacion.editar', { id: n.id, changes: { mensaje: 'Texto nuevo' }, base: { mensaje: 'Confirmar los ingresos del mes' } })).toMatchObject({ status: 'applied' });
    expect(await row(n.id)).toMatchObject({ mensaje: 'Texto nuevo', prioridad: 'media' });
    const m = await create('admin', valid((await demoSolicitud()).id));
    expect(await push('admin', clientId, 'notificacion.editar', { id: m.id, changes: { prioridad: 'media' }, base: { prioridad: 'normal' } })).toMatchObject({ status: 'applied' });
    expect((await row(m.id)).prioridad).toBe('media');
  });

  it('marcarTodasLeidas marks the ids the user saw and leaves later arrivals pending', async () => {
    const a = await create('admin', valid(null));
    const b = await create('admin', valid(null));
    expect(await push('admin', clientId, 'notificacion.marcarTodasLeidas', { ids: [a.id] })).toMatchObject({ status: 'applied' });
    expect((await row(a.id)).estado).toBe('leida');
    expect((await row(b.id)).estado).toBe('pendiente');
  });

  it("the read-only user's marks come back rejected with the reason, and the notification stays pending", async () => {
    const sols = (await call('user', 'GET', '/api/dashboard/tabla')).json().data as Array<{ solicitud: { id: string } }>;
    const target = await create('admin', valid(sols[0].solicitud.id));
    const device = randomUUID();
    let n = 0;
    for (const [name, args] of [
      ['notificacion.marcarLeida', { id: target.id }],
      ['notificacion.marcarCompletada', { id: target.id }],
      ['notificacion.marcarTodasLeidas', { ids: [target.id] }],
    ] as const) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/sync/push',
        headers: bearer(await loginAs(ctx.app, 'user')),
        payload: { clientId: device, mutations: [{ id: ++n, name, args, at: new Date().toISOString() }] },
      });
      expect(res.json().data.results[0], name).toMatchObject({ status: 'rejected', code: 'FORBIDDEN', error: 'Tu rol no puede marcar notificaciones.' });
    }
    expect((await row(target.id)).estado).toBe('pendiente');
  });

  it('rejects with Spanish messages: bad args, a role without edit_customer, another company', async () => {
    const bad = await push('admin', clientId, 'notificacion.crear', { id: uuidv7(), titulo: '', mensaje: 'x', tipo: 'desembolso', accion_requerida: 'aprobar_solicitud' });
    expect(bad).toMatchObject({ status: 'rejected', code: 'VALIDATION', error: 'Datos inválidos: El título es obligatorio' });
    const asUser = await push('user', randomUUID(), 'notificacion.crear', { id: uuidv7(), titulo: 'x', mensaje: 'x', tipo: 'desembolso', accion_requerida: 'aprobar_solicitud' });
    expect(asUser).toMatchObject({ status: 'rejected', code: 'FORBIDDEN' });
    const foreign = await otraNotificacion();
    const other = await push('admin', clientId, 'notificacion.marcarLeida', { id: foreign.id });
    expect(other).toMatchObject({ status: 'rejected', code: 'NOT_FOUND', error: 'La notificación no existe o no tienes acceso a ella.' });
    const otherDelete = await push('admin', clientId, 'notificacion.eliminar', { id: foreign.id });
    expect(otherDelete).toMatchObject({ status: 'rejected', code: 'NOT_FOUND' });
    expect((await row(foreign.id)).deletedAt).toBeNull();
    const taken = await push('otraAdmin', randomUUID(), 'notificacion.crear', { id: (await create('admin', valid(null))).id, titulo: 'x', mensaje: 'x', tipo: 'desembolso', accion_requerida: 'aprobar_solicitud' });
    expect(taken).toMatchObject({ status: 'rejected', code: 'NOT_FOUND', error: 'La notificación no existe o no tienes acceso a ella.' });
  });
});
