import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { bearer, createTestContext, loginAs, type DemoUser, type TestContext } from './helpers';
import { definiciones, referencias, solicitudes, usuarios } from '../../server/src/db/schema';
import { FIRMA_MSG, TERMINOS_MSG } from '../../src/domain/registro';
import { argsFromSpecBody } from '../../server/src/modules/formulario/routes';
import { freshRecordBody } from './security-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const URL = '/api/solicitantes/crear-registro-completo';

/** A complete body in the spec's shape, valid for the demo company's seeded definitions. */
function specBody(overrides: Partial<Record<string, unknown>> = {}) {
  return {
    solicitante: {
      id: randomUUID(),
      nombres: 'Laura',
      primer_apellido: 'Gómez',
      tipo_identificacion: 'CC',
      numero_documento: String(Math.floor(Math.random() * 1e9)),
      fecha_nacimiento: '1990-04-12',
      genero: 'F',
      correo: 'laura@correo.co',
      celular: '3001234567',
      personas_a_cargo: '2',
    },
    ubicaciones: [{ id: randomUUID(), departamento_residencia: 'Atlántico', ciudad_residencia: 'Soledad', direccion_residencia: 'Calle 10 # 5-20', estrato: '3' }],
    actividad_economica: { id: randomUUID(), tipo_actividad: 'Empleado', tipo_actividad_economica: 'Empleado', empresa: 'ACME' },
    informacion_financiera: { id: randomUUID(), ingreso_basico_mensual: '3500000', total_ingresos_mensuales: '3500000' },
    referencias: [
      { id: randomUUID(), tipo_referencia: 'familiar', nombre: 'Pedro Gómez', celular: '3109876543' },
      { id: randomUUID(), tipo_referencia: 'personal' },
    ],
    solicitudes: [
      {
        id: randomUUID(),
        banco_nombre: 'Bancolombia',
        ciudad_solicitud: 'Barranquilla',
        tipo_credito: 'hipotecario',
        monto_solicitado: '150000000',
        plazo_meses: '180',
        estado: 'Aprobado',
      },
    ],
    acepta_terminos: true,
    acepta_firma: true,
    ...overrides,
  };
}

async function post(who: DemoUser | null, payload: unknown) {
  const headers = who ? bearer(await loginAs(ctx.app, who)) : {};
  return ctx.app.inject({ method: 'POST', url: URL, headers, payload: payload as object });
}

async function userId(correo: string) {
  const [u] = await ctx.database.db.select().from(usuarios).where(eq(usuarios.correo, correo));
  return u.id;
}

async function countSolicitudes() {
  return (await ctx.database.db.select({ id: solicitudes.id }).from(solicitudes)).length;
}

describe('crear-registro-completo', () => {
  it('creates the whole application as Pendiente, created and assigned by the advisor, with a radicado', async () => {
    const body = specBody();
    const res = await post('asesor', body);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { solicitante_id: string; solicitud_id: string; radicado: string; estado: string };
    expect(data.solicitante_id).toBe(body.solicitante.id);
    expect(data.solicitud_id).toBe(body.solicitudes[0].id);
    expect(data.radicado).toMatch(/^RAD-[2-9A-HJ-NP-Z]{8}$/);
    expect(data.estado).toBe('Pendiente');

    const [row] = await ctx.database.db.select().from(solicitudes).where(eq(solicitudes.id, data.solicitud_id));
    const asesor = await userId('asesor@demo.co');
    expect(row).toMatchObject({ estado: 'Pendiente', createdByUserId: asesor, assignedToUserId: asesor, bancoNombre: 'Bancolombia', tipoCredito: 'hipotecario' });
    expect(row.detalleCredito).toEqual({ tipo_credito: 'hipotecario', monto_solicitado: 150000000, plazo_meses: 180 });
    // Only the reference with a name, cell, address or relationship is kept.
    const refs = await ctx.database.db.select().from(referencias).where(eq(referencias.solicitanteId, data.solicitante_id));
    expect(refs).toHaveLength(1);
    expect(refs[0]).toMatchObject({ tipoReferencia: 'familiar', detalleReferencia: { nombre: 'Pedro Gómez', celular: '3109876543' } });

    // The advisor sees it in its list with the coerced values in the right columns.
    const tabla = await ctx.app.inject({ method: 'GET', url: '/api/dashboard/tabla', headers: bearer(await loginAs(ctx.app, 'asesor')) });
    const mine = (tabla.json().data as Array<{ solicitud: { id: string; radicado: string }; solicitante: { info_extra: Record<string, unknown> }; ubicacion: { estrato: number } }>).find(
      (r) => r.solicitud.id === data.solicitud_id,
    );
    expect(mine?.solicitud.radicado).toBe(data.radicado);
    expect(mine?.solicitante.info_extra).toMatchObject({ celular: '3001234567', personas_a_cargo: 2 });
    expect(mine?.ubicacion.estrato).toBe(3);
  });

  it('creating the same id twice makes one application and answers the first result', async () => {
    const body = specBody();
    const before = await countSolicitudes();
    const first = await post('asesor', body);
    const again = await post('asesor', { ...body, solicitante: { ...body.solicitante, nombres: 'Otro' } });
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(first.json().data);
    expect(await countSolicitudes()).toBe(before + 1);
  });

  it('refuses bad values with 400, the exact message per field, and writes nothing', async () => {
    const [{ id: empresaId }] = await ctx.database.db.select({ id: usuarios.empresaId }).from(usuarios).where(eq(usuarios.correo, 'admin@demo.co'));
    await ctx.database.db.insert(definiciones).values([
      { empresaId, entity: 'solicitante', jsonColumn: 'info_extra', key: 'vehiculo', type: 'object' },
      { empresaId, entity: 'solicitante', jsonColumn: 'info_extra', key: 'soporte', type: 'file' },
      { empresaId, entity: 'solicitante', jsonColumn: 'info_extra', key: 'aficiones', type: 'array' },
    ]);
    const before = await countSolicitudes();
    const body = specBody();
    const res = await post('asesor', {
      ...body,
      solicitante: {
        ...body.solicitante,
        celular: '',
        personas_a_cargo: '2.5',
        vehiculo: '{placa',
        soporte: [{ id: randomUUID(), nombre: 'a.pdf', size: 10 }],
        aficiones: 'leer',
      },
      ubicaciones: [{ ...body.ubicaciones[0], estrato: '9' }],
      informacion_financiera: { ingreso_basico_mensual: 'mucho' },
      acepta_terminos: false,
      acepta_firma: false,
    });
    expect(res.statusCode).toBe(400);
    const json = res.json();
    expect(json).toMatchObject({ ok: false, code: 'VALIDATION' });
    expect(json.fields).toEqual({
      acepta_terminos: TERMINOS_MSG,
      acepta_firma: FIRMA_MSG,
      'solicitante.celular': 'Celular: este campo es obligatorio',
      'solicitante.personas_a_cargo': 'Personas a cargo: debe ser un número entero entre 0 y 20',
      'solicitante.vehiculo': 'Vehiculo: JSON inválido',
      'solicitante.soporte': 'Error: Campo tipo file debe tener list_values con file_config',
      'solicitante.aficiones': 'Error: Campo tipo array debe tener list_values con enum',
      'ubicacion.estrato': 'Estrato: debe ser un número entero del 1 al 6',
      'informacion_financiera.ingreso_basico_mensual': 'Ingreso básico mensual: debe ser un valor en pesos de cero o más, sin decimales',
    });
    expect(await countSolicitudes()).toBe(before);
    await ctx.database.db.delete(definiciones).where(and(eq(definiciones.empresaId, empresaId), eq(definiciones.key, 'vehiculo')));
    await ctx.database.db.delete(definiciones).where(and(eq(definiciones.empresaId, empresaId), eq(definiciones.key, 'soporte')));
    await ctx.database.db.delete(definiciones).where(and(eq(definiciones.empresaId, empresaId), eq(definiciones.key, 'aficiones')));
  });

  it('refuses roles without create_customer (403) and requests without a token (401)', async () => {
    const before = await countSolicitudes();
    for (const who of ['banco', 'user'] as const) {
      const res = await post(who, specBody());
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    }
    expect((await post(null, specBody())).statusCode).toBe(401);
    expect(await countSolicitudes()).toBe(before);
  });

  it("refuses an id another company already uses, without touching that company's application", async () => {
    const [theirs] = await ctx.database.db.select().from(solicitudes).where(eq(solicitudes.empresaId, ctx.seeded.otra.id)).limit(1);
    const body = specBody();
    const res = await post('admin', { ...body, solicitudes: [{ ...body.solicitudes[0], id: theirs.id }] });
    // The unknown id's answer: the id reveals neither the row nor that another company holds it.
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', error: 'La solicitud no existe o no tienes acceso a ella.' });
    expect(res.body).not.toContain(theirs.radicado);
    const [after] = await ctx.database.db.select().from(solicitudes).where(eq(solicitudes.id, theirs.id));
    expect(after).toEqual(theirs);
  });
});

describe('solicitud.crear through sync', () => {
  it('is applied once, and pull brings the application back with its radicado', async () => {
    const token = await loginAs(ctx.app, 'asesor');
    const clientId = randomUUID();
    const b = specBody();
    const args = {
      solicitudId: b.solicitudes[0].id,
      solicitanteId: b.solicitante.id,
      ubicacionId: b.ubicaciones[0].id,
      actividadId: b.actividad_economica.id,
      financieraId: b.informacion_financiera.id,
      solicitante: { ...b.solicitante, id: undefined },
      ubicacion: { direccion_residencia: 'Carrera 1' },
      actividad_economica: { tipo_actividad: 'Independiente', tipo_actividad_economica: 'Independiente' },
      informacion_financiera: { ingreso_basico_mensual: 2000000 },
      solicitud: { tipo_credito: 'vehicular', monto_solicitado: 30000000, plazo_meses: 48 },
      referencias: [{ id: b.referencias[0].id, datos: { nombre: 'Ana', tipo_referencia: 'personal' } }],
      acepta_terminos: true,
      acepta_firma: true,
    };
    delete (args.solicitante as Record<string, unknown>).id;
    const push = (mutations: unknown[]) =>
      ctx.app.inject({ method: 'POST', url: '/api/sync/push', headers: bearer(token), payload: { clientId, mutations } });
    const first = await push([{ id: 1, name: 'solicitud.crear', args }]);
    expect(first.json().data.results).toEqual([{ id: 1, status: 'applied' }]);
    // A second mutation with the same ids (two tabs, a double tap) is a no-op.
    const second = await push([{ id: 2, name: 'solicitud.crear', args }]);
    expect(second.json().data.results).toEqual([{ id: 2, status: 'applied' }]);
    expect((await ctx.database.db.select().from(solicitudes).where(eq(solicitudes.id, args.solicitudId))).length).toBe(1);

    const pull = await ctx.app.inject({ method: 'GET', url: `/api/sync/pull?clientId=${clientId}&cursor=0&limit=500`, headers: bearer(token) });
    const change = (pull.json().data.changes as Array<{ id: string; row?: { solicitud: { radicado: string; estado: string }; referencias: unknown[] } }>).find(
      (c) => c.id === args.solicitudId,
    );
    expect(change?.row?.solicitud.radicado).toMatch(/^RAD-/);
    expect(change?.row?.solicitud.estado).toBe('Pendiente');
    expect(change?.row?.referencias).toHaveLength(1);
  });

  it('an invalid creation is rejected with the field message and the queue moves on', async () => {
    const token = await loginAs(ctx.app, 'asesor');
    const b = specBody();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: bearer(token),
      payload: {
        clientId: randomUUID(),
        mutations: [
          {
            id: 1,
            name: 'solicitud.crear',
            args: {
              solicitudId: randomUUID(), solicitanteId: randomUUID(), ubicacionId: randomUUID(), actividadId: randomUUID(), financieraId: randomUUID(),
              solicitante: { ...b.solicitante, id: undefined, plazo: 1 }, ubicacion: {}, actividad_economica: {}, informacion_financiera: {},
              solicitud: { plazo_meses: 'doce' }, referencias: [], acepta_terminos: true, acepta_firma: true,
            },
          },
        ],
      },
    });
    const [result] = res.json().data.results as Array<{ status: string; code: string; error: string }>;
    expect(result.status).toBe('rejected');
    expect(result.code).toBe('VALIDATION');
    expect(result.error).toContain('Datos inválidos');
  });
});

describe('the date of an application captured offline', () => {
  it('is when the device saved it (creado_en), never in the future, and the arrival time past 30 days', async () => {
    const token = await loginAs(ctx.app, 'asesor');
    const day = 24 * 60 * 60 * 1000;
    const cases = [
      { creado_en: new Date(Date.now() - 3 * day).toISOString(), kept: true },
      { creado_en: new Date(Date.now() + 2 * day).toISOString(), kept: false },
      { creado_en: new Date(Date.now() - 40 * day).toISOString(), kept: false },
    ];
    for (const c of cases) {
      const args = { ...argsFromSpecBody(freshRecordBody()), creado_en: c.creado_en };
      const before = Date.now();
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/sync/push',
        headers: bearer(token),
        payload: { clientId: randomUUID(), mutations: [{ id: 1, name: 'solicitud.crear', args, at: c.creado_en }] },
      });
      expect(res.json().data.results).toEqual([{ id: 1, status: 'applied' }]);
      const [row] = await ctx.database.db.select().from(solicitudes).where(eq(solicitudes.id, args.solicitudId));
      const created = Date.parse(String(row.createdAt));
      if (c.kept) expect(created, c.creado_en).toBe(Date.parse(c.creado_en));
      else expect(created, c.creado_en).toBeGreaterThanOrEqual(before - 1000);
      expect(created, c.creado_en).toBeLessThanOrEqual(Date.now());
    }
  });
});

describe('schema reads', () => {
  it('GET /api/schema/{entity} answers the fixed and dynamic fields of the caller company only', async () => {
    await ctx.database.db.insert(definiciones).values({
      empresaId: ctx.seeded.otra.id,
      entity: 'solicitante',
      jsonColumn: 'info_extra',
      key: 'solo_otra',
      type: 'string',
    });
    const demo = await ctx.app.inject({ method: 'GET', url: '/api/schema/solicitante', headers: bearer(await loginAs(ctx.app, 'asesor')) });
    expect(demo.statusCode).toBe(200);
    const d = demo.json().data as { entidad: string; tabla: string; json_column: string; total_campos: number; campos_fijos: { key: string }[]; campos_dinamicos: { key: string }[] };
    expect(d).toMatchObject({ entidad: 'solicitante', tabla: 'solicitantes', json_column: 'info_extra' });
    expect(d.campos_fijos).toHaveLength(8);
    expect(d.campos_dinamicos.map((f) => f.key)).toContain('celular');
    expect(d.campos_dinamicos.map((f) => f.key)).not.toContain('solo_otra');
    expect(d.total_campos).toBe(d.campos_fijos.length + d.campos_dinamicos.length);

    const otra = await ctx.app.inject({ method: 'GET', url: '/api/schema/solicitante', headers: bearer(await loginAs(ctx.app, 'otraAdmin')) });
    expect((otra.json().data.campos_dinamicos as { key: string }[]).map((f) => f.key)).toContain('solo_otra');

    const unknown = await ctx.app.inject({ method: 'GET', url: '/api/schema/usuarios', headers: bearer(await loginAs(ctx.app, 'asesor')) });
    expect(unknown.statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/schema/solicitante' })).statusCode).toBe(401);
  });

  it('the grouped schema holds the six entities plus the fixed fields', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/json/schema/agrupado', headers: bearer(await loginAs(ctx.app, 'user')) });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as Record<string, { campos_fijos: unknown[]; json_column: string }>;
    expect(Object.keys(data).sort()).toEqual(
      ['actividad_economica', 'campos_fijos', 'informacion_financiera', 'referencia', 'solicitante', 'solicitud', 'ubicacion'],
    );
    expect(data.campos_fijos.campos_fijos).toHaveLength(8);
    expect(data.ubicacion.json_column).toBe('detalle_direccion');
  });

  it('json/schema reads the definitions of a JSON column and the fields of a visible record only', async () => {
    const token = await loginAs(ctx.app, 'asesor');
    const defs = await ctx.app.inject({ method: 'GET', url: '/api/json/schema/ubicacion/detalle_direccion', headers: bearer(token) });
    expect((defs.json().data as { key: string }[]).map((d) => d.key)).toEqual(['direccion_residencia', 'tipo_vivienda', 'paga_arriendo', 'valor_arriendo']);
    const wrong = await ctx.app.inject({ method: 'GET', url: '/api/json/schema/ubicacion/info_extra', headers: bearer(token) });
    expect(wrong.statusCode).toBe(404);

    const body = specBody();
    await post('asesor', body);
    const own = await ctx.app.inject({ method: 'GET', url: `/api/json/schema/solicitante/${body.solicitante.id}`, headers: bearer(token) });
    expect(own.statusCode).toBe(200);
    expect((own.json().data as { key: string; value: unknown }[]).find((f) => f.key === 'celular')?.value).toBe('3001234567');
    const foreign = await ctx.app.inject({ method: 'GET', url: `/api/json/schema/solicitante/${body.solicitante.id}`, headers: bearer(await loginAs(ctx.app, 'otraAdmin')) });
    expect(foreign.statusCode).toBe(404);
  });
});
