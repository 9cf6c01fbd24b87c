/**
 * The review loop over REST (issue 34): POST /api/solicitudes/{id}/devolver, GET …/revisiones,
 * POST …/revisiones/{revisionId}/responder and …/cerrar. Each transition, the roles and tenancy
 * refusals, the application's status, the advisor's notification and e-mail (delivered to a real
 * SMTP server in this process), and the audit rows 'Historial de cambios' shows.
 * Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { bearer, createTestContext, loginAs, type DemoUser, type TestContext } from './helpers';
import { startSmtpSink } from './smtp-sink';
import { auditoria, emailOutbox, notificaciones, revisiones, solicitudes, usuarios } from '../../server/src/db/schema';
import { EmailRelay } from '../../server/src/modules/email/relay';
import { createSmtpTransport } from '../../server/src/modules/email/transport';
import type { Revision } from '../../src/domain/revision';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

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

async function asesorApp(): Promise<Sol> {
  const asesor = await userId('asesor@demo.co');
  return take((r) => r.assignedToUserId === asesor && r.estado !== 'Pendiente información adicional');
}

const CAMPO = 'solicitud.ciudad_solicitud';
const devolverBody = { mensaje: 'Revise la ciudad, por favor', campos: [{ campo: CAMPO, comentario: 'La ciudad no coincide con la cédula' }] };
const devolver = (who: DemoUser, s: { id: string }, body: unknown = devolverBody) => call(who, 'POST', `/api/solicitudes/${s.id}/devolver`, body);
const responder = (who: DemoUser, s: { id: string }, r: { id: string }, respuestas: unknown) =>
  call(who, 'POST', `/api/solicitudes/${s.id}/revisiones/${r.id}/responder`, { respuestas });
const cerrar = (who: DemoUser, s: { id: string }, r: { id: string }) => call(who, 'POST', `/api/solicitudes/${s.id}/revisiones/${r.id}/cerrar`);
const row = async (id: string) => (await db().select().from(revisiones).where(eq(revisiones.id, id)))[0];
const auditOf = (id: string) =>
  db().select().from(auditoria).where(and(eq(auditoria.entidad, 'revision'), eq(auditoria.entidadId, id))).orderBy(auditoria.id);

describe('devolver', () => {
  it('returns the application: review abierta with each value as it was, status, notification, audit and an e-mail that reaches the advisor', async () => {
    const s = await asesorApp();
    const res = await devolver('supervisor', s);
    expect(res.statusCode).toBe(200);
    const r = res.json().data as Revision;
    expect(r).toMatchObject({
      solicitud_id: s.id,
      estado: 'abierta',
      ronda: 1,
      mensaje: 'Revise la ciudad, por favor',
      devuelta_por: await userId('supervisor@demo.co'),
      devuelta_por_nombre: 'Sergio Patiño',
      respondida_por: null,
      cerrada_por: null,
      campos: [{ campo: CAMPO, comentario: 'La ciudad no coincide con la cédula', respuesta: null, antes: s.ciudadSolicitud, despues: null }],
    });
    expect(r.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);

    const [after] = await db().select().from(solicitudes).where(eq(solicitudes.id, s.id));
    expect(after.estado).toBe('Pendiente información adicional');
    expect(after.seq).toBeGreaterThan(s.seq);
    expect((await auditOf(r.id)).map((a) => a.accion)).toEqual(['devolver']);

    const [notice] = await db().select().from(notificaciones).where(and(eq(notificaciones.solicitudId, s.id), eq(notificaciones.titulo, 'Solicitud devuelta para corrección')));
    expect(notice.usuarioId).toBe(await userId('asesor@demo.co'));
    expect(notice.mensaje).toContain(s.radicado!);
    expect(notice.mensaje).toContain('Sergio Patiño devolvió');

    const queued = await db().select().from(emailOutbox).where(eq(emailOutbox.tipo, 'devolucion'));
    expect(queued.map((q) => q.destinatario)).toEqual(['asesor@demo.co']);
    const sink = await startSmtpSink();
    try {
      const relay = new EmailRelay({ db: db(), transport: createSmtpTransport(sink.url), from: 'Radica <no-reply@radica.test>', tuning: { pollMs: 20 } });
      expect((await relay.drain()).sent).toBeGreaterThanOrEqual(1);
      await relay.stop();
      const mail = sink.accepted.find((m) => m.to.includes('asesor@demo.co'));
      expect(mail?.mail.subject).toBe(`Solicitud ${s.radicado} de ${(notice.datosAdicionales as { nombre_cliente: string }).nombre_cliente} devuelta para corrección`);
      expect(mail?.mail.text).toContain('- Ciudad de la solicitud: La ciudad no coincide con la cédula');
      expect(mail?.mail.text).not.toContain(CAMPO);
    } finally {
      await sink.close();
    }
  });

  it('is refused to asesor, banco and user (403), to another company (404), and with bad input (400), changing nothing', async () => {
    const s = await asesorApp();
    for (const who of ['asesor', 'banco', 'user'] as const) {
      const res = await devolver(who, s);
      expect(res.statusCode, who).toBe(403);
      expect(res.json().error).toMatch(/Solo administradores, supervisores y gerentes/);
    }
    expect((await devolver('otraAdmin', s)).statusCode).toBe(404);
    const bad = await devolver('admin', s, { mensaje: '', campos: [] });
    expect(bad.statusCode).toBe(400);
    const unknownField = await devolver('admin', s, { mensaje: 'x', campos: [{ campo: 'solicitud.no_existe', comentario: 'y' }] });
    expect(unknownField.statusCode).toBe(400);
    expect(unknownField.json().error).toBe('Hay campos que no se pueden señalar para corrección.');
    expect((await call('admin', 'POST', '/api/solicitudes/no-es-un-id/devolver', devolverBody)).statusCode).toBe(404);
    expect(await db().select().from(revisiones).where(eq(revisiones.solicitudId, s.id))).toEqual([]);
    const [same] = await db().select().from(solicitudes).where(eq(solicitudes.id, s.id));
    expect(same.estado).toBe(s.estado);
  });

  it('a manager may return; an application already returned and unanswered is a 409', async () => {
    const s = await asesorApp();
    expect((await devolver('manager', s)).statusCode).toBe(200);
    const again = await devolver('admin', s);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatch(/ya está devuelta al asesor/);
  });
});

describe('responder and cerrar', () => {
  it('the advisor answers after editing, the reviewer sees before → after and closes; then a new return opens a new review', async () => {
    const s = await asesorApp();
    const r = (await devolver('admin', s)).json().data as Revision;
    expect((await call('asesor', 'PATCH', `/api/solicitudes/${s.id}`, { ciudad_solicitud: 'Tunja' })).statusCode).toBe(200);
    const res = await responder('asesor', s, r, [{ campo: CAMPO, respuesta: 'Corregida con la cédula' }]);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      estado: 'respondida',
      respondida_por: await userId('asesor@demo.co'),
      campos: [{ campo: CAMPO, respuesta: 'Corregida con la cédula', antes: s.ciudadSolicitud, despues: 'Tunja' }],
    });
    expect((await row(r.id)).primeraRespuestaEn).not.toBeNull();

    // Not the advisor's to close; the reviewer side closes it.
    expect((await cerrar('asesor', s, r)).statusCode).toBe(403);
    const closed = await cerrar('supervisor', s, r);
    expect(closed.statusCode).toBe(200);
    expect(closed.json().data).toMatchObject({ estado: 'cerrada', cerrada_por_nombre: 'Sergio Patiño' });
    expect((await auditOf(r.id)).map((a) => a.accion)).toEqual(['devolver', 'responder', 'cerrar']);

    // Answering a closed review is refused with the reason.
    const late = await responder('asesor', s, r, [{ campo: CAMPO, respuesta: 'otra' }]);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe('La revisión ya fue cerrada; sus cambios se conservaron.');

    // A later return is a new review; the list is newest first.
    const second = (await devolver('admin', s, { mensaje: 'Falta un documento', campos: [{ campo: 'documentos', comentario: 'Falta la carta laboral' }] })).json().data as Revision;
    expect(second.id).not.toBe(r.id);
    const list = await call('asesor', 'GET', `/api/solicitudes/${s.id}/revisiones`);
    expect(list.statusCode).toBe(200);
    expect((list.json().data as Revision[]).map((x) => x.id)).toEqual([second.id, r.id]);

    // 'El documento ya fue solicitado al cliente' answers a field without an edit.
    const doc = await responder('asesor', s, second, [{ campo: 'documentos', respuesta: 'El documento ya fue solicitado al cliente' }]);
    expect(doc.statusCode).toBe(200);
    expect(doc.json().data.campos[0]).toMatchObject({ respuesta: 'El documento ya fue solicitado al cliente' });

    // 'Historial de cambios' carries the review's transitions.
    const hist = await call('admin', 'GET', `/api/solicitudes/${s.id}/historial`);
    const acciones = (hist.json().data as Array<{ entidad: string; accion: string }>).filter((e) => e.entidad === 'revision').map((e) => e.accion);
    expect(acciones).toEqual(['responder', 'devolver', 'cerrar', 'responder', 'devolver']);
  });

  it('returning an answered review again reopens it with the new fields (ronda 2); a closed one cannot be closed by who answered it', async () => {
    const s = await asesorApp();
    // The supervisor is this application's advisor here: they answer, so they may not close.
    await db().update(solicitudes).set({ assignedToUserId: await userId('supervisor@demo.co') }).where(eq(solicitudes.id, s.id));
    const r = (await devolver('admin', s)).json().data as Revision;
    expect((await responder('supervisor', s, r, [{ campo: CAMPO, respuesta: 'Está bien así' }])).statusCode).toBe(200);
    const again = await devolver('admin', s, { mensaje: 'Sigue mal', campos: [{ campo: 'solicitante.nombres', comentario: 'Nombre incompleto' }] });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ id: r.id, estado: 'abierta', ronda: 2, mensaje: 'Sigue mal', respondida_por: null, campos: [{ campo: 'solicitante.nombres', respuesta: null }] });
    expect((await responder('supervisor', s, r, [{ campo: 'solicitante.nombres', respuesta: 'Confirmado con el cliente' }])).statusCode).toBe(200);
    const own = await cerrar('supervisor', s, r);
    expect(own.statusCode).toBe(403);
    expect(own.json().error).toBe('Quien respondió la revisión no puede cerrarla.');
    expect((await cerrar('admin', s, r)).statusCode).toBe(200);
    // First return and first answer stay for the statistics.
    const stored = await row(r.id);
    expect(stored.primeraDevolucionEn <= stored.devueltaEn).toBe(true);
  });

  it('refusals: not the advisor (403), an unanswered field (400), another company or an unknown review (404)', async () => {
    const s = await asesorApp();
    const r = (await devolver('admin', s)).json().data as Revision;
    const notAdvisor = await responder('manager', s, r, [{ campo: CAMPO, respuesta: 'x' }]);
    expect(notAdvisor.statusCode).toBe(403);
    expect(notAdvisor.json().error).toBe('Solo el asesor de la solicitud puede responder la revisión.');
    const empty = await responder('asesor', s, r, [{ campo: CAMPO, respuesta: '' }]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({ [CAMPO]: 'Corrija el campo o escriba una respuesta' });
    const foreignField = await responder('asesor', s, r, [{ campo: 'solicitante.nombres', respuesta: 'x' }]);
    expect(foreignField.statusCode).toBe(400);
    expect((await responder('otraAdmin', s, r, [{ campo: CAMPO, respuesta: 'x' }])).statusCode).toBe(404);
    expect((await cerrar('otraAdmin', s, r)).statusCode).toBe(404);
    expect((await call('otraAdmin', 'GET', `/api/solicitudes/${s.id}/revisiones`)).statusCode).toBe(404);
    const other = await asesorApp();
    expect((await cerrar('admin', other, r)).statusCode).toBe(404);
    expect((await call('admin', 'POST', `/api/solicitudes/${s.id}/revisiones/nada/cerrar`)).statusCode).toBe(404);
    expect((await row(r.id)).estado).toBe('abierta');
  });

  it('an asesor sees no review of an application that is not theirs', async () => {
    const asesor = await userId('asesor@demo.co');
    const hidden = await take((r) => r.assignedToUserId !== asesor && r.createdByUserId !== asesor);
    expect((await devolver('admin', hidden)).statusCode).toBe(200);
    expect((await call('asesor', 'GET', `/api/solicitudes/${hidden.id}/revisiones`)).statusCode).toBe(404);
  });
});
