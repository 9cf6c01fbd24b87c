import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { ensureClientId, getMeta } from '../db/database';
import { setup } from '../test-utils/engine-setup';
import { makeRecord } from '../test-utils/model-server';
import { pullAll } from './pull';
import { TransportError } from './transport';

const ids = [1, 2, 3, 4, 5].map((n) => `0190a0a0-0000-7000-8000-00000000010${n}`);

/** Five applications on the server, pulled two per page; every pull notes the cursor written so far. */
async function fivePages() {
  const env = setup();
  const { db, server } = env;
  for (const id of ids) server.serverPut(makeRecord(id));
  let written: number | undefined;
  db.meta.hook('creating', (key, row) => {
    if (key === 'cursor') written = row.value as number;
  });
  db.meta.hook('updating', (mods, key) => {
    if (key === 'cursor' && 'value' in mods) written = mods.value as number;
  });
  const calls: { cursor: number; written: number | undefined }[] = [];
  const pull = server.pull.bind(server);
  let failAt: number | null = null;
  server.pull = async (request) => {
    calls.push({ cursor: request.cursor, written });
    if (request.cursor === failAt) throw new TransportError(0, 'Sin conexión.');
    return pull(request);
  };
  const clientId = await ensureClientId(db);
  return { ...env, clientId, calls, failOnCursor: (c: number | null) => (failAt = c) };
}

describe('pullAll', () => {
  it('asks for the next page before writing the current one, and writes the pages in order', async () => {
    const { db, server, clientId, calls } = await fivePages();
    await pullAll(db, server, clientId, 2);
    // Each request leaves while the page before it is still being written (transfer overlaps write).
    expect(calls).toEqual([
      { cursor: 0, written: undefined },
      { cursor: 2, written: undefined },
      { cursor: 4, written: 2 },
    ]);
    expect(await getMeta(db, 'cursor')).toBe(5);
    expect((await db.solicitudes.toCollection().primaryKeys()).sort()).toEqual(ids);
  });

  it('keeps every page written before a failed request, and resumes after it', async () => {
    const { db, server, clientId, calls, failOnCursor } = await fivePages();
    failOnCursor(4);
    await expect(pullAll(db, server, clientId, 2)).rejects.toThrow('Sin conexión.');
    expect(await getMeta(db, 'cursor')).toBe(4);
    expect((await db.solicitudes.toCollection().primaryKeys()).sort()).toEqual(ids.slice(0, 4));

    failOnCursor(null);
    await pullAll(db, server, clientId, 2);
    expect(calls.at(-1)).toEqual({ cursor: 4, written: 4 });
    expect((await db.solicitudes.toCollection().primaryKeys()).sort()).toEqual(ids);
  });
});
