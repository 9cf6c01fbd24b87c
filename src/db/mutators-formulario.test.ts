import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { uuidv7 } from '../domain/ids';
import type { CrearRegistroArgs } from '../domain/registro';
import { RadicaDB } from './database';
import { mutate } from './mutate';
import { loadLocalIndex } from './local-index';

let db: RadicaDB;
beforeEach(() => {
  db = new RadicaDB(`test-${crypto.randomUUID()}`);
});
afterEach(async () => {
  await db.delete();
});

function args(): CrearRegistroArgs {
  return {
    solicitudId: uuidv7(),
    solicitanteId: uuidv7(),
    ubicacionId: uuidv7(),
    actividadId: uuidv7(),
    financieraId: uuidv7(),
    solicitante: { nombres: 'Ana', primer_apellido: 'Gil', numero_documento: '123', celular: '300' },
    ubicacion: { ciudad_residencia: 'Cali', estrato: 3, direccion_residencia: 'Calle 1' },
    actividad_economica: { tipo_actividad: 'Empleado' },
    informacion_financiera: { total_activos: 10 },
    solicitud: { banco_nombre: 'BBVA', tipo_credito: 'hipotecario', monto_solicitado: 1000 },
    referencias: [{ id: uuidv7(), datos: { tipo_referencia: 'familiar', nombre: 'Luis' } }],
    acepta_terminos: true,
    acepta_firma: true,
    creado_en: '2026-05-01T10:00:00.000Z',
  };
}

describe('solicitud.crear optimistic mutator', () => {
  it('puts the new application in the local list at once, pending, Pendiente, with columns and JSON split', async () => {
    const a = args();
    await mutate(db, 'solicitud.crear', a);
    const row = await db.solicitudes.get(a.solicitudId);
    expect(row).toMatchObject({
      pending: 1,
      estado: 'Pendiente',
      created_at: '2026-05-01T10:00:00.000Z',
      solicitante: { id: a.solicitanteId, nombres: 'Ana', info_extra: { celular: '300' } },
      ubicacion: { ciudad_residencia: 'Cali', estrato: 3, detalle_direccion: { direccion_residencia: 'Calle 1' } },
      solicitud: { banco_nombre: 'BBVA', tipo_credito: 'hipotecario', radicado: null, detalle_credito: { tipo_credito: 'hipotecario', monto_solicitado: 1000 } },
      referencias: [{ tipo_referencia: 'familiar', detalle_referencia: { nombre: 'Luis' } }],
    });
    expect([...(await loadLocalIndex(db)).startingWith('ana')]).toEqual([a.solicitudId]);
  });

  it('saving the same draft twice keeps one local application', async () => {
    const a = args();
    await mutate(db, 'solicitud.crear', a);
    await mutate(db, 'solicitud.crear', { ...a, solicitante: { ...a.solicitante, nombres: 'Otra' } });
    expect(await db.solicitudes.count()).toBe(1);
    expect((await db.solicitudes.get(a.solicitudId))?.solicitante.nombres).toBe('Ana');
    expect(await db.outbox.count()).toBe(2);
  });
});
