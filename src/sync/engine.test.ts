import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { ensureClientId, getMeta } from '../db/database';
import { mutate, queueFile } from '../db/mutate';
import { A, B, C, setup } from '../test-utils/engine-setup';
import { makeRecord } from '../test-utils/model-server';
import { pullAll } from './pull';

const FILE_1 = '0190a0a0-0000-7000-8000-0000000000f1';
const FILE_2 = '0190a0a0-0000-7000-8000-0000000000f2';

const estado = (solicitudId: string, value: string, base: string | null) =>
  ({ solicitudId, estado: value, base: { estado: base } }) as const;

describe('SyncEngine push', () => {
  it('sends the outbox in order and removes applied entries', async () => {
    const { db, server, engine } = setup();
    server.serverPut(makeRecord(A));
    await engine.sync();
    await mutate(db, 'solicitud.cambiarEstado', estado(A, 'En estudio', 'Pendiente'));
    await mutate(db, 'solicitud.cambiarEstado', estado(A, 'Aprobado', 'En estudio'));
    await engine.sync();
    expect(server.pushes.at(-1)?.mutations.map((m) => m.id)).toEqual([1, 2]);
    expect(server.solicitudes.get(A)?.solicitud.estado).toBe('Aprobado');
    expect(await db.outbox.count()).toBe(0);
    const row = await db.solicitudes.get(A);
    expect(row).toMatchObject({ estado: 'Aprobado' });
    expect(row?.pending).toBeUndefined();
    expect(await db.shadows.count()).toBe(0);
    expect(await getMeta(db, 'lastMutationId')).toBe(2);
    expect(engine.getStatus()).toMatchObject({ state: 'idle', pending: 0, problems: 0 });
  });

  it('keeps one clientId per database', async () => {
    const { db, server, engine } = setup();
    server.serverPut(makeRecord(A));
    await mutate(db, 'solicitud.cambiarEstado', estado(A, 'Aprobado', 'Pendiente'));
    await engine.sync();
    await mutate(db, 'solicitud.cambiarEstado', estado(A, 'Pagado', 'Aprobado'));
    await engine.sync();
    const ids = new Set(server.pushes.map((p) => p.clientId));
    expect([...ids]).toEqual([await ensureClientId(db)]);
  });

  it('records a rejected mutation as a problem, rolls it back and goes on with the next', async () => {
    const { db, server, engine } = setup();
    server.serverPut(makeRecord(A));
    server.serverPut(makeRecord(B));
    await engine.sync();
    await mutate(db, 'solicitud.editar', {
      solicitudId: A,
      changes: { 'solicitante.correo': 'ana@bloqueado.co' },
      base: {},
    });
    await mutate(db, 'solicitud.cambiarEstado', estado(B, 'Aprobado', 'Pendiente'));
    expect((await db.solicitudes.get(A))?.solicitante.correo).toBe('ana@bloqueado.co');
    await engine.sync();
    const problem = await db.problems.get(1);
    expect(problem).toMatchObject({
      name: 'solicitud.editar',
      code: 'VALIDATION',
      error: 'El correo no es válido.',
    });
    expect(await db.outbox.count()).toBe(0);
    expect(server.solicitudes.get(B)?.solicitud.estado).toBe('Aprobado');
    expect((await db.solicitudes.get(A))?.solicitante.correo).toBe('ana@example.co');
    expect((await db.solicitudes.get(A))?.pending).toBeUndefined();
    expect(engine.getStatus()).toMatchObject({ problems: 1, pending: 0 });
  });

  it('does not apply a mutation twice when the push answer is lost', async () => {
    const { db, server, engine, manual } = setup();
    server.serverPut(makeRecord(A));
    await engine.sync();
    await mutate(db, 'solicitud.cambiarEstado', estado(A, 'En estudio', 'Pendiente'));
    await mutate(db, 'solicitud.editar', {
      solicitudId: A,
      changes: { 'solicitante.nombres': 'Lucía' },
      base: {},
    });
    server.fail('push', 0, 'after');
    await engine.sync();
    expect(server.appliedCount).toBe(2);
    expect(await db.outbox.count()).toBe(2);
    expect(engine.getStatus().state).toBe('offline');
    manual.armedTimeout()?.callback();
    await engine.sync({ force: true });
    expect(server.appliedCount).toBe(2);
    expect(server.pushes.at(-1)?.mutations.map((m) => m.id)).toEqual([1, 2]);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.problems.count()).toBe(0);
    const synced = await db.solicitudes.get(A);
    expect(synced).toMatchObject({ estado: 'En estudio' });
    expect(synced?.pending).toBeUndefined();
  });

  it('keeps an applied change on screen when the pull after it fails', async () => {
    const { db, server, engine } = setup();
    server.serverPut(makeRecord(A));
    await engine.sync();
    await mutate(db, 'solicitud.cambiarEstado', estado(A, 'Aprobado', 'Pendiente'));
    server.fail('pull', 503);
    await engine.sync();
    expect(await db.outbox.count()).toBe(0);
    const synced = await db.solicitudes.get(A);
    expect(synced).toMatchObject({ estado: 'Aprobado' });
    expect(synced?.pending).toBeUndefined();
    expect(engine.getStatus().state).toBe('error');
  });

  it('sends large queues in batches of PUSH_BATCH', async () => {
    const { db, server, engine } = setup();
    server.serverPut(makeRecord(A));
    for (let i = 0; i < 101; i++) {
      await mutate(db, 'solicitud.editar', {
        solicitudId: A,
        changes: { 'solicitante.nombres': `N${i}` },
        base: {},
      });
    }
    await engine.sync();
    expect(server.pushes.map((p) => p.mutations.length)).toEqual([100, 1]);
    expect((await db.solicitudes.get(A))?.solicitante.nombres).toBe('N100');
  });
});

describe('SyncEngine status while a queue leaves', () => {
  it('counts down what is still to send, batch by batch and file by file, then pulls with nothing left', async () => {
    const { db, server, engine, statuses } = setup();
    server.serverPut(makeRecord(A));
    await engine.sync();
    const owner = await mutate(db, 'solicitud.editar', { solicitudId: A, changes: { 'solicitante.nombres': 'N0' }, base: {} });
    for (let i = 1; i < 250; i++) {
      await mutate(db, 'solicitud.editar', { solicitudId: A, changes: { 'solicitante.nombres': `N${i}` }, base: {} });
    }
    for (const id of [FILE_1, FILE_2]) {
      await queueFile(db, { id, blob: new Blob(['%PDF'], { type: 'application/pdf' }), nombre: `${id}.pdf`, ownerSolicitudId: A, mutationId: owner });
    }
    statuses.length = 0;
    await engine.sync();
    const sending = statuses.filter((s) => s.state === 'syncing').map((s) => s.pending);
    // Before: 252 from the first request to the end of the pull.
    expect(sending.filter((n, i) => n !== sending[i - 1])).toEqual([252, 152, 52, 2, 1, 0]);
    expect(server.pushes.slice(-3).map((p) => p.mutations.length)).toEqual([100, 100, 50]);
    expect(engine.getStatus()).toMatchObject({ state: 'idle', pending: 0 });
  });
});

describe('SyncEngine pull', () => {
  it('writes every page, deletes tombstoned rows and saves the cursor', async () => {
    const { db, server, engine } = setup();
    for (const id of [A, B, C]) server.serverPut(makeRecord(id));
    server.serverDelete(B);
    await engine.sync();
    expect(server.pulls.map((p) => p.cursor)).toEqual([0, 2]);
    expect(await db.solicitudes.orderBy('id').primaryKeys()).toEqual([A, C]);
    expect(await getMeta(db, 'cursor')).toBe(4);
    server.serverDelete(A);
    await engine.sync();
    expect(await db.solicitudes.orderBy('id').primaryKeys()).toEqual([C]);
  });

  it('drops acknowledged outbox entries and re-applies pending ones on top', async () => {
    const { db, server, engine } = setup();
    server.serverPut(makeRecord(A));
    await engine.sync();
    const clientId = await ensureClientId(db);
    await mutate(db, 'solicitud.cambiarEstado', estado(A, 'Aprobado', 'Pendiente'));
    // the server applied #1 from a push whose answer never came back
    await server.push({ clientId, mutations: [(await db.outbox.get(1))!] });
    await mutate(db, 'solicitud.editar', {
      solicitudId: A,
      changes: { 'solicitante.nombres': 'Lucía' },
      base: {},
    });
    server.serverEdit(A, (r) => {
      r.solicitud.banco_nombre = 'BBVA';
    });
    await pullAll(db, server, clientId, 10);
    expect(await db.outbox.orderBy('id').primaryKeys()).toEqual([2]);
    const row = await db.solicitudes.get(A);
    expect(row).toMatchObject({ estado: 'Aprobado', pending: 1 });
    expect(row?.solicitante.nombres).toBe('Lucía');
    expect(row?.solicitud.banco_nombre).toBe('BBVA');
  });

  it('keeps a pending local status change over an older server status', async () => {
    const { db, server, engine } = setup();
    server.serverPut(makeRecord(A));
    await engine.sync();
    await mutate(db, 'solicitud.cambiarEstado', estado(A, 'Aprobado', 'Pendiente'));
    server.serverEdit(A, (r) => {
      r.solicitud.ciudad_solicitud = 'Cali';
    });
    await pullAll(db, server, await ensureClientId(db), 10);
    const row = await db.solicitudes.get(A);
    expect(row).toMatchObject({ estado: 'Aprobado', pending: 1 });
    expect(row?.solicitud.estado).toBe('Aprobado');
    expect(row?.solicitud.ciudad_solicitud).toBe('Cali');
    await engine.sync();
    expect(server.solicitudes.get(A)?.solicitud).toMatchObject({
      estado: 'Aprobado',
      ciudad_solicitud: 'Cali',
    });
    const synced = await db.solicitudes.get(A);
    expect(synced).toMatchObject({ estado: 'Aprobado' });
    expect(synced?.pending).toBeUndefined();
  });
});
