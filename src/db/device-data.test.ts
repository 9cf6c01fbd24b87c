import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import Dexie from 'dexie';
import { RadicaDB, userDbName } from './database';
import { deleteUserDb, keepOnlyUnsentWork, wipeBlockedReason, wipeBlockers } from './device-data';

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
    await mine.drafts.put({ id: 'registro:s1', kind: 'registro', values: { solicitudId: 's1' }, updatedAt: new Date().toISOString() });
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

describe('a deactivated account keeps only its unsent work', () => {
  const at = '2026-11-27T14:00:00.000Z';
  async function filled() {
    const db = fresh();
    await db.solicitudes.put({ id: 's1', solicitante: { nombres: 'Ana' }, solicitud: { radicado: 'RAD-1' } } as never);
    await db.notificaciones.put({ id: 'n1', solicitud_id: 's1', estado: 'pendiente', created_at: at });
    await db.definiciones.put({ id: 1, entity: 'solicitante', key: 'bono', description: 'Bono' });
    await db.usuarios.put({ id: 7, nombre: 'Camila' });
    await db.historial.put({ solicitudId: 's1', entries: [], fetchedAt: at });
    await db.stats.put({ key: 'k', data: 1 });
    await db.shadows.put({ key: 'solicitudes:s1', table: 'solicitudes', id: 's1', record: { id: 's1' } });
    await db.meta.bulkPut([
      { key: 'clientId', value: 'c-1' },
      { key: 'cursor', value: 40 },
      { key: 'lastQueuedId', value: 3 },
      { key: 'syncToken', value: 'token' },
    ]);
    await db.outbox.add({ id: 3, name: 'solicitud.crear', args: { solicitudId: 's2' }, at, status: 'pending', attempts: 0 });
    await db.problems.bulkAdd([
      { id: 2, name: 'solicitud.editar', args: {}, at, code: 'CONFLICT', error: 'x' },
      { id: 1, name: 'solicitud.editar', args: {}, at, code: 'CONFLICT', error: 'x', resolvedAt: at, resolution: 'discarded' },
    ]);
    await db.drafts.put({ id: 'd', kind: 'solicitud', values: { nombres: 'Luis' }, updatedAt: at });
    // An 'Editar Registro' draft carries a copy of the company's record it was begun on.
    await db.drafts.put({ id: 'registro:s1', kind: 'registro', values: { solicitudId: 's1', record: { id: 's1' } }, updatedAt: at });
    const blob = new Blob(['pdf']);
    await db.files.bulkAdd([
      { id: 'f1', blob, nombre: 'cedula.pdf', mime: 'application/pdf', size: 3, ownerSolicitudId: 's2', mutationId: 3, status: 'pending' },
      { id: 'f2', blob: null, nombre: 'viejo.pdf', mime: 'application/pdf', size: 3, ownerSolicitudId: 's1', mutationId: 0, status: 'uploaded' },
    ]);
    return db;
  }

  it('empties every company table and the sync meta in one go, and keeps outbox, drafts, open problems and files to upload', async () => {
    const db = await filled();
    let seen: { outbox: number; problems: number; drafts: number; files: string[]; labels: number } | null = null;
    const kept = await keepOnlyUnsentWork(db, { correo: 'a@demo.co', nombre: 'Ana Asesora' }, async (work) => {
      // The description still reads the company's labels: they go after it.
      seen = { outbox: work.outbox.length, problems: work.problems.length, drafts: work.drafts.length, files: work.files.map((f) => f.id), labels: await db.definiciones.count() };
      return [{ tipo: 'Nueva solicitud', asunto: 'Luis · sin radicar', guardado: '27/11/2026 09:00', campos: {}, archivos: ['cedula.pdf'] }];
    });
    expect(seen).toEqual({ outbox: 1, problems: 1, drafts: 2, files: ['f1'], labels: 1 });
    expect(kept).toMatchObject({ correo: 'a@demo.co', nombre: 'Ana Asesora', items: [{ tipo: 'Nueva solicitud' }] });

    for (const table of ['solicitudes', 'notificaciones', 'definiciones', 'columnas', 'categorias', 'estados', 'usuarios', 'revisiones', 'listas', 'stats', 'historial', 'shadows', 'searchLog']) {
      expect({ table, count: await db.table(table).count() }).toEqual({ table, count: 0 });
    }
    expect(await db.outbox.toCollection().primaryKeys()).toEqual([3]);
    expect(await db.problems.toCollection().primaryKeys()).toEqual([2]);
    // The edit's draft was described (above) and goes with the company's record it copies.
    expect(await db.drafts.toCollection().primaryKeys()).toEqual(['d']);
    expect(await db.files.toCollection().primaryKeys()).toEqual(['f1']);
    expect((await db.files.get('f1'))?.blob).toBeTruthy();
    expect((await db.meta.toCollection().primaryKeys()).sort()).toEqual(['clientId', 'cuentaDesactivada', 'lastQueuedId']);
    expect((await db.meta.get('cuentaDesactivada'))?.value).toEqual(kept);
    // Reopened (the login screen reads it after a reload): the same.
    const again = new RadicaDB(db.name);
    expect(await again.outbox.count()).toBe(1);
    expect(await again.solicitudes.count()).toBe(0);
    again.close();
  });

  it('a failing description leaves everything as it was', async () => {
    const db = await filled();
    await expect(keepOnlyUnsentWork(db, { correo: 'a@demo.co', nombre: 'Ana' }, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await db.solicitudes.count()).toBe(1);
    expect(await db.meta.get('cuentaDesactivada')).toBeUndefined();
  });

  it('only a confirmed discard deletes the kept work', async () => {
    const db = await filled();
    await keepOnlyUnsentWork(db, { correo: 'a@demo.co', nombre: 'Ana' }, () => []);
    await expect(deleteUserDb(db)).rejects.toThrow('No se puede borrar todavía');
    await deleteUserDb(db, { discardUnsent: true });
    expect(await Dexie.exists(db.name)).toBe(false);
  });
});
