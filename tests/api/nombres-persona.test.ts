/**
 * An applicant's names are a person's names (audit C #3): 'Aviso: actualice sus datos en
 * https://…', a phone number, control or bidi characters are refused on every write path (REST and
 * push, creation and edit), with the field's Spanish message, because those names go into Radica's
 * e-mails and notices to staff. A name stored before the rule still shows and never blocks an edit
 * of other fields (a bank change here), and its e-mail carries no control or format character.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { bearer, createTestContext, loginAs, type DemoUser, type TestContext } from './helpers';
import { emailOutbox, solicitantes, solicitudes } from '../../server/src/db/schema';
import { renderEmail } from '../../server/src/modules/email/templates';
import { legacyApplicantBody } from './security-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.database.db.delete(emailOutbox);
});

const db = () => ctx.database.db;
const PHISH = 'Aviso: actualice sus datos en https://bancolombia-validacion.example';
const MSG = (label: string) => `${label}: usa solo letras, espacios, apóstrofo, guion o punto.`;

async function call(who: DemoUser, method: 'POST' | 'PATCH', url: string, payload: unknown) {
  return ctx.app.inject({ method, url, headers: bearer(await loginAs(ctx.app, who)), payload: payload as object });
}

async function push(who: DemoUser, mutations: Array<{ name: string; args: unknown }>) {
  const res = await call(who, 'POST', '/api/sync/push', {
    clientId: randomUUID(),
    mutations: mutations.map((m, i) => ({ id: i + 1, ...m, at: new Date().toISOString() })),
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.results as Array<{ status: string; code?: string; error?: string }>;
}

const used = new Set<string>();
async function application(filter: (s: typeof solicitudes.$inferSelect) => boolean = () => true) {
  const rows = await db().select().from(solicitudes).where(and(eq(solicitudes.empresaId, ctx.seeded.demo.id), isNull(solicitudes.deletedAt)));
  const sol = rows.find((r) => !used.has(r.id) && r.bancoNombre && filter(r))!;
  used.add(sol.id);
  const [applicant] = await db().select().from(solicitantes).where(eq(solicitantes.id, sol.solicitanteId));
  return { sol, applicant };
}

function recordBody(nombres: string) {
  return {
    solicitante: {
      id: randomUUID(),
      nombres,
      primer_apellido: 'Castro',
      tipo_identificacion: 'CC',
      numero_documento: String(Math.floor(1e8 + Math.random() * 9e8)),
      fecha_nacimiento: '1985-03-09',
      genero: 'F',
      correo: 'rosa@correo.co',
      celular: '300 765 4321',
    },
    ubicaciones: [{ id: randomUUID(), direccion_residencia: 'Calle 1 # 2-3' }],
    actividad_economica: { id: randomUUID(), tipo_actividad: 'Empleado', tipo_actividad_economica: 'Empleado' },
    informacion_financiera: { id: randomUUID(), ingreso_basico_mensual: '2.500.000' },
    referencias: [{ id: randomUUID(), tipo_referencia: 'familiar', nombre: 'Luz Castro', celular: '3109876543' }],
    solicitudes: [{ id: randomUUID(), tipo_credito: 'hipotecario', monto_solicitado: '$ 180.000.000', plazo_meses: '240' }],
    acepta_terminos: true,
    acepta_firma: true,
  };
}

describe('a forged name', () => {
  it('push, as banco: the audit\'s edit (phishing name with a bank change) is rejected with the message, and nothing changes or is queued', async () => {
    const { sol, applicant } = await application((r) => r.bancoNombre === 'Bancolombia');
    const results = await push('banco', [
      { name: 'solicitud.editar', args: { solicitudId: sol.id, changes: { 'solicitante.nombres': PHISH, 'solicitud.banco_nombre': 'Davivienda' }, base: {} } },
    ]);
    expect(results[0]).toMatchObject({ status: 'rejected', code: 'VALIDATION', error: MSG('Nombres') });
    const [after] = await db().select().from(solicitantes).where(eq(solicitantes.id, applicant.id));
    expect(after.nombres).toBe(applicant.nombres);
    expect(await db().select().from(emailOutbox)).toEqual([]);
  });

  it('push, as asesor: a phone number, a bidi override, a line separator or a control character in a name or surname is rejected by its label', async () => {
    const { sol } = await application((r) => r.createdByUserId === ctx.seeded.users.asesor);
    const cases: Array<[string, string, string]> = [
      ['solicitante.nombres', 'URGENTE llame al 300 123 4567', 'Nombres'],
      ['solicitante.primer_apellido', 'Pérez\u202Efdp.exe', 'Primer apellido'],
      ['solicitante.segundo_apellido', 'Ruiz\u2028Banco nuevo', 'Segundo apellido'],
      ['solicitante.nombres', 'Ana\u0007', 'Nombres'],
      ['solicitante.nombres', 'soporte@radica.example', 'Nombres'],
    ];
    const results = await push('asesor', cases.map(([path, value]) => ({ name: 'solicitud.editar', args: { solicitudId: sol.id, changes: { [path]: value }, base: {} } })));
    expect(results.map((r) => [r.status, r.error])).toEqual(cases.map(([, , label]) => ['rejected', MSG(label)]));
  });

  it('REST edit (editar-registro-completo): 400 with the field message, and the applicant is unchanged', async () => {
    const { applicant } = await application();
    const res = await call('admin', 'PATCH', `/api/solicitantes/${applicant.id}/editar-registro-completo`, { solicitante: { nombres: PHISH } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', fields: { 'solicitante.nombres': MSG('Nombres') } });
    const [after] = await db().select().from(solicitantes).where(eq(solicitantes.id, applicant.id));
    expect(after).toEqual(applicant);
  });

  it('REST creation (crear-registro-completo and the legacy POST /api/solicitantes) and push solicitud.crear: refused, nothing written', async () => {
    const body = recordBody(PHISH);
    const rest = await call('asesor', 'POST', '/api/solicitantes/crear-registro-completo', body);
    expect(rest.statusCode).toBe(400);
    expect(rest.json().fields).toEqual({ 'solicitante.nombres': MSG('Nombres') });

    const legacy = await call('asesor', 'POST', '/api/solicitantes/', legacyApplicantBody({ id: randomUUID(), primer_apellido: 'Castro 3001234567' }));
    expect(legacy.statusCode).toBe(400);
    expect(legacy.json().fields).toEqual({ primer_apellido: MSG('Primer apellido') });

    const b = recordBody('Rosa');
    const results = await push('asesor', [
      {
        name: 'solicitud.crear',
        args: {
          solicitudId: b.solicitudes[0].id,
          solicitanteId: b.solicitante.id,
          ubicacionId: b.ubicaciones[0].id,
          actividadId: b.actividad_economica.id,
          financieraId: b.informacion_financiera.id,
          solicitante: { ...b.solicitante, id: undefined, segundo_apellido: 'Visite www.x.co/clave' },
          ubicacion: { direccion_residencia: 'Calle 1' },
          actividad_economica: { tipo_actividad: 'Empleado', tipo_actividad_economica: 'Empleado' },
          informacion_financiera: { ingreso_basico_mensual: 1_000_000 },
          solicitud: { tipo_credito: 'hipotecario', monto_solicitado: 1_000_000, plazo_meses: 12 },
          referencias: [],
          acepta_terminos: true,
          acepta_firma: true,
        },
      },
    ]);
    expect(results[0]).toMatchObject({ status: 'rejected', code: 'VALIDATION', error: `Datos inválidos: ${MSG('Segundo apellido')}` });
    for (const id of [body.solicitante.id, b.solicitante.id]) {
      expect(await db().select().from(solicitantes).where(eq(solicitantes.id, id))).toEqual([]);
    }
  });

  it('names with accents, ñ, ü, apostrophe, hyphen and dot are taken', async () => {
    const { sol, applicant } = await application((r) => r.createdByUserId === ctx.seeded.users.asesor);
    const results = await push('asesor', [
      { name: 'solicitud.editar', args: { solicitudId: sol.id, changes: { 'solicitante.nombres': "  Ma. Güendolyn  D'Ñusta ", 'solicitante.primer_apellido': 'Pérez-Gómez' }, base: {} } },
    ]);
    expect(results[0]).toMatchObject({ status: 'applied' });
    const [after] = await db().select().from(solicitantes).where(eq(solicitantes.id, applicant.id));
    expect([after.nombres, after.primerApellido]).toEqual(["Ma. Güendolyn D'Ñusta", 'Pérez-Gómez']);
  });
});

describe('a name stored before the rule', () => {
  it('does not block an edit of other fields (a bank change), and reaches the e-mail without control or format characters', async () => {
    const { sol, applicant } = await application((r) => r.createdByUserId === ctx.seeded.users.asesor);
    const stored = 'Ana\u200B\u202E María\u0007';
    await db().update(solicitantes).set({ nombres: stored }).where(eq(solicitantes.id, applicant.id));
    const nuevo = sol.bancoNombre === 'Davivienda' ? 'BBVA' : 'Davivienda';
    const results = await push('asesor', [
      { name: 'solicitud.editar', args: { solicitudId: sol.id, changes: { 'solicitante.nombres': stored, 'solicitud.banco_nombre': nuevo }, base: {} } },
    ]);
    expect(results[0]).toMatchObject({ status: 'applied' });
    const [after] = await db().select().from(solicitantes).where(eq(solicitantes.id, applicant.id));
    expect(after.nombres).toBe(stored);
    const rows = await db().select().from(emailOutbox).where(sql`${emailOutbox.datos}->>'solicitud_id' = ${sol.id}`);
    expect(rows.length).toBeGreaterThan(0);
    const mail = renderEmail(rows[0].tipo, rows[0].datos)!;
    expect(mail.subject).toContain(`de Ana María ${applicant.primerApellido}`);
    for (const line of [mail.subject, ...mail.text.split('\n'), ...mail.html.split('\n')]) expect(line).not.toMatch(/[\p{Cc}\p{Cf}]/u);
  });
});
