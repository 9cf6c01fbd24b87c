import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RadicaDB } from '../db/database';
import { uuidv7 } from '../domain/ids';
import { resolveConflict } from './problems';

let db: RadicaDB;
beforeEach(() => {
  db = new RadicaDB(`test-${crypto.randomUUID()}`);
});
afterEach(async () => {
  await db.delete();
});

describe('resolving a notification edit conflict', () => {
  it('re-queues the kept fields with the server value as base and keeps the id', async () => {
    const id = uuidv7();
    await db.notificaciones.put({
      id,
      solicitud_id: null,
      estado: 'pendiente',
      created_at: '2025-01-01T00:00:00.000Z',
      titulo: 'Del supervisor',
      mensaje: 'm',
      metadata: {},
    });
    await db.problems.put({
      id: 4,
      name: 'notificacion.editar',
      args: {
        id,
        changes: { titulo: 'Mío', mensaje: 'Otro' },
        base: { titulo: 'Antes', mensaje: 'm' },
      },
      at: '2025-01-01T00:00:00.000Z',
      code: 'CONFLICT',
      error: 'Otra persona cambió esta notificación mientras tanto.',
      conflict: { fields: { titulo: { base: 'Antes', server: 'Del supervisor', mine: 'Mío' } } },
    });
    const newId = await resolveConflict(db, 4, { titulo: 'mine' });
    expect(newId).toBe(1);
    expect((await db.outbox.get(newId!))?.args).toEqual({
      id,
      changes: { titulo: 'Mío', mensaje: 'Otro' },
      base: { titulo: 'Del supervisor', mensaje: 'm' },
    });
    expect((await db.notificaciones.get(id))?.titulo).toBe('Mío');
    expect((await db.problems.get(4))?.resolution).toBe('resolved');
  });
});
