/**
 * An application's bank, changed by an ordinary edit (REST or sync push), must be one of the
 * company's banks (its 'bancos' category, or the defaults) or stay the application's own: any
 * other text is refused with a Spanish message naming the field, and nothing is written (no row,
 * no notification, no e-mail, no audit entry). A bank change e-mails every admin and supervisor,
 * so free text there reached their inboxes from Radica's address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import { bearer, createTestContext, loginAs, type DemoUser, type TestContext } from './helpers';
import { auditoria, categorias, emailOutbox, notificaciones, solicitudes } from '../../server/src/db/schema';
import { BANCOS } from '../../server/src/db/demo-data';

const NO_EN_LISTA = 'Banco: elige un banco de la lista de la empresa.';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;

async function call(who: DemoUser, method: 'PATCH' | 'POST', url: string, payload: unknown) {
  return ctx.app.inject({ method, url, headers: bearer(await loginAs(ctx.app, who)), payload: payload as object });
}

let offset = 0;
/** A fresh demo application of the company, with a bank of the list. */
async function anApplication() {
  const [row] = await db()
    .select()
    .from(solicitudes)
    .where(and(eq(solicitudes.empresaId, ctx.seeded.demo.id), isNull(solicitudes.deletedAt)))
    .orderBy(solicitudes.id)
    .offset(offset++)
    .limit(1);
  return row;
}

async function counts() {
  const [a] = await db().select({ n: count() }).from(auditoria);
  const [n] = await db().select({ n: count() }).from(notificaciones);
  const [e] = await db().select({ n: count() }).from(emailOutbox);
  return { auditoria: a.n, notificaciones: n.n, correos: e.n };
}

async function bancoDe(id: string) {
  const [row] = await db().select({ banco: solicitudes.bancoNombre }).from(solicitudes).where(eq(solicitudes.id, id));
  return row.banco;
}

let mutationId = 0;
const clientId = randomUUID();
async function push(changes: Record<string, unknown>, solicitudId: string) {
  const res = await call('admin', 'POST', '/api/sync/push', {
    clientId,
    mutations: [{ id: ++mutationId, name: 'solicitud.editar', args: { solicitudId, changes, base: {} }, at: new Date().toISOString() }],
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.results[0] as { status: string; code?: string; error?: string };
}

describe('the bank of an application, edited', () => {
  it('REST: a bank outside the company list is 400 with its label, and nothing is written', async () => {
    const s = await anApplication();
    const before = await counts();
    for (const banco of ['Banco Inventado', 'Llame ya al 300 123 4567: www.premio.co']) {
      const patch = await call('supervisor', 'PATCH', `/api/solicitudes/${s.id}`, { banco_nombre: banco });
      expect(patch.statusCode).toBe(400);
      expect(patch.json()).toMatchObject({ ok: false, code: 'VALIDATION', error: NO_EN_LISTA, fields: { 'solicitud.banco_nombre': NO_EN_LISTA } });
      const completo = await call('admin', 'PATCH', `/api/solicitantes/${s.solicitanteId}/editar-registro-completo`, {
        solicitudes: [{ id: s.id, banco_nombre: banco }],
      });
      expect(completo.statusCode).toBe(400);
      expect(completo.json().fields).toEqual({ 'solicitud.banco_nombre': NO_EN_LISTA });
    }
    expect(await bancoDe(s.id)).toBe(s.bancoNombre);
    expect(await counts()).toEqual(before);
  });

  it('push: the edit is rejected with the message (the device shows it as a refused change); the next one applies', async () => {
    const s = await anApplication();
    const before = await counts();
    expect(await push({ 'solicitud.banco_nombre': 'Banco Inventado' }, s.id)).toEqual({ id: mutationId, status: 'rejected', code: 'VALIDATION', error: NO_EN_LISTA });
    expect(await bancoDe(s.id)).toBe(s.bancoNombre);
    expect(await counts()).toEqual(before);
    // A bank of the list, written in other capitals and without its accent, is stored as the list spells it.
    const otro = s.bancoNombre === 'Banco de Bogotá' ? 'BBVA' : 'Banco de Bogotá';
    expect(await push({ 'solicitud.banco_nombre': otro === 'BBVA' ? 'bbva' : 'BANCO DE BOGOTA' }, s.id)).toMatchObject({ status: 'applied' });
    expect(await bancoDe(s.id)).toBe(otro);
  });

  it("keeps an application's own bank after it left the list, and follows the company's configured list", async () => {
    const s = await anApplication();
    await db().update(solicitudes).set({ bancoNombre: 'Banco Antiguo' }).where(eq(solicitudes.id, s.id));
    // The whole row sent back, as the spec's edit does, with another field changed.
    const same = await call('admin', 'PATCH', `/api/solicitantes/${s.solicitanteId}/editar-registro-completo`, {
      solicitudes: [{ id: s.id, banco_nombre: 'Banco Antiguo', ciudad_solicitud: 'Pasto' }],
    });
    expect(same.statusCode).toBe(200);
    expect(await bancoDe(s.id)).toBe('Banco Antiguo');

    await db()
      .update(categorias)
      .set({ configuracion: ['Cooperativa Local', ...BANCOS.filter((b) => b !== 'Davivienda')] })
      .where(and(eq(categorias.empresaId, ctx.seeded.demo.id), eq(categorias.categoria, 'bancos')));
    expect((await push({ 'solicitud.banco_nombre': 'Davivienda' }, s.id)).error).toBe(NO_EN_LISTA);
    expect(await push({ 'solicitud.banco_nombre': 'cooperativa local' }, s.id)).toMatchObject({ status: 'applied' });
    expect(await bancoDe(s.id)).toBe('Cooperativa Local');
    // Clearing the bank is still allowed: no bank is not a bank name.
    expect(await push({ 'solicitud.banco_nombre': null }, s.id)).toMatchObject({ status: 'applied' });
    expect(await bancoDe(s.id)).toBeNull();
  });
});
