/**
 * Notifications name what they are about: the bank-change notification the server writes says who
 * moved which application (radicado, applicant) from which bank to which; a notification created
 * about an application carries its radicado and applicant; the demo seed's do too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import { bearer, createTestContext, loginAs, type DemoUser, type TestContext } from './helpers';
import { notificaciones, solicitantes, solicitudes } from '../../server/src/db/schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function call(who: DemoUser, method: 'POST' | 'PATCH', url: string, payload: unknown) {
  return ctx.app.inject({ method, url, headers: bearer(await loginAs(ctx.app, who)), payload: payload as object });
}

async function application(filter: (s: typeof solicitudes.$inferSelect) => boolean) {
  const rows = await ctx.database.db.select().from(solicitudes).where(eq(solicitudes.empresaId, ctx.seeded.demo.id));
  const s = rows.find(filter)!;
  const [p] = await ctx.database.db.select().from(solicitantes).where(eq(solicitantes.id, s.solicitanteId));
  return { s, nombre: [p.nombres, p.primerApellido, p.segundoApellido].filter(Boolean).join(' ') };
}

describe('the bank-change notification', () => {
  it('says who moved which application, of which applicant, from which bank to which (push)', async () => {
    const { s, nombre } = await application((r) => r.bancoNombre === 'BBVA');
    const res = await call('supervisor', 'POST', '/api/sync/push', {
      clientId: randomUUID(),
      mutations: [{ id: 1, name: 'solicitud.editar', args: { solicitudId: s.id, changes: { 'solicitud.banco_nombre': 'Davivienda' }, base: { 'solicitud.banco_nombre': 'BBVA' } }, at: new Date().toISOString() }],
    });
    expect(res.json().data.results[0].status).toBe('applied');
    const [n] = await ctx.database.db.select().from(notificaciones).where(and(eq(notificaciones.solicitudId, s.id), eq(notificaciones.titulo, 'Cambio de Banco en Solicitud')));
    expect(n.mensaje).toBe(`Sergio Patiño cambió el banco de la solicitud ${s.radicado} de ${nombre}: de BBVA a Davivienda.`);
    expect(n.datosAdicionales).toMatchObject({
      radicado: s.radicado,
      nombre_cliente: nombre,
      banco_anterior: 'BBVA',
      banco_nuevo: 'Davivienda',
      modificado_por: 'Sergio Patiño',
      solicitud_id: s.id,
    });
  });

  it('a bank given to an application without one is an assignment (REST)', async () => {
    const { s, nombre } = await application((r) => r.bancoNombre === 'Nu Bank');
    await ctx.database.db.update(solicitudes).set({ bancoNombre: null }).where(eq(solicitudes.id, s.id));
    const res = await call('admin', 'PATCH', `/api/solicitudes/${s.id}`, { banco_nombre: 'Lulo bank' });
    expect(res.statusCode).toBe(200);
    const [n] = await ctx.database.db.select().from(notificaciones).where(and(eq(notificaciones.solicitudId, s.id), eq(notificaciones.titulo, 'Cambio de Banco en Solicitud')));
    expect(n.mensaje).toBe(`Adriana Mejía asignó el banco Lulo bank a la solicitud ${s.radicado} de ${nombre}.`);
  });
});

describe('a notification created about an application', () => {
  it('carries its radicado and applicant in datos_adicionales (REST and push alike)', async () => {
    const { s, nombre } = await application((r) => r.estado === 'En estudio');
    const body = { titulo: 'Llamar', mensaje: 'Confirmar ingresos', tipo: 'contactar_cliente', solicitud_id: s.id, metadata: { accion_requerida: 'contactar_cliente', estado_actual: 'en_proceso' } };
    const rest = await call('admin', 'POST', '/api/notificaciones', body);
    expect(rest.statusCode).toBe(201);
    expect(rest.json().data.datos_adicionales).toEqual({ solicitud_id: s.id, radicado: s.radicado, nombre_cliente: nombre });

    const id = randomUUID();
    const push = await call('admin', 'POST', '/api/sync/push', {
      clientId: randomUUID(),
      mutations: [{ id: 1, name: 'notificacion.crear', args: { id, titulo: 'Revisar', mensaje: 'Papeles', tipo: 'revisar_documentos', accion_requerida: 'revisar_documentos', solicitud_id: s.id }, at: new Date().toISOString() }],
    });
    expect(push.json().data.results[0].status).toBe('applied');
    const [n] = await ctx.database.db.select().from(notificaciones).where(eq(notificaciones.id, id));
    expect(n.datosAdicionales).toEqual({ solicitud_id: s.id, radicado: s.radicado, nombre_cliente: nombre });
  });

  it('the demo seed names the radicado and applicant in every notification about an application', async () => {
    const rows = await ctx.database.db.select().from(notificaciones).where(isNotNull(notificaciones.solicitudId));
    const seeded = rows.filter((n) => n.titulo !== 'Cambio de Banco en Solicitud' && !['Llamar', 'Revisar'].includes(n.titulo));
    expect(seeded.length).toBeGreaterThan(10);
    for (const n of seeded) {
      const [s] = await ctx.database.db.select().from(solicitudes).where(eq(solicitudes.id, n.solicitudId!));
      expect(n.datosAdicionales).toMatchObject({ radicado: s.radicado, solicitud_id: s.id });
      expect(n.mensaje).toContain(s.radicado);
    }
  });
});
