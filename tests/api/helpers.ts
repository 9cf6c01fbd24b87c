/**
 * A fresh database per test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server of DATABASE_URL (CI runs the suite a second time that way). A seeded one is a
 * copy of the run's seeded template (tests/api/seeded-template.ts) when the project made one.
 */
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../server/src/db/client';
import { seedDemo } from '../../server/src/db/seed';
import { buildApp } from '../../server/src/app';
import { withDatabase, type Seeded } from './seeded-template';
import type { Change, PullResponse } from '../../src/domain/sync-protocol';

export const JWT_SECRET = 'test-secret-' + 'x'.repeat(40);

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  seeded: Seeded;
  close(): Promise<void>;
}

export async function freshDatabase(from?: { template?: string; dump?: Blob }): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) return { database: await openDatabase({ loadDataDir: from?.dump }), drop: async () => undefined };
  const name = `radica_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(from?.template ? `create database ${name} template ${from.template}` : `create database ${name}`);
  await admin.end();
  const database = await openDatabase({ url: withDatabase(url, name) });
  return {
    database,
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** A fresh database holding the demo seed: a copy of the run's template, else seeded here. */
async function seededDatabase(): Promise<{ database: Database; drop: () => Promise<void>; seeded: Seeded }> {
  const template = inject('seededTemplate');
  const url = process.env.DATABASE_URL;
  if (template?.kind === 'postgres' && url) return { ...(await freshDatabase({ template: template.database })), seeded: template.seeded };
  if (template?.kind === 'pglite' && !url) {
    const dump = new Blob([await readFile(template.file)]);
    return { ...(await freshDatabase({ dump })), seeded: template.seeded };
  }
  const fresh = await freshDatabase();
  return { ...fresh, seeded: await seedDemo(fresh.database.db) };
}

export async function createTestContext(
  opts: {
    loginRateLimit?: number;
    loginIpRateLimit?: number;
    seguimientoRateLimit?: number;
    descargasRateLimit?: number;
    metricsToken?: string;
    /** Called on the built app before it is ready (to add a test hook, e.g. tests/api/openapi-answers.ts). */
    beforeReady?: (app: FastifyInstance) => void;
  } = {},
): Promise<TestContext> {
  const { database, drop, seeded } = await seededDatabase();
  const app = await buildApp({
    db: database.db,
    jwtSecret: JWT_SECRET,
    loginRateLimit: opts.loginRateLimit ?? 1000,
    loginIpRateLimit: opts.loginIpRateLimit ?? 1000,
    // Each file's requests come from one address: the public budget's own tests set it low.
    seguimientoRateLimit: opts.seguimientoRateLimit ?? 1000,
    descargasRateLimit: opts.descargasRateLimit ?? 1000,
    metricsToken: opts.metricsToken,
  });
  opts.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    seeded,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
    },
  };
}

export const DEMO_USERS = {
  admin: 'admin@demo.co',
  supervisor: 'supervisor@demo.co',
  manager: 'manager@demo.co',
  asesor: 'asesor@demo.co',
  banco: 'banco@demo.co',
  user: 'user@demo.co',
  otraAdmin: 'admin@otra.co',
} as const;
export type DemoUser = keyof typeof DEMO_USERS;

const tokenCache = new WeakMap<FastifyInstance, Map<string, string>>();

export async function loginAs(app: FastifyInstance, who: DemoUser): Promise<string> {
  let cache = tokenCache.get(app);
  if (!cache) tokenCache.set(app, (cache = new Map()));
  const hit = cache.get(who);
  if (hit) return hit;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: DEMO_USERS[who], password: 'demo1234' },
  });
  if (res.statusCode !== 200) throw new Error(`login ${who} failed: ${res.body}`);
  const token = res.json().access_token as string;
  cache.set(who, token);
  return token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Every page of `clientId`'s pull from `cursor` on, by cursor (pages of 500), each answered 200:
 * the changes in order, the last cursor and the last page's scope.
 */
export async function pullAllPages(app: FastifyInstance, token: string, clientId: string, cursor: number): Promise<{ changes: Change[]; cursor: number; scope: string | undefined }> {
  const changes: Change[] = [];
  let page: PullResponse;
  do {
    const res = await app.inject({ method: 'GET', url: `/api/sync/pull?clientId=${clientId}&cursor=${cursor}&limit=500`, headers: bearer(token) });
    if (res.statusCode !== 200) throw new Error(`pull answered ${res.statusCode}: ${res.body}`);
    page = res.json().data as PullResponse;
    changes.push(...page.changes);
    cursor = page.cursor;
  } while (page.more);
  return { changes, cursor, scope: page.scope };
}
