/**
 * Several server processes on one PostgreSQL (runs only where DATABASE_URL is set: the `cluster`
 * vitest project exists only then). Two `start:cluster` launchers on two ports, 3 processes in all;
 * two clients push to different processes, one retries its batch on the other process, and every
 * process then pulls the same state: each change exactly once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Change, PullResponse, PushResponse } from '../../src/domain/sync-protocol';
import type { SolicitudRecord } from '../../src/domain/solicitud';

const ADMIN_URL = process.env.DATABASE_URL as string;
const dbName = `radica_cluster_${randomBytes(5).toString('hex')}`;
const dbUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${dbName}` }).href;
const secret = randomBytes(32).toString('base64url');
const dataDir = mkdtempSync(join(tmpdir(), 'radica-cluster-'));
const base = 40000 + Math.floor(Math.random() * 20000);
const A = `http://127.0.0.1:${base}`;
const B = `http://127.0.0.1:${base + 1}`;
const children: ChildProcess[] = [];
/** Logins per minute per client address, counted in PostgreSQL by every process. */
const IP_LIMIT = 6;

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    return await c.query(sql);
  } finally {
    await c.end();
  }
}

function launch(port: number, workers: number): ChildProcess {
  const child = spawn('npx', ['tsx', 'server/src/cluster.ts', '--demo'], {
    env: { ...process.env, DATABASE_URL: dbUrl, PORT: String(port), HOST: '127.0.0.1', WORKERS: String(workers), JWT_SECRET: secret, DATA_DIR: dataDir, LOG: '0', LOGIN_RATE_LIMIT: '1000', LOGIN_IP_RATE_LIMIT: String(IP_LIMIT), TRUST_PROXY: '1' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  children.push(child);
  return child;
}

async function healthy(url: string): Promise<void> {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not start`);
}

async function login(url: string, email: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password: 'demo1234' }) });
  return ((await res.json()) as { access_token: string }).access_token;
}

async function push(url: string, token: string, clientId: string, mutations: unknown[]) {
  const res = await fetch(`${url}/api/sync/push`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ clientId, mutations }) });
  return { status: res.status, body: (await res.json()) as { ok: boolean; data: PushResponse } };
}

async function pullAll(url: string, token: string, clientId = randomUUID()) {
  let cursor = 0;
  const rows = new Map<string, Change>();
  let page: PullResponse;
  do {
    const res = await fetch(`${url}/api/sync/pull?clientId=${clientId}&cursor=${cursor}&limit=500`, { headers: { Authorization: `Bearer ${token}` } });
    page = ((await res.json()) as { data: PullResponse }).data;
    for (const c of page.changes) rows.set(`${c.entity}:${c.id}`, c);
    cursor = page.cursor;
  } while (page.more);
  return { rows, cursor, lastMutationId: page.lastMutationId };
}

beforeAll(async () => {
  await admin(`create database ${dbName}`);
  launch(base, 2);
  await healthy(A);
  launch(base + 1, 1);
  await healthy(B);
}, 180_000);

afterAll(async () => {
  for (const child of children) {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  await new Promise((r) => setTimeout(r, 1500));
  for (const child of children) {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  await admin(`drop database if exists ${dbName} with (force)`);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('several server processes on one PostgreSQL', () => {
  it('applies pushes from two clients on different processes exactly once, and every process pulls the same state', async () => {
    const adminToken = await login(A, 'admin@demo.co');
    const supervisorToken = await login(B, 'supervisor@demo.co');
    // A token made by one process is valid on the other: the servers share nothing but the database.
    const { rows: before } = await pullAll(B, adminToken);
    const apps = [...before.values()].filter((c) => c.entity === 'solicitud').map((c) => c.row as SolicitudRecord).slice(0, 2);
    const [s1, s2] = apps;
    // Target statuses that differ from the current ones, so each change really changes something.
    const estado1 = s1.solicitud.estado === 'Aprobado' ? 'Pagado' : 'Aprobado';
    const estado2 = s2.solicitud.estado === 'En estudio' ? 'Desistido' : 'En estudio';
    const c1 = randomUUID();
    const c2 = randomUUID();
    const batch1 = [
      { id: 1, name: 'solicitud.cambiarEstado', args: { solicitudId: s1.solicitud.id, estado: estado1, base: { estado: s1.solicitud.estado } }, at: new Date().toISOString() },
      { id: 2, name: 'solicitud.editar', args: { solicitudId: s2.solicitud.id, changes: { 'solicitante.nombres': 'Proceso Uno' }, base: { 'solicitante.nombres': s2.solicitante.nombres } }, at: new Date().toISOString() },
    ];
    const batch2 = [
      { id: 1, name: 'solicitud.editar', args: { solicitudId: s1.solicitud.id, changes: { 'solicitante.nombres': 'Proceso Dos' }, base: { 'solicitante.nombres': s1.solicitante.nombres } }, at: new Date().toISOString() },
      { id: 2, name: 'solicitud.cambiarEstado', args: { solicitudId: s2.solicitud.id, estado: estado2, base: { estado: s2.solicitud.estado } }, at: new Date().toISOString() },
    ];
    const [r1, r2] = await Promise.all([push(A, adminToken, c1, batch1), push(B, supervisorToken, c2, batch2)]);
    expect(r1.status).toBe(200);
    expect(r2.status).toBe(200);
    expect(r1.body.data.results.map((r) => r.status)).toEqual(['applied', 'applied']);
    expect(r2.body.data.results.map((r) => r.status)).toEqual(['applied', 'applied']);

    // The answer to client 1 was "lost": it retries the same batch on the other process.
    const retry = await push(B, adminToken, c1, batch1);
    expect(retry.status).toBe(200);
    expect(retry.body.data.results.map((r) => r.status)).toEqual(['skipped', 'skipped']);
    expect(retry.body.data.lastMutationId).toBe(2);
    // A gap is refused on any process.
    const gap = await push(A, supervisorToken, c2, [{ ...batch2[0], id: 4 }]);
    expect(gap.status).toBe(400);

    const fromA = await pullAll(A, adminToken, c1);
    const fromB = await pullAll(B, adminToken);
    expect(fromA.lastMutationId).toBe(2);
    expect(fromA.cursor).toBe(fromB.cursor);
    for (const pulled of [fromA, fromB]) {
      const p1 = pulled.rows.get(`solicitud:${s1.solicitud.id}`)?.row as SolicitudRecord;
      const p2 = pulled.rows.get(`solicitud:${s2.solicitud.id}`)?.row as SolicitudRecord;
      expect(p1.solicitud.estado).toBe(estado1);
      expect(p1.solicitante.nombres).toBe('Proceso Dos');
      expect(p2.solicitud.estado).toBe(estado2);
      expect(p2.solicitante.nombres).toBe('Proceso Uno');
    }

    // Exactly once: one audit row per applied mutation, none for the retried batch.
    const c = new pg.Client({ connectionString: dbUrl });
    await c.connect();
    const audit = await c.query<{ entidad_id: string; n: string }>(
      `select entidad_id, count(*)::text as n from auditoria where entidad_id = any($1) group by entidad_id`,
      [[s1.solicitud.id, s2.solicitud.id, s1.solicitante.id, s2.solicitante.id]],
    );
    await c.end();
    const total = audit.rows.reduce((n, r) => n + Number(r.n), 0);
    expect(total).toBe(4);
  }, 120_000);

  it('counts login limits in PostgreSQL: every process refuses an address past the limit, behind a proxy (TRUST_PROXY)', async () => {
    const attempt = async (url: string, i: number, client: string) => {
      const res = await fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': client },
        body: JSON.stringify({ email: `nadie${i}@ejemplo.co`, password: 'no-es-la-clave' }),
      });
      return { status: res.status, retryAfter: res.headers.get('retry-after') };
    };
    // Spread over the three processes of the two launchers: alone, each would allow IP_LIMIT.
    const codes: number[] = [];
    for (let i = 0; i < IP_LIMIT; i++) codes.push((await attempt(i % 2 ? B : A, i, '203.0.113.7')).status);
    expect(codes).toEqual(Array.from({ length: IP_LIMIT }, () => 401));
    for (const url of [A, B]) {
      const refused = await attempt(url, 99, '203.0.113.7');
      expect(refused.status).toBe(429);
      expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
    }
    // Another client behind the same proxy has its own count.
    expect((await attempt(B, 100, '203.0.113.8')).status).toBe(401);
  }, 120_000);
});
