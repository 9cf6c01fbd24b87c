/**
 * The legacy creates of an applicant and of an application (spec 02 §7 'Creation', issue 29):
 * `POST /api/solicitantes/` and `POST /api/solicitudes/` (server/src/modules/registro/
 * legacy-create-registro.ts). An applicant is created and returned but seen by no screen or
 * device until its first application; an application made this way is a filing like the form's:
 * radicado, 'Pendiente', tracking stages, audit row, pulled by its creator's devices. Refusals are
 * Spanish 4xx and write nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import { bearer, createTestContext, loginAs, type DemoUser, type TestContext } from './helpers';
import { fingerprint } from './security-fixtures';
import { auditoria, seguimientoEtapas, solicitantes, solicitudes, usuarios } from '../../server/src/db/schema';
import { FIRMA_MSG, TERMINOS_MSG } from '../../src/domain/registro';
import { legacyApplicantBody } from './security-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  // Tokens first: a login writes, and refusals below are checked against an unchanged database.
  for (const who of ['admin', 'supervisor', 'manager', 'asesor', 'banco', 'user', 'otraAdmin'] as const) await loginAs(ctx.app, who);
}, 120_000);
afterAll(() => ctx.close());

const db = () => ctx.database.db;

async function call(who: DemoUser | null, url: string, payload: unknown) {
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: who ? bearer(await loginAs(ctx.app, who)) : {},
    payload: payload as Record<string, unknown>,
  });
}

const applicant = (extra: Record<string, unknown> = {}) => legacyApplicantBody({ segundo_apellido: 'Ocampo', ...extra });

const application = (solicitante_id: string, extra: Record<string, unknown> = {}) => ({
  solicitante_id,
  banco_nombre: 'Bancolombia',
  ciudad_solicitud: 'Medellín',
  tipo_credito: 'hipotecario',
  monto_solicitado: '180000000',
  plazo_meses: '240',
  acepta_terminos: true,
  acepta_firma: true,
  ...extra,
});

async function userId(correo: string) {
  const [u] = await db().select().from(usuarios).where(eq(usuarios.correo, correo));
  return u.id;
}

const auditOf = (entidad: string, entidadId: string) =>
  db().select().from(auditoria).where(and(eq(auditoria.entidad, entidad), eq(auditoria.entidadId, entidadId)));

/** The user's pull from `cursor` to the end: its changes and the final cursor. */
async function pullAll(who: DemoUser, clientId: string, cursor = 0) {
  const token = await loginAs(ctx.app, who);
  const changes: Array<{ entity: string; id: string; op: string; row?: { solicitud: Record<string, unknown>; solicitante: Record<string, unknown> } }> = [];
  for (;;) {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/sync/pull?clientId=${clientId}&cursor=${cursor}&limit=500`, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as { cursor: number; more: boolean; changes: typeof changes };
    changes.push(...data.changes);
    cursor = data.cursor;
    if (!data.more) return { changes, cursor };
  }
}

describe('POST /api/solicitantes/', () => {
  it('creates the applicant with the form validation, columns and info_extra apart, audited, and seen by no device yet', async () => {
    const clientId = randomUUID();
    const { cursor } = await pullAll('asesor', clientId);
    const body = applicant({ estado_civil: 'Casado', info_extra: { profesion: 'Arquitecta', nacionalidad: 'Colombiana' } });
    const res = await call('asesor', '/api/solicitantes/', body);
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data as { id: string };
    expect(data).toMatchObject({
      nombres: 'Mariana',
      primer_apellido: 'Restrepo',
      numero_documento: body.numero_documento,
      fecha_nacimiento: '1988-07-21',
      info_extra: { celular: '3104567890', estado_civil: 'Casado', profesion: 'Arquitecta', nacionalidad: 'Colombiana' },
    });
    const [row] = await db().select().from(solicitantes).where(eq(solicitantes.id, data.id));
    expect(row).toMatchObject({ empresaId: ctx.seeded.demo.id, nombres: 'Mariana', tipoIdentificacion: 'CC', genero: 'F', correo: 'mariana.restrepo@correo.co' });
    expect(row.infoExtra).not.toHaveProperty('info_extra');
    const [a] = await auditOf('solicitante', data.id);
    expect(a).toMatchObject({ accion: 'crear', usuarioId: await userId('asesor@demo.co'), empresaId: ctx.seeded.demo.id });
    expect(a.cambios['solicitante.nombres']).toEqual({ old: null, new: 'Mariana' });
    expect(a.cambios['solicitante.info_extra.profesion']).toEqual({ old: null, new: 'Arquitecta' });
    // Without an application nothing is pulled and no screen lists it.
    expect((await pullAll('asesor', clientId, cursor)).changes).toEqual([]);
    expect(await db().select().from(solicitudes).where(eq(solicitudes.solicitanteId, data.id))).toEqual([]);
  });

  it('a retry with the same id answers the first result to its creator only; the path without the slash is the same route', async () => {
    const id = randomUUID();
    const body = applicant({ id });
    const first = await call('manager', '/api/solicitantes', body);
    expect(first.statusCode, first.body).toBe(201);
    const again = await call('manager', '/api/solicitantes/', { ...body, nombres: 'Otra' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toEqual(first.json().data);
    const before = await fingerprint(ctx);
    for (const who of ['supervisor', 'asesor', 'otraAdmin'] as const) {
      const other = await call(who, '/api/solicitantes/', body);
      expect(other.statusCode, `${who} ${other.body}`).toBe(404);
      expect(other.json().error).toBe('El solicitante no existe o no tienes acceso a él.');
    }
    expect(await fingerprint(ctx)).toEqual(before);
    expect(await db().select().from(solicitantes).where(eq(solicitantes.id, id))).toHaveLength(1);
  });

  it('refuses bad bodies with the form messages, roles that may not create, and no session, writing nothing', async () => {
    const before = await fingerprint(ctx);
    const missing = await call('asesor', '/api/solicitantes/', applicant({ nombres: '  ' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ ok: false, code: 'VALIDATION', error: 'Datos inválidos: Nombres: este campo es obligatorio', fields: { nombres: 'Nombres: este campo es obligatorio' } });
    const genero = await call('asesor', '/api/solicitantes/', applicant({ genero: 'X' }));
    expect(genero.statusCode).toBe(400);
    expect(genero.json().fields.genero).toBe('Género: opción no permitida');
    const celular = await call('asesor', '/api/solicitantes/', applicant({ celular: undefined }));
    expect(celular.statusCode).toBe(400);
    expect(celular.json().fields.celular).toBe('Celular: este campo es obligatorio');
    const menor = await call('asesor', '/api/solicitantes/', applicant({ fecha_nacimiento: new Date(Date.now() - 10 * 365 * 864e5).toISOString().slice(0, 10) }));
    expect(menor.statusCode).toBe(400);
    expect(menor.json().fields).toHaveProperty('fecha_nacimiento');
    const extra = await call('asesor', '/api/solicitantes/', applicant({ info_extra: 'texto' }));
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error).toBe('Datos inválidos: info_extra debe ser un objeto.');
    const badId = await call('asesor', '/api/solicitantes/', applicant({ id: 'no-es-uuid' }));
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error).toBe('Datos inválidos: El id debe ser un identificador válido.');
    expect((await call('asesor', '/api/solicitantes/', [applicant()])).statusCode).toBe(400);
    for (const who of ['user', 'banco'] as const) {
      const res = await call(who, '/api/solicitantes/', applicant());
      expect(res.statusCode, who).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    expect((await call(null, '/api/solicitantes/', applicant())).statusCode).toBe(401);
    expect(await fingerprint(ctx)).toEqual(before);
  });
});

describe('POST /api/solicitudes/', () => {
  it("files an application for the creator's new applicant: radicado, Pendiente, stages, audit, pulled and tracked", async () => {
    const clientId = randomUUID();
    const { cursor } = await pullAll('asesor', clientId);
    const created = await call('asesor', '/api/solicitantes/', applicant());
    const solicitanteId = created.json().data.id as string;
    const res = await call('asesor', '/api/solicitudes/', application(solicitanteId, { estado: 'Pendiente', detalle_credito: { cuota_inicial: 40000000 } }));
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data as { solicitud_id: string; id: string; radicado: string };
    expect(data).toMatchObject({
      solicitante_id: solicitanteId,
      estado: 'Pendiente',
      banco_nombre: 'Bancolombia',
      ciudad_solicitud: 'Medellín',
      tipo_credito: 'hipotecario',
      detalle_credito: { tipo_credito: 'hipotecario', monto_solicitado: 180000000, plazo_meses: 240, cuota_inicial: 40000000 },
    });
    expect(data.id).toBe(data.solicitud_id);
    expect(data.radicado).toMatch(/^RAD-[A-Z0-9]{8}$/);
    const asesorId = await userId('asesor@demo.co');
    const [row] = await db().select().from(solicitudes).where(eq(solicitudes.id, data.solicitud_id));
    expect(row).toMatchObject({ empresaId: ctx.seeded.demo.id, solicitanteId, estado: 'Pendiente', createdByUserId: asesorId, assignedToUserId: asesorId, createdByUserEmail: 'asesor@demo.co' });

    const etapas = await db().select().from(seguimientoEtapas).where(eq(seguimientoEtapas.solicitudId, data.solicitud_id)).orderBy(asc(seguimientoEtapas.orden));
    expect(etapas.map((e) => e.etapa)).toEqual(['documentos', 'banco', 'desembolso']);
    const tracked = await ctx.app.inject({ method: 'GET', url: `/api/seguimiento/radicado/${data.radicado}` });
    expect(tracked.statusCode, tracked.body).toBe(200);
    expect(tracked.json().data).toMatchObject({ id_radicado: data.radicado, banco: 'Bancolombia', estado_global: 'Pendiente' });
    expect((tracked.json().data.etapas as Array<{ etapa: string }>).map((e) => e.etapa)).toEqual(['documentos', 'banco', 'desembolso']);

    const [a] = await auditOf('solicitud', data.solicitud_id);
    expect(a).toMatchObject({ accion: 'crear', usuarioId: asesorId });
    expect(a.cambios).toMatchObject({
      'solicitud.estado': { old: null, new: 'Pendiente' },
      'solicitud.radicado': { old: null, new: data.radicado },
      'solicitud.banco_nombre': { old: null, new: 'Bancolombia' },
      'solicitud.detalle_credito.monto_solicitado': { old: null, new: 180000000 },
    });

    // 'Historial de cambios' of the application holds the applicant's creation and the filing.
    const historial = await ctx.app.inject({ method: 'GET', url: `/api/solicitudes/${data.solicitud_id}/historial`, headers: bearer(await loginAs(ctx.app, 'admin')) });
    expect(historial.statusCode, historial.body).toBe(200);
    const entries = historial.json().data as Array<{ entidad: string; entidad_id: string; accion: string; cambios: Record<string, unknown> }>;
    expect(entries.map((e) => [e.entidad, e.accion]).sort()).toEqual([['solicitante', 'crear'], ['solicitud', 'crear']]);
    expect(entries.find((e) => e.entidad === 'solicitante')).toMatchObject({ entidad_id: solicitanteId, cambios: { 'solicitante.nombres': { old: null, new: 'Mariana' } } });

    const pulled = await pullAll('asesor', clientId, cursor);
    const change = pulled.changes.find((c) => c.id === data.solicitud_id);
    expect(change?.op).toBe('put');
    expect(change?.row?.solicitud).toMatchObject({ radicado: data.radicado, estado: 'Pendiente' });
    expect(change?.row?.solicitante).toMatchObject({ id: solicitanteId, nombres: 'Mariana' });

    // A retry answers the first filing; no second row, no second radicado.
    const id = data.solicitud_id;
    const again = await call('asesor', '/api/solicitudes', application(solicitanteId, { id, banco_nombre: 'BBVA' }));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ solicitud_id: id, radicado: data.radicado, banco_nombre: 'Bancolombia' });
    expect(await db().select().from(solicitudes).where(eq(solicitudes.solicitanteId, solicitanteId))).toHaveLength(1);
  });

  it('refuses bad bodies with the form messages and writes nothing', async () => {
    const solicitanteId = (await call('asesor', '/api/solicitantes/', applicant())).json().data.id as string;
    const before = await fingerprint(ctx);
    const consent = await call('asesor', '/api/solicitudes/', application(solicitanteId, { acepta_terminos: undefined, acepta_firma: false }));
    expect(consent.statusCode).toBe(400);
    expect(consent.json()).toMatchObject({ code: 'VALIDATION', error: `Datos inválidos: ${TERMINOS_MSG}`, fields: { acepta_terminos: TERMINOS_MSG, acepta_firma: FIRMA_MSG } });
    const monto = await call('asesor', '/api/solicitudes/', application(solicitanteId, { monto_solicitado: 'mucho' }));
    expect(monto.statusCode).toBe(400);
    expect(monto.json().fields.monto_solicitado).toBe('Monto solicitado: debe ser un valor en pesos mayor que cero, sin decimales');
    const plazo = await call('asesor', '/api/solicitudes/', application(solicitanteId, { plazo_meses: undefined }));
    expect(plazo.statusCode).toBe(400);
    expect(plazo.json().fields.plazo_meses).toBe('Plazo en meses: este campo es obligatorio');
    const estado = await call('asesor', '/api/solicitudes/', application(solicitanteId, { estado: 'Aprobado' }));
    expect(estado.statusCode).toBe(400);
    expect(estado.json().fields.estado).toBe('Una solicitud nueva siempre se crea en estado Pendiente.');
    const detalle = await call('asesor', '/api/solicitudes/', application(solicitanteId, { detalle_credito: ['x'] }));
    expect(detalle.statusCode).toBe(400);
    expect(detalle.json().error).toBe('Datos inválidos: detalle_credito debe ser un objeto.');
    const sinSolicitante = await call('asesor', '/api/solicitudes/', application(solicitanteId, { solicitante_id: undefined }));
    expect(sinSolicitante.statusCode).toBe(400);
    expect(sinSolicitante.json()).toMatchObject({ error: 'Datos inválidos: El solicitante_id es obligatorio.', fields: { solicitante_id: 'El solicitante_id es obligatorio.' } });
    const malId = await call('asesor', '/api/solicitudes/', application('123'));
    expect(malId.statusCode).toBe(400);
    expect(malId.json().error).toBe('Datos inválidos: El solicitante_id debe ser un identificador válido.');
    expect((await call('asesor', '/api/solicitudes/', [application(solicitanteId)])).statusCode).toBe(400);
    expect(await fingerprint(ctx)).toEqual(before);
    expect(await db().select().from(solicitudes).where(eq(solicitudes.solicitanteId, solicitanteId))).toEqual([]);
  });

  it('keeps roles and tenancy: who may file for which applicant', async () => {
    const mine = (await call('asesor', '/api/solicitantes/', applicant())).json().data.id as string;
    const ofSupervisor = (await call('supervisor', '/api/solicitantes/', applicant())).json().data.id as string;
    const asesorId = await userId('asesor@demo.co');
    // A demo applicant whose applications the advisor neither created nor is assigned.
    const [hidden] = await db()
      .select()
      .from(solicitudes)
      .where(and(eq(solicitudes.empresaId, ctx.seeded.demo.id), isNull(solicitudes.deletedAt), ne(solicitudes.createdByUserId, asesorId), ne(solicitudes.assignedToUserId, asesorId)))
      .limit(1);
    const visibleToOthers = await db().select().from(solicitudes).where(eq(solicitudes.solicitanteId, hidden.solicitanteId));
    expect(visibleToOthers.every((s) => s.createdByUserId !== asesorId && s.assignedToUserId !== asesorId)).toBe(true);
    const [foreign] = await db().select().from(solicitudes).where(eq(solicitudes.empresaId, ctx.seeded.otra.id)).limit(1);

    const before = await fingerprint(ctx);
    for (const [who, id] of [
      ['asesor', ofSupervisor],
      ['asesor', hidden.solicitanteId],
      ['asesor', foreign.solicitanteId],
      ['admin', foreign.solicitanteId],
      ['otraAdmin', mine],
      ['asesor', randomUUID()],
    ] as const) {
      const res = await call(who, '/api/solicitudes/', application(id));
      expect(res.statusCode, `${who} ${id} ${res.body}`).toBe(404);
      expect(res.json().error).toBe('El solicitante no existe o no tienes acceso a él.');
    }
    for (const who of ['user', 'banco'] as const) {
      const res = await call(who, '/api/solicitudes/', application(mine));
      expect(res.statusCode, who).toBe(403);
    }
    expect((await call(null, '/api/solicitudes/', application(mine))).statusCode).toBe(401);
    expect(await fingerprint(ctx)).toEqual(before);

    // Roles that see the whole company file for any applicant of it: the advisor's new one, or a
    // demo applicant (a second application); the advisor for an applicant it already works with.
    const byManager = await call('manager', '/api/solicitudes/', application(mine));
    expect(byManager.statusCode, byManager.body).toBe(201);
    expect((await call('admin', '/api/solicitudes/', application(hidden.solicitanteId))).statusCode).toBe(201);
    expect(await db().select().from(solicitudes).where(eq(solicitudes.solicitanteId, hidden.solicitanteId))).toHaveLength(visibleToOthers.length + 1);
    // Once its applicant has an application the advisor cannot see, the advisor's creator right ends.
    const late = await call('asesor', '/api/solicitudes/', application(mine));
    expect(late.statusCode).toBe(404);
    // An applicant with an application the advisor sees takes another one from the advisor.
    const own = (await call('asesor', '/api/solicitantes/', applicant())).json().data.id as string;
    expect((await call('asesor', '/api/solicitudes/', application(own))).statusCode).toBe(201);
    const second = await call('asesor', '/api/solicitudes/', application(own, { tipo_credito: 'vehicular', monto_solicitado: 45000000, plazo_meses: 60 }));
    expect(second.statusCode, second.body).toBe(201);
    expect(await db().select().from(solicitudes).where(eq(solicitudes.solicitanteId, own))).toHaveLength(2);
  });
});
