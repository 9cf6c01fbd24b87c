/**
 * Fault injection for sync (issue #12), against real server processes on a fresh PostgreSQL
 * database (the `faults` vitest project exists only where DATABASE_URL is set). The client is the
 * real SyncEngine + HttpTransport over fake-indexeddb (its local store); server and database are real.
 *
 * Fault points (server/src/lib/faults.ts, RADICA_FAULT):
 * - the server process is SIGKILLed during a push before the 3rd mutation commits, right after it
 *   commits, and after the whole batch committed but before the answer;
 * - PostgreSQL refuses connections for a moment while a push holds an open transaction;
 * - the client "reloads" mid-push: while the server is still applying the batch, and while the
 *   committed batch's answer is held back.
 * - a write spanning two tables commits while a read waits between its queries (a table lock held
 *   by the writer): a pull must give the device both rows; the dashboard table,
 *   traer-todos-registros, the sales CSV and the public tracking page must show both changes or
 *   neither.
 * After recovery the server state is exactly what the user did: every change once (values, one
 * audit row each, one sync_results row each, last_mutation_id), and the device has an empty outbox
 * and no problems.
 */
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { RadicaDB } from '../../src/db/database';
import { parseCsv } from '../../src/domain/csv';
import { mutate } from '../../src/db/mutate';
import { SyncEngine } from '../../src/sync/engine';
import { HttpTransport } from '../../src/sync/http-transport';
import { TransportError, type SyncTransport } from '../../src/sync/transport';
import type { SyncTriggers } from '../../src/sync/triggers';
import type { SyncStatus } from '../../src/sync/status';
import type { PushResponse } from '../../src/domain/sync-protocol';
import type { SolicitudRecord } from '../../src/domain/solicitud';

const ADMIN_URL = process.env.DATABASE_URL as string;
const dbName = `radica_faults_${randomBytes(5).toString('hex')}`;
const dbUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${dbName}` }).href;
const secret = randomBytes(32).toString('base64url');
const dataDir = mkdtempSync(join(tmpdir(), 'radica-faults-'));
const port = 40000 + Math.floor(Math.random() * 20000);
const URL_BASE = `http://127.0.0.1:${port}`;
const UNAVAILABLE =
  'El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos.';

// ---------------------------------------------------------------- server process and database

interface ServerProcess {
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}
let server: ServerProcess | null = null;

async function query<T extends pg.QueryResultRow>(
  url: string,
  sql: string,
  params: unknown[] = [],
) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<T>(sql, params)).rows;
  } finally {
    await c.end();
  }
}
const admin = <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) =>
  query<T>(ADMIN_URL, sql, params);
const app = <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) =>
  query<T>(dbUrl, sql, params);

async function startServer(fault?: string): Promise<ServerProcess> {
  // `node --import tsx` (not npx): the spawned pid IS the server, so its exit signal is observable.
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/faults/server-process.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: dbUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      JWT_SECRET: secret,
      DATA_DIR: dataDir,
      LOG: '0',
      LOGIN_RATE_LIMIT: '1000',
      LOGIN_IP_RATE_LIMIT: '1000',
      RADICA_FAULT: fault ?? '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  server = { child, exited };
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error('the server process ended while starting');
    try {
      if ((await fetch(`${URL_BASE}/api/health`)).ok) return server;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error('the server process did not start');
}

async function stopServer(): Promise<void> {
  if (!server) return;
  const { child, exited } = server;
  server = null;
  if (child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid!, 'SIGTERM');
  } catch {
    return; // already gone
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  }, 5000);
  await exited;
  clearTimeout(timer);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false>,
): Promise<T> {
  for (let i = 0; i < 400; i++) {
    const value = await probe();
    if (value) return value;
    await sleep(25);
  }
  throw new Error(`timed out waiting for ${what}`);
}

// ---------------------------------------------------------------- the device

interface Device {
  name: string;
  db: RadicaDB;
  engine: SyncEngine;
  /** Every push the engine made: its answer or the error it got. */
  pushes: Array<{ response?: PushResponse; error?: TransportError }>;
  /** Backoff retries the engine scheduled (fired by hand: deterministic, no timing). */
  backoffs: Array<{ ms: number; fire: () => void }>;
  /** Aborts every request in flight (the page goes away). */
  abort: AbortController;
  clientId(): Promise<string>;
}

let token = '';

function openDevice(name: string): Device {
  const abort = new AbortController();
  const http = new HttpTransport({
    token,
    baseUrl: URL_BASE,
    fetch: (input, init) =>
      fetch(input, { ...init, signal: AbortSignal.any([init!.signal!, abort.signal]) }),
  });
  const device: Device = {
    name,
    db: new RadicaDB(name),
    engine: null as unknown as SyncEngine,
    pushes: [],
    backoffs: [],
    abort,
    clientId: async () => (await device.db.meta.get('clientId'))!.value as string,
  };
  const transport: SyncTransport = {
    async push(body) {
      try {
        const response = await http.push(body);
        device.pushes.push({ response });
        return response;
      } catch (error) {
        device.pushes.push({ error: error as TransportError });
        throw error;
      }
    },
    pull: (q) => http.pull(q),
    upload: (f) => http.upload(f),
  };
  const triggers: SyncTriggers = {
    isOnline: () => true,
    onConnectivity: () => () => undefined,
    setInterval: () => () => undefined,
    setTimeout(callback, ms) {
      const entry = { ms, fire: callback };
      device.backoffs.push(entry);
      return () => undefined;
    },
  };
  device.engine = new SyncEngine({
    db: device.db,
    transport,
    triggers,
    locks: null,
    random: () => 0.5,
  });
  return device;
}

/** Waits until the engine reports `state` (the engine's own retry runs in the background). */
function waitForState(engine: SyncEngine, state: SyncStatus['state']): Promise<SyncStatus> {
  return new Promise((resolve) => {
    const off = engine.subscribe((s) => {
      if (s.state === state) {
        queueMicrotask(() => off());
        resolve(s);
      }
    });
  });
}

// ---------------------------------------------------------------- what the user does

interface Change {
  solicitudId: string;
  solicitanteId: string;
  estado?: string;
  nombres?: string;
}

let nextApp = 0;
let apps: SolicitudRecord[] = [];

/** Five changes on five applications never touched before: status changes and name edits, with base values. */
async function queueChanges(device: Device, tag: string): Promise<Change[]> {
  const changes: Change[] = [];
  for (let i = 0; i < 5; i++) {
    const app = apps[nextApp++];
    const local = (await device.db.solicitudes.get(app.solicitud.id))!;
    if (i % 2 === 0) {
      const current = local.solicitud.estado;
      const estado = current === 'En estudio' ? 'Aprobado' : 'En estudio';
      await mutate(device.db, 'solicitud.cambiarEstado', {
        solicitudId: local.solicitud.id,
        estado,
        base: { estado: current },
      });
      changes.push({
        solicitudId: local.solicitud.id,
        solicitanteId: local.solicitante.id,
        estado,
      });
    } else {
      // A person's name takes only letters, spaces and a few marks (src/domain/validacion.ts): the
      // tag ('push:before-commit:3') and the count are spelt in letters.
      const nombres = `Falla ${tag} ${i + 1}`.replace(/\d/g, (d) => 'abcdefghij'[Number(d)]).replace(/[^\p{L} ]+/gu, ' ');
      await mutate(device.db, 'solicitud.editar', {
        solicitudId: local.solicitud.id,
        changes: { 'solicitante.nombres': nombres },
        base: { 'solicitante.nombres': local.solicitante.nombres },
      });
      changes.push({
        solicitudId: local.solicitud.id,
        solicitanteId: local.solicitante.id,
        nombres,
      });
    }
  }
  expect(await device.db.outbox.count()).toBe(5);
  return changes;
}

async function auditCounts(changes: Change[]): Promise<number[]> {
  const rows = await app<{ entidad_id: string; n: number }>(
    `select entidad_id, count(*)::int as n from auditoria where entidad_id = any($1) group by entidad_id`,
    [changes.flatMap((c) => [c.solicitudId, c.solicitanteId])],
  );
  const n = new Map(rows.map((r) => [r.entidad_id, r.n]));
  return changes.map((c) => (n.get(c.solicitudId) ?? 0) + (n.get(c.solicitanteId) ?? 0));
}

async function serverValues(changes: Change[]) {
  const rows = await app<{ id: string; estado: string; nombres: string }>(
    `select s.id, s.estado, t.nombres from solicitudes s join solicitantes t on t.id = s.solicitante_id where s.id = any($1)`,
    [changes.map((c) => c.solicitudId)],
  );
  return new Map(rows.map((r) => [r.id, r]));
}

async function bookkeeping(clientId: string) {
  const [client] = await app<{ last_mutation_id: number }>(
    `select last_mutation_id from sync_clients where client_id = $1`,
    [clientId],
  );
  const results = await app<{ mutation_id: number; status: string }>(
    `select mutation_id, status from sync_results where client_id = $1 order by mutation_id`,
    [clientId],
  );
  return {
    last: client?.last_mutation_id ?? 0,
    results: results.map((r) => `${r.mutation_id}:${r.status}`),
  };
}

/** The server holds exactly the first `applied` changes, each once, and none of the others. */
async function expectServerHolds(
  device: Device,
  changes: Change[],
  before: number[],
  applied: number,
) {
  const clientId = await device.clientId();
  const { last, results } = await bookkeeping(clientId);
  expect(last).toBe(applied);
  expect(results).toEqual(changes.slice(0, applied).map((_, i) => `${i + 1}:applied`));
  const values = await serverValues(changes);
  const audits = await auditCounts(changes);
  changes.forEach((c, i) => {
    const row = values.get(c.solicitudId)!;
    const done = i < applied;
    if (c.estado) expect(row.estado === c.estado).toBe(done);
    if (c.nombres) expect(row.nombres === c.nombres).toBe(done);
    expect(audits[i]).toBe(before[i] + (done ? 1 : 0));
  });
}

/**
 * Waits until the server is inside the 3rd mutation's stall: 2 mutations committed and a
 * transaction of this database idle right after its last statement, the 3rd change's status write
 * (one statement, `with target as (…) … insert into "auditoria"`, matched by its start: PostgreSQL
 * keeps only the first 1 kB of a query's text in pg_stat_activity, and the statement grew past
 * that once it also moves the tracking stages), so only the stall and the commit remain. Any
 * idle-in-transaction moment alone is not enough: a normal transaction is briefly idle between its
 * statements too.
 */
async function stalledInThird(clientId: string): Promise<void> {
  await until('the push to stall before the 3rd commit', async () => {
    const rows = await app(
      `select 1 from pg_stat_activity
        where datname = current_database() and state = 'idle in transaction' and query ilike '%with target as (%solicitudes%'
          and (select last_mutation_id from sync_clients where client_id = $1) = 2`,
      [clientId],
    );
    return rows.length > 0;
  });
}

/** After recovery: everything the user did is on the server once, and the device is clean. */
async function expectExactlyOnce(device: Device, changes: Change[], before: number[]) {
  await expectServerHolds(device, changes, before, changes.length);
  expect(await device.db.outbox.count()).toBe(0);
  expect(await device.db.problems.count()).toBe(0);
  expect(device.engine.getStatus()).toMatchObject({ state: 'idle', pending: 0, problems: 0 });
  const values = await serverValues(changes);
  for (const c of changes) {
    const local = (await device.db.solicitudes.get(c.solicitudId))!;
    expect(local.pending).toBeUndefined();
    expect(local.solicitud.estado).toBe(values.get(c.solicitudId)!.estado);
    expect(local.solicitante.nombres).toBe(values.get(c.solicitudId)!.nombres);
  }
}

async function newSyncedDevice(): Promise<Device> {
  const device = openDevice(`faults-${randomUUID()}`);
  await device.engine.sync({ force: true });
  expect(device.engine.getStatus().state).toBe('idle');
  return device;
}

async function closeDevice(device: Device) {
  await device.engine.stop();
  device.db.close();
  await device.db.delete();
}

/**
 * Runs `read` while a writer holds `table` (access exclusive) with `writes` done but not committed,
 * waits until the read blocks on that table, commits, and answers what the read returned.
 */
async function readRacingWrite<T>(
  table: string,
  writes: (writer: pg.Client) => Promise<void>,
  read: () => Promise<T>,
): Promise<T> {
  const writer = new pg.Client({ connectionString: dbUrl });
  await writer.connect();
  try {
    await writer.query('begin');
    await writer.query(`lock table ${table} in access exclusive mode`);
    await writes(writer);
    const reading = read();
    await until(`the read to wait for the ${table} table`, async () => {
      const rows = await app(
        `select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query ilike $1`,
        [`%"${table}"%`],
      );
      return rows.length > 0;
    });
    await writer.query('commit');
    return await reading;
  } finally {
    await writer.end();
  }
}

// ---------------------------------------------------------------- setup

beforeAll(async () => {
  await admin(`create database ${dbName}`);
  await startServer();
  const res = await fetch(`${URL_BASE}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.co', password: 'demo1234' }),
  });
  token = ((await res.json()) as { access_token: string }).access_token;
  expect(token).toBeTruthy();
  const probe = await newSyncedDevice();
  apps = (await probe.db.solicitudes.toArray()).sort((a, b) =>
    a.solicitud.id.localeCompare(b.solicitud.id),
  );
  await closeDevice(probe);
  expect(apps.length).toBeGreaterThanOrEqual(30);
  await stopServer();
}, 120_000);

afterAll(async () => {
  await stopServer();
  await admin(`update pg_database set datallowconn = true where datname = $1`, [dbName]).catch(
    () => undefined,
  );
  await admin(`drop database if exists ${dbName} with (force)`);
  rmSync(dataDir, { recursive: true, force: true });
});

// ---------------------------------------------------------------- the faults

describe('sync under faults (real server processes, real PostgreSQL)', () => {
  // A case that fails before its own stopServer() must not leave its process serving the next one.
  afterEach(stopServer);
  const kills = [
    { fault: 'push:before-commit:3', committed: 2 },
    { fault: 'push:after-commit:3', committed: 3 },
    { fault: 'push:before-response', committed: 5 },
  ];
  for (const { fault, committed } of kills) {
    it(`server killed mid-push (${fault}): after a restart every change is applied exactly once`, async () => {
      const { exited } = await startServer(fault);
      const device = await newSyncedDevice();
      const changes = await queueChanges(device, fault);
      const before = await auditCounts(changes);

      await device.engine.sync({ force: true });
      // The process really died at the fault point, and the client saw no answer at all.
      expect((await exited).signal).toBe('SIGKILL');
      expect(device.pushes).toHaveLength(1);
      expect(device.pushes[0].error).toBeInstanceOf(TransportError);
      expect(device.pushes[0].error!.status).toBe(0);
      expect(device.engine.getStatus().state).toBe('offline');
      expect(device.backoffs).toHaveLength(1);
      expect(await device.db.outbox.count()).toBe(5);
      expect((await device.db.outbox.toArray()).map((e) => e.status)).toEqual(
        Array(5).fill('pending'),
      );
      // What the dead process left: whole mutations only (a killed transaction rolls back).
      await expectServerHolds(device, changes, before, committed);

      await startServer();
      device.backoffs[0].fire();
      await waitForState(device.engine, 'idle');
      expect(device.pushes).toHaveLength(2);
      expect(device.pushes[1].response!.results.map((r) => r.status)).toEqual(
        changes.map((_, i) => (i < committed ? 'skipped' : 'applied')),
      );
      await expectExactlyOnce(device, changes, before);
      await closeDevice(device);
      await stopServer();
    });
  }

  it('PostgreSQL refuses connections during a push: 503, nothing half-applied, then the backoff retry applies the rest once', async () => {
    // The server stalls inside the 3rd mutation's open transaction, so the database goes away
    // exactly mid-push. Stopping the shared PostgreSQL server is not an option here (other suites
    // use it), so the database is taken away for this one database instead: ALLOW_CONNECTIONS
    // false refuses new connections and pg_terminate_backend ends the open ones, the same effects
    // a restart has on the server's pool (broken connections, refused reconnects) without
    // stopping anything else.
    await startServer('push:stall-before-commit:3:2000');
    const device = await newSyncedDevice();
    const changes = await queueChanges(device, 'pg');
    const before = await auditCounts(changes);

    const syncing = device.engine.sync({ force: true });
    await stalledInThird(await device.clientId());
    await admin(`alter database ${dbName} allow_connections false`);
    try {
      await admin(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1`, [
        dbName,
      ]);
      await syncing;

      const first = device.pushes[0].error!;
      expect(first).toBeInstanceOf(TransportError);
      expect([first.status, first.code, first.message]).toEqual([503, 'UNAVAILABLE', UNAVAILABLE]);
      expect(device.engine.getStatus()).toMatchObject({ state: 'error', message: UNAVAILABLE });
      expect(await device.db.outbox.count()).toBe(5);
      expect(device.backoffs).toHaveLength(1);

      // The backoff retry while the database still refuses: 503 again, a longer wait, the server lives on.
      device.backoffs[0].fire();
      await until('the second attempt', async () => device.backoffs.length === 2);
      expect(device.pushes[1].error).toMatchObject({
        status: 503,
        code: 'UNAVAILABLE',
        message: UNAVAILABLE,
      });
      expect(device.backoffs[1].ms).toBeGreaterThan(device.backoffs[0].ms);
      expect(server!.child.exitCode).toBeNull();
    } finally {
      await admin(`alter database ${dbName} allow_connections true`);
    }
    // Mutations 1 and 2 committed before the outage, the 3rd was rolled back with its connection.
    await expectServerHolds(device, changes, before, 2);

    device.backoffs[1].fire();
    await waitForState(device.engine, 'idle');
    expect(device.pushes).toHaveLength(3);
    expect(device.pushes[2].response!.results.map((r) => r.status)).toEqual([
      'skipped',
      'skipped',
      'applied',
      'applied',
      'applied',
    ]);
    await expectExactlyOnce(device, changes, before);
    await closeDevice(device);
    await stopServer();
  });

  /** The page goes away: requests in flight are aborted and the JS stops (the outbox stays 'sending'). */
  async function reload(device: Device, syncing: Promise<void>): Promise<Device> {
    device.db.close();
    device.abort.abort();
    await syncing;
    const again = openDevice(device.name);
    expect((await again.db.outbox.toArray()).map((e) => e.status)).toEqual(
      Array(5).fill('sending'),
    );
    return again;
  }

  it('the client reloads while the server still applies its push: the new page resends, nothing twice', async () => {
    await startServer('push:stall-before-commit:3:1500');
    const device = await newSyncedDevice();
    const clientId = await device.clientId();
    const changes = await queueChanges(device, 'recarga-aplicando');
    const before = await auditCounts(changes);

    const syncing = device.engine.sync({ force: true });
    await stalledInThird(clientId);
    const again = await reload(device, syncing);
    expect(await again.clientId()).toBe(clientId);
    // The new page pushes the same batch while the old request is still being applied: the client
    // row lock serialises them, so each mutation is applied by exactly one of the two requests.
    await again.engine.sync({ force: true });
    expect(again.pushes).toHaveLength(1);
    const statuses = again.pushes[0].response!.results.map((r) => r.status);
    expect(statuses.slice(0, 3)).toEqual(['skipped', 'skipped', 'skipped']);
    for (const s of statuses) expect(['skipped', 'applied']).toContain(s);
    await expectExactlyOnce(again, changes, before);
    await closeDevice(again);
    await stopServer();
  });

  it('the client reloads while the answer to its committed push is held back: the retry is skipped', async () => {
    await startServer('push:delay-response:1500');
    const device = await newSyncedDevice();
    const clientId = await device.clientId();
    const changes = await queueChanges(device, 'recarga-respuesta');
    const before = await auditCounts(changes);

    const syncing = device.engine.sync({ force: true });
    await until('the whole batch to commit', async () => (await bookkeeping(clientId)).last === 5);
    const again = await reload(device, syncing);
    expect(device.pushes[0].error?.status).toBe(0);
    await again.engine.sync({ force: true });
    expect(again.pushes).toHaveLength(1);
    expect(again.pushes[0].response).toMatchObject({ lastMutationId: 5 });
    expect(again.pushes[0].response!.results.map((r) => r.status)).toEqual(
      Array(5).fill('skipped'),
    );
    await expectExactlyOnce(again, changes, before);
    await closeDevice(again);
    await stopServer();
  });

  it('a pull racing a write that spans two tables gets both rows, on this pull or the next', async () => {
    // The write commits while the pull waits between its applications query and its notifications
    // query (a table lock held by the writer makes the wait). A pull whose queries saw different
    // moments would send the notification without the application and move its cursor past both.
    await startServer();
    const device = await newSyncedDevice();
    const target = apps[nextApp++];
    const [{ id: notificacionId }] = await app<{ id: string }>(
      `select id from notificaciones where empresa_id = (select empresa_id from solicitudes where id = $1) and deleted_at is null order by id limit 1`,
      [target.solicitud.id],
    );
    const estado = target.solicitud.estado === 'En estudio' ? 'Aprobado' : 'En estudio';
    const writer = new pg.Client({ connectionString: dbUrl });
    await writer.connect();
    try {
      await writer.query('begin');
      await writer.query('lock table notificaciones in access exclusive mode');
      // The server's write protocol: each row takes the next change seq under the company row lock.
      const next = `update empresas set change_seq = change_seq + 1 where id = (select empresa_id from solicitudes where id = $1) returning change_seq`;
      const [s1] = (await writer.query<{ change_seq: string }>(next, [target.solicitud.id])).rows;
      await writer.query('update solicitudes set estado = $2, seq = $3 where id = $1', [target.solicitud.id, estado, s1.change_seq]);
      const [s2] = (await writer.query<{ change_seq: string }>(next, [target.solicitud.id])).rows;
      await writer.query(`update notificaciones set titulo = 'Carrera de lectura', seq = $2 where id = $1`, [notificacionId, s2.change_seq]);

      const syncing = device.engine.sync({ force: true });
      await until('the pull to wait for the notifications table', async () => {
        const rows = await app(
          `select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query ilike '%from "notificaciones"%'`,
        );
        return rows.length > 0;
      });
      await writer.query('commit');
      await syncing;
    } finally {
      await writer.end();
    }
    await device.engine.sync({ force: true });
    expect(device.engine.getStatus().state).toBe('idle');
    expect((await device.db.solicitudes.get(target.solicitud.id))?.solicitud.estado).toBe(estado);
    expect((await device.db.notificaciones.get(notificacionId))?.titulo).toBe('Carrera de lectura');
    await closeDevice(device);
    await stopServer();
  });

  it.each([
    ['GET /api/dashboard/tabla', '/api/dashboard/tabla'],
    ['GET traer-todos-registros', '/api/solicitantes/:id/traer-todos-registros'],
  ])('%s racing a write that spans two tables shows both changes or neither', async (_, route) => {
    // The write commits while the read waits for `ubicaciones` (a table lock held by the writer),
    // after it has read the application. A read whose queries saw different moments would answer
    // the old status with the new neighbourhood.
    await startServer();
    const target = apps[nextApp++];
    const estado = target.solicitud.estado === 'En estudio' ? 'Aprobado' : 'En estudio';
    const barrio = `Carrera de lectura ${nextApp}`;
    const read = async () => {
      const res = await fetch(`${URL_BASE}${route.replace(':id', target.solicitante.id)}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(200);
      const { data } = (await res.json()) as { data: unknown };
      if (Array.isArray(data)) {
        const row = (data as { solicitud: { id: string; estado: string }; ubicacion: { barrio: string } | null }[]).find(
          (r) => r.solicitud.id === target.solicitud.id,
        );
        return [row?.solicitud.estado, row?.ubicacion?.barrio];
      }
      // traer-todos: the applicant's applications and their one address.
      const record = data as { solicitudes: { id: string; estado: string }[]; ubicaciones: { barrio: string }[] };
      return [record.solicitudes.find((r) => r.id === target.solicitud.id)?.estado, record.ubicaciones[0]?.barrio];
    };
    const during = await readRacingWrite(
      'ubicaciones',
      async (writer) => {
        await writer.query('update solicitudes set estado = $2 where id = $1', [target.solicitud.id, estado]);
        await writer.query('update ubicaciones set barrio = $2 where solicitante_id = $1', [target.solicitante.id, barrio]);
      },
      read,
    );
    expect([[target.solicitud.estado, target.ubicacion?.barrio], [estado, barrio]]).toContainEqual(during);
    expect(await read()).toEqual([estado, barrio]);
    await stopServer();
  });

  it('the sales CSV racing a write that spans two tables shows both changes or neither', async () => {
    // The write moves a sale from 'Aprobado' to 'Desembolsado' (it stays a sale) and changes the
    // applicant's e-mail; it commits while the CSV waits for `solicitantes` (a table lock held by
    // the writer), after it has read the applications.
    await startServer();
    const target = apps[nextApp++];
    await app(`update solicitudes set estado = 'Aprobado' where id = $1`, [target.solicitud.id]);
    const [{ radicado }] = await app<{ radicado: string }>('select radicado from solicitudes where id = $1', [target.solicitud.id]);
    const correo = `carrera.${nextApp}@example.co`;
    const read = async () => {
      const res = await fetch(`${URL_BASE}/api/descargar-ventas`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(res.status).toBe(200);
      const [headers, ...records] = parseCsv(await res.text());
      const record = records.find((r) => r[0] === radicado);
      // By the header: the company's configured fields come after 'Estado'.
      return [record?.[headers.indexOf('Estado')], record?.includes(correo)];
    };
    const during = await readRacingWrite(
      'solicitantes',
      async (writer) => {
        await writer.query(`update solicitudes set estado = 'Desembolsado' where id = $1`, [target.solicitud.id]);
        await writer.query('update solicitantes set correo = $2 where id = $1', [target.solicitante.id, correo]);
      },
      read,
    );
    expect([['Aprobado', false], ['Desembolsado', true]]).toContainEqual(during);
    expect(await read()).toEqual(['Desembolsado', true]);
    await stopServer();
  });

  it('the public tracking page racing a stage change shows the stage and its history from one moment', async () => {
    // A stage change writes the stage and appends its history row in one transaction. It commits
    // while the lookup waits for `seguimiento_historial` (a table lock held by the writer), after it
    // has read the stages. A lookup whose queries saw different moments would show the stage's old
    // status above a history that already ends with the new one.
    await startServer();
    const target = apps[nextApp++];
    const [{ radicado }] = await app<{ radicado: string }>('select radicado from solicitudes where id = $1', [target.solicitud.id]);
    const [etapa] = await app<{ id: number; estado: string }>(
      `select id, estado from seguimiento_etapas where solicitud_id = $1 and etapa = 'documentos'`,
      [target.solicitud.id],
    );
    const estado = etapa.estado === 'Aprobado' ? 'Pendiente información adicional' : 'Aprobado';
    const read = async () => {
      const res = await fetch(`${URL_BASE}/api/seguimiento/radicado/${radicado}`);
      expect(res.status).toBe(200);
      const { data } = (await res.json()) as {
        data: { etapas: { etapa: string; estado: string; historial: { estado: string; comentario: string | null }[] }[] };
      };
      const stage = data.etapas.find((e) => e.etapa === 'documentos');
      return [stage?.estado, stage?.historial.at(-1)?.comentario === 'Carrera de lectura'];
    };
    const during = await readRacingWrite(
      'seguimiento_historial',
      async (writer) => {
        await writer.query('update seguimiento_etapas set estado = $2 where id = $1', [etapa.id, estado]);
        await writer.query(
          `insert into seguimiento_historial (etapa_id, estado, comentario, fecha) values ($1, $2, 'Carrera de lectura', now())`,
          [etapa.id, estado],
        );
      },
      read,
    );
    expect([[etapa.estado, false], [estado, true]]).toContainEqual(during);
    expect(await read()).toEqual([estado, true]);
    await stopServer();
  });
});
