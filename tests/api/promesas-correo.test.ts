/**
 * What an e-mail promises, checked on a real SMTP server in this process: a field the company
 * configured in Configuración is named in the e-mail by the label the administrator gave it
 * (its description), as 'Editar Registro' names it, never by its key or the key in words.
 * Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { bearer, createTestContext, loginAs, type DemoUser, type TestContext } from './helpers';
import { startSmtpSink } from './smtp-sink';
import { auditoria, emailOutbox, solicitudes, usuarios } from '../../server/src/db/schema';
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
