/**
 * A banco user sees applications by bank (solicitudes/visibility.ts). When an application moves to
 * another bank, its reviews and notifications must follow it on the devices: the old bank's device
 * gets their tombstones with the application's, and the new bank's device (whose cursor is already
 * past their old seq) gets the rows themselves. Before solicitudes/dependents.ts, only the
 * application moved: the old bank kept the reviews it may no longer see, and the new bank never
 * received them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { bearer, createTestContext, loginAs, pullAllPages, type TestContext } from './helpers';
import { solicitudes } from '../../server/src/db/schema';
import type { Change } from '../../src/domain/sync-protocol';
import { TITULO_CAMBIO_BANCO } from '../../src/domain/notificacion-textos';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const pull = (token: string, clientId: string, cursor: number) => pullAllPages(ctx.app, token, clientId, cursor);

const of = (changes: Change[], entity: Change['entity'], op: 'put' | 'del') =>
  changes.filter((c) => c.entity === entity && c.op === op).map((c) => c.id).sort();

describe('an application moved to another bank', () => {
  it('takes its reviews and notifications from the old bank’s devices to the new bank’s', async () => {
    const admin = await loginAs(ctx.app, 'admin');
    const rows = await ctx.database.db
      .select()
      .from(solicitudes)
      .where(and(eq(solicitudes.empresaId, ctx.seeded.demo.id), isNull(solicitudes.deletedAt)));
    const sol = rows.find((r) => r.bancoNombre === 'Bancolombia' && r.estado !== 'Pendiente información adicional')!;

    // A banco user of the other bank.
    const correo = `davivienda-${randomUUID().slice(0, 8)}@demo.co`;
    const nuevo = await ctx.app.inject({
      method: 'POST',
      url: '/api/usuarios',
      headers: bearer(admin),
      payload: { nombre: 'Analista Davivienda', cedula: '99001', correo, contraseña: 'secreta123', rol: 'banco', info_extra: { banco_nombre: 'Davivienda' } },
    });
    expect(nuevo.statusCode, nuevo.body).toBe(201);
    const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: correo, password: 'secreta123' } });
    const davivienda = (login.json() as { access_token: string }).access_token;
    const bancolombia = await loginAs(ctx.app, 'banco');

    // The office returns it for review: a review and its notification, both on the application.
    const devuelta = await ctx.app.inject({
      method: 'POST',
      url: `/api/solicitudes/${sol.id}/devolver`,
      headers: bearer(admin),
      payload: { mensaje: 'Falta el extracto', campos: [{ campo: 'documentos', comentario: 'Adjunte el extracto bancario' }] },
    });
    expect(devuelta.statusCode, devuelta.body).toBe(200);

    const clients = { bancolombia: randomUUID(), davivienda: randomUUID() };
    const antes = { bancolombia: await pull(bancolombia, clients.bancolombia, 0), davivienda: await pull(davivienda, clients.davivienda, 0) };
    const revisiones = of(antes.bancolombia.changes, 'revision', 'put');
    expect(revisiones).toHaveLength(1);
    const notificaciones = antes.bancolombia.changes
      .filter((c) => c.entity === 'notificacion' && c.op === 'put' && (c.row as { solicitud_id?: string }).solicitud_id === sol.id)
      .map((c) => c.id)
      .sort();
    expect(notificaciones.length).toBeGreaterThan(0);
    expect(antes.davivienda.changes.map((c) => c.id)).not.toContain(sol.id);
    expect(of(antes.davivienda.changes, 'revision', 'put')).toEqual([]);

    const push = await ctx.app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: bearer(admin),
      payload: {
        clientId: randomUUID(),
        mutations: [{ id: 1, name: 'solicitud.editar', args: { solicitudId: sol.id, changes: { 'solicitud.banco_nombre': 'Davivienda' }, base: { 'solicitud.banco_nombre': 'Bancolombia' } } }],
      },
    });
    expect(push.json().data.results[0].status).toBe('applied');

    const viejo = await pull(bancolombia, clients.bancolombia, antes.bancolombia.cursor);
    expect(of(viejo.changes, 'solicitud', 'del')).toEqual([sol.id]);
    expect(of(viejo.changes, 'revision', 'del')).toEqual(revisiones);
    expect(of(viejo.changes, 'notificacion', 'del')).toEqual(expect.arrayContaining(notificaciones));
    expect(of(viejo.changes, 'notificacion', 'put').length + of(viejo.changes, 'revision', 'put').length).toBe(0);

    const nuevoBanco = await pull(davivienda, clients.davivienda, antes.davivienda.cursor);
    expect(of(nuevoBanco.changes, 'solicitud', 'put')).toEqual([sol.id]);
    expect(of(nuevoBanco.changes, 'revision', 'put')).toEqual(revisiones);
    // Its earlier notifications; the bank change's own is the broker's (it names the old bank).
    expect(of(nuevoBanco.changes, 'notificacion', 'put')).toEqual(expect.arrayContaining(notificaciones));
    const titulos = nuevoBanco.changes.filter((c) => c.entity === 'notificacion').map((c) => (c.row as { titulo?: string } | undefined)?.titulo);
    expect(titulos).not.toContain(TITULO_CAMBIO_BANCO);
  });
});
