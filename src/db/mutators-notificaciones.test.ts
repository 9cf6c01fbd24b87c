import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../domain/errors';
import { uuidv7 } from '../domain/ids';
import { applyPullPage } from '../sync/pull';
import { RadicaDB, type NotificacionRow } from './database';
import { mutate } from './mutate';

let db: RadicaDB;
beforeEach(() => {
  db = new RadicaDB(`test-${crypto.randomUUID()}`);
});
afterEach(async () => {
  await db.delete();
});

const serverRow = (id: string, extra: Partial<NotificacionRow> = {}): NotificacionRow => ({
  id,
  tipo: 'revisar_documentos',
  titulo: 'Revisar documentos del cliente',
  mensaje: 'm',
  prioridad: 'alta',
  estado: 'pendiente',
  fecha_recordatorio: null,
  fecha_vencimiento: null,
  solicitud_id: null,
  metadata: { accion_requerida: 'revisar_documentos', estado_actual: 'pendiente_revision' },
  datos_adicionales: {},
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
  ...extra,
});
const form = {
  titulo: 'Llamar',
  mensaje: 'Confirmar ingresos',
  tipo: 'contactar_cliente',
  accion_requerida: 'contactar_cliente',
} as const;

describe('notification mutators', () => {
  it('crear shows the notification at once with the defaults, created_at from its UUIDv7, and queues it', async () => {
    const at = Date.UTC(2025, 4, 6, 7, 8, 9);
    const id = uuidv7(at);
    await mutate(db, 'notificacion.crear', {
      ...form,
      id,
      solicitud_id: null,
      fecha_recordatorio: '2025-05-10T14:00:00-05:00',
    });
    expect(await db.notificaciones.get(id)).toMatchObject({
      estado: 'pendiente',
      prioridad: 'normal',
      created_at: new Date(at).toISOString(),
      fecha_recordatorio: '2025-05-10T19:00:00.000Z',
      metadata: { accion_requerida: 'contactar_cliente', estado_actual: 'pendiente_revision' },
    });
    expect((await db.outbox.toArray()).map((o) => o.name)).toEqual(['notificacion.crear']);
  });

  it('crear of an existing id changes nothing locally', async () => {
    const id = uuidv7();
    await db.notificaciones.put(serverRow(id));
    await mutate(db, 'notificacion.crear', { ...form, id, titulo: 'Otra' });
    expect((await db.notificaciones.get(id))?.titulo).toBe('Revisar documentos del cliente');
  });

  it('refuses an invalid form with the Spanish message and writes nothing', async () => {
    const error = await mutate(db, 'notificacion.crear', {
      ...form,
      id: uuidv7(),
      titulo: ' ',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).fields).toMatchObject({ titulo: 'El título es obligatorio' });
    expect(await db.notificaciones.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('editar writes accion_requerida into metadata and dates as ISO', async () => {
    const id = uuidv7();
    await db.notificaciones.put(serverRow(id));
    await mutate(db, 'notificacion.editar', {
      id,
      changes: {
        titulo: 'Nuevo',
        accion_requerida: 'solicitar_info',
        fecha_vencimiento: '2030-01-01',
      },
      base: {
        titulo: 'Revisar documentos del cliente',
        accion_requerida: 'revisar_documentos',
        fecha_vencimiento: null,
      },
    });
    expect(await db.notificaciones.get(id)).toMatchObject({
      titulo: 'Nuevo',
      metadata: { accion_requerida: 'solicitar_info', estado_actual: 'pendiente_revision' },
      fecha_vencimiento: '2030-01-01T00:00:00.000Z',
    });
  });

  it('marcarLeida only moves pendiente; marcarCompletada completes; eliminar removes', async () => {
    const [a, b, c] = [uuidv7(), uuidv7(), uuidv7()];
    await db.notificaciones.bulkPut([
      serverRow(a),
      serverRow(b, { estado: 'completada' }),
      serverRow(c),
    ]);
    await mutate(db, 'notificacion.marcarLeida', { id: a });
    await mutate(db, 'notificacion.marcarLeida', { id: b });
    await mutate(db, 'notificacion.marcarCompletada', { id: a });
    await mutate(db, 'notificacion.eliminar', { id: c });
    expect((await db.notificaciones.get(a))?.estado).toBe('completada');
    expect((await db.notificaciones.get(b))?.estado).toBe('completada');
    expect(await db.notificaciones.get(c)).toBeUndefined();
  });

  it('marcarTodasLeidas marks the listed pending ids only', async () => {
    const [a, b, late] = [uuidv7(), uuidv7(), uuidv7()];
    await db.notificaciones.bulkPut([
      serverRow(a),
      serverRow(b, { estado: 'completada' }),
      serverRow(late),
    ]);
    await mutate(db, 'notificacion.marcarTodasLeidas', { ids: [a, b] });
    expect((await db.notificaciones.bulkGet([a, b, late])).map((n) => n?.estado)).toEqual([
      'leida',
      'completada',
      'pendiente',
    ]);
  });

  it('a pending mark-read survives a pull of the older server row, and leaves once the server applied it', async () => {
    const id = uuidv7();
    await db.notificaciones.put(serverRow(id));
    await mutate(db, 'notificacion.marcarLeida', { id });
    const put = (estado: string, lastMutationId: number) =>
      applyPullPage(db, {
        cursor: lastMutationId + 10,
        more: false,
        lastMutationId,
        changes: [
          {
            entity: 'notificacion',
            id,
            op: 'put',
            row: serverRow(id, { estado, titulo: 'Del servidor' }),
          },
        ],
      });
    await put('pendiente', 0);
    expect(await db.notificaciones.get(id)).toMatchObject({
      estado: 'leida',
      titulo: 'Del servidor',
    });
    await put('leida', 1);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.notificaciones.get(id)).toMatchObject({
      estado: 'leida',
      titulo: 'Del servidor',
    });
  });
});
