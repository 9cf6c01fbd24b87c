import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RadicaDB } from './database';
import { mutate } from './mutate';
import { applyPushResponse } from '../sync/push';
import { applyPullPage } from '../sync/pull';
import type { PullResponse } from '../domain/sync-protocol';
import { resolveConflict, retryProblem } from '../sync/problems';

const TEMP = '0190a0a0-0000-7000-8000-0000000000aa';
let db: RadicaDB;

beforeEach(async () => {
  db = new RadicaDB(`test-${crypto.randomUUID()}`);
  await db.usuarios.put({ id: 5, nombre: 'Ana', correo: 'ana@demo.co', cedula: '1', rol: 'asesor', info_extra: { ciudad: 'Cali', otra: 'x' }, created_at: '2024-01-01' });
});
afterEach(async () => {
  await db.delete();
});

const nuevo = {
  tempId: TEMP,
  nombre: 'Nueva Persona',
  cedula: '123',
  correo: 'Nueva@Demo.co',
  contraseña: 'secreta123',
  rol: 'banco' as const,
  info_extra: { ciudad: '', banco_nombre: 'Bancolombia' },
};

async function answer(status: 'applied' | 'rejected', error?: string) {
  const batch = await db.outbox.toArray();
  await applyPushResponse(db, batch, {
    lastMutationId: batch[batch.length - 1].id,
    results: batch.map((b) => ({ id: b.id, status, ...(error ? { code: 'VALIDATION' as const, error } : {}) })),
  });
}

const pullPage = (changes: PullResponse['changes']): PullResponse => ({ cursor: 10, more: false, lastMutationId: 1, changes });

describe('users mutators', () => {
  it('shows a created user under its temporary key, never storing the password in the mirror', async () => {
    await mutate(db, 'usuario.crear', nuevo);
    const row = await db.usuarios.get(TEMP);
    expect(row).toMatchObject({ id: TEMP, nombre: 'Nueva Persona', correo: 'nueva@demo.co', local: true, info_extra: { banco_nombre: 'Bancolombia' } });
    expect(JSON.stringify(await db.usuarios.toArray())).not.toContain('secreta123');
    // The outbox carries it to the server.
    expect(JSON.stringify(await db.outbox.toArray())).toContain('secreta123');
  });

  it('replaces the temporary row by the server row once applied and pulled', async () => {
    await mutate(db, 'usuario.crear', nuevo);
    await answer('applied');
    expect(await db.usuarios.get(TEMP)).toBeUndefined();
    expect(await db.outbox.count()).toBe(0);
    expect(await db.shadows.count()).toBe(0);
    await applyPullPage(db, pullPage([{ entity: 'usuario', id: '9', op: 'put', row: { id: 9, nombre: 'Nueva Persona', correo: 'nueva@demo.co', cedula: '123', rol: 'banco', info_extra: {}, created_at: '2024-02-02' } }]));
    const rows = await db.usuarios.toArray();
    expect(rows.map((r) => r.id).sort()).toEqual([5, 9]);
    expect(JSON.stringify(await db.problems.toArray())).not.toContain('secreta123');
  });

  it('drops the temporary row on rejection and keeps the problem without the password', async () => {
    await mutate(db, 'usuario.crear', nuevo);
    await answer('rejected', 'Ya existe un usuario registrado con el correo nueva@demo.co.');
    expect(await db.usuarios.get(TEMP)).toBeUndefined();
    const [problem] = await db.problems.toArray();
    expect(problem).toMatchObject({ name: 'usuario.crear', error: 'Ya existe un usuario registrado con el correo nueva@demo.co.' });
    expect(problem.args).toMatchObject({ correo: 'nueva@demo.co' });
    expect(JSON.stringify(problem)).not.toContain('secreta123');
    expect(JSON.stringify(await db.outbox.toArray())).not.toContain('secreta123');
  });

  it('edits and deletes optimistically, merging info_extra and ignoring the password', async () => {
    await mutate(db, 'usuario.editar', {
      usuarioId: 5,
      changes: { nombre: 'Ana María', info_extra: { ciudad: '', linea_credito: 'hipotecario' }, contraseña: 'nuevaClave1' },
      base: { nombre: 'Ana' },
    });
    expect(await db.usuarios.get(5)).toMatchObject({ nombre: 'Ana María', info_extra: { otra: 'x', linea_credito: 'hipotecario' } });
    expect((await db.usuarios.get(5))?.info_extra).not.toHaveProperty('ciudad');
    expect(JSON.stringify(await db.usuarios.toArray())).not.toContain('nuevaClave1');
    await answer('rejected', 'Otra persona modificó este usuario mientras tanto.');
    expect(await db.usuarios.get(5)).toMatchObject({ nombre: 'Ana' });
    expect(JSON.stringify(await db.problems.toArray())).not.toContain('nuevaClave1');

    await mutate(db, 'usuario.eliminar', { usuarioId: 5 });
    expect(await db.usuarios.get(5)).toBeUndefined();
  });

  it('refuses invalid args before anything is written', async () => {
    await expect(mutate(db, 'usuario.crear', { ...nuevo, contraseña: 'corta' })).rejects.toMatchObject({ code: 'VALIDATION' });
    await expect(mutate(db, 'usuario.crear', { ...nuevo, correo: 'x' })).rejects.toMatchObject({ code: 'VALIDATION' });
    expect(await db.outbox.count()).toBe(0);
    expect(await db.usuarios.count()).toBe(1);
  });

  it('resolves a user edit conflict field by field, never re-sending the redacted password', async () => {
    await mutate(db, 'usuario.editar', {
      usuarioId: 5,
      changes: { nombre: 'Ana María', cedula: '2', contraseña: 'nuevaClave1' },
      base: { nombre: 'Ana', cedula: '1' },
    });
    const batch = await db.outbox.toArray();
    await applyPushResponse(db, batch, {
      lastMutationId: 1,
      results: [{ id: 1, status: 'rejected', code: 'CONFLICT', error: 'Otra persona modificó este usuario mientras tanto.', conflict: { fields: { nombre: { base: 'Ana', server: 'Anita', mine: 'Ana María' } } } }],
    });
    expect(await resolveConflict(db, 1, { nombre: 'mine' })).toBe(2);
    expect((await db.outbox.get(2))?.args).toEqual({
      usuarioId: 5,
      changes: { nombre: 'Ana María', cedula: '2', contraseña: '' },
      base: { nombre: 'Anita', cedula: '1' },
    });
    expect(JSON.stringify(await db.outbox.toArray())).not.toContain('nuevaClave1');
  });

  it('cannot retry a rejected creation from storage: the password is gone, the form is needed', async () => {
    await mutate(db, 'usuario.crear', nuevo);
    await answer('rejected', 'Ya existe un usuario registrado con el correo nueva@demo.co.');
    await expect(retryProblem(db, 1)).rejects.toMatchObject({ code: 'VALIDATION' });
    expect(await db.outbox.count()).toBe(0);
  });
});
