import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { RadicaDB } from '../db/database';
import { applyPullPage } from './pull';

let db: RadicaDB;
afterEach(async () => {
  db?.close();
  await db?.delete();
});

describe('pull of integer-keyed configuration rows', () => {
  it('removes a column, category or definition when the server sends its tombstone', async () => {
    db = new RadicaDB(`pull-config-${Math.random()}`);
    await applyPullPage(db, {
      cursor: 1,
      more: false,
      lastMutationId: 0,
      changes: [
        { entity: 'columna', id: '3', op: 'put', row: { id: 3, nombre: 'Banco', nombre_interno: 'banco_nombre', activo: true, orden: 1 } },
        { entity: 'categoria', id: '7', op: 'put', row: { id: 7, categoria: 'tasas', descripcion: 'x', activo: true, configuracion: ['a'] } },
        { entity: 'definicion', id: '9', op: 'put', row: { id: 9, key: 'celular', type: 'string' } },
      ],
    });
    expect(await db.columnas.count()).toBe(1);
    await applyPullPage(db, {
      cursor: 2,
      more: false,
      lastMutationId: 0,
      changes: [
        { entity: 'columna', id: '3', op: 'del' },
        { entity: 'categoria', id: '7', op: 'del' },
        { entity: 'definicion', id: '9', op: 'del' },
      ],
    });
    expect(await db.columnas.count()).toBe(0);
    expect(await db.categorias.count()).toBe(0);
    expect(await db.definiciones.count()).toBe(0);
  });
});
