/**
 * Model test of sync across every mutation and several devices (issue 35), against the real server
 * (PGlite; PostgreSQL with DATABASE_URL). Three devices: an advisor's tablet (asesor), a tablet
 * shared in turn by two users ('user' and 'manager', each with their own local database) and an
 * office desktop (supervisor and admin in turn). Random histories of: a local change of any
 * mutation of src/domain/mutations.ts (args drawn per mutation, tests/property/model/generators.ts,
 * checked by its valibot schema through `mutate`; some aimed at a server refusal), a sync with or
 * without a fault (push answered 503, push answer lost, worker restarted mid-push), going offline
 * and online, a page reload right after the outbox write, a session that expires (401) and a later
 * login, a change of user on a shared device, and attachments queued for a new or existing
 * application, uploaded over real HTTP (tus) and sometimes cut halfway (then resumed); the review
 * loop played through (a reviewer returns, the advisor answers, a reviewer closes, each step on a
 * synced screen); on PostgreSQL, a push that meets a server process killed before a mutation
 * commits, after it commits, or after the batch committed but before the answer
 * (model/server-kill.ts). Generators draw what each role's screens offer; draws aimed at a
 * refusal ignore that.
 * Checked against the model after every sync: each session's cursor and last mutation id and the
 * company's change sequence only move forward. After a final sync of every session:
 * - every queued mutation has exactly one result on the server (sync_results), nothing queued is
 *   left in an outbox, and each rejected one is open in its session's problems with a reason;
 * - what a queued create made exists exactly once on the server when it was applied, not at all
 *   when it was rejected, and has exactly one 'crear' audit row when the service audits it;
 * - a local change the schema refuses queues nothing;
 * - each session's local store equals what a fresh pull by the same user brings (no row it may
 *   not see, none missing, deleted rows gone), pending flags aside;
 * - every applied mutation's server handler committed exactly once, a rejected one's never, and
 *   nothing else committed: counted on the database in the handler's own transaction, in
 *   whichever server process ran it (model/handler-runs.ts), not inferred from sync_results;
 * - each queued file is stored once and byte-identical, or marked 'error' with a reason and not stored.
 * Every run starts from the same server state (model/server-state.ts: the demo seed cut to a few
 * applications per advisor, four of them with a document, restored in place before each run), so a failing seed or a shrunk
 * path replays on the state it failed on, and runs do not slow down as earlier runs' rows pile up.
 * Each device's first user starts from a copy of the local database their first sync on that
 * state made (taken once, before the snapshot); later users of a device start empty and make
 * their own first sync, and the final check's fresh pulls always start empty.
 * PROPERTY_RUNS (default 15, CI) and PROPERTY_SEED (default 20261123; `random` explores) as in
 * sync.property.test.ts; a failure prints the seed, fast-check's path and each device's steps;
 * PROPERTY_PATH=<first number of the path> with that seed replays the failing run alone.
 * The run's figures (runs/s, CPU per run, outcomes per mutation, time per phase of a run) are
 * printed at the end.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { createTestContext, DEMO_USERS, JWT_SECRET, type DemoUser, type TestContext } from '../api/helpers';
import { auditoria, documentoContenidos, documentos, empresas, notificaciones, observaciones, referencias, solicitudes, syncResults, usuarios } from '../../server/src/db/schema';
import { ENTITY_TABLES, ensureClientId, getMeta } from '../../src/db/database';
import { mutateByName } from '../../src/db/mutate';
import { AppError } from '../../src/domain/errors';
import { isMutationName, MUTATIONS, type MutationName } from '../../src/domain/mutations';
import { countHandlerRuns, createRunsTable, handlerKey, handlerRuns } from './model/handler-runs';
import { ARGS_ARB, BREAK_ARB, GENERATORS, intentArb, NOT_GENERATED, type Drawn, type Intent } from './model/generators';
import { closeSession, cut, exportStore, http, installCutFetch, killer, openSession, reopen, type Device, type PushFault, type Session, type StoreImage } from './model/devices';
import { KILL_POINTS, KillableServers } from './model/server-kill';
import { queueFile } from '../../src/db/mutate';
import { PDF } from '../../src/test-utils/office-files';
import { randomBytes, randomUUID, scryptSync } from 'node:crypto';
import { snapshot, trimDemo } from './model/server-state';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 15);
const SEED = process.env.PROPERTY_SEED === 'random' ? Date.now() % 2 ** 31 : Number(process.env.PROPERTY_SEED ?? 20261123);

const DEVICES: Array<{ name: string; users: DemoUser[] }> = [
  { name: 'tableta-1', users: ['asesor'] },
  { name: 'tableta-2', users: ['user', 'manager'] },
  { name: 'escritorio', users: ['supervisor', 'admin'] },
];
const NAMES = Object.keys(GENERATORS).filter(isMutationName);

let ctx: TestContext;
let userIds: Record<string, number>;
/** Puts the server's database back to the state every run starts from (model/server-state.ts). */
let resetServer: () => Promise<void>;

/** The server processes killed mid-push: PostgreSQL only (model/server-kill.ts). */
let kills: KillableServers | null = null;
/** Puts the server's mutation handlers back (model/handler-runs.ts wraps them to count committed runs). */
let restoreHandlers = () => undefined as void;
let restoreFetch = () => undefined as void;

beforeAll(async () => {
  ctx = await createTestContext();
  userIds = ctx.seeded.users as unknown as Record<string, number>;
  await cheapLogins();
  await createRunsTable(ctx.database.db);
  restoreHandlers = countHandlerRuns();
  http.base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  restoreFetch = installCutFetch();

  await trimDemo(ctx.database.db, ctx.seeded.demo.id, 6);
  await baseDocuments();
  await baseDevices();
  await ctx.database.db.execute(sql`delete from modelo_handler_runs`);
  resetServer = await snapshot(ctx.database.db);
  if (process.env.DATABASE_URL) {
    const [{ name }] = ((await ctx.database.db.execute(sql`select current_database() as name`)) as unknown as { rows: Array<{ name: string }> }).rows;
    kills = new KillableServers(Object.assign(new URL(process.env.DATABASE_URL), { pathname: `/${name}` }).href, JWT_SECRET);
    kills.warm();
    killer.push = (s, point, body) => kills!.push(point, body, s.sent.token);
  }
});
/**
 * The demo users' passwords hashed again at a low scrypt cost, in this test's database only: the
 * server reads the cost from the stored hash (lib/password.ts verifyPassword), so each of the five
 * logins costs a few ms instead of a few hundred, and production's cost is untouched. Logins are
 * not what this test is about (each user signs in once per file; tokens are reused).
 */
async function cheapLogins(): Promise<void> {
  const [n, r, p] = [1024, 8, 1];
  const salt = randomBytes(16);
  const key = scryptSync('demo1234', salt, 32, { N: n, r, p });
  const hash = `scrypt$${n}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
  await ctx.database.db.update(usuarios).set({ passwordHash: hash }).where(inArray(usuarios.correo, Object.values(DEMO_USERS)));
}
/**
 * The demo seed has no files: the advisor's device uploads one to each of its first four
 * applications (the real path: queueFile, then tus over HTTP), so every run starts with documents
 * that `documento.eliminar` can delete.
 */
async function baseDocuments(): Promise<void> {
  const device: Device = { name: 'base', users: ['asesor'], current: 0, online: true, sessions: new Map() };
  const s = await openSession(ctx.app, device, 'asesor', userIds, DEMO_USERS.asesor);
  try {
    await s.engine.sync({ force: true });
    const rows = (await s.db.solicitudes.orderBy('id').toArray()).slice(0, 4);
    for (const r of rows) {
      const id = randomUUID();
      const blob = new Blob([Buffer.concat([PDF, Buffer.from(`% ${id}\n`)])], { type: 'application/pdf' });
      await queueFile(s.db, { id, blob, nombre: 'cedula.pdf', mime: 'application/pdf', ownerSolicitudId: r.solicitud.id, ownerSolicitanteId: r.solicitante?.id, mutationId: 0 });
    }
    await s.engine.sync({ force: true });
    const files = await s.db.files.toArray();
    expect(files.map((f) => f.status), 'base documents uploaded').toEqual(rows.map(() => 'uploaded'));
  } finally {
    await closeSession(s);
  }
}

/**
 * What each device's first user holds after their first sync on the state every run starts from:
 * a run opens those sessions from these copies (model/devices.ts `exportStore`) instead of pulling
 * everything again. Taken before the snapshot, so the server state a run starts from is the one
 * these databases synced with (their client ids have no result yet; the cursor matches).
 */
let images: StoreImage[] = [];
async function baseDevices(): Promise<void> {
  images = [];
  for (const d of DEVICES) {
    const device: Device = { name: d.name, users: d.users, current: 0, online: true, sessions: new Map() };
    const s = await openSession(ctx.app, device, d.users[0], userIds, DEMO_USERS[d.users[0]]);
    try {
      await s.engine.sync({ force: true });
      expect(s.engine.getStatus().state, `${s.dbName}: first sync`).toBe('idle');
      images.push(await exportStore(s));
    } finally {
      await closeSession(s);
    }
  }
}

afterAll(async () => {
  killer.push = null;
  await kills?.stop();
  restoreFetch();
  restoreHandlers();
  await ctx?.close();
});

interface Created {
  kind: 'solicitud' | 'observacion' | 'referencia' | 'notificacion' | 'usuario';
  id: string;
  session: Session;
  mutationId: number;
  /** A created user's later e-mails (a queued `usuario.editar` may change it, applied or not): the row is found by any of them. */
  renamed?: string[];
}
interface QueuedFile {
  session: Session;
  id: string;
  bytes: Buffer;
}
interface Model {
  devices: Device[];
  created: Created[];
  files: QueuedFile[];
  changeSeq: number;
  /** Each device's steps in order, printed on a failure. */
  history: Map<string, string[]>;
}

async function session(model: Model, d: number): Promise<Session> {
  const device = model.devices[d];
  const who = device.users[device.current];
  let s = device.sessions.get(who);
  if (!s) {
    s = await openSession(ctx.app, device, who, userIds, DEMO_USERS[who]);
    device.sessions.set(who, s);
  }
  return s;
}

function log(model: Model, d: number, step: string): void {
  model.history.get(model.devices[d].name)!.push(step);
}

async function changeSeq(): Promise<number> {
  const [row] = await ctx.database.db.select({ seq: empresas.changeSeq }).from(empresas).where(eq(empresas.id, ctx.seeded.demo.id));
  return Number(row.seq);
}

/** Cursors, last mutation ids and the change sequence only move forward. */
async function checkForward(model: Model, s: Session): Promise<void> {
  const cursor = (await getMeta(s.db, 'cursor')) ?? 0;
  const last = (await getMeta(s.db, 'lastMutationId')) ?? 0;
  expect(cursor, `${s.dbName}: cursor went back`).toBeGreaterThanOrEqual(s.lastCursor);
  expect(last, `${s.dbName}: lastMutationId went back`).toBeGreaterThanOrEqual(s.lastMutationId);
  s.lastCursor = cursor;
  s.lastMutationId = last;
  const seq = await changeSeq();
  expect(seq, 'change sequence went back').toBeGreaterThanOrEqual(model.changeSeq);
  model.changeSeq = seq;
}

function createdBy(name: string, args: Record<string, unknown>): Pick<Created, 'kind' | 'id'> | null {
  switch (name) {
    case 'solicitud.crear':
      return { kind: 'solicitud', id: args.solicitudId as string };
    case 'observacion.agregar':
      return { kind: 'observacion', id: args.observacionId as string };
    case 'referencia.agregar':
      return { kind: 'referencia', id: args.referenciaId as string };
    case 'notificacion.crear':
      return { kind: 'notificacion', id: args.id as string };
    case 'usuario.crear':
      return { kind: 'usuario', id: args.correo as string };
    default:
      return null;
  }
}

/** A queued e-mail change of a user a device created: the user's row may now carry the new e-mail (e-mails are unique). */
function renameCreatedUser(model: Model, args: Record<string, unknown>): void {
  const to = (args.changes as Record<string, unknown> | undefined)?.correo;
  const from = (args.base as Record<string, unknown> | undefined)?.correo;
  if (typeof to !== 'string' || typeof from !== 'string') return;
  const c = model.created.find((x) => x.kind === 'usuario' && (x.id === from || x.renamed?.includes(from)));
  if (c) (c.renamed ??= []).push(to);
}

/** A change a device's screen makes: args drawn from the mutation's schema, now and then with one entry broken on purpose. */
interface Draw {
  intent: Intent;
  args: Drawn;
  broken: { key: string; value: unknown } | null;
}
class LocalChange implements fc.AsyncCommand<Model, object> {
  constructor(readonly device: number, readonly name: MutationName, readonly draw: Draw, readonly reload: boolean) {}
  check = () => true;
  async run(model: Model) {
    const s = await session(model, this.device);
    tallyOf(this.name).drawn++;
    const before = await s.db.outbox.count();
    const { broken } = this.draw;
    let args: Record<string, unknown> | undefined;
    let id: number;
    try {
      // A screen that refuses the values (a field its definition refuses) throws like `mutate` does.
      const made = (await GENERATORS[this.name]({ db: s.db, userId: s.userId, correo: s.correo, rol: s.who, advisors: [userIds.asesor, userIds.user] }, this.draw.intent, this.draw.args)) as Record<string, unknown> | null;
      if (!made) return log(model, this.device, `${s.who}: ${this.name} (nada que cambiar)`);
      args = broken ? { ...made, [broken.key]: broken.value } : made;
      id = await mutateByName(s.db, this.name, args);
    } catch (error) {
      // Refused on the device by its screen, the mutation's schema or its mutator: nothing may be queued.
      if (!(error instanceof AppError) || error.code !== 'VALIDATION') throw error;
      expect(await s.db.outbox.count()).toBe(before);
      const t = tallyOf(this.name);
      t.refusedOnDevice++;
      if (t.reasons.size < 4) t.reasons.add(`en el dispositivo: ${error.message}${broken ? ` (${broken.key} roto)` : ''}`);
      return log(model, this.device, `${s.who}: ${this.name} rechazado en el dispositivo ${args ? JSON.stringify(args) : `por su pantalla: ${error.message}`}`);
    }
    // An entry broken on purpose must not pass the schema.
    expect(broken, `${this.name}: args with ${broken?.key} = ${JSON.stringify(broken?.value)} queued`).toBeNull();
    s.queued.push({ id, name: this.name, args: (await s.db.outbox.get(id))!.args });
    const created = createdBy(this.name, args!);
    if (created) model.created.push({ ...created, session: s, mutationId: id });
    if (this.name === 'usuario.editar') renameCreatedUser(model, args!);
    log(model, this.device, `${s.who}: #${id} ${this.name} ${JSON.stringify(args)}${this.reload ? ' + recarga' : ''}`);
    if (this.reload) await reopen(ctx.app, s, model.devices[this.device]);
  }
  toString = () => `${DEVICES[this.device].name}: ${this.name}(${JSON.stringify(this.draw)})${this.reload ? '+reload' : ''}`;
}

class Sync implements fc.AsyncCommand<Model, object> {
  constructor(readonly device: number, readonly fault: PushFault, readonly cutUpload = false) {}
  check = () => true;
  async run(model: Model) {
    const s = await session(model, this.device);
    // A fault stays armed until a push meets it (a sync with an empty outbox sends none).
    if (this.fault !== 'none') s.fault.next = this.fault;
    if (this.cutUpload) s.cutNext = true;
    await s.engine.sync({ force: true });
    const state = s.engine.getStatus().state;
    if (s.restartPending) {
      // The worker restarts and, as on a real start, syncs at once: the unanswered batch goes again.
      s.restartPending = false;
      await reopen(ctx.app, s, model.devices[this.device]);
      await s.engine.sync({ force: true });
    } else if ((this.fault === 'lost' || this.fault.startsWith('kill-')) && s.fault.next === 'none') {
      // The backoff timer fires: the same batch goes again (after a kill, to the restarted server).
      await s.engine.sync({ force: true });
    }
    log(model, this.device, `${s.who}: sync ${this.fault}${this.cutUpload ? ' + subida cortada' : ''} -> ${state}, then ${s.engine.getStatus().state}`);
    await checkForward(model, s);
  }
  toString = () => `${DEVICES[this.device].name}: sync(${this.fault}${this.cutUpload ? ', cut-upload' : ''})`;
}

/** An attachment queued for an application the device created (unsent or not) or already holds. */
class QueueFile implements fc.AsyncCommand<Model, object> {
  constructor(readonly device: number, readonly pick: number) {}
  check = () => true;
  async run(model: Model) {
    const s = await session(model, this.device);
    const creates = s.queued.filter((q) => q.name === 'solicitud.crear');
    let owner: { solicitudId: string; solicitanteId?: string; mutationId: number } | null = null;
    if (creates.length && this.pick % 2 === 0) {
      const q = creates[this.pick % creates.length];
      const args = q.args as { solicitudId: string; solicitanteId: string };
      owner = { solicitudId: args.solicitudId, solicitanteId: args.solicitanteId, mutationId: q.id };
    } else {
      const rows = await s.db.solicitudes.orderBy('id').toArray();
      const r = rows.length ? rows[this.pick % rows.length] : undefined;
      if (r) owner = { solicitudId: r.solicitud.id, solicitanteId: r.solicitante?.id, mutationId: 0 };
    }
    if (!owner) return log(model, this.device, `${s.who}: archivo (sin solicitud)`);
    const id = randomUUID();
    const bytes = Buffer.concat([PDF, Buffer.from(`% ${id}\n`)]);
    await queueFile(s.db, { id, blob: new Blob([bytes], { type: 'application/pdf' }), nombre: 'soporte.pdf', mime: 'application/pdf', ownerSolicitudId: owner.solicitudId, ownerSolicitanteId: owner.solicitanteId, mutationId: owner.mutationId });
    model.files.push({ session: s, id, bytes });
    log(model, this.device, `${s.who}: archivo ${id} para ${owner.solicitudId} (#${owner.mutationId})`);
  }
  toString = () => `${DEVICES[this.device].name}: queue-file(${this.pick})`;
}

class Connectivity implements fc.AsyncCommand<Model, object> {
  constructor(readonly device: number) {}
  check = () => true;
  async run(model: Model) {
    const device = model.devices[this.device];
    device.online = !device.online;
    log(model, this.device, device.online ? 'en línea' : 'sin conexión');
  }
  toString = () => `${DEVICES[this.device].name}: toggle-online`;
}

/** The session expires (the server answers 401) or the user signs in again (resume with a new token). */
class Session401 implements fc.AsyncCommand<Model, object> {
  constructor(readonly device: number, readonly expire: boolean) {}
  check = () => true;
  async run(model: Model) {
    const s = await session(model, this.device);
    if (this.expire) s.sent.token = 'token-vencido';
    else await s.engine.resume(s.token);
    log(model, this.device, `${s.who}: ${this.expire ? 'sesión vencida' : 'inicia sesión'}`);
    if (!this.expire) await checkForward(model, s);
  }
  toString = () => `${DEVICES[this.device].name}: ${this.expire ? 'expire' : 'login'}`;
}

/** The next user of a shared device signs in; the previous one's database, outbox included, stays. */
class SwitchUser implements fc.AsyncCommand<Model, object> {
  constructor(readonly device: number) {}
  check = () => true;
  async run(model: Model) {
    const device = model.devices[this.device];
    if (device.users.length < 2) return;
    const previous = await session(model, this.device);
    await previous.engine.stop();
    previous.active = false;
    device.current = (device.current + 1) % device.users.length;
    const next = await session(model, this.device);
    await reopen(ctx.app, next, device);
    log(model, this.device, `cambia a ${next.who}`);
  }
  toString = () => `${DEVICES[this.device].name}: switch-user`;
}

/** A sync's fault; on PostgreSQL also a server process killed at one of three points of the push. */
const FAULTS: PushFault[] = ['none', 'none', 'lost', '503', 'restart', ...(process.env.DATABASE_URL ? KILL_POINTS.map((p) => `kill-${p}` as const) : [])];
/**
 * The review loop as its users go through it, each step on an up-to-date screen (sync, act, sync):
 * a reviewer (the desktop's user, or the shared tablet's when it is the manager's turn) returns an
 * application, the device whose current user is its advisor answers, the reviewer closes it. Each
 * step's intent may aim at a refusal and each step's last sync may meet a fault; a step with
 * nothing to act on ends the loop. Drawn among every name on random devices, a return, its answer
 * and its close seldom meet in one history.
 */
class ReviewLoop implements fc.AsyncCommand<Model, object> {
  constructor(readonly reviewer: 1 | 2, readonly draws: [Draw, Draw, Draw], readonly faults: [PushFault, PushFault, PushFault]) {}
  check = () => true;
  private async step(model: Model, d: number, name: MutationName, n: number): Promise<boolean> {
    const s = await session(model, d);
    const before = s.queued.length;
    await new Sync(d, 'none').run(model);
    await new LocalChange(d, name, this.draws[n], false).run(model);
    await new Sync(d, this.faults[n]).run(model);
    return s.queued.length > before;
  }
  async run(model: Model) {
    if (!(await this.step(model, this.reviewer, 'revision.devolver', 0))) return;
    const s = await session(model, this.reviewer);
    const { solicitudId } = s.queued[s.queued.length - 1].args as { solicitudId: string };
    const [sol] = await ctx.database.db.select().from(solicitudes).where(eq(solicitudes.id, solicitudId));
    const advisor = [0, 1].find((d) => {
      const id = userIds[model.devices[d].users[model.devices[d].current]];
      return sol && (id === sol.assignedToUserId || id === sol.createdByUserId);
    });
    if (advisor === undefined || !(await this.step(model, advisor, 'revision.responder', 1))) return;
    await this.step(model, this.reviewer, 'revision.cerrar', 2);
  }
  toString = () => `review-loop(${DEVICES[this.reviewer].name}, ${JSON.stringify(this.draws)}, ${this.faults.join('/')})`;
}
const deviceArb = fc.integer({ min: 0, max: DEVICES.length - 1 });
/**
 * A change's draw for mutation `name`: its args from its schema (ARGS_ARB), an intent, and in one
 * change of ten one entry broken on purpose (BREAK_ARB: the device must refuse it).
 */
const drawArb = (name: MutationName): fc.Arbitrary<Draw> =>
  fc.record({
    intent: intentArb,
    args: ARGS_ARB[name],
    broken: BREAK_ARB[name] ? fc.oneof({ weight: 9, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: BREAK_ARB[name]! }) : fc.constant(null),
  });
const reviewLoopArb = fc
  .tuple(fc.constantFrom<1 | 2>(1, 2, 2), fc.tuple(drawArb('revision.devolver'), drawArb('revision.responder'), drawArb('revision.cerrar')), fc.tuple(fc.constantFrom<PushFault>(...FAULTS), fc.constantFrom<PushFault>(...FAULTS), fc.constantFrom<PushFault>(...FAULTS)))
  .map(([d, draws, faults]) => new ReviewLoop(d, draws, faults));
const localChangeArb = fc
  .tuple(deviceArb, fc.oneof(...NAMES.map((n) => drawArb(n).map((draw) => ({ name: n, draw })))), fc.boolean())
  .map(([d, { name, draw }, r]) => new LocalChange(d, name, draw, r && draw.intent.pick % 4 === 0));
// Local changes weigh three times as much as any other step.
const commandsArb = fc.commands<Model, object>(
  [
    localChangeArb,
    localChangeArb,
    localChangeArb,
    reviewLoopArb,
    fc.tuple(deviceArb, fc.constantFrom<PushFault>(...FAULTS), fc.boolean()).map(([d, f, c]) => new Sync(d, f, c)),
    fc.tuple(deviceArb, fc.nat({ max: 1000 })).map(([d, p]) => new QueueFile(d, p)),
    deviceArb.map((d) => new Connectivity(d)),
    fc.tuple(deviceArb, fc.boolean()).map(([d, e]) => new Session401(d, e)),
    fc.constantFrom(1, 2).map((d) => new SwitchUser(d)),
  ] as Array<fc.Arbitrary<fc.AsyncCommand<Model, object>>>,
  { maxCommands: 30, size: 'medium' },
);

/**
 * Every session online and signed in, synced until nothing moves: twice, so each sees the others'
 * last changes. In the second round a session whose sync could bring nothing is not synced again:
 * nothing left to send (outbox, files) and the company's change sequence where it was right after
 * its first-round sync (a skip that were wrong would show as a device unequal to a fresh pull).
 */
async function settle(model: Model): Promise<void> {
  const after = new Map<Session, number>();
  for (let round = 0; round < 2; round++) {
    for (const device of model.devices) {
      device.online = true;
      for (const s of device.sessions.values()) {
        if (round === 1 && after.get(s) === (await changeSeq()) && (await nothingToSend(s))) continue;
        s.fault.next = 'none';
        // A user who handed the device over signs in on it again.
        if (!s.active) await reopen(ctx.app, s, device);
        await s.engine.resume(s.token);
        expect(s.engine.getStatus().state, `${s.dbName}: ${s.engine.getStatus().message}`).toBe('idle');
        await checkForward(model, s);
        after.set(s, model.changeSeq);
      }
    }
  }
}

async function nothingToSend(s: Session): Promise<boolean> {
  if ((await s.db.outbox.count()) > 0) return false;
  return (await s.db.files.toArray()).every((f) => f.status === 'uploaded' || f.status === 'error');
}

/** Every table the server mirrors to a device (ENTITY_TABLES: new entities join by themselves). */
const TABLES = Object.values(ENTITY_TABLES);

/** A table's rows by key, without the device's own markers of unsent changes. */
async function rowsOf(s: Session, table: string): Promise<Map<string, string>> {
  const rows = (await s.db.table(table).toArray()) as Array<Record<string, unknown>>;
  const key = s.db.table(table).schema.primKey.keyPath as string;
  return new Map(rows.map(({ pending: _pending, ...row }) => [JSON.stringify(row[key]), JSON.stringify(row)]));
}

async function checkExactlyOnce(s: Session): Promise<Map<number, { status: string; error: string | null }>> {
  const clientId = await ensureClientId(s.db);
  const results = await ctx.database.db.select().from(syncResults).where(eq(syncResults.clientId, clientId));
  expect(results.map((r) => r.mutationId).sort((a, b) => a - b), `${s.dbName}: one result per queued mutation`).toEqual(s.queued.map((q) => q.id));
  expect(await s.db.outbox.count(), `${s.dbName}: outbox not empty`).toBe(0);
  const rejected = results.filter((r) => r.status === 'rejected').map((r) => r.mutationId).sort((a, b) => a - b);
  const problems = (await s.db.problems.toArray()).filter((p) => !p.resolvedAt);
  expect(problems.map((p) => p.id).sort((a, b) => a - b), `${s.dbName}: rejected changes in 'Cambios pendientes'`).toEqual(rejected);
  for (const p of problems) expect(p.error, `${s.dbName}: problem #${p.id} without a reason`).toMatch(/\S/);
  return new Map(results.map((r) => [r.mutationId, { status: r.status, error: r.error }]));
}

async function serverCount(c: Created): Promise<{ rows: number; audits: number | null }> {
  const db = ctx.database.db;
  const n = async (q: Promise<Array<{ n: number }>>) => Number((await q)[0].n);
  const audits = (entidad: string) =>
    n(db.select({ n: count() }).from(auditoria).where(and(eq(auditoria.entidad, entidad), eq(auditoria.entidadId, c.id), eq(auditoria.accion, 'crear'))));
  switch (c.kind) {
    case 'solicitud':
      return { rows: await n(db.select({ n: count() }).from(solicitudes).where(eq(solicitudes.id, c.id))), audits: null };
    case 'observacion':
      return { rows: await n(db.select({ n: count() }).from(observaciones).where(eq(observaciones.id, c.id))), audits: null };
    case 'referencia':
      return { rows: await n(db.select({ n: count() }).from(referencias).where(eq(referencias.id, c.id))), audits: null };
    case 'notificacion':
      return { rows: await n(db.select({ n: count() }).from(notificaciones).where(eq(notificaciones.id, c.id))), audits: await audits('notificacion') };
    case 'usuario':
      return { rows: await n(db.select({ n: count() }).from(usuarios).where(inArray(usuarios.correo, [c.id, ...(c.renamed ?? [])]))), audits: null };
  }
}

/** Outcomes by mutation name over the whole test, printed at the end (what the histories exercised). */
const tally = new Map<string, { applied: number; rejected: number; drawn: number; refusedOnDevice: number; reasons: Set<string> }>();
const tallyOf = (name: string) => {
  const t = tally.get(name) ?? { applied: 0, rejected: 0, drawn: 0, refusedOnDevice: 0, reasons: new Set<string>() };
  tally.set(name, t);
  return t;
};
/** A long run must apply every name a few times: a name the histories never apply proves nothing. */
const LONG_RUN = 1000;
const MIN_APPLIED = 3;
const fileTally = { uploaded: 0, error: 0 };
const outcomes = () => [...tally].sort().map(([name, t]) => `${name} ${t.applied}/${t.rejected}/${t.refusedOnDevice} of ${t.drawn}${process.env.PROPERTY_REASONS ? ` ${JSON.stringify([...t.reasons])}` : ''}`).join(', ');

async function checkInvariants(model: Model): Promise<void> {
  const statuses = new Map<Session, Map<number, { status: string; error: string | null }>>();
  for (const device of model.devices) {
    for (const s of device.sessions.values()) {
      const byId = await checkExactlyOnce(s);
      statuses.set(s, byId);
      for (const q of s.queued) {
        const t = tallyOf(q.name);
        const r = byId.get(q.id)!;
        if (r.status === 'applied') t.applied++;
        else t.rejected++;
        if (r.error && t.reasons.size < 4) t.reasons.add(r.error);
      }
    }
  }
  // Every applied mutation's handler committed exactly once; a rejected one's never.
  const expected = new Map<string, number>();
  for (const [s, byId] of statuses) {
    for (const q of s.queued) {
      const key = handlerKey(s.userId, q.name, q.args);
      expected.set(key, (expected.get(key) ?? 0) + (byId.get(q.id)!.status === 'applied' ? 1 : 0));
    }
  }
  // Counted on the database, in whichever process committed them (model/handler-runs.ts).
  const runs = await handlerRuns(ctx.database.db);
  for (const [key, n] of expected) expect(runs.get(key) ?? 0, `committed handler runs of ${key}`).toBe(n);
  for (const [key, n] of runs) expect(expected.has(key) ? n : 0, `committed handler runs of ${key}, which no device queued`).toBe(n);
  for (const c of model.created) {
    const status = statuses.get(c.session)!.get(c.mutationId)?.status;
    const { rows, audits } = await serverCount(c);
    const what = `${c.kind} ${c.id} (#${c.mutationId} ${status})`;
    // A reference can be removed for good later; everything else is only soft-deleted.
    if (status === 'applied') expect(rows, what).toBe(c.kind === 'referencia' ? Math.min(rows, 1) : 1);
    else expect(rows, what).toBe(c.kind === 'usuario' ? rows : 0); // a refused duplicate e-mail is someone else's row
    if (audits !== null) expect(audits, `${what}: 'crear' audit rows`).toBe(status === 'applied' ? 1 : 0);
  }
  // Each queued file is on the server once, byte for byte, or is listed as a problem (status 'error').
  for (const f of model.files) {
    const row = await f.session.db.files.get(f.id);
    const stored = await ctx.database.db.select({ id: documentos.id }).from(documentos).where(eq(documentos.id, f.id));
    fileTally[row?.status === 'uploaded' ? 'uploaded' : 'error']++;
    if (row?.status === 'uploaded') {
      expect(stored.length, `file ${f.id}: stored once`).toBe(1);
      const parts = await ctx.database.db.select().from(documentoContenidos).where(eq(documentoContenidos.documentoId, f.id)).orderBy(asc(documentoContenidos.parte));
      expect(Buffer.concat(parts.map((p) => Buffer.from(p.data))).equals(f.bytes), `file ${f.id}: bytes differ`).toBe(true);
    } else {
      expect(row?.status, `file ${f.id}: neither uploaded nor listed as a problem`).toBe('error');
      expect(row?.error, `file ${f.id}: problem without a reason`).toMatch(/\S/);
      expect(stored.length, `file ${f.id}: listed as a problem but stored`).toBe(0);
    }
  }
  const probe: Device = { name: 'comprobacion', users: [], current: 0, online: true, sessions: new Map() };
  for (const device of model.devices) {
    for (const s of device.sessions.values()) {
      const fresh = await openSession(ctx.app, probe, s.who, userIds, DEMO_USERS[s.who]);
      try {
        await fresh.engine.sync({ force: true });
        for (const table of TABLES) {
          const [mine, server] = [await rowsOf(s, table), await rowsOf(fresh, table)];
          const diff = [...new Set([...mine.keys(), ...server.keys()])].filter((k) => mine.get(k) !== server.get(k));
          const show = diff.slice(0, 3).map((k) => `${k}\n  device: ${mine.get(k) ?? '(none)'}\n  server: ${server.get(k) ?? '(none)'}`);
          expect(show, `${s.dbName}: ${table} differs from what the server lets ${s.who} see`).toEqual([]);
        }
      } finally {
        await closeSession(fresh);
      }
    }
  }
}

/** Wall time by phase of a run, summed over the test (printed with the run's figures). */
const phases = new Map<string, number>();
async function timed<T>(phase: string, work: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  try {
    return await work();
  } finally {
    phases.set(phase, (phases.get(phase) ?? 0) + performance.now() - t0);
  }
}
const phasesText = () => [...phases].map(([k, v]) => `${k} ${Math.round(v / RUNS)}`).join(', ');

function historyText(model: Model): string {
  return [...model.history].map(([name, steps]) => `${name}:\n${steps.map((x, i) => `  ${i + 1}. ${x}`).join('\n')}`).join('\n');
}

describe('sync across every mutation and several devices, against the real server', () => {
  it('has a generator for every mutation name, or a stated reason', () => {
    const missing = Object.keys(MUTATIONS).filter((n) => !GENERATORS[n] && !NOT_GENERATED[n as MutationName]);
    expect(missing, 'mutations without a generator in tests/property/model/generators.ts').toEqual([]);
  });

  it(`loses nothing, applies nothing twice, and every device ends equal to the server (${RUNS} runs, seed ${SEED})`, async () => {
    const started = Date.now();
    const cpu = process.cpuUsage();
    let done = 0;
    let failed = false;
    await fc.assert(
      fc.asyncProperty(commandsArb, async (cmds) => {
        await timed('restore', resetServer);
        const model: Model = {
          devices: DEVICES.map((d) => ({ ...d, current: 0, online: true, sessions: new Map() })),
          created: [],
          files: [],
          changeSeq: await changeSeq(),
          history: new Map(DEVICES.map((d) => [d.name, []])),
        };
        try {
          // Each device's first user starts synced: their first sync's database, copied (baseDevices).
          await timed('first pulls', async () => {
            for (const [d, device] of model.devices.entries()) {
              const who = device.users[0];
              device.sessions.set(who, await openSession(ctx.app, device, who, userIds, DEMO_USERS[who], images[d]));
            }
          });
          await timed('steps', () => fc.asyncModelRun(() => ({ model, real: {} }), cmds as Iterable<fc.AsyncCommand<Model, object>>));
          await timed('settle', () => settle(model));
          await timed('invariants', () => checkInvariants(model));
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          // Said at once: a long run stopped while fast-check shrinks would otherwise not tell it.
          if (!failed) console.log(`run ${done + 1} failed (seed ${SEED}): ${message.split('\n')[0]}`);
          failed = true;
          throw new Error(`${message}\n--- pasos por dispositivo ---\n${historyText(model)}`, { cause: error });
        } finally {
          await timed('close', async () => {
            for (const device of model.devices) for (const s of device.sessions.values()) await closeSession(s);
          });
          // Long runs say how far they got (a run stopped before its end still tells its figures).
          if (++done % 100 === 0) console.log(`${done} runs (seed ${SEED}), ${(done / ((Date.now() - started) / 1000)).toFixed(2)} runs/s${kills ? `, killed ${JSON.stringify(kills.kills)}` : ''}; applied/rejected/refused on the device of drawn: ${outcomes()}`);
        }
      }),
      // PROPERTY_SHRINK=0: stop at the first failure, unshrunk (its seed and path replay it).
      // PROPERTY_PATH=<n> (with its PROPERTY_SEED): replays run n+1 alone, unshrunk (the first
      // number of fast-check's path; a shrunk path of fc.commands also needs its replayPath).
      { numRuns: RUNS, seed: SEED, endOnFailure: process.env.PROPERTY_SHRINK === '0', ...(process.env.PROPERTY_PATH ? { path: process.env.PROPERTY_PATH } : {}) },
    );
    const seconds = (Date.now() - started) / 1000;
    const { user, system } = process.cpuUsage(cpu);
    console.log(`model test of sync: ${RUNS} runs, seed ${SEED}, ${(RUNS / seconds).toFixed(2)} runs/s, ${Math.round((user + system) / 1000 / RUNS)} ms of CPU per run${kills ? `\nserver processes killed mid-push: ${JSON.stringify(kills.kills)}, ${Math.round(kills.waitedMs / RUNS)} ms per run waiting for one to start` : ''}\nfiles uploaded ${fileTally.uploaded}, refused ${fileTally.error}, uploads cut halfway ${cut.count}\napplied/rejected/refused on the device of drawn: ${outcomes()}\nms per run by phase: ${phasesText()}`);
    if (RUNS >= LONG_RUN) {
      const seldom = NAMES.filter((n) => (tally.get(n)?.applied ?? 0) < MIN_APPLIED);
      expect(seldom, `mutations applied fewer than ${MIN_APPLIED} times in ${RUNS} runs`).toEqual([]);
    }
  }, 120_000 + RUNS * 20_000);
});
