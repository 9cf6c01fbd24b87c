import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { uuidv7 } from '../domain/ids';
import type { Revision } from '../domain/revision';
import { applyPullPage } from '../sync/pull';
import { record } from '../test-utils/records';
import { mapRecord, RadicaDB } from './database';
import { mutate } from './mutate';

let db: RadicaDB;
beforeEach(() => {
  db = new RadicaDB(`test-${crypto.randomUUID()}`);
});
afterEach(async () => {
  await db.delete();
});

const CAMPO = 'solicitud.ciudad_solicitud';
const solId = uuidv7();

async function seed(estados?: string[]) {
  const r = record(solId);
  await db.solicitudes.put(mapRecord({ ...r, solicitud: { ...r.solicitud, ciudad_solicitud: 'Neiva', estado: 'En estudio' } }));
  if (estados) await db.estados.put({ id: 'estados', estados });
}

const devolver = (revisionId: string, campo = CAMPO) =>
  mutate(db, 'revision.devolver', { revisionId, solicitudId: solId, mensaje: 'Revise', campos: [{ campo, comentario: 'No coincide' }] });

const serverRow = (id: string, extra: Partial<Revision> = {}): Revision => ({
  id,
  solicitud_id: solId,
  estado: 'abierta',
  mensaje: 'Revise',
  campos: [{ campo: CAMPO, comentario: 'No coincide', respuesta: null, antes: 'Neiva', despues: null }],
  ronda: 1,
  devuelta_por: 7,
  devuelta_por_nombre: 'Sergio Patiño',
  devuelta_en: '2026-11-23T20:00:00.000Z',
  respondida_por: null,
  respondida_por_nombre: null,
  respondida_en: null,
  cerrada_por: null,
  cerrada_por_nombre: null,
  cerrada_en: null,
  ...extra,
});

describe('review mutators', () => {
  it("devolver shows the review at once (abierta, each field's value as on the device) and moves the application to 'Pendiente información adicional'", async () => {
    await seed();
    const at = Date.UTC(2026, 10, 23, 21, 0, 0);
    const id = uuidv7(at);
    await devolver(id);
    expect(await db.revisiones.get(id)).toMatchObject({
      solicitud_id: solId,
      estado: 'abierta',
      ronda: 1,
      devuelta_en: new Date(at).toISOString(),
      campos: [{ campo: CAMPO, comentario: 'No coincide', respuesta: null, antes: 'Neiva', despues: null }],
    });
    const row = await db.solicitudes.get(solId);
    expect(row?.solicitud.estado).toBe('Pendiente información adicional');
    expect(row?.pending).toBe(1);
    expect((await db.outbox.toArray()).map((o) => o.name)).toEqual(['revision.devolver']);
  });

  it("uses the company's equivalent status, and leaves the status alone when the company has none", async () => {
    await seed(['Pendiente', 'Requiere corrección', 'Aprobado']);
    await devolver(uuidv7());
    expect((await db.solicitudes.get(solId))?.solicitud.estado).toBe('Requiere corrección');
    await db.estados.put({ id: 'estados', estados: ['Pendiente', 'En estudio', 'Aprobado'] });
    const r = record(solId);
    await db.solicitudes.put(mapRecord({ ...r, solicitud: { ...r.solicitud, estado: 'En estudio' } }));
    await devolver(uuidv7());
    expect((await db.solicitudes.get(solId))?.solicitud.estado).toBe('En estudio');
  });

  it('responder after an edit keeps the value after it and the answer; devolver again reopens it (ronda 2); cerrar closes it', async () => {
    await seed();
    const id = uuidv7();
    await devolver(id);
    await mutate(db, 'solicitud.editar', { solicitudId: solId, changes: { [CAMPO]: 'Tunja' }, base: { [CAMPO]: 'Neiva' } });
    await mutate(db, 'revision.responder', { revisionId: id, solicitudId: solId, respuestas: [{ campo: CAMPO, respuesta: ' Corregida ' }] });
    expect(await db.revisiones.get(id)).toMatchObject({
      estado: 'respondida',
      campos: [{ campo: CAMPO, respuesta: 'Corregida', antes: 'Neiva', despues: 'Tunja' }],
    });
    // A replayed return of an open review changes nothing; of an answered one it reopens it.
    await devolver(id, 'solicitante.nombres');
    expect(await db.revisiones.get(id)).toMatchObject({ estado: 'abierta', ronda: 2, campos: [{ campo: 'solicitante.nombres', antes: 'José' }] });
    await devolver(id, 'documentos');
    expect(await db.revisiones.get(id)).toMatchObject({ ronda: 2, campos: [{ campo: 'solicitante.nombres' }] });
    await mutate(db, 'revision.cerrar', { revisionId: id, solicitudId: solId });
    expect((await db.revisiones.get(id))?.estado).toBe('cerrada');
  });

  it('an answer to a review closed meanwhile changes nothing locally; the edit stays; both stay queued for the server to judge', async () => {
    await seed();
    const id = uuidv7();
    await db.revisiones.put(serverRow(id, { estado: 'cerrada' }));
    await mutate(db, 'solicitud.editar', { solicitudId: solId, changes: { [CAMPO]: 'Tunja' }, base: { [CAMPO]: 'Neiva' } });
    await mutate(db, 'revision.responder', { revisionId: id, solicitudId: solId, respuestas: [{ campo: CAMPO, respuesta: 'x' }] });
    expect((await db.revisiones.get(id))?.estado).toBe('cerrada');
    expect((await db.solicitudes.get(solId))?.solicitud.ciudad_solicitud).toBe('Tunja');
    expect((await db.outbox.toArray()).map((o) => o.name)).toEqual(['solicitud.editar', 'revision.responder']);
  });

  it('a pending answer survives a pull of the older server row and gives way to the server row once applied', async () => {
    await seed();
    const id = uuidv7();
    await db.revisiones.put(serverRow(id));
    await mutate(db, 'revision.responder', { revisionId: id, solicitudId: solId, respuestas: [{ campo: CAMPO, respuesta: 'Bien así' }] });
    const put = (row: Revision, lastMutationId: number) =>
      applyPullPage(db, { cursor: lastMutationId + 10, more: false, lastMutationId, changes: [{ entity: 'revision', id, op: 'put', row }] });
    await put(serverRow(id, { mensaje: 'Del servidor' }), 0);
    expect(await db.revisiones.get(id)).toMatchObject({ estado: 'respondida', mensaje: 'Del servidor', campos: [{ respuesta: 'Bien así' }] });
    await put(serverRow(id, { estado: 'respondida', respondida_por_nombre: 'Ana Asesora', respondida_en: '2026-11-23T21:00:00.000Z' }), 1);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.revisiones.get(id)).toMatchObject({ estado: 'respondida', respondida_por_nombre: 'Ana Asesora' });
    // A tombstone removes it.
    await applyPullPage(db, { cursor: 20, more: false, lastMutationId: 1, changes: [{ entity: 'revision', id, op: 'del' }] });
    expect(await db.revisiones.get(id)).toBeUndefined();
  });
});
