/**
 * A run of bank changes does not flood anyone (audit C #2). Before, each `solicitud.editar` that
 * changed the bank queued one e-mail per recipient and one in-app notice: 40 changes in one push
 * gave 80 e-mails and 40 notices. Now, within REPEAT_MINUTES, a recipient's e-mail still waiting
 * is rewritten to the latest bank and the unread notice is updated (and re-synced) instead.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { bearer, createTestContext, loginAs, type DemoUser, type TestContext } from './helpers';
import { emailOutbox, notificaciones, solicitudes } from '../../server/src/db/schema';
import { BANCOS } from '../../server/src/db/demo-data';
import { TITULO_CAMBIO_BANCO } from '../../src/domain/notificacion-textos';
import { renderEmail } from '../../server/src/modules/email/templates';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.database.db.delete(emailOutbox);
});

type Sol = typeof solicitudes.$inferSelect;
const db = () => ctx.database.db;
const used = new Set<string>();
async function asesorApplication(): Promise<Sol> {
  const rows = await db()
    .select()
    .from(solicitudes)
    .where(and(eq(solicitudes.empresaId, ctx.seeded.demo.id), eq(solicitudes.createdByUserId, ctx.seeded.users.asesor), isNull(solicitudes.deletedAt)));
  const s = rows.find((r) => !used.has(r.id) && r.bancoNombre);
  if (!s) throw new Error('no application of the asesor left');
  used.add(s.id);
  return s;
}

async function pushBankChanges(who: DemoUser, solicitudId: string, banks: string[]) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/sync/push',
    headers: bearer(await loginAs(ctx.app, who)),
    payload: {
      clientId: randomUUID(),
      mutations: banks.map((banco, i) => ({
        id: i + 1,
        name: 'solicitud.editar',
        args: { solicitudId, changes: { 'solicitud.banco_nombre': banco }, base: {} },
        at: new Date().toISOString(),
      })),
    },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.results as Array<{ status: string }>;
}

const emailsOf = (solicitudId: string) =>
  db().select().from(emailOutbox).where(sql`${emailOutbox.datos}->>'solicitud_id' = ${solicitudId}`).orderBy(emailOutbox.id);
const noticesOf = (solicitudId: string) =>
  db().select().from(notificaciones).where(and(eq(notificaciones.solicitudId, solicitudId), eq(notificaciones.titulo, TITULO_CAMBIO_BANCO)));

/** 40 alternating banks other than the application's own, ending on `last`. */
function run(s: Sol, last: string): string[] {
  const [a, b] = BANCOS.filter((x) => x !== s.bancoNombre && x !== last);
  return Array.from({ length: 39 }, (_, i) => (i % 2 ? b : a)).concat(last);
}

describe('a run of bank changes of one application', () => {
  it('40 changes in one push: one waiting e-mail per recipient, stating the first and the last bank, and one notice', async () => {
    const s = await asesorApplication();
    const last = BANCOS.find((x) => x !== s.bancoNombre)!;
    const results = await pushBankChanges('asesor', s.id, run(s, last));
    expect(results.filter((r) => r.status === 'applied')).toHaveLength(40);

    const emails = await emailsOf(s.id);
    expect(emails.map((e) => e.destinatario).sort()).toEqual(['admin@demo.co', 'supervisor@demo.co']);
    for (const e of emails) {
      expect(e.estado).toBe('pendiente');
      expect(e.datos).toMatchObject({ banco_anterior: s.bancoNombre, banco_nuevo: last });
      expect(renderEmail(e.tipo, e.datos)?.text).toContain(last);
    }
    const notices = await noticesOf(s.id);
    expect(notices).toHaveLength(1);
    expect(notices[0].mensaje).toContain(last);
    expect(notices[0].datosAdicionales).toMatchObject({ banco_anterior: s.bancoNombre, banco_nuevo: last, correos_en_cola: 2 });
  });

  it('a later push updates the unread notice (new seq and time, so devices pull it) and the waiting e-mails in place', async () => {
    const s = await asesorApplication();
    const [first, second] = BANCOS.filter((x) => x !== s.bancoNombre);
    await pushBankChanges('asesor', s.id, [first]);
    const [before] = await noticesOf(s.id);
    const emailsBefore = await emailsOf(s.id);
    await pushBankChanges('supervisor', s.id, [second]);
    const notices = await noticesOf(s.id);
    expect(notices).toHaveLength(1);
    expect(notices[0].id).toBe(before.id);
    expect(notices[0].seq).toBeGreaterThan(before.seq);
    expect(Date.parse(notices[0].updatedAt)).toBeGreaterThanOrEqual(Date.parse(before.updatedAt));
    expect(notices[0].mensaje).toContain(second);
    // The admin's waiting e-mail now states the second bank (same row); the asesor, a recipient of the
    // supervisor's change, gets one; the supervisor's own, from the asesor's change, is left as it was.
    const emails = await emailsOf(s.id);
    const row = (to: string) => emails.filter((e) => e.destinatario === to);
    expect(row('admin@demo.co')).toHaveLength(1);
    expect(row('admin@demo.co')[0].id).toBe(emailsBefore.find((e) => e.destinatario === 'admin@demo.co')!.id);
    expect(row('admin@demo.co')[0].datos).toMatchObject({ banco_anterior: s.bancoNombre, banco_nuevo: second });
    expect(row('asesor@demo.co').map((e) => e.datos.banco_nuevo)).toEqual([second]);
    expect(row('supervisor@demo.co').map((e) => e.datos.banco_nuevo)).toEqual([first]);
    expect(notices[0].datosAdicionales).toMatchObject({ correos_en_cola: 2 });
  });

  it('a notice already read, or an e-mail already sent, is not rewritten: the next change adds a notice, and its e-mail waits out the window', async () => {
    const s = await asesorApplication();
    const [first, second] = BANCOS.filter((x) => x !== s.bancoNombre);
    await pushBankChanges('asesor', s.id, [first]);
    await db().update(notificaciones).set({ estado: 'leida' }).where(eq(notificaciones.solicitudId, s.id));
    await db().update(emailOutbox).set({ estado: 'enviado', sentAt: sql`now()` }).where(sql`${emailOutbox.datos}->>'solicitud_id' = ${s.id}`);
    await pushBankChanges('asesor', s.id, [second]);
    expect(await noticesOf(s.id)).toHaveLength(2);
    const emails = await emailsOf(s.id);
    const sent = emails.filter((e) => e.estado === 'enviado');
    const waiting = emails.filter((e) => e.estado === 'pendiente');
    expect(sent.map((e) => e.datos.banco_nuevo)).toEqual([first, first]);
    expect(waiting.map((e) => e.datos.banco_nuevo)).toEqual([second, second]);
    for (const w of waiting) {
      const prev = sent.find((e) => e.destinatario === w.destinatario)!;
      expect(Date.parse(w.proximoIntento) - Date.parse(prev.createdAt)).toBeGreaterThanOrEqual(10 * 60_000 - 1000);
    }
  });

  it('after REPEAT_MINUTES, a change queues its own e-mail and notice again', async () => {
    const s = await asesorApplication();
    const [first, second] = BANCOS.filter((x) => x !== s.bancoNombre);
    await pushBankChanges('asesor', s.id, [first]);
    const old = sql`now() - interval '11 minutes'`;
    await db().update(notificaciones).set({ createdAt: old }).where(eq(notificaciones.solicitudId, s.id));
    await db().update(emailOutbox).set({ createdAt: old }).where(sql`${emailOutbox.datos}->>'solicitud_id' = ${s.id}`);
    await pushBankChanges('asesor', s.id, [second]);
    expect(await noticesOf(s.id)).toHaveLength(2);
    const emails = await emailsOf(s.id);
    expect(emails.map((e) => e.datos.banco_nuevo)).toEqual([first, first, second, second]);
    expect(emails.every((e) => Date.parse(e.proximoIntento) <= Date.now() + 1000)).toBe(true);
  });
});
