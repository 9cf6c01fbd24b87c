import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RadicaDB, mapRecord, type ProblemRow } from '../db/database';
import { uuidv7 } from '../domain/ids';
import { makeRecord } from '../test-utils/model-server';
import { resolveConflict } from './problems';

let db: RadicaDB;
const solicitudId = uuidv7();
const referenciaId = uuidv7();
const CEL = 'referencia.detalle_referencia.celular';
const REL = 'referencia.detalle_referencia.relacion';

beforeEach(async () => {
  db = new RadicaDB(`test-${crypto.randomUUID()}`);
  // The local mirror after the rejection: the server's values.
  const record = makeRecord(solicitudId);
  record.referencias = [{ id: referenciaId, tipo_referencia: 'familiar', detalle_referencia: { nombre: 'Lucía Prada', celular: '3102223344', relacion: 'Madre' } }];
  await db.solicitudes.put(mapRecord(record));
});
afterEach(async () => {
  await db.delete();
});

const problem = (p: Pick<ProblemRow, 'name' | 'args' | 'conflict'>): ProblemRow => ({
  id: 7,
  at: '2026-01-01T00:00:00.000Z',
  code: 'CONFLICT',
  error: 'Otra persona cambió estos datos de la referencia mientras tanto.',
  ...p,
});

const edit = {
  solicitudId,
  referenciaId,
  detalle_referencia: { celular: '3155556677', relacion: 'Tía' },
  base: { detalle_referencia: { celular: '3001112233', relacion: 'Madre' } },
};
const editConflict = {
  fields: { [CEL]: { base: '3001112233', server: '3102223344', mine: '3155556677', changedBy: 'Sara', changedById: 2 } },
  referencia: { nombre: 'Lucía Prada' },
};
const referencia = async () => (await db.solicitudes.get(solicitudId))!.referencias[0];

describe('resolving a reference conflict', () => {
  it("'mine' re-sends the edit with the server's value as the field's base, the others' base kept", async () => {
    await db.problems.put(problem({ name: 'referencia.editar', args: edit, conflict: editConflict }));
    const id = await resolveConflict(db, 7, { [CEL]: 'mine' });
    expect(await db.outbox.get(id!)).toMatchObject({
      name: 'referencia.editar',
      args: { ...edit, base: { detalle_referencia: { celular: '3102223344', relacion: 'Madre' } } },
    });
    expect((await referencia()).detalle_referencia).toMatchObject({ celular: '3155556677', relacion: 'Tía' });
    expect((await db.problems.get(7))?.resolution).toBe('resolved');
  });

  it("'theirs' drops the field and keeps the server's value in the local mirror; nothing left, nothing sent", async () => {
    await db.problems.put(problem({ name: 'referencia.editar', args: edit, conflict: editConflict }));
    const id = await resolveConflict(db, 7, { [CEL]: 'theirs' });
    expect((await db.outbox.get(id!))?.args).toEqual({ solicitudId, referenciaId, detalle_referencia: { relacion: 'Tía' }, base: { detalle_referencia: { relacion: 'Madre' } } });
    expect((await referencia()).detalle_referencia).toMatchObject({ celular: '3102223344', relacion: 'Tía' });

    await db.problems.put(problem({ name: 'referencia.editar', args: { ...edit, detalle_referencia: { celular: '3155556677' }, base: { detalle_referencia: { celular: '3001112233' } } }, conflict: editConflict }));
    await db.outbox.clear();
    expect(await resolveConflict(db, 7, { [CEL]: 'theirs' })).toBeNull();
    expect(await db.outbox.count()).toBe(0);
  });

  it('an edit of a reference deleted meanwhile, kept, creates it again with what it held and the kept values', async () => {
    await db.solicitudes.put(mapRecord(makeRecord(solicitudId)));
    const eliminada = { tipo_referencia: 'familiar', detalle_referencia: { nombre: 'Lucía Prada', celular: '3001112233', relacion: 'Madre' } };
    const conflict = {
      fields: {
        [CEL]: { base: '3001112233', server: null, mine: '3155556677' },
        [REL]: { base: 'Madre', server: null, mine: 'Tía' },
      },
      referencia: { nombre: 'Lucía Prada', eliminada },
    };
    await db.problems.put(problem({ name: 'referencia.editar', args: edit, conflict }));
    const id = await resolveConflict(db, 7, { [CEL]: 'mine', [REL]: 'theirs' });
    expect(await db.outbox.get(id!)).toMatchObject({
      name: 'referencia.agregar',
      args: { solicitudId, referenciaId, tipo_referencia: 'familiar', detalle_referencia: { nombre: 'Lucía Prada', celular: '3155556677', relacion: 'Madre' } },
    });
    expect(await referencia()).toMatchObject({ id: referenciaId, detalle_referencia: { celular: '3155556677' } });

    // Discarded: nothing is sent and the reference stays deleted.
    await db.problems.put(problem({ name: 'referencia.editar', args: edit, conflict }));
    await db.outbox.clear();
    await db.solicitudes.put(mapRecord(makeRecord(solicitudId)));
    expect(await resolveConflict(db, 7, { [CEL]: 'theirs', [REL]: 'theirs' })).toBeNull();
    expect(await db.outbox.count()).toBe(0);
    expect((await db.solicitudes.get(solicitudId))!.referencias).toEqual([]);
  });

  it("a deletion kept is sent again with the server's values as base; 'theirs' keeps the reference", async () => {
    const args = { solicitudId, referenciaId, base: { tipo_referencia: 'familiar', detalle_referencia: { nombre: 'Lucía Prada', celular: '3001112233', relacion: 'Madre' } } };
    const conflict = { fields: { [CEL]: { base: '3001112233', server: '3102223344', mine: null } }, referencia: { nombre: 'Lucía Prada' } };
    await db.problems.put(problem({ name: 'referencia.eliminar', args, conflict }));
    const id = await resolveConflict(db, 7, { [CEL]: 'mine' });
    expect(await db.outbox.get(id!)).toMatchObject({
      name: 'referencia.eliminar',
      args: { solicitudId, referenciaId, base: { tipo_referencia: 'familiar', detalle_referencia: { nombre: 'Lucía Prada', celular: '3102223344', relacion: 'Madre' } } },
    });
    expect((await db.solicitudes.get(solicitudId))!.referencias).toEqual([]);

    const back = makeRecord(solicitudId);
    back.referencias = [{ id: referenciaId, tipo_referencia: 'familiar', detalle_referencia: { celular: '3102223344' } }];
    await db.solicitudes.put(mapRecord(back));
    await db.outbox.clear();
    await db.problems.put(problem({ name: 'referencia.eliminar', args, conflict }));
    expect(await resolveConflict(db, 7, { [CEL]: 'theirs' })).toBeNull();
    expect(await db.outbox.count()).toBe(0);
    expect((await db.solicitudes.get(solicitudId))!.referencias).toHaveLength(1);
  });
});
