import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { mutate } from '../db/mutate';
import { A, setup } from '../test-utils/engine-setup';
import { makeRecord } from '../test-utils/model-server';
import { discardProblem, listProblems, resolveConflict, retryProblem } from './problems';

async function conflicted() {
  const ctx = setup();
  ctx.server.serverPut(makeRecord(A));
  await ctx.engine.sync();
  await mutate(ctx.db, 'solicitud.editar', {
    solicitudId: A,
    changes: { 'solicitante.nombres': 'Lucía', 'solicitud.banco_nombre': 'BBVA' },
    base: { 'solicitante.nombres': 'Ana María', 'solicitud.banco_nombre': 'Bancolombia' },
  });
  ctx.server.serverEdit(A, (r) => {
    r.solicitud.banco_nombre = 'Nu Bank';
  });
  await ctx.engine.sync();
  return ctx;
}

describe('conflicts and problems', () => {
  it('records the per-field conflict and shows the server value meanwhile', async () => {
    const { db, engine } = await conflicted();
    const [problem] = await listProblems(db);
    expect(problem).toMatchObject({ id: 1, code: 'CONFLICT' });
    expect(problem.conflict?.fields).toEqual({
      'solicitud.banco_nombre': { base: 'Bancolombia', server: 'Nu Bank', mine: 'BBVA' },
    });
    const row = await db.solicitudes.get(A);
    expect(row?.solicitud.banco_nombre).toBe('Nu Bank');
    expect(row?.solicitante.nombres).toBe('Ana María');
    expect(engine.getStatus().problems).toBe(1);
  });

  it("keeps 'mine' fields with the server's value as base so the retry applies", async () => {
    const { db, server, engine } = await conflicted();
    const newId = await resolveConflict(db, 1, { 'solicitud.banco_nombre': 'mine' });
    expect(newId).toBe(2);
    expect((await db.outbox.get(2))?.args).toEqual({
      solicitudId: A,
      changes: { 'solicitante.nombres': 'Lucía', 'solicitud.banco_nombre': 'BBVA' },
      base: { 'solicitante.nombres': 'Ana María', 'solicitud.banco_nombre': 'Nu Bank' },
    });
    expect((await db.solicitudes.get(A))?.solicitud.banco_nombre).toBe('BBVA');
    await engine.sync();
    expect(server.solicitudes.get(A)?.solicitud.banco_nombre).toBe('BBVA');
    expect(server.solicitudes.get(A)?.solicitante.nombres).toBe('Lucía');
    expect(await listProblems(db)).toEqual([]);
    expect((await db.problems.get(1))?.resolution).toBe('resolved');
  });

  it("drops 'theirs' fields and still sends the non-conflicting ones", async () => {
    const { db, server, engine } = await conflicted();
    await resolveConflict(db, 1, { 'solicitud.banco_nombre': 'theirs' });
    expect((await db.outbox.get(2))?.args).toEqual({
      solicitudId: A,
      changes: { 'solicitante.nombres': 'Lucía' },
      base: { 'solicitante.nombres': 'Ana María' },
    });
    await engine.sync();
    expect(server.solicitudes.get(A)?.solicitud.banco_nombre).toBe('Nu Bank');
    expect(server.solicitudes.get(A)?.solicitante.nombres).toBe('Lucía');
  });

  it('re-queues a merged value (part mine, part the server) with the server value as base', async () => {
    const { db, server, engine } = await conflicted();
    await resolveConflict(db, 1, { 'solicitud.banco_nombre': { value: 'Banco de Bogotá' } });
    expect((await db.outbox.get(2))?.args).toEqual({
      solicitudId: A,
      changes: { 'solicitante.nombres': 'Lucía', 'solicitud.banco_nombre': 'Banco de Bogotá' },
      base: { 'solicitante.nombres': 'Ana María', 'solicitud.banco_nombre': 'Nu Bank' },
    });
    await engine.sync();
    expect(server.solicitudes.get(A)?.solicitud.banco_nombre).toBe('Banco de Bogotá');
  });

  it('asks for a choice on every conflicting field', async () => {
    const { db } = await conflicted();
    await expect(resolveConflict(db, 1, {})).rejects.toMatchObject({ code: 'VALIDATION' });
    expect(await db.outbox.count()).toBe(0);
    expect(await listProblems(db)).toHaveLength(1);
  });

  it('resolves a status conflict with the server status as the new base', async () => {
    const { db, server, engine } = setup();
    server.serverPut(makeRecord(A));
    await engine.sync();
    await mutate(db, 'solicitud.cambiarEstado', {
      solicitudId: A,
      estado: 'Aprobado',
      base: { estado: 'Pendiente' },
    });
    server.serverEdit(A, (r) => {
      r.solicitud.estado = 'Negado';
    });
    await engine.sync();
    expect((await db.solicitudes.get(A))?.estado).toBe('Negado');
    await resolveConflict(db, 1, { estado: 'mine' });
    expect((await db.outbox.get(2))?.args).toMatchObject({
      estado: 'Aprobado',
      base: { estado: 'Negado' },
    });
    await engine.sync();
    expect(server.solicitudes.get(A)?.solicitud.estado).toBe('Aprobado');
  });

  it('retries a problem as a new mutation id and discards another', async () => {
    const { db, server, engine } = setup();
    server.serverPut(makeRecord(A));
    await engine.sync();
    await mutate(db, 'solicitud.editar', {
      solicitudId: A,
      changes: { 'solicitante.correo': 'x@bloqueado.co' },
      base: {},
    });
    await mutate(db, 'solicitud.editar', {
      solicitudId: A,
      changes: { 'solicitante.correo': 'y@bloqueado.co' },
      base: {},
    });
    await engine.sync();
    expect((await listProblems(db)).map((p) => p.id)).toEqual([1, 2]);
    expect(await retryProblem(db, 1)).toBe(3);
    expect((await db.outbox.get(3))?.args).toEqual((await db.problems.get(1))?.args);
    await discardProblem(db, 2);
    expect((await listProblems(db)).map((p) => p.id)).toEqual([]);
    await expect(discardProblem(db, 2)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await engine.sync();
    expect((await listProblems(db)).map((p) => p.id)).toEqual([3]);
  });
});
