/**
 * A bank change's notification is the broker's (notificaciones/service.ts): it names the bank the
 * application came from ('de Davivienda a Bancolombia') and asks the broker's staff to review the
 * documents. The banco user of the bank it moved to sees the application, never that notification:
 * not by pull (first or by cursor), not by any REST read, and it cannot mark, complete, edit or
 * delete it, and no tombstone tells it that one exists. Before, the new bank read its competitor's
 * name in its bell and could complete the broker's task for everyone. Other notifications of the
 * same application stay visible to it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { bearer, createTestContext, loginAs, pullAllPages, type TestContext } from './helpers';
import { notificaciones, solicitudes } from '../../server/src/db/schema';
import { TITULO_CAMBIO_BANCO } from '../../src/domain/notificacion-textos';
import type { Change } from '../../src/domain/sync-protocol';

let ctx: TestContext;
let admin: string;
let banco: string;
let sol: typeof solicitudes.$inferSelect;
/** The bank change's notification, and one the admin wrote about the same application. */
let aviso: string;
let otra: string;
/** A banco device that pulled before the change, and its cursor then. */
const device = randomUUID();
let cursorAntes = 0;

const pull = (token: string, clientId: string, cursor: number) => pullAllPages(ctx.app, token, clientId, cursor);

const notificacionIds = (changes: Change[], op: 'put' | 'del') =>
  changes.filter((c) => c.entity === 'notificacion' && c.op === op).map((c) => c.id);

async function push(token: string, name: string, args: unknown) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/sync/push',
    headers: bearer(token),
    payload: { clientId: randomUUID(), mutations: [{ id: 1, name, args, at: new Date().toISOString() }] },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.results[0] as { status: string; error?: { code: string } };
}

const estadoDe = async (id: string) =>
  (await ctx.database.db.select({ estado: notificaciones.estado, deletedAt: notificaciones.deletedAt }).from(notificaciones).where(eq(notificaciones.id, id)))[0];

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await loginAs(ctx.app, 'admin');
  banco = await loginAs(ctx.app, 'banco');
  const rows = await ctx.database.db
    .select()
    .from(solicitudes)
    .where(and(eq(solicitudes.empresaId, ctx.seeded.demo.id), eq(solicitudes.bancoNombre, 'Davivienda'), isNull(solicitudes.deletedAt)));
  sol = rows[0];
  cursorAntes = (await pull(banco, device, 0)).cursor;

  expect((await push(admin, 'solicitud.editar', { solicitudId: sol.id, changes: { 'solicitud.banco_nombre': 'Bancolombia' }, base: { 'solicitud.banco_nombre': 'Davivienda' } })).status).toBe('applied');
  const [row] = await ctx.database.db
    .select()
    .from(notificaciones)
    .where(and(eq(notificaciones.solicitudId, sol.id), eq(notificaciones.titulo, TITULO_CAMBIO_BANCO)));
  aviso = row.id;
  otra = randomUUID();
  const creada = await ctx.app.inject({
    method: 'POST',
    url: '/api/notificaciones',
    headers: bearer(admin),
    payload: { id: otra, tipo: 'seguimiento_credito', titulo: 'Llamar al cliente', mensaje: 'Confirmar la fecha de la visita', solicitud_id: sol.id, prioridad: 'alta', accion_requerida: 'contactar_cliente' },
  });
  expect(creada.statusCode, creada.body).toBe(201);
});
afterAll(() => ctx.close());

describe("a bank change's notification", () => {
  it('reaches the admin with the bank the application came from', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/notificaciones/${aviso}`, headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.mensaje).toContain('de Davivienda a Bancolombia');
    expect(res.json().data.datos_adicionales.banco_anterior).toBe('Davivienda');
    expect(notificacionIds((await pull(admin, randomUUID(), 0)).changes, 'put')).toContain(aviso);
  });

  it('never reaches the new bank by pull, first or by cursor; the application and its other notification do', async () => {
    const first = await pull(banco, randomUUID(), 0);
    expect(first.changes.some((c) => c.entity === 'solicitud' && c.id === sol.id && c.op === 'put')).toBe(true);
    expect(notificacionIds(first.changes, 'put')).toContain(otra);
    expect(notificacionIds(first.changes, 'put')).not.toContain(aviso);
    expect(JSON.stringify(first.changes.filter((c) => c.entity === 'notificacion'))).not.toContain('Davivienda');

    const later = await pull(banco, device, cursorAntes);
    expect(later.changes.some((c) => c.entity === 'solicitud' && c.id === sol.id && c.op === 'put')).toBe(true);
    expect(notificacionIds(later.changes, 'put')).toContain(otra);
    expect(notificacionIds(later.changes, 'put')).not.toContain(aviso);
    // The scope names the rule, so a device that pulled under the old one pulls again from 0.
    expect(later.scope).toBe('banco:v2:bancolombia');
  });

  it('is not found by any REST read of the bank', async () => {
    const list = await ctx.app.inject({ method: 'GET', url: `/api/notificaciones?solicitud_id=${sol.id}`, headers: bearer(banco) });
    expect(list.statusCode).toBe(200);
    const ids = (list.json().data as Array<{ id: string }>).map((n) => n.id);
    expect(ids).toContain(otra);
    expect(ids).not.toContain(aviso);
    const pendientes = await ctx.app.inject({ method: 'GET', url: '/api/notificaciones/pendientes', headers: bearer(banco) });
    expect((pendientes.json().data as Array<{ id: string }>).map((n) => n.id)).not.toContain(aviso);
    expect(list.body + pendientes.body).not.toContain('Davivienda');
    const one = await ctx.app.inject({ method: 'GET', url: `/api/notificaciones/${aviso}`, headers: bearer(banco) });
    expect(one.statusCode).toBe(404);
    expect(one.body).not.toContain('Davivienda');
  });

  it('cannot be marked, completed, edited or deleted by the bank, by REST or by push; it stays pending for the office', async () => {
    for (const url of [`/api/notificaciones/${aviso}/marcar-leida`, `/api/notificaciones/${aviso}/marcar-completada`]) {
      expect((await ctx.app.inject({ method: 'PATCH', url, headers: bearer(banco) })).statusCode).toBe(404);
    }
    expect((await ctx.app.inject({ method: 'PATCH', url: `/api/notificaciones/${aviso}`, headers: bearer(banco), payload: { prioridad: 'baja' } })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/notificaciones/${aviso}`, headers: bearer(banco) })).statusCode).toBe(404);
    for (const name of ['notificacion.marcarLeida', 'notificacion.marcarCompletada', 'notificacion.eliminar']) {
      const r = await push(banco, name, { id: aviso });
      expect(r.status, name).toBe('rejected');
    }
    const todas = await ctx.app.inject({ method: 'PATCH', url: '/api/notificaciones/marcar-todas-leidas', headers: bearer(banco), payload: {} });
    expect(todas.statusCode).toBe(200);
    expect(await estadoDe(aviso)).toEqual({ estado: 'pendiente', deletedAt: null });
    // The bank still marks its own notification of the same application.
    expect(await estadoDe(otra)).toMatchObject({ estado: 'leida' });
  });

  it('leaves no trace on the bank when the office changes it: neither the row nor a tombstone with its id', async () => {
    const { cursor } = await pull(banco, device, 0);
    const edited = await ctx.app.inject({ method: 'PATCH', url: `/api/notificaciones/${aviso}`, headers: bearer(admin), payload: { prioridad: 'alta' } });
    expect(edited.statusCode, edited.body).toBe(200);
    const deleted = await ctx.app.inject({ method: 'DELETE', url: `/api/notificaciones/${otra}`, headers: bearer(admin) });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const after = await pull(banco, device, cursor);
    expect(JSON.stringify(after.changes)).not.toContain(aviso);
    // A notification it did see still leaves its device.
    expect(notificacionIds(after.changes, 'del')).toEqual([otra]);
  });
});
