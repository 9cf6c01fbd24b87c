/**
 * Model-based test of the sync engine against the real server (PGlite): random interleavings of
 * local status changes by a manager's device, syncs whose push response is lost, worker restarts and
 * concurrent changes by a supervisor on another device. After a final sync: every mutation reached
 * the server exactly once, the server state equals the model, the device equals the server, and
 * every rejected change is in the problems panel.
 * PROPERTY_RUNS sets the runs (default 200). PROPERTY_SEED fixes fast-check's seed (default
 * 20261121, so CI runs the same interleavings every time); PROPERTY_SEED=random explores new ones,
 * and a failure prints the seed and path that reproduce it.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { and, count, eq, inArray } from 'drizzle-orm';
import { createTestContext, loginAs, bearer, type TestContext } from '../api/helpers';
import { solicitudes, syncResults } from '../../server/src/db/schema';
import { RadicaDB } from '../../src/db/database';
import { mutate } from '../../src/db/mutate';
import { SyncEngine } from '../../src/sync/engine';
import { TransportError, type SyncTransport } from '../../src/sync/transport';
import { pullQuery } from '../../src/sync/http-transport';
import type { PushBody } from '../../src/domain/sync-protocol';
import type { FastifyInstance } from 'fastify';

const ESTADOS = ['Pendiente', 'En estudio', 'Aprobado', 'Negado'];
const RUNS = Number(process.env.PROPERTY_RUNS ?? 200);
const SEED = process.env.PROPERTY_SEED ?? '20261121';
if (SEED !== 'random') fc.configureGlobal({ seed: Number(SEED) });

let ctx: TestContext;
let targets: string[] = [];
let deviceToken = '';
let supervisorToken = '';

beforeAll(async () => {
  ctx = await createTestContext();
  const rows = await ctx.database.db
    .select()
    .from(solicitudes)
    .where(eq(solicitudes.createdByUserId, ctx.seeded.users.asesor))
    .limit(3);
  targets = rows.map((r) => r.id);
  deviceToken = await loginAs(ctx.app, 'manager');
  supervisorToken = await loginAs(ctx.app, 'supervisor');
});
afterAll(() => ctx?.close());

function injectTransport(app: FastifyInstance, token: string, faults: { dropNextPush: boolean }): SyncTransport {
  const fail = (res: { statusCode: number; json(): { error?: string; code?: never } }) => {
    const body = res.json();
    return new TransportError(res.statusCode, body.error ?? 'error', body.code);
  };
  return {
    async push(body: PushBody) {
      const res = await app.inject({ method: 'POST', url: '/api/sync/push', headers: bearer(token), payload: body });
      if (res.statusCode !== 200) throw fail(res);
      if (faults.dropNextPush) {
        faults.dropNextPush = false;
        throw new TransportError(0, 'respuesta perdida');
      }
      return res.json().data;
    },
    async pull(q) {
      const res = await app.inject({ method: 'GET', url: `/api/sync/pull?${pullQuery(q)}`, headers: bearer(token) });
      if (res.statusCode !== 200) throw fail(res);
      return res.json().data;
    },
    async upload() {},
  };
}

const never = () => () => undefined;
const triggers = { isOnline: () => true, onConnectivity: never, setInterval: never, setTimeout: never };

interface Real {
  db: RadicaDB;
  engine: SyncEngine;
  faults: { dropNextPush: boolean };
  supervisorClient: string;
  supervisorNext: number;
}
interface Model {
  server: Map<string, string>;
  queue: Array<{ solicitudId: string; estado: string; base: string }>;
  rejected: number;
  total: number;
}

const newEngine = (real: Real) =>
  new SyncEngine({ db: real.db, transport: injectTransport(ctx.app, deviceToken, real.faults), triggers, locks: null, random: () => 0, pullLimit: 200 });

function applyRule(model: Model, m: { solicitudId: string; estado: string; base: string }) {
  const current = model.server.get(m.solicitudId)!;
  if (m.base !== current && current !== m.estado) model.rejected++;
  else model.server.set(m.solicitudId, m.estado);
}

class LocalChange implements fc.AsyncCommand<Model, Real> {
  constructor(readonly target: number, readonly estado: string) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const id = targets[this.target];
    const row = await real.db.solicitudes.get(id);
    const base = row!.solicitud.estado;
    await mutate(real.db, 'solicitud.cambiarEstado', { solicitudId: id, estado: this.estado, base: { estado: base } });
    model.queue.push({ solicitudId: id, estado: this.estado, base });
    model.total++;
  }
  toString = () => `local(${this.target}, ${this.estado})`;
}

class Sync implements fc.AsyncCommand<Model, Real> {
  constructor(readonly dropResponse: boolean) {}
  check = () => true;
  async run(model: Model, real: Real) {
    real.faults.dropNextPush = this.dropResponse && model.queue.length > 0;
    await real.engine.sync({ force: true });
    // The server handled every queued mutation, whether or not its answer arrived.
    for (const m of model.queue.splice(0)) applyRule(model, m);
    real.faults.dropNextPush = false;
  }
  toString = () => `sync(${this.dropResponse ? 'drop' : 'ok'})`;
}

class Restart implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(_model: Model, real: Real) {
    await real.engine.stop();
    real.engine = newEngine(real);
  }
  toString = () => 'restart';
}

class SupervisorChange implements fc.AsyncCommand<Model, Real> {
  constructor(readonly target: number, readonly estado: string) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const id = targets[this.target];
    const base = model.server.get(id)!;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: bearer(supervisorToken),
      payload: { clientId: real.supervisorClient, mutations: [{ id: real.supervisorNext++, name: 'solicitud.cambiarEstado', args: { solicitudId: id, estado: this.estado, base: { estado: base } } }] },
    });
    expect(res.json().data.results[0].status).toBe('applied');
    model.server.set(id, this.estado);
  }
  toString = () => `supervisor(${this.target}, ${this.estado})`;
}

describe('sync engine against the real server', () => {
  it(`loses nothing and applies nothing twice (${RUNS} runs)`, async () => {
    const target = fc.integer({ min: 0, max: 2 });
    const estado = fc.constantFrom(...ESTADOS);
    const commands = fc.commands(
      [
        fc.tuple(target, estado).map(([t, e]) => new LocalChange(t, e)),
        fc.boolean().map((d) => new Sync(d)),
        fc.constant(new Restart()),
        fc.tuple(target, estado).map(([t, e]) => new SupervisorChange(t, e)),
      ],
      { maxCommands: 14 },
    );
    await fc.assert(
      fc.asyncProperty(commands, async (cmds) => {
        const current = await ctx.database.db.select().from(solicitudes).where(inArray(solicitudes.id, targets));
        const model: Model = { server: new Map(current.map((r) => [r.id, r.estado])), queue: [], rejected: 0, total: 0 };
        const real: Real = { db: new RadicaDB(`prop-${randomUUID()}`), engine: null as unknown as SyncEngine, faults: { dropNextPush: false }, supervisorClient: randomUUID(), supervisorNext: 1 };
        real.engine = newEngine(real);
        await real.engine.sync({ force: true });
        try {
          await fc.asyncModelRun(() => ({ model, real }), cmds);
          await real.engine.sync({ force: true });
          for (const m of model.queue.splice(0)) applyRule(model, m);

          const clientId = (await real.db.meta.get('clientId'))!.value as string;
          const [{ n }] = await ctx.database.db.select({ n: count() }).from(syncResults).where(eq(syncResults.clientId, clientId));
          expect(n).toBe(model.total);
          const [{ rejected }] = await ctx.database.db
            .select({ rejected: count() })
            .from(syncResults)
            .where(and(eq(syncResults.clientId, clientId), eq(syncResults.status, 'rejected')));
          expect(rejected).toBe(model.rejected);
          expect(await real.db.outbox.count()).toBe(0);
          expect(await real.db.problems.filter((p) => !p.resolvedAt).count()).toBe(model.rejected);
          const server = await ctx.database.db.select().from(solicitudes).where(inArray(solicitudes.id, targets));
          for (const row of server) {
            expect(row.estado).toBe(model.server.get(row.id));
            const local = await real.db.solicitudes.get(row.id);
            expect(local?.solicitud.estado).toBe(row.estado);
            expect(local?.pending).toBeUndefined();
          }
        } finally {
          await real.engine.stop();
          real.db.close();
          await real.db.delete();
        }
      }),
      { numRuns: RUNS },
    );
  });
});
