/**
 * Attacks on the e-mails Radica sends (POST /api/notificaciones/email, spec 01 §7). The request
 * names an application and, in the spec's shape, the two bank names; the recipients (the
 * company's admins and supervisors, the advisor) are never the requester's choice. Before this
 * suite, any user with edit_customer (an asesor, a banco user) could put any text in the bank
 * names (a link, a line break, 'call this number') and send it again and again: a forged
 * 'Cambio de banco' e-mail from Radica's own address to every admin, as often as they liked.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { bearer, createTestContext, loginAs, type DemoUser, type TestContext } from './helpers';
import { emailOutbox, solicitantes, solicitudes } from '../../server/src/db/schema';
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
const used = new Set<string>();
async function asesorApplication(): Promise<Sol> {
  const rows = await ctx.database.db
    .select()
    .from(solicitudes)
    .where(and(eq(solicitudes.empresaId, ctx.seeded.demo.id), eq(solicitudes.createdByUserId, ctx.seeded.users.asesor), isNull(solicitudes.deletedAt)));
  const s = rows.find((r) => !used.has(r.id) && r.bancoNombre);
  if (!s) throw new Error('no application of the asesor left');
  used.add(s.id);
  return s;
}
async function send(who: DemoUser, datos: Record<string, unknown>) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/notificaciones/email',
    headers: bearer(await loginAs(ctx.app, who)),
    payload: { tipo: 'cambio_banco', datos },
  });
}
const outbox = () => ctx.database.db.select().from(emailOutbox);

describe('the bank names of a bank-change e-mail', () => {
  it('are banks of the company list or of the application; free text is refused with a Spanish field error and nothing is queued', async () => {
    const s = await asesorApplication();
    for (const banco_nuevo of [
      'Confirme su clave en http://radica-soporte.example',
      'Bancolombia\r\nLlame ya al 3001234567',
      'Banco <b>falso</b>',
    ]) {
      const res = await send('asesor', { solicitud_id: s.id, banco_anterior: 'BBVA', banco_nuevo });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', fields: { 'datos.banco_nuevo': 'Banco: elige un banco de la lista de la empresa.' } });
    }
    const anterior = await send('asesor', { solicitud_id: s.id, banco_anterior: 'Visite http://x.example', banco_nuevo: s.bancoNombre });
    expect(anterior.statusCode).toBe(400);
    expect(anterior.json().fields).toEqual({ 'datos.banco_anterior': 'Banco: elige un banco de la lista de la empresa.' });
    expect(await outbox()).toEqual([]);
  });

  it("takes the list's banks and the application's own bank (kept with the stored spelling)", async () => {
    const s = await asesorApplication();
    await ctx.database.db.update(solicitudes).set({ bancoNombre: 'Cooperativa Local' }).where(eq(solicitudes.id, s.id));
    const res = await send('asesor', { solicitud_id: s.id, banco_anterior: 'bbva', banco_nuevo: 'cooperativa local' });
    expect(res.statusCode).toBe(200);
    const rows = await outbox();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0].datos).toMatchObject({ banco_anterior: 'BBVA', banco_nuevo: 'Cooperativa Local' });
  });
});

describe('repeating the e-mail', () => {
  it('is refused with 429, Retry-After and a Spanish message for 10 minutes after the last one about the same application', async () => {
    const s = await asesorApplication();
    const first = await send('asesor', { solicitud_id: s.id, banco_anterior: 'BBVA', banco_nuevo: s.bancoNombre });
    expect(first.statusCode).toBe(200);
    const queued = (await outbox()).length;
    expect(queued).toBeGreaterThan(0);
    for (let i = 0; i < 3; i++) {
      const again = await send('asesor', { solicitud_id: s.id, banco_anterior: 'BBVA', banco_nuevo: s.bancoNombre });
      expect(again.statusCode).toBe(429);
      expect(again.json()).toMatchObject({ code: 'RATE_LIMITED', error: 'Ya se envió un aviso de cambio de banco de esta solicitud hace menos de 10 minutos. Inténtalo de nuevo más tarde.' });
      expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(again.headers['retry-after'])).toBeLessThanOrEqual(600);
    }
    expect((await outbox()).length).toBe(queued);

    // Another application is not held back; and once the last e-mail is 10 minutes old, it goes.
    const other = await asesorApplication();
    expect((await send('asesor', { solicitud_id: other.id, banco_nuevo: other.bancoNombre })).statusCode).toBe(200);
    await ctx.database.db.update(emailOutbox).set({ createdAt: new Date(Date.now() - 11 * 60_000).toISOString() });
    expect((await send('asesor', { solicitud_id: s.id, banco_nuevo: s.bancoNombre })).statusCode).toBe(200);
  });
});

describe('values of the data inside an e-mail', () => {
  it('stay on their line: a line break or a direction override in a stored name cannot add lines to the message', async () => {
    const s = await asesorApplication();
    const nombres = 'Ana\r\nBanco nuevo: Confirme su clave en http://radica-soporte.example';
    const apellido = 'Pérez\u202Efdp.exe';
    // Refused as names today (tests/api/nombres-persona.test.ts), but stored before the rule.
    await ctx.database.db.update(solicitantes).set({ nombres, primerApellido: apellido }).where(eq(solicitantes.id, s.solicitanteId));
    const bank = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/solicitudes/${s.id}`,
      headers: bearer(await loginAs(ctx.app, 'supervisor')),
      payload: { banco_nombre: s.bancoNombre === 'Davivienda' ? 'BBVA' : 'Davivienda' },
    });
    expect(bank.statusCode).toBe(200);
    const [row] = await outbox();
    const mail = renderEmail(row.tipo, row.datos)!;
    const lines = mail.text.split('\n');
    // The only line that names the new bank is the template's own.
    expect(lines.filter((l) => l.startsWith('Banco nuevo:'))).toEqual([`Banco nuevo: ${s.bancoNombre === 'Davivienda' ? 'BBVA' : 'Davivienda'}`]);
    expect(lines.find((l) => l.startsWith('Solicitante:'))).toMatch(/^Solicitante: Ana Banco nuevo: Confirme su clave en http:\/\/radica-soporte\.example Pérezfdp\.exe\b/);
    for (const part of [mail.subject, mail.text, mail.html]) {
      // eslint-disable-next-line no-control-regex
      expect(part).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|\r/);
    }
    expect(mail.subject).not.toContain('\n');
  });

  it("keeps the line breaks of a return's message, without other control characters", () => {
    const mail = renderEmail('devolucion', { radicado: 'RAD-1', nombre_cliente: 'Ana', devuelta_por: 'Sergio', mensaje: 'Primera línea\r\nSegunda\u0007 línea\u202E', campos: [] })!;
    expect(mail.text).toContain('Mensaje: Primera línea\nSegunda línea\n');
  });
});
