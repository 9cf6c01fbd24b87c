import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { ensureClientId, type RadicaDB } from '../db/database';
import type { SolicitudRecord } from '../domain/solicitud';
import { recordDraftRow } from '../features/registro/record-draft';
import type { EditValues } from '../features/registro/record-values';
import { pullAll } from '../sync/pull';
import { A, B, setup } from '../test-utils/engine-setup';
import { makeRecord } from '../test-utils/model-server';
import { loadSubjects } from './subjects';
import {
  describeOrphanDrafts,
  discardOrphanDraft,
  ORPHAN_DRAFT_REASON,
  orphanDraftText,
  orphanRecordDrafts,
} from './orphan-drafts';

const GROUPS = { solicitante: {}, ubicacion: {}, actividad_economica: {}, informacion_financiera: {}, solicitud: {}, credito: {} };

/** The draft 'Editar Registro' keeps of `record` after the advisor typed a barrio, an amount and a birth date. */
async function typeDraft(db: RadicaDB, record: SolicitudRecord, barrio: string) {
  const defaults: EditValues = {
    ...GROUPS,
    ubicacion: { barrio: 'San Fernando' },
    solicitante: { fecha_nacimiento: '' },
    credito: { monto_solicitado: 150_000_000 },
    referencias: [],
    preferencias: { email: true, sms: false },
  };
  const values: EditValues = {
    ...defaults,
    ubicacion: { barrio },
    solicitante: { fecha_nacimiento: '1990-03-14' },
    credito: { monto_solicitado: 180_000_000 },
  };
  const row = recordDraftRow({ solicitudId: record.id, record, defaults, values }, new Date('2026-11-27T14:05:00.000Z'))!;
  await db.drafts.put(row);
  return row;
}

/** An advisor's device that pulled A and B, with a draft of each in 'Editar Registro'. */
async function device() {
  const env = setup();
  const { db, server } = env;
  const a = { ...makeRecord(A, { nombres: 'Marta' }), solicitud: { ...makeRecord(A).solicitud, radicado: 'RAD-7K2M9QXD' } };
  server.serverPut(a);
  server.serverPut(makeRecord(B, { nombres: 'Luis' }));
  const clientId = await ensureClientId(db);
  await pullAll(db, server, clientId, 2);
  expect((await db.solicitudes.toCollection().primaryKeys()).sort()).toEqual([A, B].sort());
  await typeDraft(db, a, 'Chapinero Alto');
  await typeDraft(db, makeRecord(B, { nombres: 'Luis' }), 'Usaquén');
  return { ...env, clientId };
}

describe("an 'Editar Registro' draft whose application left the device", () => {
  it('stays on the device after the pull took the deleted application off, and is then listed by itself, named as the device knew it', async () => {
    const { db, server, clientId } = await device();
    expect(await orphanRecordDrafts(db)).toEqual([]);

    server.serverDelete(A);
    await pullAll(db, server, clientId, 2);
    // What happens today: the tombstone removes the application, its draft stays.
    expect(await db.solicitudes.get(A)).toBeUndefined();
    expect(await db.drafts.get(`registro:${A}`)).toBeDefined();

    const rows = await orphanRecordDrafts(db);
    expect(rows.map((r) => r.id)).toEqual([`registro:${A}`]);
    const [orphan] = describeOrphanDrafts(rows, await loadSubjects(db, []));
    expect(orphan).toEqual({
      id: `registro:${A}`,
      updatedAt: '2026-11-27T14:05:00.000Z',
      item: {
        tipo: 'Borrador de edición de solicitud',
        asunto: 'Marta Gómez · RAD-7K2M9QXD',
        guardado: '27/11/2026 09:05',
        campos: {
          'Fecha de nacimiento': '14/03/1990',
          Barrio: 'Chapinero Alto (antes: San Fernando)',
          'Monto solicitado': '$ 180.000.000 (antes: $ 150.000.000)',
        },
        archivos: [],
      },
    });
    expect(orphanDraftText(orphan!)).toBe(
      [
        'Borrador de edición de solicitud · Marta Gómez · RAD-7K2M9QXD',
        'Guardado en este dispositivo: 27/11/2026 09:05',
        ORPHAN_DRAFT_REASON,
        'Fecha de nacimiento: 14/03/1990',
        'Barrio: Chapinero Alto (antes: San Fernando)',
        'Monto solicitado: $ 180.000.000 (antes: $ 150.000.000)',
      ].join('\n'),
    );

    await discardOrphanDraft(db, orphan!.id);
    expect(await orphanRecordDrafts(db)).toEqual([]);
    // The draft of the application still on the device is untouched.
    expect(await db.drafts.get(`registro:${B}`)).toBeDefined();
  });

  it('is listed when the application moved out of what the user may see (another bank), once the re-pull is done', async () => {
    const { db, server, clientId } = await device();
    server.scope = 'banco:bancolombia';
    await pullAll(db, server, clientId, 2);
    server.serverPut({ ...makeRecord(B, { nombres: 'Luis', banco: 'Davivienda' }) });
    server.sees = (r) => r.solicitud.banco_nombre === 'Bancolombia';
    await pullAll(db, server, clientId, 2);
    expect(await db.solicitudes.get(B)).toBeUndefined();
    expect((await orphanRecordDrafts(db)).map((r) => r.id)).toEqual([`registro:${B}`]);
  });

  it('is not called orphaned while the applications are still arriving (a first sync or the re-pull after a scope change)', async () => {
    const { db } = await device();
    await db.solicitudes.clear();
    // The pull starts again from 0 (scope change): the newest-first pass is not done yet.
    await db.meta.put({ key: 'cursor', value: 0 });
    await db.meta.delete('recent');
    expect(await orphanRecordDrafts(db)).toEqual([]);
    await db.meta.put({ key: 'recent', value: { floor: 5, before: { id: A, created_at: '2025-01-01T00:00:00.000Z' } } });
    expect(await orphanRecordDrafts(db)).toEqual([]);
    await db.meta.put({ key: 'recent', value: { floor: 5, before: null } });
    expect(await orphanRecordDrafts(db)).toHaveLength(2);
  });
});
