/**
 * What an e-mail promises, checked on a real SMTP server in this process: a field the company
 * configured in Configuración is named in the e-mail by the label the administrator gave it
 * (its description), as 'Editar Registro' names it, never by its key or the key in words; and
 * staff can see what became of each e-mail of an application: queued, sent once an SMTP server
 * accepted it, or failed with the reason, which an admin or supervisor can queue again.
 * Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { bearer, createTestContext, loginAs, type DemoUser, type TestContext } from './helpers';
import { startSmtpSink } from './smtp-sink';
import { auditoria, emailOutbox, solicitudes, usuarios } from '../../server/src/db/schema';
import type { CorreoSolicitud } from '../../src/domain/correo';
import { EmailRelay } from '../../server/src/modules/email/relay';
import { createSmtpTransport } from '../../server/src/modules/email/transport';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;

async function call(who: DemoUser, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) {
  return ctx.app.inject({ method, url, headers: bearer(await loginAs(ctx.app, who)), ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function asesorApp() {
  const [asesor] = await db().select().from(usuarios).where(eq(usuarios.correo, 'asesor@demo.co'));
  const rows = await db()
    .select()
    .from(solicitudes)
    .where(and(eq(solicitudes.empresaId, ctx.seeded.demo.id), eq(solicitudes.assignedToUserId, asesor.id), isNull(solicitudes.deletedAt)));
  return rows.find((r) => r.estado !== 'Pendiente información adicional')!;
}

describe('a configured field in a return e-mail', () => {
  it('is named by its configured label in the e-mail and in the history, not by its key', async () => {
    const def = await call('admin', 'POST', '/api/json/definitions/informacion_financiera/detalle_financiera', {
      definitions: [{ key: 'bono_anual_x', type: 'number', required: false, description: 'Bonificación de fin de año' }],
    });
    expect(def.statusCode).toBe(200);

    const s = await asesorApp();
    const campo = 'informacion_financiera.detalle_financiera.bono_anual_x';
    const res = await call('supervisor', 'POST', `/api/solicitudes/${s.id}/devolver`, {
      mensaje: 'Falta un dato',
      campos: [{ campo, comentario: 'Adjunte el soporte de la bonificación' }],
    });
    expect(res.statusCode).toBe(200);

    const queued = await db().select().from(emailOutbox).where(eq(emailOutbox.tipo, 'devolucion'));
    expect(queued.map((q) => q.destinatario)).toEqual(['asesor@demo.co']);
    const sink = await startSmtpSink();
    try {
      const relay = new EmailRelay({ db: db(), transport: createSmtpTransport(sink.url), from: 'Radica <no-reply@radica.test>', tuning: { pollMs: 20 } });
      expect((await relay.drain()).sent).toBe(1);
      await relay.stop();
      const [mail] = sink.accepted;
      expect(mail.to).toEqual(['asesor@demo.co']);
      const text = mail.mail.text ?? '';
      expect(text).toContain('- Bonificación de fin de año: Adjunte el soporte de la bonificación');
      expect(text).not.toMatch(/bono anual x/i);
      expect(text).not.toContain('bono_anual_x');
      expect(String(mail.mail.html)).toContain('Bonificación de fin de año');
      expect(text).toMatch(/Fecha: \d\d\/\d\d\/\d{4} \d\d:\d\d \(hora de Colombia\)/);
    } finally {
      await sink.close();
    }

    // The change history of the return names the field the same way.
    const revId = (res.json().data as { id: string }).id;
    const [entry] = await db().select().from(auditoria).where(and(eq(auditoria.entidad, 'revision'), eq(auditoria.entidadId, revId)));
    expect(JSON.stringify(entry.cambios)).toContain('Bonificación de fin de año: Adjunte el soporte de la bonificación');
  });
});

describe("an application's e-mails as staff see them", () => {
  const relayFor = (url: string) =>
    new EmailRelay({ db: db(), transport: createSmtpTransport(url), from: 'Radica <no-reply@radica.test>', tuning: { pollMs: 20, backoffMs: 1, maxPermanentAttempts: 2 } });

  it('shows a refused e-mail as failed with the reason, never as sent; a retry sends it and it then shows as sent', async () => {
    await db().delete(emailOutbox);
    const s = await asesorApp();
    const banco = s.bancoNombre === 'Davivienda' ? 'BBVA' : 'Davivienda';
    expect((await call('supervisor', 'PATCH', `/api/solicitudes/${s.id}`, { banco_nombre: banco })).statusCode).toBe(200);
    const url = `/api/solicitudes/${s.id}/correos`;
    const list = async (who: DemoUser = 'admin') => {
      const res = await call(who, 'GET', url);
      expect(res.statusCode).toBe(200);
      return res.json().data as CorreoSolicitud[];
    };

    // Queued: nobody is told it was sent.
    const queued = await list();
    expect(queued.map((c) => [c.destinatario, c.estado]).sort()).toEqual([['admin@demo.co', 'pendiente'], ['asesor@demo.co', 'pendiente']]);
    expect(queued[0].asunto).toMatch(new RegExp(`^Cambio de banco en la solicitud ${s.radicado} de `));
    expect(queued.every((c) => c.enviado_en === null)).toBe(true);

    // The SMTP server refuses the admin's mailbox (550) every time: the relay gives it up.
    const refusing = await startSmtpSink({ decide: (_n, mail) => (JSON.stringify(mail.to).includes('admin@demo.co') ? 550 : undefined) });
    try {
      const relay = relayFor(refusing.url);
      for (let i = 0; i < 2; i++) {
        await relay.drain();
        await db().execute(sql`update email_outbox set proximo_intento = now() where estado = 'pendiente'`);
      }
      await relay.stop();
      expect(refusing.accepted.map((m) => m.to[0])).toEqual(['asesor@demo.co']);
    } finally {
      await refusing.close();
    }
    const after = await list();
    const failed = after.find((c) => c.destinatario === 'admin@demo.co')!;
    const sent = after.find((c) => c.destinatario === 'asesor@demo.co')!;
    expect(failed).toMatchObject({ estado: 'fallido', enviado_en: null });
    expect(failed.ultimo_error).toMatch(/550/);
    expect(sent).toMatchObject({ estado: 'enviado', ultimo_error: null });
    expect(Date.parse(sent.enviado_en!)).not.toBeNaN();
    // The advisor sees the same states (the application is theirs).
    expect((await list('asesor')).find((c) => c.id === failed.id)?.estado).toBe('fallido');

    // Only admin and supervisor retry; only a failed one; another company's user gets nothing.
    const retry = (who: DemoUser, id: number) => call(who, 'POST', `${url}/${id}/reintentar`);
    expect((await retry('asesor', failed.id)).statusCode).toBe(403);
    const notFailed = await retry('admin', sent.id);
    expect(notFailed.statusCode).toBe(409);
    expect(notFailed.json().error).toBe('Este correo no ha fallado; no hay nada que reintentar.');
    expect((await call('otraAdmin', 'GET', url)).statusCode).toBe(404);
    expect((await retry('otraAdmin', failed.id)).statusCode).toBe(404);

    const again = await retry('supervisor', failed.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ id: failed.id, estado: 'pendiente', intentos: 0, ultimo_error: null });
    const [audit] = await db().select().from(auditoria).where(and(eq(auditoria.entidad, 'email'), eq(auditoria.entidadId, String(failed.id)), eq(auditoria.accion, 'reintentar')));
    expect(audit.cambios).toMatchObject({ destinatario: { old: 'admin@demo.co', new: 'admin@demo.co' }, estado: { old: 'fallido', new: 'pendiente' } });
    // 'Historial de cambios' of the application shows the retry, by whom and when.
    const historial = async (id: string) => {
      const res = await call('admin', 'GET', `/api/solicitudes/${id}/historial`);
      expect(res.statusCode).toBe(200);
      return res.json().data as Array<{ entidad: string; entidad_id: string; accion: string; usuario_nombre: string | null; fecha: string; cambios: unknown }>;
    };
    const shown = (await historial(s.id)).filter((h) => h.entidad === 'email');
    const [supervisor] = await db().select().from(usuarios).where(eq(usuarios.correo, 'supervisor@demo.co'));
    expect(shown).toEqual([
      {
        id: audit.id,
        entidad: 'email',
        entidad_id: String(failed.id),
        accion: 'reintentar',
        usuario_id: audit.usuarioId,
        usuario_nombre: supervisor.nombre,
        fecha: new Date(audit.fecha).toISOString(),
        cambios: audit.cambios,
      },
    ]);
    // Not in another application's history.
    const other = (await db().select().from(solicitudes).where(and(eq(solicitudes.empresaId, ctx.seeded.demo.id), isNull(solicitudes.deletedAt)))).find((r) => r.id !== s.id)!;
    expect((await historial(other.id)).some((h) => h.entidad === 'email')).toBe(false);

    // The mailbox works again: the retried message arrives, with the same Message-ID, and shows as sent.
    const [row] = await db().select().from(emailOutbox).where(eq(emailOutbox.id, failed.id));
    const smtp = await startSmtpSink();
    try {
      const relay = relayFor(smtp.url);
      expect((await relay.drain()).sent).toBe(1);
      await relay.stop();
      expect(smtp.accepted).toHaveLength(1);
      expect(smtp.accepted[0].to).toEqual(['admin@demo.co']);
      expect(smtp.accepted[0].messageId).toBe(`<${row.messageId}@radica.test>`);
      expect(smtp.accepted[0].mail.subject).toBe(failed.asunto);
    } finally {
      await smtp.close();
    }
    expect((await list()).find((c) => c.id === failed.id)).toMatchObject({ estado: 'enviado', ultimo_error: null });
  });
});
