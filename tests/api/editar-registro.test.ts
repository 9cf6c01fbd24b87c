/**
 * 'Editar Registro' edits every field of the complete record (issue 29): every path the modal can
 * send through `solicitud.editar` is accepted and stored where the pull and the complete record
 * read it, credit sub-objects included (`solicitud.detalle_credito.<kind>.<key>`), each with its own
 * base and conflict; a credit kind set to null is dropped; deeper or unknown paths are refused
 * in-band.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { bearer, createTestContext, loginAs, type DemoUser, type TestContext } from './helpers';
import { solicitudes, usuarios } from '../../server/src/db/schema';
import { buildRecords } from '../../server/src/modules/solicitudes/repository';
import { EDIT_ENTITIES, editFields, pathOf, specFieldKeys } from '../../src/domain/campos-registro';
import { CREDIT_KIND_FIELDS, CREDIT_KINDS } from '../../src/domain/credito';
import { FALLBACK_FIELDS } from '../../src/domain/campos-fijos';
import { parseListValues, type FieldDefinition } from '../../src/domain/field-definition';
import { readPath, type SolicitudRecord } from '../../src/domain/solicitud';
import { reglaDeCampo } from '../../src/domain/validacion';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const mutationIds = new Map<string, number>();
async function push(who: DemoUser, clientId: string, changes: Record<string, unknown>, solicitudId: string, base: Record<string, unknown> = {}) {
  const id = (mutationIds.get(clientId) ?? 0) + 1;
  mutationIds.set(clientId, id);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/sync/push',
    headers: bearer(await loginAs(ctx.app, who)),
    payload: { clientId, mutations: [{ id, name: 'solicitud.editar', args: { solicitudId, changes, base }, at: new Date().toISOString() }] },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.results[0] as { status: string; code?: string; error?: string; conflict?: { fields: Record<string, unknown> } };
}

async function someSolicitud(n: number) {
  const rows = await ctx.database.db.select().from(solicitudes).where(eq(solicitudes.empresaId, ctx.seeded.demo.id)).orderBy(solicitudes.id).limit(n + 1);
  return rows[n];
}

async function recordOf(id: string): Promise<SolicitudRecord> {
  const [row] = await ctx.database.db.select().from(solicitudes).where(and(eq(solicitudes.id, id)));
  const [record] = await buildRecords(ctx.database.db, [row], null);
  return record;
}

/** A plausible value for a field, by its rule or its type. */
function plausible(field: FieldDefinition): unknown {
  const options = parseListValues(field.list_values).enum;
  if (options?.length) return options[options.length - 1];
  switch (reglaDeCampo(field.key)) {
    case 'celular':
      return '3104445566';
    case 'telefono_fijo':
      return '6014445566';
    case 'correo':
      return `${field.key}@ejemplo.co`;
    case 'monto':
    case 'pesos':
      return 1_234_000;
    case 'plazo':
      return 36;
    case 'fecha_nacimiento':
      return '1985-06-07';
  }
  switch (field.type) {
    case 'number':
    case 'integer':
      return 7;
    case 'boolean':
      return true;
    case 'date':
      return '2021-02-03';
    default:
      return `Valor de ${field.key}`;
  }
}

// The spec's fields only (no company definitions): what the modal offers for any company.
const schemas = { ...FALLBACK_FIELDS, solicitante: [], ubicacion: [], actividad_economica: [], informacion_financiera: [], solicitud: [], referencia: [] };

describe('every field of the complete record', () => {
  it('is accepted at the path the modal sends and read back from the record the pull sends', async () => {
    const sol = await someSolicitud(0);
    const changes: Record<string, unknown> = {};
    for (const entity of EDIT_ENTITIES) {
      const fields = editFields(entity, schemas).filter((f) => specFieldKeys(entity).includes(f.key));
      for (const f of fields) changes[pathOf(entity, f.key)] = plausible(f);
    }
    // The fields of the kind of this application's credit type.
    changes['solicitud.detalle_credito.tipo_credito'] = 'hipotecario';
    changes['solicitud.tipo_credito'] = 'hipotecario';
    for (const f of CREDIT_KIND_FIELDS.credito_hipotecario) changes[`solicitud.detalle_credito.credito_hipotecario.${f.key}`] = plausible(f);
    expect(Object.keys(changes)).toEqual(
      expect.arrayContaining([
        'actividad_economica.detalle_actividad.codigo_ciiu',
        'actividad_economica.detalle_actividad.correo_oficina',
        'informacion_financiera.detalle_financiera.ingresos_fijos_pension',
        'informacion_financiera.detalle_financiera.declara_renta',
        'solicitud.detalle_credito.plazo_meses',
      ]),
    );

    const r = await push('admin', randomUUID(), changes, sol.id);
    expect(r, JSON.stringify(r)).toMatchObject({ status: 'applied' });
    const record = await recordOf(sol.id);
    for (const [path, value] of Object.entries(changes)) expect(readPath(record, path), path).toEqual(value);
  });

  it('takes every credit kind, and a type of another kind drops the previous sub-object', async () => {
    const sol = await someSolicitud(1);
    const clientId = randomUUID();
    for (const kind of CREDIT_KINDS) {
      const sub = Object.fromEntries(CREDIT_KIND_FIELDS[kind].map((f) => [f.key, plausible(f)]));
      const dropped = Object.fromEntries(CREDIT_KINDS.filter((k) => k !== kind).map((k) => [`solicitud.detalle_credito.${k}`, null]));
      const r = await push('admin', clientId, { ...dropped, [`solicitud.detalle_credito.${kind}`]: sub }, sol.id);
      expect(r.status, JSON.stringify(r)).toBe('applied');
      const dc = (await recordOf(sol.id)).solicitud.detalle_credito;
      expect(dc[kind]).toEqual(sub);
      for (const other of CREDIT_KINDS) if (other !== kind) expect(dc, other).not.toHaveProperty(other);
    }
  });
});

describe('a credit sub-object field', () => {
  it('has its own base: edits of two of its fields merge, a stale one conflicts by its path', async () => {
    const sol = await someSolicitud(2);
    const admin = randomUUID();
    const supervisor = randomUUID();
    const path = (k: string) => `solicitud.detalle_credito.credito_vehicular.${k}`;
    expect((await push('admin', admin, { 'solicitud.detalle_credito.credito_vehicular': { marca: 'Kia', valor_vehiculo: 80_000_000 } }, sol.id)).status).toBe('applied');

    // Both saw {marca: Kia, valor: 80M}; one changes the brand, the other the value: both apply.
    expect((await push('supervisor', supervisor, { [path('marca')]: 'Mazda' }, sol.id, { [path('marca')]: 'Kia' })).status).toBe('applied');
    expect((await push('admin', admin, { [path('valor_vehiculo')]: 85_000_000 }, sol.id, { [path('valor_vehiculo')]: 80_000_000 })).status).toBe('applied');
    expect((await recordOf(sol.id)).solicitud.detalle_credito.credito_vehicular).toEqual({ marca: 'Mazda', valor_vehiculo: 85_000_000 });

    // The admin, still thinking it is a Kia, renames it: a conflict on that field only.
    const r = await push('admin', admin, { [path('marca')]: 'Renault' }, sol.id, { [path('marca')]: 'Kia' });
    expect(r).toMatchObject({ status: 'rejected', code: 'CONFLICT' });
    expect(r.conflict!.fields[path('marca')]).toMatchObject({ base: 'Kia', server: 'Mazda', mine: 'Renault' });
  });

  it("names who changed it on the server when that edit wrote the whole credit detail, or a key inside it", async () => {
    const sol = await someSolicitud(5);
    const monto = 'solicitud.detalle_credito.monto_solicitado';
    const before = (await recordOf(sol.id)).solicitud.detalle_credito;
    // Another client writes detalle_credito whole; this device edits one key of it from the old base.
    const whole = { ...before, monto_solicitado: 200_000_000 };
    expect((await push('supervisor', randomUUID(), { 'solicitud.detalle_credito': whole }, sol.id)).status).toBe('applied');
    const r = await push('admin', randomUUID(), { [monto]: 222_000_000 }, sol.id, { [monto]: before.monto_solicitado ?? null });
    expect(r).toMatchObject({ status: 'rejected', code: 'CONFLICT' });
    const [sup] = await ctx.database.db.select().from(usuarios).where(eq(usuarios.id, ctx.seeded.users.supervisor));
    expect(r.conflict!.fields[monto]).toMatchObject({ server: 200_000_000, mine: 222_000_000, changedBy: sup.nombre, changedAt: expect.any(String) });

    // And the other way: a key written alone, a stale whole value.
    expect((await push('supervisor', randomUUID(), { [monto]: 210_000_000 }, sol.id)).status).toBe('applied');
    const w = await push('admin', randomUUID(), { 'solicitud.detalle_credito': { ...whole, plazo_meses: 48 } }, sol.id, { 'solicitud.detalle_credito': whole });
    expect(w).toMatchObject({ status: 'rejected', code: 'CONFLICT' });
    expect(w.conflict!.fields['solicitud.detalle_credito']).toMatchObject({ changedBy: sup.nombre });
  });

  it('is judged by the shared rules and named by its label', async () => {
    const sol = await someSolicitud(3);
    const r = await push('admin', randomUUID(), { 'solicitud.detalle_credito.credito_hipotecario.valor_inmueble': 0 }, sol.id);
    expect(r).toMatchObject({ status: 'rejected', code: 'VALIDATION', error: 'Valor del inmueble: debe ser un valor en pesos mayor que cero, sin decimales' });
  });

  it('is the deepest path there is: deeper, unknown kinds and prototype names are refused in-band', async () => {
    const sol = await someSolicitud(4);
    const clientId = randomUUID();
    for (const bad of [
      'solicitud.detalle_credito.credito_hipotecario.valor.x',
      'solicitud.detalle_credito.credito_otro.valor',
      'solicitud.detalle_credito.monto_solicitado.x',
      'solicitante.info_extra.celular.x',
      'solicitud.detalle_credito.__proto__.x',
      'solicitud.detalle_credito.constructor.name',
      'solicitud.detalle_credito.credito_vehicular.__proto__',
      'solicitud.detalle_credito.credito_vehicular.constructor',
    ]) {
      expect(await push('admin', clientId, { [bad]: 'x' }, sol.id), bad).toMatchObject({ status: 'rejected', code: 'VALIDATION' });
    }
    expect(Object.getPrototypeOf((await recordOf(sol.id)).solicitud.detalle_credito)).toBe(Object.prototype);
    expect(await push('admin', clientId, { 'solicitud.ciudad_solicitud': 'Tunja' }, sol.id)).toMatchObject({ status: 'applied' });
  });
});
