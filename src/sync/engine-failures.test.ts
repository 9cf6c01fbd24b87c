import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { getMeta } from '../db/database';
import { mutate, queueFile } from '../db/mutate';
import { A, setup } from '../test-utils/engine-setup';
import { makeRecord } from '../test-utils/model-server';
import { PNG } from '../test-utils/office-files';
import type { LockManagerLike } from './triggers';

/** A lock another tab holds until `release`: refused to `ifAvailable`, granted after release otherwise. */
function heldLock() {
  let busy = true;
  let release = () => undefined as void;
  const released = new Promise<void>((r) => (release = r));
  const locks: LockManagerLike = {
    request: async (name, options, cb) => {
      if (busy && options.ifAvailable) return cb(null);
      await released;
      return cb({ name });
    },
  };
  return {
    locks,
    release() {
      busy = false;
      release();
    },
  };
}

const estado = (solicitudId: string, value: string, base: string | null) =>
  ({ solicitudId, estado: value, base: { estado: base } }) as const;

describe('SyncEngine failures', () => {
  it('a deleted account (401 CUENTA_DESACTIVADA) pauses with its code and message, the queue kept', async () => {
    const { db, server, engine } = setup();
    server.serverPut(makeRecord(A));
    await engine.sync();
    await mutate(db, 'solicitud.cambiarEstado', estado(A, 'Aprobado', 'Pendiente'));
    server.fail('push', 401, 'before', 'Tu cuenta fue desactivada.', 'CUENTA_DESACTIVADA');
    await engine.sync();
    expect(engine.getStatus()).toMatchObject({ state: 'unauthenticated', code: 'CUENTA_DESACTIVADA', message: 'Tu cuenta fue desactivada.', pending: 1 });
    expect(await db.outbox.count()).toBe(1);
  });

  it('pauses on 401 without losing anything and sends the queue after resume', async () => {
    const { db, server, engine } = setup();
    server.serverPut(makeRecord(A));
    await engine.sync();
    server.validToken = 'nuevo';
    await mutate(db, 'solicitud.cambiarEstado', estado(A, 'Aprobado', 'Pendiente'));
    await engine.sync();
    expect(engine.getStatus()).toMatchObject({ state: 'unauthenticated', pending: 1 });
    const pushes = server.pushes.length;
    engine.notify();
    await engine.sync({ force: true });
    expect(server.pushes.length).toBe(pushes);
    expect(await db.outbox.count()).toBe(1);
    await engine.resume('nuevo');
    expect(server.solicitudes.get(A)?.solicitud.estado).toBe('Aprobado');
    expect(await db.outbox.count()).toBe(0);
    expect(engine.getStatus()).toMatchObject({ state: 'idle', pending: 0 });
  });

  it('backs off after a 503, keeps nextAttemptAt, and ignores notify until it is due', async () => {
    const { db, server, engine, manual, advance, now } = setup();
    server.serverPut(makeRecord(A));
    server.fail('push', 503, 'before', 'Servicio no disponible', 'UNAVAILABLE');
    server.fail('push', 503, 'before', 'Servicio no disponible', 'UNAVAILABLE');
    await mutate(db, 'solicitud.cambiarEstado', estado(A, 'Aprobado', 'Pendiente'));
    await engine.sync();
    const first = manual.armedTimeout();
    expect(first?.ms).toBe(500); // random 0.5 × 1 s
    expect(engine.getStatus()).toMatchObject({ state: 'error', message: 'Servicio no disponible' });
    const next = engine.getStatus().nextAttemptAt;
    expect(next).toBe(new Date(now() + 500).toISOString());
    expect(await getMeta(db, 'nextAttemptAt')).toBe(next);
    const pushes = server.pushes.length;
    engine.notify();
    await engine.sync();
    expect(server.pushes.length).toBe(pushes);
    advance(500);
    first!.callback();
    await engine.sync();
    expect(manual.armedTimeout()?.ms).toBe(1000); // second failure: ceiling 2 s
    advance(1000);
    await engine.sync();
    expect(engine.getStatus()).toMatchObject({
      state: 'idle',
      pending: 0,
      nextAttemptAt: undefined,
    });
    expect(await getMeta(db, 'nextAttemptAt')).toBeNull();
  });

  it('shows the server message on 403 (clientId of another user)', async () => {
    const { db, server, engine } = setup();
    server.serverPut(makeRecord(A));
    await mutate(db, 'solicitud.cambiarEstado', estado(A, 'Aprobado', 'Pendiente'));
    await engine.sync();
    server.user = 'u2';
    await mutate(db, 'solicitud.cambiarEstado', estado(A, 'Pagado', 'Aprobado'));
    await engine.sync();
    expect(engine.getStatus()).toMatchObject({
      state: 'error',
      message: 'Este dispositivo pertenece a otro usuario.',
      pending: 1,
    });
  });

  it('is offline without network and syncs when the connection comes back', async () => {
    const { db, server, engine, manual } = setup();
    server.serverPut(makeRecord(A));
    manual.setOnline(false);
    server.unreachable = true;
    await engine.start();
    await mutate(db, 'solicitud.cambiarEstado', estado(A, 'Aprobado', 'Pendiente'));
    engine.notify();
    await engine.sync();
    expect(engine.getStatus()).toMatchObject({ state: 'offline', pending: 1 });
    expect(server.pushes.length).toBe(0);
    server.unreachable = false;
    manual.setOnline(true);
    await engine.sync();
    expect(server.solicitudes.get(A)?.solicitud.estado).toBe('Aprobado');
    expect(manual.intervals.map((i) => i.ms)).toEqual([30_000]);
    await engine.stop();
    expect(manual.intervals.length).toBe(0);
  });

  it('does not call the server for notify or the timer while the device says it is offline', async () => {
    const { db, server, engine, manual } = setup();
    server.serverPut(makeRecord(A));
    await engine.sync();
    const calls = server.pulls.length + server.pushes.length;
    manual.setOnline(false);
    await mutate(db, 'solicitud.cambiarEstado', estado(A, 'Aprobado', 'Pendiente'));
    engine.notify();
    await engine.sync();
    expect(server.pulls.length + server.pushes.length).toBe(calls);
    expect(engine.getStatus()).toMatchObject({ state: 'offline', pending: 1 });
  });

  it("a forced sync tries the network even when the worker's navigator.onLine still says offline", async () => {
    // The page heard 'online' and called syncNow; the worker's own flag had not flipped yet.
    const { db, server, engine, manual } = setup();
    server.serverPut(makeRecord(A));
    manual.setOnline(false);
    server.unreachable = true;
    await engine.start();
    await engine.sync(); // joins the start's cycle, which meets no network
    await mutate(db, 'solicitud.cambiarEstado', estado(A, 'Aprobado', 'Pendiente'));
    expect(engine.getStatus()).toMatchObject({ state: 'offline' });
    server.unreachable = false;
    await engine.sync({ force: true });
    expect(server.solicitudes.get(A)?.solicitud.estado).toBe('Aprobado');
    expect(engine.getStatus()).toMatchObject({ state: 'idle', pending: 0 });
  });

  it('a forced sync with no network at all ends offline and arms a retry', async () => {
    const { db, server, engine, manual } = setup();
    server.serverPut(makeRecord(A));
    manual.setOnline(false);
    server.unreachable = true;
    await mutate(db, 'solicitud.cambiarEstado', estado(A, 'Aprobado', 'Pendiente'));
    await engine.sync({ force: true });
    expect(engine.getStatus()).toMatchObject({ state: 'offline', pending: 1 });
    expect(await db.outbox.count()).toBe(1);
    expect(await db.problems.count()).toBe(0);
    const retry = manual.armedTimeout();
    expect(retry?.ms).toBe(500);
    server.unreachable = false;
    retry!.callback();
    await engine.sync({ force: true });
    expect(server.solicitudes.get(A)?.solicitud.estado).toBe('Aprobado');
  });

  it('a forced sync asked for while a cycle fails runs right after it, not after the backoff', async () => {
    const { db, server, engine, manual } = setup();
    server.serverPut(makeRecord(A));
    await mutate(db, 'solicitud.cambiarEstado', estado(A, 'Aprobado', 'Pendiente'));
    server.fail('push', 0);
    const failing = engine.sync();
    const forced = engine.sync({ force: true }); // the page's 'online' arrives meanwhile
    await Promise.all([failing, forced]);
    expect(server.solicitudes.get(A)?.solicitud.estado).toBe('Aprobado');
    expect(engine.getStatus()).toMatchObject({ state: 'idle', pending: 0 });
    expect(manual.armedTimeout()).toBeUndefined();
  });

  it("a late 'offline' event after a cycle that reached the server does not turn the status offline", async () => {
    const { db, server, engine, manual } = setup();
    server.serverPut(makeRecord(A));
    await engine.start();
    await mutate(db, 'solicitud.cambiarEstado', estado(A, 'Aprobado', 'Pendiente'));
    await engine.sync({ force: true });
    expect(engine.getStatus()).toMatchObject({ state: 'idle', pending: 0 });
    manual.setOnline(false); // heard late by the worker: the page is online and its cycle worked
    expect(await engine.refreshStatus()).toMatchObject({ state: 'idle', pending: 0 });
    await engine.stop();
  });

  it('joins concurrent calls into one cycle plus one follow-up', async () => {
    const { db, server, engine } = setup();
    server.serverPut(makeRecord(A));
    await mutate(db, 'solicitud.cambiarEstado', estado(A, 'Aprobado', 'Pendiente'));
    await Promise.all([engine.sync(), engine.sync(), engine.sync()]);
    expect(server.pushes.length).toBe(1);
    expect(server.pulls.filter((p) => p.cursor === 0).length).toBe(1);
  });

  it('a change refused because the application is gone keeps whose application it was', async () => {
    const { db, server, engine } = setup();
    server.serverPut(makeRecord(A));
    await engine.sync();
    const radicado = (await db.solicitudes.get(A))?.solicitud?.radicado ?? null;
    await mutate(db, 'solicitud.editar', { solicitudId: A, changes: { 'ubicacion.barrio': 'Barrio Borrado' }, base: { 'ubicacion.barrio': null } });
    server.serverDelete(A);
    await engine.sync();
    // The pull removed the application from this device; the refusal still names it.
    expect(await db.solicitudes.get(A)).toBeUndefined();
    const [problem] = await db.problems.toArray();
    expect(problem).toMatchObject({ code: 'NOT_FOUND', subject: { nombre: 'Ana María Gómez', radicado } });
  });

  it('while another tab or the service worker holds the lock it sends nothing, says it is syncing, and then shows what the other sent', async () => {
    const other = heldLock();
    const { db, server, engine } = setup({ locks: other.locks });
    server.serverPut(makeRecord(A));
    await mutate(db, 'solicitud.cambiarEstado', estado(A, 'Aprobado', 'Pendiente'));
    const cycle = engine.sync({ force: true });
    await vi.waitFor(() => expect(engine.getStatus()).toMatchObject({ state: 'syncing', pending: 1 }));
    expect(server.pushes.length + server.pulls.length).toBe(0);
    // The holder (the service worker's engine, on the same database) sends the queue.
    const names: string[] = [];
    const free: LockManagerLike = { request: async (name, _o, cb) => (names.push(name), cb({ name })) };
    await setup({ locks: free, db, transport: server }).engine.sync();
    expect(names).toEqual([`radica-sync-${db.name}`]);
    expect(server.pushes.length).toBe(1);
    // Before the fix this tab kept its old status ('1 cambio sin enviar') until its next cycle.
    other.release();
    await cycle;
    expect(engine.getStatus()).toMatchObject({ state: 'idle', pending: 0 });
    expect(engine.getStatus().lastSyncAt).toBeDefined();
    expect(server.pushes.length).toBe(1);
  });

  it('stop does not wait for a lock another tab keeps', async () => {
    const other = heldLock();
    const { engine } = setup({ locks: other.locks });
    await engine.start();
    await vi.waitFor(() => expect(engine.getStatus().state).toBe('syncing'));
    await engine.stop();
    other.release();
  });
});

describe('SyncEngine files', () => {
  const FILE = '0190a0a0-0000-7000-8000-0000000000f1';
  const LATER = '0190a0a0-0000-7000-8000-0000000000f2';

  it('uploads a file once its owner mutation is applied, retrying on failure, and drops the blob', async () => {
    const { db, server, engine } = setup();
    server.serverPut(makeRecord(A));
    const owner = await mutate(db, 'solicitud.cambiarEstado', estado(A, 'Aprobado', 'Pendiente'));
    await queueFile(db, {
      id: FILE,
      blob: new Blob(['%PDF'], { type: 'application/pdf' }),
      nombre: 'a.pdf',
      ownerSolicitudId: A,
      mutationId: owner,
    });
    await queueFile(db, {
      id: LATER,
      blob: new Blob([new Uint8Array(PNG)], { type: 'image/png' }),
      nombre: 'b.png',
      ownerSolicitudId: A,
      mutationId: owner + 5,
    });
    server.fail('upload', 503);
    await engine.sync();
    expect(await db.files.get(FILE)).toMatchObject({ status: 'pending', error: 'Falla simulada' });
    expect(engine.getStatus().pending).toBe(2);
    await engine.sync();
    expect(server.uploads.get(FILE)).toMatchObject({ nombre: 'a.pdf', solicitudId: A });
    expect(await db.files.get(FILE)).toMatchObject({ status: 'uploaded', blob: null });
    expect((await db.files.get(FILE))?.error).toBeUndefined();
    expect(server.uploads.has(LATER)).toBe(false);
    expect(await db.files.get(LATER)).toMatchObject({ status: 'pending' });
  });

  it('marks a permanently refused upload as error', async () => {
    const { db, server, engine } = setup();
    await queueFile(db, {
      id: FILE,
      blob: new Blob(['%PDF'], { type: 'application/pdf' }),
      nombre: 'a.pdf',
      ownerSolicitudId: A,
      mutationId: 0,
    });
    server.fail('upload', 415, 'before', 'El contenido no es un PDF.', 'UNSUPPORTED_TYPE');
    await engine.sync();
    expect(await db.files.get(FILE)).toMatchObject({
      status: 'error',
      error: 'El contenido no es un PDF.',
    });
    expect(engine.getStatus().state).toBe('idle');
    // Held only on this device: a problem on the main screen, not a quiet 'Sincronizado'.
    expect(engine.getStatus()).toMatchObject({ pending: 0, problems: 1 });
  });
});
