/**
 * A new application's bank, by every creation path (the form's `crear-registro-completo`, the
 * `solicitud.crear` sync mutation, the legacy `POST /api/solicitudes/`), must be one of the
 * company's banks (its 'bancos' category, or the defaults), as an edit's must: any other text is
 * refused with the Spanish message on the bank field and nothing is written; a bank of the list in
 * other capitals or without its accent is stored as the list spells it; no bank stays allowed.
 * A bank decides which banco users see the application and who is e-mailed about it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { bearer, createTestContext, loginAs, type DemoUser, type TestContext } from './helpers';
import { auditoria, emailOutbox, notificaciones, referencias, solicitantes, solicitudes, ubicaciones } from '../../server/src/db/schema';
import { freshRecordBody, legacyApplicantBody } from './security-fixtures';

const NO_EN_LISTA = 'Banco: elige un banco de la lista de la empresa.';
const INVENTADOS = ['Banco Inventado', 'Llame ya al 300 123 4567: www.premio.co'];

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  // Tokens first: a login writes, and refusals below are checked against an unchanged database.
  for (const who of ['admin', 'asesor'] as const) await loginAs(ctx.app, who);
}, 120_000);
afterAll(() => ctx.close());

const db = () => ctx.database.db;

async function call(who: DemoUser, url: string, payload: unknown) {
  return ctx.app.inject({ method: 'POST', url, headers: bearer(await loginAs(ctx.app, who)), payload: payload as object });
}

async function counts() {
  const n = async (t: typeof auditoria | typeof notificaciones | typeof emailOutbox | typeof solicitantes | typeof solicitudes | typeof ubicaciones | typeof referencias) =>
    (await db().select({ n: count() }).from(t))[0].n;
  return {
    solicitantes: await n(solicitantes),
    solicitudes: await n(solicitudes),
    ubicaciones: await n(ubicaciones),
    referencias: await n(referencias),
    auditoria: await n(auditoria),
    notificaciones: await n(notificaciones),
    correos: await n(emailOutbox),
  };
}

async function bancoDe(id: string) {
  const [row] = await db().select({ banco: solicitudes.bancoNombre }).from(solicitudes).where(eq(solicitudes.id, id));
  return row?.banco;
}

/** The form's complete body (spec shape, security-fixtures' record with one reference) with `banco` as the application's bank. */
function formBody(banco: unknown) {
  const body = freshRecordBody();
  const [solicitud] = body.solicitudes as Array<Record<string, unknown>>;
  if (banco === undefined) delete solicitud.banco_nombre;
  else solicitud.banco_nombre = banco;
  return { ...body, referencias: [{ id: randomUUID(), tipo_referencia: 'familiar', nombre: 'Pedro Gómez', celular: '3109876543' }] };
}

/** The `solicitud.crear` mutation's args with `banco` as the application's bank. */
function crearArgs(banco: unknown) {
  const solicitud: Record<string, unknown> = { tipo_credito: 'vehicular', monto_solicitado: 30000000, plazo_meses: 48 };
  if (banco !== undefined) solicitud.banco_nombre = banco;
  const b = formBody(undefined);
  const { id: _id, ...solicitante } = b.solicitante;
  return {
    solicitudId: randomUUID(),
    solicitanteId: randomUUID(),
    ubicacionId: randomUUID(),
    actividadId: randomUUID(),
    financieraId: randomUUID(),
    solicitante,
    ubicacion: { direccion_residencia: 'Carrera 1' },
    actividad_economica: { tipo_actividad: 'Independiente', tipo_actividad_economica: 'Independiente' },
    informacion_financiera: { ingreso_basico_mensual: 2000000 },
    solicitud,
    referencias: [{ id: randomUUID(), datos: { nombre: 'Ana', tipo_referencia: 'personal' } }],
    acepta_terminos: true,
    acepta_firma: true,
  };
}

let mutationId = 0;
const clientId = randomUUID();
async function pushCrear(args: ReturnType<typeof crearArgs>) {
  const res = await call('asesor', '/api/sync/push', { clientId, mutations: [{ id: ++mutationId, name: 'solicitud.crear', args, at: new Date().toISOString() }] });
  expect(res.statusCode).toBe(200);
  return res.json().data.results[0] as { id: number; status: string; code?: string; error?: string };
}

/** A new applicant of the asesor's for the legacy application create. */
async function legacyApplicant() {
  const res = await call('asesor', '/api/solicitantes/', legacyApplicantBody());
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
}

const legacyBody = (solicitante_id: string, banco: unknown, id = randomUUID()) => ({
  id,
  solicitante_id,
  ...(banco === undefined ? {} : { banco_nombre: banco }),
  ciudad_solicitud: 'Medellín',
  tipo_credito: 'hipotecario',
  monto_solicitado: '180000000',
  plazo_meses: '240',
  acepta_terminos: true,
  acepta_firma: true,
});

describe('the bank of a new application', () => {
  it('crear-registro-completo: a bank outside the list is 400 on the bank field, and nothing is written', async () => {
    const before = await counts();
    for (const banco of INVENTADOS) {
      const body = formBody(banco);
      const res = await call('asesor', '/api/solicitantes/crear-registro-completo', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ ok: false, code: 'VALIDATION', error: NO_EN_LISTA, fields: { 'solicitud.banco_nombre': NO_EN_LISTA } });
      expect(await bancoDe(body.solicitudes[0].id as string)).toBeUndefined();
    }
    expect(await counts()).toEqual(before);
  });

  it('crear-registro-completo: a list bank in other capitals and without its accent is stored as the list spells it; no bank stays allowed', async () => {
    const body = formBody('  banco de bogota ');
    const res = await call('asesor', '/api/solicitantes/crear-registro-completo', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(await bancoDe(body.solicitudes[0].id as string)).toBe('Banco de Bogotá');
    for (const banco of [undefined, '', null]) {
      const sin = formBody(banco);
      const r = await call('asesor', '/api/solicitantes/crear-registro-completo', sin);
      expect(r.statusCode, r.body).toBe(200);
      expect(await bancoDe(sin.solicitudes[0].id as string)).toBeNull();
    }
  });

  it('solicitud.crear pushed with a bank outside the list is a rejected mutation with the message; nothing is written; a list bank applies', async () => {
    const before = await counts();
    const args = crearArgs('Banco Inventado');
    expect(await pushCrear(args)).toEqual({ id: mutationId, status: 'rejected', code: 'VALIDATION', error: NO_EN_LISTA });
    expect(await bancoDe(args.solicitudId)).toBeUndefined();
    expect(await counts()).toEqual(before);

    const ok = crearArgs('BBVA'.toLowerCase());
    expect(await pushCrear(ok)).toMatchObject({ status: 'applied' });
    expect(await bancoDe(ok.solicitudId)).toBe('BBVA');
    const sin = crearArgs(undefined);
    expect(await pushCrear(sin)).toMatchObject({ status: 'applied' });
    expect(await bancoDe(sin.solicitudId)).toBeNull();
  });

  it('legacy POST /api/solicitudes/: a bank outside the list is 400 on banco_nombre and nothing is written; a list bank is stored with its spelling', async () => {
    const solicitanteId = await legacyApplicant();
    const before = await counts();
    for (const banco of INVENTADOS) {
      const body = legacyBody(solicitanteId, banco);
      const res = await call('asesor', '/api/solicitudes/', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ ok: false, code: 'VALIDATION', error: NO_EN_LISTA, fields: { banco_nombre: NO_EN_LISTA } });
      expect(await bancoDe(body.id)).toBeUndefined();
    }
    expect(await counts()).toEqual(before);

    const body = legacyBody(solicitanteId, 'BANCOLOMBIA');
    const res = await call('asesor', '/api/solicitudes/', body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.banco_nombre).toBe('Bancolombia');
    expect(await bancoDe(body.id)).toBe('Bancolombia');
    const sin = legacyBody(solicitanteId, undefined);
    const r = await call('asesor', '/api/solicitudes/', sin);
    expect(r.statusCode, r.body).toBe(201);
    expect(await bancoDe(sin.id)).toBeNull();
  });
});
