/**
 * 'sync.omitir': the no-op a device sends in place of a change the server kept failing on
 * (src/sync/push.ts), so its mutation ids stay contiguous. It changes nothing but the device's
 * counter; the id of a change the server did apply answers that change's stored result.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { bearer, createTestContext, loginAs, type TestContext } from './helpers';
import { auditoria, solicitudes } from '../../server/src/db/schema';
import type { PushResponse } from '../../src/domain/sync-protocol';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function push(clientId: string, mutations: unknown[]): Promise<PushResponse> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/sync/push',
    headers: bearer(await loginAs(ctx.app, 'admin')),
    payload: { clientId, mutations },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as PushResponse;
}

const at = () => new Date().toISOString();
const omitir = (id: number, args: unknown = {}) => ({ id, name: 'sync.omitir', args, at: at() });

describe('sync.omitir', () => {
  it('takes its id, changes nothing, and lets the next change apply', async () => {
    const [sol] = await ctx.database.db.select().from(solicitudes).where(eq(solicitudes.estado, 'Pendiente')).limit(1);
    const audits = async () => (await ctx.database.db.select({ n: count() }).from(auditoria))[0].n;
    const before = await audits();
    const clientId = randomUUID();
    const answer = await push(clientId, [
      omitir(1),
      { id: 2, name: 'solicitud.cambiarEstado', args: { solicitudId: sol.id, estado: 'En estudio', base: { estado: 'Pendiente' } }, at: at() },
    ]);
    expect(answer).toEqual({ lastMutationId: 2, results: [{ id: 1, status: 'applied' }, { id: 2, status: 'applied' }] });
    expect(await audits()).toBe(before + 1);
    const [after] = await ctx.database.db.select().from(solicitudes).where(eq(solicitudes.id, sol.id));
    expect(after.estado).toBe('En estudio');
  });

  it("answers the stored result when the id was the change's own, applied before its answer was lost", async () => {
    const [sol] = await ctx.database.db.select().from(solicitudes).where(eq(solicitudes.estado, 'Pendiente')).limit(1);
    const clientId = randomUUID();
    await push(clientId, [
      { id: 1, name: 'solicitud.cambiarEstado', args: { solicitudId: sol.id, estado: 'En estudio', base: { estado: 'Pendiente' } }, at: at() },
    ]);
    expect(await push(clientId, [omitir(1)])).toEqual({ lastMutationId: 1, results: [{ id: 1, status: 'skipped' }] });
  });

  it('rejects anything in its args, in-band', async () => {
    const answer = await push(randomUUID(), [omitir(1, { solicitudId: randomUUID() }), omitir(2)]);
    expect(answer.results[0]).toMatchObject({ id: 1, status: 'rejected', code: 'VALIDATION' });
    expect(answer.results[1]).toEqual({ id: 2, status: 'applied' });
  });
});
