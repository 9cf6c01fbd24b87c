import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { mutate } from '../db/mutate';
import { A, setup } from '../test-utils/engine-setup';
import { makeRecord } from '../test-utils/model-server';
import { listProblems, retryProblem } from './problems';
import { GIVE_UP_AFTER, SERVER_FAULT_MESSAGE } from './push';

const estado = (value: string, base: string | null) =>
  ({ solicitudId: A, estado: value, base: { estado: base } }) as const;
const correo = (value: string, base: string | null) =>
  ({ solicitudId: A, changes: { 'solicitante.correo': value }, base: { 'solicitante.correo': base } }) as const;

/** Runs cycles (each after its backoff) until the outbox is empty or `max` cycles ran. */
async function drain(ctx: ReturnType<typeof setup>, max = 40): Promise<number> {
  let cycles = 0;
  while ((await ctx.db.outbox.count()) > 0 && cycles < max) {
    ctx.advance(60_000);
    await ctx.engine.sync({ force: true });
    cycles += 1;
  }
  return cycles;
}

describe('SyncEngine: a change the server keeps failing on (5xx)', () => {
  it('finds the faulty change in its batch, gives it up to the problems and delivers the others', async () => {
    const ctx = setup();
    const { db, server, engine } = ctx;
    server.serverPut(makeRecord(A));
    await engine.sync();
    const correoInicial = server.solicitudes.get(A)!.solicitante.correo;
    server.crashesOn = (m) => JSON.stringify(m.args).includes('explota');
    await mutate(db, 'solicitud.cambiarEstado', estado('Aprobado', 'Pendiente'));
    await mutate(db, 'solicitud.editar', correo('ana@explota.co', correoInicial));
    await mutate(db, 'solicitud.cambiarEstado', estado('Desembolsado', 'Aprobado'));

    await drain(ctx);

    expect(await db.outbox.count()).toBe(0);
    const record = server.solicitudes.get(A)!;
    expect(record.solicitud.estado).toBe('Desembolsado');
    expect(record.solicitante.correo).toBe(correoInicial);
    // The faulty change waits in 'Cambios pendientes' with what happened, its local effect undone.
    const problems = await listProblems(db);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ name: 'solicitud.editar', code: 'INTERNAL', error: SERVER_FAULT_MESSAGE });
    expect(problems[0].args).toMatchObject({ changes: { 'solicitante.correo': 'ana@explota.co' } });
    expect((await db.solicitudes.get(A))?.solicitante.correo).toBe(correoInicial);
    // Its id went to the server as the no-op, after GIVE_UP_AFTER pushes of it alone.
    const omitted = server.pushes.flatMap((p) => p.mutations).filter((m) => m.name === 'sync.omitir');
    expect(omitted.map((m) => m.id)).toEqual([problems[0].id]);
    const alone = server.pushes.filter((p) => p.mutations.length === 1 && p.mutations[0].id === problems[0].id);
    expect(alone.length).toBe(GIVE_UP_AFTER - 1);
    expect(engine.getStatus()).toMatchObject({ state: 'idle', pending: 0, problems: 1 });

    // Once the server is fixed, 'Reintentar' sends the same change again and it applies.
    server.crashesOn = null;
    await retryProblem(db, problems[0].id);
    await drain(ctx);
    expect(server.solicitudes.get(A)!.solicitante.correo).toBe('ana@explota.co');
    expect(await listProblems(db)).toHaveLength(0);
  });

  it('never gives a change up while the server is only away (503)', async () => {
    const ctx = setup();
    const { db, server, engine } = ctx;
    server.serverPut(makeRecord(A));
    await engine.sync();
    for (let i = 0; i < GIVE_UP_AFTER * 3; i += 1) server.fail('push', 503, 'before', 'Servicio no disponible', 'UNAVAILABLE');
    await mutate(db, 'solicitud.cambiarEstado', estado('Aprobado', 'Pendiente'));
    await drain(ctx, GIVE_UP_AFTER * 3);
    expect(await listProblems(db)).toHaveLength(0);
    expect(await db.outbox.count()).toBe(1);
    await drain(ctx);
    expect(server.solicitudes.get(A)!.solicitud.estado).toBe('Aprobado');
    expect(await listProblems(db)).toHaveLength(0);
  });

  it('counts the change as applied when the server had applied it and only its answers failed', async () => {
    const ctx = setup();
    const { db, server, engine } = ctx;
    server.serverPut(makeRecord(A));
    await engine.sync();
    for (let i = 0; i < GIVE_UP_AFTER; i += 1) server.fail('push', 500, 'after', 'Error interno del servidor.', 'INTERNAL');
    await mutate(db, 'solicitud.cambiarEstado', estado('Aprobado', 'Pendiente'));
    await drain(ctx);
    expect(await db.outbox.count()).toBe(0);
    expect(await listProblems(db)).toHaveLength(0);
    expect(server.appliedCount).toBe(1);
    expect((await db.solicitudes.get(A))?.solicitud.estado).toBe('Aprobado');
  });
});
