import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import Dexie from 'dexie';
import { RadicaDB } from './database';
import { loadLocalIndex } from './local-index';
import { filterToken } from './search-tokens';
import { record } from '../test-utils/records';

describe('RadicaDB upgrades', () => {
  it('rewrites created_at as the instant key of rows stored by version 2, and logs their pruned tokens for search', async () => {
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
    expect(row?.pending).toBe(1);
    // Version 6 drops the `*tokens` index and writes the search log in one reset row (version 8
    // writes it again with the status and the radicado).
    expect(db.solicitudes.schema.idxByName.tokens).toBeUndefined();
    const log = await db.searchLog.toArray();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ reset: 1, ids: ['a1'], created: ['2025-03-01T17:04:05.123Z'] });
    expect(log[0].tokens[0].split(' ').sort()).toEqual([filterToken('estado', 'Pendiente'), '1020304050', 'co', 'example', 'jose@example.co', 'pendiente', 'perez', 'rad-1']);
    expect([...(await loadLocalIndex(db)).startingWith('jose')]).toEqual(['a1']);
    await db.delete();
  });

  it('version 7 drops the search tokens rows stored before version 6 still carried, and logs nothing for it', async () => {
    const name = `upgrade-${crypto.randomUUID()}`;
    const old = new Dexie(name);
    // A database at version 6 whose rows came from before it.
    old.version(6).stores({ solicitudes: 'id, created_at, pending', searchLog: '++seq' });
    const base = { created_at: '2025-03-01T17:04:05.123Z', estado: 'Pendiente' };
    await old.table('solicitudes').bulkPut([
      { ...record('viejo', {}), ...base, tokens: ['jose', 'perez'] },
      { ...record('nuevo', {}), ...base },
    ]);
    await old.table('searchLog').add({ reset: 1, ids: ['viejo', 'nuevo'], created: [base.created_at, base.created_at], tokens: ['jose perez', 'jose perez'] });
    old.close();

    const db = new RadicaDB(name);
    const rows = await db.solicitudes.toArray();
    expect(rows.map((r) => [r.id, 'tokens' in r])).toEqual([['nuevo', false], ['viejo', false]]);
    expect(rows.find((r) => r.id === 'viejo')).toMatchObject({ solicitante: { nombres: 'José' }, created_at: base.created_at });
    // Only version 8's rebuilt log is left.
    expect(await db.searchLog.toArray()).toEqual([expect.objectContaining({ reset: 1, ids: ['nuevo', 'viejo'] })]);
    expect([...(await loadLocalIndex(db)).startingWith('jose')].sort()).toEqual(['nuevo', 'viejo']);
    await db.delete();
  });

  it('versions 8 and 9 rebuild the search log of rows already stored, so they are found by radicado, status, bank, city and credit type, and filtered by status and bank', async () => {
    const name = `upgrade-${crypto.randomUUID()}`;
    const old = new Dexie(name);
    old.version(7).stores({ solicitudes: 'id, created_at, pending', searchLog: '++seq' });
    const r = record('guardada', {});
    const created = '2025-03-01T17:04:05.123Z';
    await old.table('solicitudes').put({
      ...r,
      solicitud: { ...r.solicitud, estado: 'En estudio', radicado: 'RAD-7K2M9QXD', banco_nombre: 'Banco de Bogotá', ciudad_solicitud: 'Medellín', tipo_credito: 'libre inversión' },
      created_at: created,
      estado: 'En estudio',
    });
    // The log as version 7 wrote it: name, document and e-mail only, in two rows.
    await old.table('searchLog').add({ reset: 1, ids: ['guardada'], created: [created], tokens: ['jose perez'] });
    await old.table('searchLog').add({ ids: ['guardada'], created: [created], tokens: ['jose perez 1020304050'] });
    old.close();

    const db = new RadicaDB(name);
    const log = await db.searchLog.toArray();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ reset: 1, ids: ['guardada'], created: [created] });
    const index = await loadLocalIndex(db);
    for (const word of ['rad-7k2m9qxd', '7k2m', 'estudio', 'bogota', 'medellin', 'inversion', 'jose', '1020304050']) {
      expect([...index.startingWith(word)], word).toEqual(['guardada']);
    }
    expect([...index.having(filterToken('estado', 'En estudio'))]).toEqual(['guardada']);
    expect([...index.having(filterToken('banco', 'Banco de Bogotá'))]).toEqual(['guardada']);
    // The rows themselves are not rewritten.
    expect(await db.solicitudes.get('guardada')).not.toHaveProperty('tokens');
    await db.delete();
  });

  it('version 11 rebuilds the search log with each row\'s name and amount, so the list sorts rows already stored by them', async () => {
    const name = `upgrade-${crypto.randomUUID()}`;
    const old = new Dexie(name);
    old.version(10).stores({ solicitudes: 'id, created_at, pending', searchLog: '++seq', revisiones: 'id, solicitud_id, estado' });
    const rows = [
      ['zeta', 'Zoe', 5_000_000],
      ['alfa', 'Ángela', 180_000_000],
      ['nada', 'Ñusta', null],
    ] as const;
    const created = '2025-03-01T17:04:05.123Z';
    for (const [id, nombres, monto] of rows) {
      const r = record(id);
      await old.table('solicitudes').put({ ...r, solicitante: { ...r.solicitante, nombres }, solicitud: { ...r.solicitud, detalle_credito: { monto_solicitado: monto } }, created_at: created, estado: 'Pendiente' });
    }
    // The log as version 10 wrote it: no names nor amounts.
    await old.table('searchLog').add({ reset: 1, ids: rows.map((r) => r[0]), created: rows.map(() => created), tokens: rows.map(() => 'jose') });
    old.close();

    const db = new RadicaDB(name);
    const log = await db.searchLog.toArray();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ reset: 1, ids: ['alfa', 'nada', 'zeta'], names: ['Ángela Pérez', 'Ñusta Pérez', 'Zoe Pérez'], montos: [180_000_000, null, 5_000_000] });
    const index = await loadLocalIndex(db);
    expect(index.sortedBy('nombre', 'asc', []).keys).toEqual(['alfa', 'nada', 'zeta']);
    expect(index.sortedBy('monto', 'desc', []).keys).toEqual(['alfa', 'zeta', 'nada']);
    await db.delete();
  });

  it("version 12 rebuilds the search log with each row's employer, so rows already stored are found by it", async () => {
    const name = `upgrade-${crypto.randomUUID()}`;
    const old = new Dexie(name);
    old.version(11).stores({ solicitudes: 'id, created_at, pending', searchLog: '++seq', revisiones: 'id, solicitud_id, estado' });
    const created = '2025-03-01T17:04:05.123Z';
    const r = record('empleado', {
      actividad_economica: { id: 'a1', tipo_actividad: null, sector_economico: null, cargo_actual: null, tipo_contrato: null, detalle_actividad: { empresa: 'Ecopetrol' } },
    });
    await old.table('solicitudes').put({ ...r, created_at: created, estado: 'Pendiente' });
    // The log as version 11 wrote it: no employer.
    await old.table('searchLog').add({ reset: 1, ids: ['empleado'], created: [created], tokens: ['jose perez'], names: ['José Pérez'], montos: [null] });
    old.close();

    const db = new RadicaDB(name);
    const log = await db.searchLog.toArray();
    expect(log).toHaveLength(1);
    expect(log[0].tokens[0].split(' ')).toContain('ecopetrol');
    await db.delete();
  });

  it('version 4 keeps `pending` only on unsent rows, so its index holds only those', async () => {
    const name = `upgrade-${crypto.randomUUID()}`;
    const old = new Dexie(name);
    old.version(1).stores({ solicitudes: 'id, created_at, *tokens, estado, pending' });
    old.version(2).stores({ drafts: 'id, kind, updatedAt' });
    old.version(3).stores({});
    const base = { created_at: '2025-03-01T17:04:05.123Z', estado: 'Pendiente', tokens: ['x'] };
    await old.table('solicitudes').bulkPut([
      { ...record('sent', {}), ...base, pending: 0 },
      { ...record('unsent', {}), ...base, pending: 1 },
    ]);
    old.close();

    const db = new RadicaDB(name);
    const sent = await db.solicitudes.get('sent');
    expect(sent && 'pending' in sent).toBe(false);
    expect((await db.solicitudes.get('unsent'))?.pending).toBe(1);
    expect(await db.solicitudes.where('pending').equals(1).primaryKeys()).toEqual(['unsent']);
    expect(db.solicitudes.schema.idxByName.estado).toBeUndefined();
    await db.delete();
  });
});
