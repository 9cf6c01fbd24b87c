/**
 * Creating with an existing id reveals nothing (issue #30). Every create that answers a retry with
 * the stored row (applications, notifications, references, observations, documents; REST and
 * push) answers it only to the user who created the row and only while that user may still see
 * it. Anyone else (another user of the company, another company) and the creator after the row
 * is gone get the same NOT_FOUND, with nothing of the row in it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { bearer, createTestContext, loginAs, type DemoUser, type TestContext } from './helpers';
import { solicitudes } from '../../server/src/db/schema';
import { freshRecordBody, multipart, PDF } from './security-fixtures';
import { argsFromSpecBody } from '../../server/src/modules/formulario/routes';

let ctx: TestContext;
let sol: typeof solicitudes.$inferSelect;
beforeAll(async () => {
  ctx = await createTestContext();
  [sol] = await ctx.database.db.select().from(solicitudes).where(eq(solicitudes.empresaId, ctx.seeded.demo.id)).limit(1);
});
afterAll(() => ctx.close());

const as = async (who: DemoUser) => bearer(await loginAs(ctx.app, who));
const send = async (who: DemoUser, method: 'POST' | 'DELETE', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: await as(who), ...(payload === undefined ? {} : { payload: payload as object }) });

async function pushOne(who: DemoUser, name: string, args: unknown) {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/sync/push', headers: await as(who), payload: { clientId: randomUUID(), mutations: [{ id: 1, name, args }] } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.results[0] as { status: string; code?: string; error?: string };
}

/** Refusals of one id by different people must be the same NOT_FOUND and carry none of the row. */
function expectRefusedAlike(responses: LightMyRequestResponse[], secrets: string[]) {
  for (const res of responses) {
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json()).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    for (const s of secrets) expect(res.body).not.toContain(s);
  }
  expect(new Set(responses.map((r) => r.body)).size, responses.map((r) => r.body).join('\n')).toBe(1);
}

describe('replayed creations', () => {
  it('notification: only its creator gets it back, and only while it exists', async () => {
    const id = randomUUID();
    const body = { id, titulo: 'Llamar al titular secreto', mensaje: 'Mensaje privado 4411', tipo: 'contactar_cliente', solicitud_id: sol.id, metadata: { accion_requerida: 'contactar_cliente', estado_actual: 'en_proceso' } };
    expect((await send('admin', 'POST', '/api/notificaciones', body)).statusCode).toBe(201);

    const again = await send('admin', 'POST', '/api/notificaciones', body);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().data).toMatchObject({ id, titulo: body.titulo });

    const other = { ...body, titulo: 'Otro', mensaje: 'Otro' };
    const refusals = [await send('supervisor', 'POST', '/api/notificaciones', other), await send('otraAdmin', 'POST', '/api/notificaciones', other)];
    const pushed = await pushOne('supervisor', 'notificacion.crear', { id, titulo: 'Otro', mensaje: 'Otro', tipo: 'contactar_cliente', solicitud_id: sol.id, accion_requerida: 'contactar_cliente', estado_actual: 'en_proceso' });
    expect(pushed).toMatchObject({ status: 'rejected', code: 'NOT_FOUND' });
    expect(JSON.stringify(pushed)).not.toContain(body.titulo);

    expect((await send('admin', 'DELETE', `/api/notificaciones/${id}`)).statusCode).toBe(200);
    refusals.push(await send('admin', 'POST', '/api/notificaciones', body));
    expectRefusedAlike(refusals, [body.titulo, body.mensaje]);
  });

  it('application: only its creator gets the filing number back, and only while it exists', async () => {
    const ids = { solicitudId: randomUUID(), solicitanteId: randomUUID() };
    const body = freshRecordBody(ids);
    const url = '/api/solicitantes/crear-registro-completo';
    const first = await send('asesor', 'POST', url, body);
    expect(first.statusCode, first.body).toBe(200);
    const radicado = first.json().data.radicado as string;
    const again = await send('asesor', 'POST', url, body);
    expect(again.json().data).toMatchObject({ solicitud_id: ids.solicitudId, radicado });

    // The admin sees the application, but did not create it.
    const refusals = [await send('admin', 'POST', url, body), await send('otraAdmin', 'POST', url, body)];
    // The sync args of the same creation (the REST route's own conversion of the spec body).
    const args = argsFromSpecBody(body);
    expect(await pushOne('supervisor', 'solicitud.crear', args)).toMatchObject({ status: 'rejected', code: 'NOT_FOUND' });
    expect((await send('admin', 'DELETE', `/api/solicitudes/${ids.solicitudId}`)).statusCode).toBe(200);
    refusals.push(await send('asesor', 'POST', url, body));
    expectRefusedAlike(refusals, [radicado, ids.solicitanteId]);
    expect(await pushOne('asesor', 'solicitud.crear', args)).toMatchObject({ status: 'rejected', code: 'NOT_FOUND' });
  });

  it('reference: only its creator gets it back', async () => {
    const id = randomUUID();
    const body = { id, solicitud_id: sol.id, tipo_referencia: 'familiar', detalle_referencia: { nombre: 'Tío Secreto 8812' } };
    expect((await send('admin', 'POST', '/api/referencias', body)).statusCode).toBe(200);
    expect((await send('admin', 'POST', '/api/referencias', body)).json().data).toMatchObject({ id });
    const refusals = [await send('supervisor', 'POST', '/api/referencias', body), await send('manager', 'POST', '/api/referencias', body)];
    expectRefusedAlike(refusals, ['Tío Secreto 8812']);
    const pushed = await pushOne('supervisor', 'referencia.agregar', { solicitudId: sol.id, referenciaId: id, tipo_referencia: 'familiar', detalle_referencia: { nombre: 'x' } });
    expect(pushed).toMatchObject({ status: 'rejected', code: 'NOT_FOUND' });
  });

  it('observation: only its author gets it back', async () => {
    const id = randomUUID();
    const url = `/api/solicitudes/${sol.id}/observaciones`;
    const body = { id, observacion: 'Nota reservada 5520' };
    expect((await send('admin', 'POST', url, body)).statusCode).toBe(200);
    expect((await send('admin', 'POST', url, body)).json().data).toMatchObject({ id, observacion: body.observacion });
    expectRefusedAlike([await send('supervisor', 'POST', url, { ...body, observacion: 'x' }), await send('manager', 'POST', url, { ...body, observacion: 'x' })], [body.observacion]);
    const pushed = await pushOne('supervisor', 'observacion.agregar', { solicitudId: sol.id, observacionId: id, observacion: 'x', tipo: 'comentario', fecha_creacion: new Date().toISOString() });
    expect(pushed).toMatchObject({ status: 'rejected', code: 'NOT_FOUND' });
  });

  it('document: only its uploader gets it back, and only while it exists', async () => {
    const id = randomUUID();
    const upload = async (who: DemoUser, name: string) => {
      const mp = multipart({ solicitud_id: sol.id, id }, [{ field: 'file', name, data: PDF }]);
      return ctx.app.inject({ method: 'POST', url: '/api/documentos', payload: mp.payload, headers: { ...mp.headers, ...(await as(who)) } });
    };
    expect((await upload('admin', 'contrato-privado.pdf')).statusCode).toBeLessThan(300);
    const again = await upload('admin', 'contrato-privado.pdf');
    expect(again.statusCode, again.body).toBeLessThan(300);
    const refusals = [await upload('supervisor', 'otro.pdf'), await upload('manager', 'otro.pdf')];
    expect((await send('admin', 'DELETE', `/api/documentos/${id}`)).statusCode).toBe(200);
    refusals.push(await upload('admin', 'otro.pdf'));
    expectRefusedAlike(refusals, ['contrato-privado']);
  });
});
