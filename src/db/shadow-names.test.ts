import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RadicaDB, type NotificacionRow } from './database';
import { mutate } from './mutate';
import { namesFromShadows } from './shadow-names';

const NOTIFICACION = '0190a0a0-0000-7000-8000-0000000000b1';
let db: RadicaDB;

beforeEach(async () => {
  db = new RadicaDB(`test-${crypto.randomUUID()}`);
  await db.usuarios.put({ id: 5, nombre: 'Ulises Peña', correo: 'u@demo.co', cedula: '1', rol: 'asesor', info_extra: {}, created_at: '2024-01-01' });
  await db.notificaciones.put({
    id: NOTIFICACION,
    tipo: 'revisar_documentos',
    titulo: 'Revisar documentos del cliente',
    mensaje: 'm',
    prioridad: 'alta',
    estado: 'pendiente',
    fecha_recordatorio: null,
    fecha_vencimiento: null,
    solicitud_id: null,
    metadata: {},
    datos_adicionales: {},
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
  } as NotificacionRow);
});
afterEach(async () => {
  await db.delete();
});

describe('names of rows deleted on this device, their deletion queued', () => {
  it('come from their shadows while the deletion waits', async () => {
    await mutate(db, 'usuario.eliminar', { usuarioId: 5 });
    await mutate(db, 'notificacion.eliminar', { id: NOTIFICACION });
    expect(await db.usuarios.get(5)).toBeUndefined();
    expect(await db.notificaciones.get(NOTIFICACION)).toBeUndefined();
    const names = await namesFromShadows(db, [5, 99], [NOTIFICACION]);
    expect([...names.usuarios]).toEqual([[5, 'Ulises Peña']]);
    expect([...names.notificaciones]).toEqual([[NOTIFICACION, 'Revisar documentos del cliente']]);
  });

  it('are none when nothing is asked or nothing was deleted', async () => {
    expect((await namesFromShadows(db, [], [])).usuarios.size).toBe(0);
    expect((await namesFromShadows(db, [5], [])).usuarios.size).toBe(0);
  });
});
