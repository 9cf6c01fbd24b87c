import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import Dexie from 'dexie';
import { RadicaDB, userDbName } from './database';
import { deleteUserDb, wipeBlockedReason, wipeBlockers } from './device-data';

const fresh = () => new RadicaDB(userDbName(1, `${Math.floor(Math.random() * 1e9)}`));

describe('wiping a user database', () => {
  it('is blocked while changes, files or problems are left, with the reason', async () => {
    const db = fresh();
    expect(wipeBlockedReason(await wipeBlockers(db))).toBeNull();
    await db.outbox.add({ id: 1, name: 'solicitud.editar', args: {}, at: new Date().toISOString(), status: 'pending', attempts: 0 });
    await db.files.add({ id: 'f', blob: null, nombre: 'a.pdf', mime: 'application/pdf', size: 1, ownerSolicitudId: 's', mutationId: 0, status: 'error' });
    await db.problems.add({ id: 2, name: 'solicitud.editar', args: {}, at: new Date().toISOString(), code: 'CONFLICT', error: 'x' });
    expect(await wipeBlockers(db)).toEqual({ outbox: 1, files: 1, problems: 1 });
    expect(wipeBlockedReason(await wipeBlockers(db))).toBe(
      'No se puede borrar todavía: hay 1 cambio sin enviar, 1 archivo sin subir, 1 cambio con problemas sin resolver. Sincroniza o resuelve los cambios primero.',
    );
    await expect(deleteUserDb(db)).rejects.toThrow('No se puede borrar todavía');
    expect(await Dexie.exists(db.name)).toBe(true);

    await db.outbox.clear();
    await db.files.update('f', { status: 'uploaded' });
    await db.problems.update(2, { resolvedAt: new Date().toISOString(), resolution: 'discarded' });
    expect(wipeBlockedReason(await wipeBlockers(db))).toBeNull();
  });

  it('deletes only that user database, with its cached history and drafts', async () => {
    const mine = fresh();
    const other = fresh();
    await mine.historial.put({ solicitudId: 's1', entries: [], fetchedAt: new Date().toISOString() });
    await mine.drafts.put({ id: 'd', kind: 'solicitud', values: { nombres: 'Ana' }, updatedAt: new Date().toISOString() });
    await other.drafts.put({ id: 'd', kind: 'solicitud', values: { nombres: 'Luis' }, updatedAt: new Date().toISOString() });
    await deleteUserDb(mine);
    expect(await Dexie.exists(mine.name)).toBe(false);
    expect(await Dexie.exists(other.name)).toBe(true);
    expect((await other.drafts.get('d'))?.values).toEqual({ nombres: 'Luis' });
    const reopened = new RadicaDB(mine.name);
    expect(await reopened.drafts.count()).toBe(0);
    expect(await reopened.historial.count()).toBe(0);
  });
});
