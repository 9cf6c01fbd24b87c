import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { RadicaDB } from './database';
import { writeDraftRow } from './drafts';

const row = (values: unknown) => ({
  id: 'registro:s1',
  kind: 'registro' as const,
  values,
  updatedAt: new Date().toISOString(),
});

describe('writeDraftRow', () => {
  it('puts a draft through the open connection and removes it with null', async () => {
    const db = new RadicaDB(`test-${crypto.randomUUID()}`);
    await db.open();
    await writeDraftRow(db, 'registro:s1', row({ celular: '3001234567' }));
    expect((await db.drafts.get('registro:s1'))?.values).toEqual({ celular: '3001234567' });
    await writeDraftRow(db, 'registro:s1', null);
    expect(await db.drafts.count()).toBe(0);
  });

  it('a removal issued right after a write, without waiting for it, wins', async () => {
    const db = new RadicaDB(`test-${crypto.randomUUID()}`);
    await db.open();
    const write = writeDraftRow(db, 'registro:s1', row({ celular: '3001234567' }));
    const removal = writeDraftRow(db, 'registro:s1', null);
    await Promise.all([write, removal]);
    expect(await db.drafts.get('registro:s1')).toBeUndefined();
  });

  it('opens the database first when it is not open yet', async () => {
    const db = new RadicaDB(`test-${crypto.randomUUID()}`);
    await writeDraftRow(db, 'registro:s1', row({ a: 1 }));
    expect(await db.drafts.get('registro:s1')).toMatchObject({ kind: 'registro' });
  });
});
