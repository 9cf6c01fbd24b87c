import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import Dexie from 'dexie';
import { openUserDb, setMeta } from '../db/database';
import { sentWhileClosedText, takeSentWhileClosed } from './sent-while-closed';

afterEach(async () => {
  for (const name of await Dexie.getDatabaseNames()) await Dexie.delete(name);
});

describe('what was sent while the app was closed', () => {
  it('names the changes and files, singular and plural', () => {
    expect(sentWhileClosedText({ cambios: 3, rechazados: 0, archivos: 1, at: '' })).toBe(
      'Mientras la aplicación estaba cerrada se enviaron al servidor 3 cambios y 1 archivo.',
    );
    expect(sentWhileClosedText({ cambios: 1, rechazados: 0, archivos: 0, at: '' })).toBe(
      'Mientras la aplicación estaba cerrada se envió al servidor 1 cambio.',
    );
    expect(sentWhileClosedText({ cambios: 0, rechazados: 2, archivos: 0, at: '' })).toBe(
      'El servidor rechazó 2 cambios: revísalos en Cambios pendientes.',
    );
    expect(sentWhileClosedText({ cambios: 0, rechazados: 0, archivos: 0, at: '' })).toBeNull();
  });

  it('is told once: taking it removes it', async () => {
    const db = openUserDb(1, 5);
    await setMeta(db, 'sentWhileClosed', { cambios: 2, rechazados: 0, archivos: 0, at: '2026-11-21T10:00:00.000Z' });
    expect(await takeSentWhileClosed(db)).toMatchObject({ cambios: 2 });
    expect(await takeSentWhileClosed(db)).toBeNull();
    db.close();
  });
});
