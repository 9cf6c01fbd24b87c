/**
 * Two devices editing or deleting the same reference never overwrite each other silently:
 * `referencia.editar` and `referencia.eliminar` carry `base` (what the device last saw), and the
 * server answers CONFLICT, writing nothing, when a changed field moved on the server since, when
 * the reference being deleted was edited since, or when the reference being edited was deleted;
 * each conflict names who made the server's change (the audit trail). Changes without base (queued
 * by older versions) apply as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { bearer, createTestContext, loginAs, type DemoUser, type TestContext } from './helpers';
import { referencias, solicitudes, usuarios } from '../../server/src/db/schema';
import type { ConflictDetail } from '../../src/domain/errors';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const nextMutation = new Map<string, number>();
async function push(who: DemoUser, clientId: string, name: string, args: unknown) {
  const id = (nextMutation.get(clientId) ?? 0) + 1;
  nextMutation.set(clientId, id);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/sync/push',
    headers: bearer(await loginAs(ctx.app, who)),
    payload: { clientId, mutations: [{ id, name, args, at: new Date().toISOString() }] },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.results[0] as { status: string; code?: string; error?: string; conflict?: ConflictDetail };
}

let taken = 0;
/** A demo application of its own, with one reference added by the admin: 'Lucía Prada', celular 3001112233. */
async function withReference() {
  const rows = await ctx.database.db
    .select()
    .from(solicitudes)
    .where(and(eq(solicitudes.empresaId, ctx.seeded.demo.id), isNull(solicitudes.deletedAt)))
    .orderBy(solicitudes.id);
  const s = rows[taken++];
  await ctx.database.db.delete(referencias).where(eq(referencias.solicitanteId, s.solicitanteId));
  const referenciaId = randomUUID();
  const added = await push('admin', randomUUID(), 'referencia.agregar', {
    solicitudId: s.id,
    referenciaId,
    tipo_referencia: 'familiar',
    detalle_referencia: { nombre: 'Lucía Prada', celular: '3001112233', relacion: 'Madre' },
  });
  expect(added.status).toBe('applied');
  return { solicitudId: s.id, referenciaId };
}

async function stored(referenciaId: string) {
  const [row] = await ctx.database.db.select().from(referencias).where(eq(referencias.id, referenciaId));
  return row;
}

async function nombreDe(who: 'admin' | 'supervisor') {
  const [u] = await ctx.database.db.select().from(usuarios).where(eq(usuarios.id, ctx.seeded.users[who]));
  return u;
}

describe('referencia.editar with base', () => {
  it('is a CONFLICT, writing nothing, when the field changed on the server since the device saw it', async () => {
    const { solicitudId, referenciaId } = await withReference();
    // Device B (the supervisor) changes the celular first.
    const b = await push('supervisor', randomUUID(), 'referencia.editar', {
      solicitudId,
      referenciaId,
      detalle_referencia: { celular: '3102223344' },
      base: { detalle_referencia: { celular: '3001112233' } },
    });
    expect(b.status).toBe('applied');
    // Device A (the admin) still saw 3001112233 and writes another number.
    const a = await push('admin', randomUUID(), 'referencia.editar', {
      solicitudId,
      referenciaId,
      detalle_referencia: { celular: '3155556677', relacion: 'Tía' },
      base: { detalle_referencia: { celular: '3001112233', relacion: 'Madre' } },
    });
    expect(a).toMatchObject({ status: 'rejected', code: 'CONFLICT', error: 'Otra persona cambió estos datos de la referencia mientras tanto.' });
    const sup = await nombreDe('supervisor');
    expect(a.conflict!.fields).toEqual({
      'referencia.detalle_referencia.celular': {
        base: '3001112233',
        server: '3102223344',
        mine: '3155556677',
        changedBy: sup.nombre,
        changedById: sup.id,
        changedAt: expect.any(String),
      },
    });
    expect(a.conflict!.referencia).toEqual({ nombre: 'Lucía Prada' });
    // Nothing of A's edit was written, not even the field without a conflict.
    expect((await stored(referenciaId)).detalleReferencia).toMatchObject({ celular: '3102223344', relacion: 'Madre' });

    // Kept with a fresh base (the server's value), it applies.
    const again = await push('admin', randomUUID(), 'referencia.editar', {
      solicitudId,
      referenciaId,
      detalle_referencia: { celular: '3155556677', relacion: 'Tía' },
      base: { detalle_referencia: { celular: '3102223344', relacion: 'Madre' } },
    });
    expect(again.status).toBe('applied');
    expect((await stored(referenciaId)).detalleReferencia).toMatchObject({ celular: '3155556677', relacion: 'Tía' });
  });

  it('merges edits of different fields, and the same new value on both devices is no conflict', async () => {
    const { solicitudId, referenciaId } = await withReference();
    const edit = (who: DemoUser, detalle: Record<string, string>, base: Record<string, string>) =>
      push(who, randomUUID(), 'referencia.editar', { solicitudId, referenciaId, detalle_referencia: detalle, base: { detalle_referencia: base } });
    expect((await edit('supervisor', { celular: '3102223344' }, { celular: '3001112233' })).status).toBe('applied');
    expect((await edit('admin', { relacion: 'Tía' }, { relacion: 'Madre' })).status).toBe('applied');
    expect((await edit('admin', { celular: '310 222 3344' }, { celular: '3001112233' })).status).toBe('applied');
    expect((await stored(referenciaId)).detalleReferencia).toMatchObject({ celular: '3102223344', relacion: 'Tía', nombre: 'Lucía Prada' });
  });

  it('compares the type too when the device changes it', async () => {
    const { solicitudId, referenciaId } = await withReference();
    expect((await push('supervisor', randomUUID(), 'referencia.editar', { solicitudId, referenciaId, tipo_referencia: 'personal', base: { tipo_referencia: 'familiar' } })).status).toBe('applied');
    const r = await push('admin', randomUUID(), 'referencia.editar', { solicitudId, referenciaId, tipo_referencia: 'comercial', base: { tipo_referencia: 'familiar' } });
    expect(r).toMatchObject({ status: 'rejected', code: 'CONFLICT' });
    expect(r.conflict!.fields['referencia.tipo_referencia']).toMatchObject({ base: 'familiar', server: 'personal', mine: 'comercial' });
    expect((await stored(referenciaId)).tipoReferencia).toBe('personal');
  });

  it('is a CONFLICT carrying what the reference held when another device deleted it meanwhile', async () => {
    const { solicitudId, referenciaId } = await withReference();
    expect((await push('supervisor', randomUUID(), 'referencia.eliminar', { solicitudId, referenciaId })).status).toBe('applied');
    const r = await push('admin', randomUUID(), 'referencia.editar', {
      solicitudId,
      referenciaId,
      detalle_referencia: { celular: '3155556677' },
      base: { detalle_referencia: { celular: '3001112233' } },
    });
    expect(r).toMatchObject({
      status: 'rejected',
      code: 'CONFLICT',
      error: 'Otra persona eliminó esta referencia mientras tanto. Puedes volver a crearla con tus cambios o descartarlos.',
    });
    const sup = await nombreDe('supervisor');
    expect(r.conflict!.fields['referencia.detalle_referencia.celular']).toMatchObject({ base: '3001112233', server: null, mine: '3155556677', changedById: sup.id });
    expect(r.conflict!.referencia).toEqual({
      nombre: 'Lucía Prada',
      eliminada: { tipo_referencia: 'familiar', detalle_referencia: { nombre: 'Lucía Prada', celular: '3001112233', relacion: 'Madre' } },
    });
    expect(await stored(referenciaId)).toBeUndefined();

    // 'Volver a crearla con mis cambios' (src/sync/problems.ts): its creation again, same id, what it held with the kept value on top.
    const again = await push('admin', randomUUID(), 'referencia.agregar', {
      solicitudId,
      referenciaId,
      tipo_referencia: r.conflict!.referencia!.eliminada!.tipo_referencia,
      detalle_referencia: { ...r.conflict!.referencia!.eliminada!.detalle_referencia, celular: '3155556677' },
    });
    expect(again.status).toBe('applied');
    expect(await stored(referenciaId)).toMatchObject({ tipoReferencia: 'familiar', detalleReferencia: { nombre: 'Lucía Prada', celular: '3155556677', relacion: 'Madre' } });
  });

  it('without base (queued by an older version) applies as before, and an unknown id stays NOT_FOUND', async () => {
    const { solicitudId, referenciaId } = await withReference();
    expect((await push('supervisor', randomUUID(), 'referencia.editar', { solicitudId, referenciaId, detalle_referencia: { celular: '3102223344' } })).status).toBe('applied');
    expect((await push('admin', randomUUID(), 'referencia.editar', { solicitudId, referenciaId, detalle_referencia: { celular: '3155556677' } })).status).toBe('applied');
    expect((await stored(referenciaId)).detalleReferencia).toMatchObject({ celular: '3155556677' });
    const ghost = randomUUID();
    const r = await push('admin', randomUUID(), 'referencia.editar', { solicitudId, referenciaId: ghost, detalle_referencia: { celular: '3155556677' }, base: { detalle_referencia: { celular: null } } });
    expect(r).toMatchObject({ status: 'rejected', code: 'NOT_FOUND' });
  });
});

describe('referencia.eliminar with base', () => {
  const seen = { tipo_referencia: 'familiar', detalle_referencia: { nombre: 'Lucía Prada', celular: '3001112233', relacion: 'Madre' } };

  it('is a CONFLICT, deleting nothing, when the reference was edited since the device saw it', async () => {
    const { solicitudId, referenciaId } = await withReference();
    expect((await push('supervisor', randomUUID(), 'referencia.editar', { solicitudId, referenciaId, detalle_referencia: { celular: '3102223344' }, base: { detalle_referencia: { celular: '3001112233' } } })).status).toBe('applied');
    const r = await push('admin', randomUUID(), 'referencia.eliminar', { solicitudId, referenciaId, base: seen });
    expect(r).toMatchObject({ status: 'rejected', code: 'CONFLICT', error: 'Otra persona cambió esta referencia después de que la viste, así que no se eliminó.' });
    const sup = await nombreDe('supervisor');
    expect(r.conflict!.fields).toEqual({
      'referencia.detalle_referencia.celular': { base: '3001112233', server: '3102223344', mine: null, changedBy: sup.nombre, changedById: sup.id, changedAt: expect.any(String) },
    });
    expect(await stored(referenciaId)).toBeDefined();

    // Deleted anyway, with a fresh base: it goes.
    const again = await push('admin', randomUUID(), 'referencia.eliminar', { solicitudId, referenciaId, base: { ...seen, detalle_referencia: { ...seen.detalle_referencia, celular: '3102223344' } } });
    expect(again.status).toBe('applied');
    expect(await stored(referenciaId)).toBeUndefined();
  });

  it('deletes a reference unchanged since the device saw it, and without base as before', async () => {
    const first = await withReference();
    expect((await push('admin', randomUUID(), 'referencia.eliminar', { ...first, base: seen })).status).toBe('applied');
    expect(await stored(first.referenciaId)).toBeUndefined();
    const second = await withReference();
    expect((await push('supervisor', randomUUID(), 'referencia.editar', { ...second, detalle_referencia: { relacion: 'Tía' } })).status).toBe('applied');
    expect((await push('admin', randomUUID(), 'referencia.eliminar', second)).status).toBe('applied');
    expect(await stored(second.referenciaId)).toBeUndefined();
  });

  it('deleting a reference another device already deleted is done, not refused; without base, or for an id never seen, NOT_FOUND as before', async () => {
    const { solicitudId, referenciaId } = await withReference();
    expect((await push('supervisor', randomUUID(), 'referencia.eliminar', { solicitudId, referenciaId, base: seen })).status).toBe('applied');
    const late = await push('admin', randomUUID(), 'referencia.eliminar', { solicitudId, referenciaId, base: seen });
    expect(late.status).toBe('applied');
    expect(await stored(referenciaId)).toBeUndefined();
    expect(await push('admin', randomUUID(), 'referencia.eliminar', { solicitudId, referenciaId })).toMatchObject({ status: 'rejected', code: 'NOT_FOUND' });
    expect(await push('admin', randomUUID(), 'referencia.eliminar', { solicitudId, referenciaId: randomUUID(), base: seen })).toMatchObject({ status: 'rejected', code: 'NOT_FOUND' });
  });
});
