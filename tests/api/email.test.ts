/**
 * E-mail end to end (issue 29): who a bank change is sent to, what the message says (checked on a
 * real SMTP server in this process), retries, failures, two relays sharing one outbox, and a relay
 * stopped in the middle of a batch. Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { bearer, createTestContext, loginAs, type DemoUser, type TestContext } from './helpers';
import { startSmtpSink, type SmtpSink } from './smtp-sink';
import { categorias, emailOutbox, notificaciones, solicitudes, usuarios } from '../../server/src/db/schema';
import { BANCOS } from '../../server/src/db/demo-data';
import { EmailRelay, type RelayTuning } from '../../server/src/modules/email/relay';
import { createSmtpTransport, mailConfigFrom } from '../../server/src/modules/email/transport';

let ctx: TestContext;
const sinks: SmtpSink[] = [];
const relays: EmailRelay[] = [];
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
afterEach(async () => {
  // Each test starts from an empty outbox, so relays only see the rows the test queued.
  await ctx.database.db.delete(emailOutbox);
  for (const r of relays.splice(0)) await r.stop();
  for (const s of sinks.splice(0)) await s.close();
});

type Sol = typeof solicitudes.$inferSelect;
const db = () => ctx.database.db;

async function call(who: DemoUser, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) {
  return ctx.app.inject({ method, url, headers: bearer(await loginAs(ctx.app, who)), ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function userId(correo: string) {
  const [u] = await db().select().from(usuarios).where(eq(usuarios.correo, correo));
  return u.id;
}

const used = new Set<string>();
async function take(filter: (s: Sol) => boolean, empresaId = ctx.seeded.demo.id): Promise<Sol> {
  const rows = await db().select().from(solicitudes).where(and(eq(solicitudes.empresaId, empresaId), isNull(solicitudes.deletedAt)));
  const s = rows.find((r) => !used.has(r.id) && filter(r));
  if (!s) throw new Error('no demo application left for this filter');
  used.add(s.id);
  return s;
}

async function sink(opts: Parameters<typeof startSmtpSink>[0] = {}) {
  const s = await startSmtpSink(opts);
  sinks.push(s);
  return s;
}

const FROM = 'Radica <no-reply@radica.test>';
function relay(s: SmtpSink, tuning: Partial<RelayTuning> = {}, signal?: AbortSignal) {
  const r = new EmailRelay({ db: db(), transport: createSmtpTransport(s.url), from: FROM, tuning: { pollMs: 20, ...tuning }, signal });
  relays.push(r);
  return r;
}

const outbox = () => db().select().from(emailOutbox).orderBy(emailOutbox.id);

/** Queues `n` bank-change e-mails by changing the bank of applications the asesor owns. */
async function queueBankChanges(n: number): Promise<number> {
  const asesor = await userId('asesor@demo.co');
  let queued = 0;
  while (queued < n) {
    const s = await take((r) => r.assignedToUserId === asesor);
    // A bank of the company's list other than the application's own.
    const nuevo = BANCOS.find((b) => b !== s.bancoNombre);
    const res = await call('supervisor', 'PATCH', `/api/solicitudes/${s.id}`, { banco_nombre: nuevo });
    expect(res.statusCode).toBe(200);
    queued = (await outbox()).length;
  }
  return queued;
}

describe('who a bank change is sent to', () => {
  it("goes to the application's advisor and the company's admins and supervisors, never to the editor", async () => {
    const asesor = await userId('asesor@demo.co');
    const s = await take((r) => r.assignedToUserId === asesor && r.bancoNombre !== 'Davivienda');
    const res = await call('supervisor', 'PATCH', `/api/solicitudes/${s.id}`, { banco_nombre: 'Davivienda' });
    expect(res.statusCode).toBe(200);
    const rows = await outbox();
    expect(rows.map((r) => r.destinatario).sort()).toEqual(['admin@demo.co', 'asesor@demo.co']);
    expect(rows[0].datos).toMatchObject({ radicado: s.radicado, banco_anterior: s.bancoNombre, banco_nuevo: 'Davivienda', modificado_por: 'Sergio Patiño' });
    expect(new Set(rows.map((r) => r.messageId)).size).toBe(2);
    // The in-app notice tells the devices how many were queued.
    const [notice] = await db().select().from(notificaciones).where(and(eq(notificaciones.solicitudId, s.id), eq(notificaciones.titulo, 'Cambio de Banco en Solicitud')));
    expect(notice.datosAdicionales).toMatchObject({ correos_en_cola: 2 });
  });

  it('an advisor changing the bank is not e-mailed; the admins and supervisors are', async () => {
    const asesor = await userId('asesor@demo.co');
    const s = await take((r) => r.assignedToUserId === asesor && r.bancoNombre !== 'Nu Bank');
    expect((await call('asesor', 'PATCH', `/api/solicitudes/${s.id}`, { banco_nombre: 'Nu Bank' })).statusCode).toBe(200);
    expect((await outbox()).map((r) => r.destinatario).sort()).toEqual(['admin@demo.co', 'supervisor@demo.co']);
  });

  it('POST /api/notificaciones/email answers how many were queued, 0 when there is nobody to tell', async () => {
    const asesor = await userId('asesor@demo.co');
    const s = await take((r) => r.assignedToUserId === asesor);
    const res = await call('admin', 'POST', '/api/notificaciones/email', {
      tipo: 'cambio_banco',
      destinatario: 'admin@demo.co',
      datos: { solicitud_id: s.id, banco_anterior: 'BBVA', banco_nuevo: 'Lulo bank', nombre_cliente: 'No se usa' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ tipo: 'cambio_banco', destinatarios: 2, estado: 'en_cola' });
    expect((await outbox()).map((r) => r.destinatario).sort()).toEqual(['asesor@demo.co', 'supervisor@demo.co']);

    // Otra Financiera has one user: its admin changing a bank has nobody to tell.
    await db().delete(emailOutbox);
    const otra = await take(() => true, ctx.seeded.otra.id);
    const alone = await call('otraAdmin', 'POST', '/api/notificaciones/email', { tipo: 'cambio_banco', datos: { solicitud_id: otra.id, banco_nuevo: 'BBVA' } });
    expect(alone.statusCode).toBe(200);
    expect(alone.json().data).toMatchObject({ destinatarios: 0, estado: 'sin_destinatarios' });
    expect(await outbox()).toEqual([]);
  });

  it('refuses an unknown kind and a missing application with a Spanish message, queuing nothing', async () => {
    const s = await take(() => true);
    const unknown = await call('admin', 'POST', '/api/notificaciones/email', { tipo: 'promocion', datos: { solicitud_id: s.id } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatch(/Tipo de correo no admitido/);
    const noApp = await call('admin', 'POST', '/api/notificaciones/email', { tipo: 'cambio_banco', datos: {} });
    expect(noApp.statusCode).toBe(400);
    expect(noApp.json().error).toBe('ID de la solicitud no encontrado');
    expect(await outbox()).toEqual([]);
  });
});

describe('the relay', () => {
  it('sends the bank change in Spanish, text and HTML, with the stored Message-ID, and marks it sent', async () => {
    const asesor = await userId('asesor@demo.co');
    const s = await take((r) => r.assignedToUserId === asesor && r.bancoNombre !== 'Banco <b>Popular</b> & Cía');
    // A value with markup must arrive escaped in the HTML part: a bank the admin wrote so in the company's list.
    await db()
      .update(categorias)
      .set({ configuracion: [...BANCOS, 'Banco <b>Popular</b> & Cía'] })
      .where(and(eq(categorias.empresaId, ctx.seeded.demo.id), eq(categorias.categoria, 'bancos')));
    const edit = await call('supervisor', 'PATCH', `/api/solicitudes/${s.id}`, { banco_nombre: 'Banco <b>Popular</b> & Cía' });
    expect(edit.statusCode).toBe(200);
    const smtp = await sink();
    const result = await relay(smtp).drain();
    expect(result).toEqual({ sent: 2, retried: 0, failed: 0 });
    expect(smtp.accepted.map((m) => m.to[0]).sort()).toEqual(['admin@demo.co', 'asesor@demo.co']);

    const rows = await outbox();
    const msg = smtp.accepted.find((m) => m.to[0] === 'asesor@demo.co')!;
    const row = rows.find((r) => r.destinatario === 'asesor@demo.co')!;
    expect(msg.messageId).toBe(`<${row.messageId}@radica.test>`);
    expect(msg.from).toBe('no-reply@radica.test');
    expect(msg.mail.subject).toBe(`Cambio de banco en la solicitud ${s.radicado} de ${row.datos.nombre_cliente as string}`);
    const text = msg.mail.text ?? '';
    expect(text).toContain(`El banco de la solicitud ${s.radicado} de ${row.datos.nombre_cliente as string}`);
    expect(text).toContain(`Banco anterior: ${s.bancoNombre ?? 'sin banco'}`);
    expect(text).toContain('Banco nuevo: Banco <b>Popular</b> & Cía');
    expect(text).toContain('Cambiado por: Sergio Patiño');
    expect(text).toMatch(/Fecha del cambio: \d\d\/\d\d\/\d{4} \d\d:\d\d \(hora de Colombia\)/);
    const html = String(msg.mail.html);
    expect(html).toContain('Banco &lt;b&gt;Popular&lt;/b&gt; &amp; Cía');
    expect(html).not.toContain('<b>Popular</b>');
    expect(html).toContain(s.radicado);

    for (const r of rows) {
      expect(r).toMatchObject({ estado: 'enviado', intentos: 1, ultimoError: null, reclamadoHasta: null });
      expect(r.sentAt).not.toBeNull();
    }
    // Nothing is sent twice: a second pass finds nothing due.
    expect(await relay(smtp).drain()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.accepted).toHaveLength(2);
  });

  it('delivers over smtps:// (TLS from the first byte)', async () => {
    await queueBankChanges(1);
    const smtp = await sink({ secure: true });
    expect(smtp.url.startsWith('smtps://')).toBe(true);
    const r = await relay(smtp).drain();
    expect(r.sent).toBeGreaterThan(0);
    expect(smtp.accepted.length).toBe(r.sent);
  });

  it('retries a temporary (4xx) refusal later, with a doubling delay, then sends it', async () => {
    await queueBankChanges(1);
    const before = await outbox();
    expect(before).toHaveLength(2);
    let refusals = 0;
    const smtp = await sink({ decide: () => (refusals++ < 3 ? 451 : undefined) });
    const r = relay(smtp, { backoffMs: 60_000 });
    const waits = async () => {
      const res = (await db().execute(
        sql`select intentos, extract(epoch from proximo_intento - now())::float as wait from email_outbox where estado = 'pendiente' order by id`,
      )) as unknown as { rows: Array<{ intentos: unknown; wait: unknown }> };
      return res.rows.map((w) => ({ intentos: Number(w.intentos), wait: Number(w.wait) }));
    };

    expect(await r.round()).toEqual({ sent: 0, retried: 2, failed: 0 });
    for (const row of await outbox()) {
      expect(row).toMatchObject({ estado: 'pendiente', intentos: 1, reclamadoHasta: null });
      expect(row.ultimoError).toMatch(/451/);
    }
    // Not due yet: the next attempt is a minute away (read from the rows, not timed).
    for (const w of await waits()) expect(w.wait).toBeGreaterThan(50);
    expect(await r.round()).toEqual({ sent: 0, retried: 0, failed: 0 });

    // Time passes: both are due; the first is refused again and waits twice as long.
    await db().execute(sql`update email_outbox set proximo_intento = now()`);
    expect(await r.round()).toEqual({ sent: 1, retried: 1, failed: 0 });
    const [second] = await waits();
    expect(second.intentos).toBe(2);
    expect(second.wait).toBeGreaterThan(110);

    await db().execute(sql`update email_outbox set proximo_intento = now()`);
    expect(await r.drain()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect((await outbox()).every((row) => row.estado === 'enviado' && row.ultimoError === null)).toBe(true);
    expect(smtp.accepted).toHaveLength(2);
    expect(new Set(smtp.accepted.map((m) => m.messageId)).size).toBe(2);
  });

  it('marks a message failed, with the reason, after repeated permanent (5xx) refusals', async () => {
    await queueBankChanges(1);
    const smtp = await sink({ decide: (_n, mail) => (mail.to && JSON.stringify(mail.to).includes('admin@demo.co') ? 550 : undefined) });
    const r = relay(smtp, { backoffMs: 1, maxPermanentAttempts: 3 });
    for (let i = 0; i < 3; i++) {
      await r.drain();
      await db().execute(sql`update email_outbox set proximo_intento = now() where estado = 'pendiente'`);
    }
    const rows = await outbox();
    const admin = rows.find((x) => x.destinatario === 'admin@demo.co')!;
    expect(admin).toMatchObject({ estado: 'fallido', intentos: 3, reclamadoHasta: null, sentAt: null });
    expect(admin.ultimoError).toMatch(/550/);
    for (const other of rows.filter((x) => x.destinatario !== 'admin@demo.co')) expect(other.estado).toBe('enviado');
    // A failed row is never tried again.
    const attempts = smtp.attempts;
    await r.drain();
    expect(smtp.attempts).toBe(attempts);
  });

  it('two relays on one outbox send every message exactly once', async () => {
    const queued = await queueBankChanges(12);
    const smtp = await sink();
    const a = relay(smtp);
    const b = relay(smtp);
    const [ra, rb] = await Promise.all([a.drain(), b.drain()]);
    expect(ra.sent + rb.sent).toBe(queued);
    const ids = smtp.accepted.map((m) => m.messageId);
    expect(new Set(ids).size).toBe(queued);
    expect(ids).toHaveLength(queued);
    expect((await outbox()).every((r) => r.estado === 'enviado' && r.intentos === 1)).toBe(true);
  });

  it('a relay stopped mid-batch loses nothing and doubles nothing: the next one finishes the batch', async () => {
    const queued = await queueBankChanges(8);
    const stop = new AbortController();
    // The 4th message is in flight when the relay dies; the server never accepts it.
    const smtp = await sink({
      decide: (n) => {
        if (n === 4) {
          stop.abort();
          return 421;
        }
      },
    });
    const first = relay(smtp, { leaseMs: 300 }, stop.signal);
    await expect(first.drain()).rejects.toThrow(/abandonado/);
    expect(smtp.accepted).toHaveLength(3);
    let rows = await outbox();
    expect(rows.filter((r) => r.estado === 'enviado')).toHaveLength(3);
    // The row that was in flight is still claimed by the dead relay until its lease runs out.
    const claimed = rows.filter((r) => r.estado === 'pendiente' && r.reclamadoHasta !== null);
    expect(claimed).toHaveLength(1);

    const second = relay(smtp, { leaseMs: 300 });
    for (let i = 0; i < 100 && (await outbox()).some((r) => r.estado !== 'enviado'); i++) {
      await second.drain();
      await new Promise((r) => setTimeout(r, 50));
    }
    rows = await outbox();
    expect(rows.every((r) => r.estado === 'enviado')).toBe(true);
    const ids = smtp.accepted.map((m) => m.messageId);
    expect(ids).toHaveLength(queued);
    expect(new Set(ids).size).toBe(queued);
    expect(new Set(ids)).toEqual(new Set(rows.map((r) => `<${r.messageId}@radica.test>`)));
    expect(rows.find((r) => r.id === claimed[0].id)!.intentos).toBe(2);
  });
});

describe('settings', () => {
  it('without SMTP_URL there is no relay; a bad SMTP_URL or a missing MAIL_FROM is named', () => {
    expect(mailConfigFrom({})).toBeNull();
    expect(mailConfigFrom({ SMTP_URL: '  ' })).toBeNull();
    expect(mailConfigFrom({ SMTP_URL: 'smtps://u:p@mail.example.co:465', MAIL_FROM: 'Radica <no-reply@example.co>' })).toEqual({
      smtpUrl: 'smtps://u:p@mail.example.co:465',
      from: 'Radica <no-reply@example.co>',
    });
    expect(() => mailConfigFrom({ SMTP_URL: 'http://mail.example.co' })).toThrow(/SMTP_URL/);
    expect(() => mailConfigFrom({ SMTP_URL: 'no es url' })).toThrow(/SMTP_URL/);
    expect(() => mailConfigFrom({ SMTP_URL: 'smtp://mail.example.co:25' })).toThrow(/MAIL_FROM/);
  });
});
