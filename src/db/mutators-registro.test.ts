import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeRecord } from '../test-utils/model-server';
import { mapRecord, RadicaDB } from './database';
import { mutate } from './mutate';
import { applyPullPage } from '../sync/pull';

const SOL = '0190a0a0-0000-7000-8000-000000000001';
const REF = '0190a0a0-0000-7000-8000-0000000000aa';
const OBS = '0190a0a0-0000-7000-8000-0000000000bb';
const DOC = '0190a0a0-0000-7000-8000-0000000000cc';
let db: RadicaDB;

beforeEach(async () => {
  db = new RadicaDB(`test-${crypto.randomUUID()}`);
  const rec = makeRecord(SOL);
  rec.documentos = [{ id: DOC, nombre: 'a.pdf', mime: 'application/pdf', file_size: 10, created_at: '2025-01-01T00:00:00.000Z' }];
  rec.observaciones = [{ id: 'o-old', tipo: 'comentario', observacion: 'vieja', usuario_id: 1, usuario_nombre: 'Ana', fecha_creacion: '2025-01-01T00:00:00.000Z' }];
  await db.solicitudes.put(mapRecord(rec));
});
afterEach(async () => {
  await db.delete();
});

const row = () => db.solicitudes.get(SOL);

describe('registro mutators', () => {
  it('adds, edits and removes a reference optimistically, and a pull rebase keeps the pending ones', async () => {
    await mutate(db, 'referencia.agregar', { solicitudId: SOL, referenciaId: REF, tipo_referencia: 'personal', detalle_referencia: { nombre: 'Luis' } });
    await mutate(db, 'referencia.agregar', { solicitudId: SOL, referenciaId: REF, tipo_referencia: 'personal', detalle_referencia: { nombre: 'Otro' } });
    expect((await row())?.referencias).toEqual([{ id: REF, tipo_referencia: 'personal', detalle_referencia: { nombre: 'Luis' } }]);
    await mutate(db, 'referencia.editar', { solicitudId: SOL, referenciaId: REF, detalle_referencia: { celular: '300' } });
    expect((await row())?.referencias[0].detalle_referencia).toEqual({ nombre: 'Luis', celular: '300' });
    expect((await row())?.pending).toBe(1);
    // A pull brings the server's record (without the reference yet): the pending entries are re-applied.
    await applyPullPage(db, { cursor: 5, more: false, lastMutationId: 0, changes: [{ entity: 'solicitud', id: SOL, op: 'put', row: makeRecord(SOL, { nombres: 'Servidor' }) }] });
    expect((await row())?.solicitante.nombres).toBe('Servidor');
    expect((await row())?.referencias[0].detalle_referencia).toEqual({ nombre: 'Luis', celular: '300' });
    await mutate(db, 'referencia.eliminar', { solicitudId: SOL, referenciaId: REF });
    expect((await row())?.referencias).toEqual([]);
  });

  it("edits a reference the way the server does: texts trimmed, and an edit that changes no value leaves it as it was", async () => {
    await mutate(db, 'referencia.agregar', { solicitudId: SOL, referenciaId: REF, tipo_referencia: 'personal', detalle_referencia: { nombre: 'Luis' } });
    const added = (await row())?.referencias[0];
    // The model test of sync's seed 918793089: a key set to null that the reference does not have.
    await mutate(db, 'referencia.editar', { solicitudId: SOL, referenciaId: REF, detalle_referencia: { A: null } });
    await mutate(db, 'referencia.editar', { solicitudId: SOL, referenciaId: REF, tipo_referencia: ' personal ', detalle_referencia: { nombre: 'Luis ' } });
    expect((await row())?.referencias[0]).toEqual(added);
    await mutate(db, 'referencia.editar', { solicitudId: SOL, referenciaId: REF, tipo_referencia: ' familiar ', detalle_referencia: { relacion: ' Tío ', A: null } });
    expect((await row())?.referencias[0]).toEqual({ id: REF, tipo_referencia: 'familiar', detalle_referencia: { nombre: 'Luis', relacion: 'Tío', A: null } });
  });

  it('puts a new observation first, with the time and author from its args', async () => {
    await mutate(db, 'observacion.agregar', { solicitudId: SOL, observacionId: OBS, observacion: ' nueva ', fecha_creacion: '2025-02-01T10:00:00.000Z', usuario_nombre: 'Eva' });
    const obs = (await row())?.observaciones;
    expect(obs?.map((o) => o.observacion)).toEqual(['nueva', 'vieja']);
    expect(obs?.[0]).toMatchObject({ id: OBS, usuario_nombre: 'Eva', fecha_creacion: '2025-02-01T10:00:00.000Z' });
  });

  it('refuses a blank observation without writing anything', async () => {
    await expect(mutate(db, 'observacion.agregar', { solicitudId: SOL, observacionId: OBS, observacion: '   ', fecha_creacion: '2025-02-01T10:00:00.000Z' })).rejects.toMatchObject({ code: 'VALIDATION' });
    expect(await db.outbox.count()).toBe(0);
  });

  it('removes a document and deletes the application', async () => {
    await mutate(db, 'documento.eliminar', { solicitudId: SOL, documentoId: DOC });
    expect((await row())?.documentos).toEqual([]);
    await mutate(db, 'solicitud.eliminar', { solicitudId: SOL });
    expect(await row()).toBeUndefined();
    expect((await db.outbox.toArray()).map((e) => e.name)).toEqual(['documento.eliminar', 'solicitud.eliminar']);
  });
});
