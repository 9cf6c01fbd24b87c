import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import Dexie from 'dexie';
import { RadicaDB } from './database';
import { record } from '../features/creditos/test-records.test-util';

describe('RadicaDB version 3', () => {
  it('rewrites created_at as the instant key and prunes tokens of rows stored by version 2', async () => {
    const name = `upgrade-${crypto.randomUUID()}`;
    const old = new Dexie(name);
    old.version(1).stores({ solicitudes: 'id, created_at, *tokens, estado, pending' });
    old.version(2).stores({ drafts: 'id, kind, updatedAt' });
    const r = record('a1', {});
    const created = '2025-03-01 17:04:05.123456+00';
    await old.table('solicitudes').put({
      ...r,
      solicitud: { ...r.solicitud, created_at: created },
      created_at: created,
      estado: 'Pendiente',
      tokens: ['jose', 'jose@example.co', 'example', 'co', 'perez', '1020304050'],
      pending: 1,
    });
    old.close();

    const db = new RadicaDB(name);
    const row = await db.solicitudes.get('a1');
    expect(row?.created_at).toBe('2025-03-01T17:04:05.123Z');
    expect(row?.solicitud.created_at).toBe(created);
    expect(row?.tokens.sort()).toEqual(['1020304050', 'co', 'example', 'jose@example.co', 'perez']);
    expect(row?.pending).toBe(1);
    expect(await db.solicitudes.where('tokens').startsWith('jose').count()).toBe(1);
    await db.delete();
  });
});
