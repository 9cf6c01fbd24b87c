import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../domain/errors';
import { makeRecord } from '../test-utils/model-server';
import { getMeta, mapRecord, RadicaDB, userDbName } from './database';
import {
  mutate,
  onMutationQueued,
  QUOTA_MESSAGE,
  queueFile,
} from './mutate';
import { MUTATORS } from './mutators';
import { loadLocalIndex } from './local-index';
import { MB, policyOf } from '../domain/file-policy';
import { PDF, PNG, JPEG, xlsx, zipWithExe } from '../test-utils/office-files';

const SOL = '0190a0a0-0000-7000-8000-000000000001';
let db: RadicaDB;

beforeEach(async () => {
  db = new RadicaDB(`test-${crypto.randomUUID()}`);
  await db.solicitudes.put(mapRecord(makeRecord(SOL)));
});
afterEach(async () => {
  vi.restoreAllMocks();
  await db.delete();
});

async function expectNothingWritten() {
  expect(await db.outbox.count()).toBe(0);
  expect(await db.shadows.count()).toBe(0);
  expect(await getMeta(db, 'lastQueuedId')).toBeUndefined();
  const row = await db.solicitudes.get(SOL);
  expect(row?.estado).toBe('Pendiente');
  expect(row?.solicitud.estado).toBe('Pendiente');
  expect(row?.pending).toBeUndefined();
}

describe('mutate', () => {
  it('names the database per company and user', () => {
    expect(userDbName(1, 7)).toBe('radica-1-7');
  });

  it('applies the change optimistically, queues it and marks the row pending', async () => {
    const id = await mutate(db, 'solicitud.cambiarEstado', {
      solicitudId: SOL,
      estado: 'Aprobado',
      base: { estado: 'Pendiente' },
    });
    expect(id).toBe(1);
    const row = await db.solicitudes.get(SOL);
    expect(row?.estado).toBe('Aprobado');
    expect(row?.solicitud.estado).toBe('Aprobado');
    expect(row?.pending).toBe(1);
    const entry = await db.outbox.get(1);
    expect(entry).toMatchObject({
      id: 1,
      name: 'solicitud.cambiarEstado',
      status: 'pending',
      attempts: 0,
    });
    expect(await db.solicitudes.where('pending').equals(1).count()).toBe(1);
  });

  it('allocates consecutive mutation ids', async () => {
    const ids: number[] = [];
    for (const estado of ['En estudio', 'Aprobado', 'Desembolsado']) {
      ids.push(
        await mutate(db, 'solicitud.cambiarEstado', {
          solicitudId: SOL,
          estado,
          base: { estado: null },
        }),
      );
    }
    expect(ids).toEqual([1, 2, 3]);
    expect(await db.outbox.orderBy('id').primaryKeys()).toEqual([1, 2, 3]);
    expect(await getMeta(db, 'lastQueuedId')).toBe(3);
  });

  it('edits paths, refreshes the search tokens and tells listeners', async () => {
    const seen: number[] = [];
    const off = onMutationQueued((id) => seen.push(id));
    await mutate(db, 'solicitud.editar', {
      solicitudId: SOL,
      changes: {
        'solicitante.nombres': 'Lucía',
        'solicitante.info_extra.telefono': '601 555 1234',
      },
      base: { 'solicitante.nombres': 'Ana María' },
    });
    off();
    const row = await db.solicitudes.get(SOL);
    expect(row?.solicitante.nombres).toBe('Lucía');
    expect(row?.solicitante.info_extra.celular).toBe('300 123 4567');
    const index = await loadLocalIndex(db);
    expect([...index.startingWith('luc')]).toEqual([SOL]);
    expect([...index.startingWith('6015551234')]).toEqual([SOL]);
    expect(index.startingWith('maria').size).toBe(0);
    expect(seen).toEqual([1]);
  });

  it('refuses invalid args with a Spanish validation error and writes nothing', async () => {
    const bad = mutate(db, 'solicitud.cambiarEstado', {
      solicitudId: 'no-es-uuid',
      estado: 'Aprobado',
      base: { estado: null },
    });
    await expect(bad).rejects.toMatchObject({ code: 'VALIDATION' });
    await expect(
      mutate(db, 'solicitud.editar', {
        solicitudId: SOL,
        changes: { 'solicitud.estado': 'x' },
        base: {},
      }),
    ).rejects.toBeInstanceOf(AppError);
    await expectNothingWritten();
  });

  it('writes neither the change nor the outbox entry when the transaction fails', async () => {
    vi.spyOn(MUTATORS, 'solicitud.cambiarEstado').mockImplementationOnce(async (tx, args) => {
      const record = await tx.get('solicitudes', args.solicitudId);
      await tx.put('solicitudes', {
        ...record!,
        solicitud: { ...record!.solicitud, estado: args.estado },
      });
      throw new Error('falla a mitad de camino');
    });
    await expect(
      mutate(db, 'solicitud.cambiarEstado', {
        solicitudId: SOL,
        estado: 'Aprobado',
        base: { estado: 'Pendiente' },
      }),
    ).rejects.toThrow('falla a mitad de camino');
    await expectNothingWritten();
    expect(
      await mutate(db, 'solicitud.cambiarEstado', {
        solicitudId: SOL,
        estado: 'Aprobado',
        base: { estado: null },
      }),
    ).toBe(1);
  });

  it('maps a full disk to a Spanish message without a partial write', async () => {
    vi.spyOn(MUTATORS, 'solicitud.cambiarEstado').mockImplementationOnce(async (tx, args) => {
      const record = await tx.get('solicitudes', args.solicitudId);
      await tx.put('solicitudes', {
        ...record!,
        solicitud: { ...record!.solicitud, estado: args.estado },
      });
      throw new DOMException('Quota exceeded', 'QuotaExceededError');
    });
    const error = await mutate(db, 'solicitud.cambiarEstado', {
      solicitudId: SOL,
      estado: 'Aprobado',
      base: { estado: 'Pendiente' },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toBe(QUOTA_MESSAGE);
    await expectNothingWritten();
  });

  it('queues a mutation for a row it does not have yet, without an optimistic effect', async () => {
    const other = '0190a0a0-0000-7000-8000-0000000000ff';
    expect(
      await mutate(db, 'solicitud.cambiarEstado', {
        solicitudId: other,
        estado: 'Aprobado',
        base: { estado: null },
      }),
    ).toBe(1);
    expect(await db.solicitudes.get(other)).toBeUndefined();
    expect(await db.outbox.count()).toBe(1);
  });
});

describe('queueFile', () => {
  const base = { id: '0190a0a0-0000-7000-8000-0000000000aa', ownerSolicitudId: SOL, mutationId: 0 };

  it('stores an allowed file as pending', async () => {
    const blob = new Blob([new Uint8Array(PDF)], { type: 'application/pdf' });
    await queueFile(db, { ...base, blob, nombre: 'cedula.PDF' });
    expect(await db.files.get(base.id)).toMatchObject({
      status: 'pending',
      mime: 'application/pdf',
      size: blob.size,
    });
  });

  it('refuses a type outside pdf, doc, docx, jpg, jpeg, png', async () => {
    const blob = new Blob(['MZ'], { type: 'application/x-msdownload' });
    await expect(queueFile(db, { ...base, blob, nombre: 'virus.exe' })).rejects.toMatchObject({
      code: 'UNSUPPORTED_TYPE',
    });
    expect(await db.files.count()).toBe(0);
  });

  it('refuses a MIME type that does not match the extension', async () => {
    const blob = new Blob(['x'], { type: 'text/html' });
    await expect(queueFile(db, { ...base, blob, nombre: 'foto.png' })).rejects.toMatchObject({
      code: 'UNSUPPORTED_TYPE',
    });
    await expect(
      queueFile(db, {
        ...base,
        blob: new Blob(['x']),
        nombre: 'foto.png',
        mime: 'application/pdf',
      }),
    ).rejects.toMatchObject({ code: 'UNSUPPORTED_TYPE' });
    expect(await db.files.count()).toBe(0);
  });

  it('refuses files over the size limit (5 MB by default) before storing', async () => {
    const big = new Blob([new Uint8Array(JPEG), new Uint8Array(5 * MB)], { type: 'image/jpeg' });
    const error = await queueFile(db, { ...base, blob: big, nombre: 'foto.jpg' }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: 'TOO_LARGE' });
    expect((error as Error).message).toContain('5 MB');
    const small = new Blob([new Uint8Array(PNG), new Uint8Array(2048)], { type: 'image/png' });
    await expect(
      queueFile(db, { ...base, blob: small, nombre: 'a.png', policy: { allowed: ['png'], maxBytes: 1024, multiple: false } }),
    ).rejects.toMatchObject({ code: 'TOO_LARGE' });
    expect(await db.files.count()).toBe(0);
  });

  it('checks the content with the field policy: an xlsx the field allows is queued with its field, a disguised ZIP is not', async () => {
    const sheets = policyOf({ allowed_types: ['pdf', 'xlsx', 'docx'] });
    await expect(
      queueFile(db, { ...base, blob: new Blob([new Uint8Array(zipWithExe())]), nombre: 'factura.docx', policy: sheets }),
    ).rejects.toMatchObject({ code: 'UNSUPPORTED_TYPE' });
    await expect(queueFile(db, { ...base, blob: new Blob([new Uint8Array(xlsx())]), nombre: 'extracto.xlsx' })).rejects.toMatchObject({
      code: 'UNSUPPORTED_TYPE',
    });
    expect(await db.files.count()).toBe(0);
    await queueFile(db, { ...base, blob: new Blob([new Uint8Array(xlsx())]), nombre: 'extracto.xlsx', policy: sheets, campo: 'solicitud.extractos' });
    expect(await db.files.get(base.id)).toMatchObject({
      status: 'pending',
      campo: 'solicitud.extractos',
      mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
  });
});
