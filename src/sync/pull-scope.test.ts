import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { ensureClientId, getMeta } from '../db/database';
import { mutate } from '../db/mutate';
import { A, B, C, setup } from '../test-utils/engine-setup';
import { makeRecord } from '../test-utils/model-server';
import { pullAll } from './pull';

/** A banco user's device: A is Bancolombia's application, B and C are Davivienda's. */
async function bancoDevice(scope: string | undefined) {
  const env = setup();
  const { db, server } = env;
  server.serverPut(makeRecord(A, { banco: 'Bancolombia' }));
  server.serverPut(makeRecord(B, { banco: 'Davivienda' }));
  server.serverPut(makeRecord(C, { banco: 'Davivienda' }));
  server.scope = scope;
  server.sees = (r) => r.solicitud.banco_nombre === 'Bancolombia';
  const clientId = await ensureClientId(db);
  await pullAll(db, server, clientId, 2);
  expect(await db.solicitudes.toCollection().primaryKeys()).toEqual([A]);
  return { ...env, clientId };
}

/** The user is moved to Davivienda: no application changes, only what the user may see. */
function moveToDavivienda(server: ReturnType<typeof setup>['server']) {
  server.scope = 'banco:davivienda';
  server.sees = (r) => r.solicitud.banco_nombre === 'Davivienda';
}

describe('pull after the user’s visibility changed', () => {
  it('empties the mirror and pulls again from 0, keeping what is still unsent', async () => {
    const { db, server, clientId } = await bancoDevice('banco:bancolombia');
    expect(await getMeta(db, 'scope')).toBe('banco:bancolombia');
    await db.historial.put({ solicitudId: A, entries: [], fetchedAt: '2025-06-01T12:00:00.000Z' });
    await mutate(db, 'solicitud.cambiarEstado', { solicitudId: A, estado: 'Aprobado', base: { estado: 'Pendiente' } });

    moveToDavivienda(server);
    const before = server.pulls.length;
    await pullAll(db, server, clientId, 2);

    // The page pulled under the old cursor was dropped, and the pull started again from 0.
    const cursors = server.pulls.slice(before).map((p) => p.cursor);
    expect(cursors[0]).toBeGreaterThan(0);
    expect(cursors[1]).toBe(0);
    expect((await db.solicitudes.toCollection().primaryKeys()).sort()).toEqual([A, B, C].sort());
    // A stays only because its status change is still unsent: redrawn from its shadow, pending.
    expect(await db.solicitudes.get(A)).toMatchObject({ estado: 'Aprobado', pending: 1 });
    expect(await db.outbox.count()).toBe(1);
    expect(await db.historial.count()).toBe(0);
    expect(await getMeta(db, 'scope')).toBe('banco:davivienda');
    expect(await getMeta(db, 'cursor')).toBe(3);
  });

  it('drops a row the user no longer sees when nothing of it is pending', async () => {
    const { db, server, clientId } = await bancoDevice('banco:bancolombia');
    moveToDavivienda(server);
    await pullAll(db, server, clientId, 2);
    expect((await db.solicitudes.toCollection().primaryKeys()).sort()).toEqual([B, C].sort());
  });

  it('keeps the rows of a database pulled before scopes were sent, and remembers the scope', async () => {
    const { db, server, clientId } = await bancoDevice(undefined);
    expect(await getMeta(db, 'scope')).toBeUndefined();
    moveToDavivienda(server);
    await pullAll(db, server, clientId, 2);
    expect(await db.solicitudes.toCollection().primaryKeys()).toEqual([A]);
    expect(await getMeta(db, 'scope')).toBe('banco:davivienda');
  });
});
