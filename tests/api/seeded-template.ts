/**
 * Vitest globalSetup of the api and property projects: the demo database migrated and seeded once
 * per run, which each test file's `createTestContext` copies instead of migrating and seeding its
 * own (tests/api/helpers.ts). In-memory PGlite: a dump of its data directory in a temporary file,
 * loaded in well under a second instead of initdb, migrations and seed (about 3 s per file). With
 * DATABASE_URL: a template database, copied by `CREATE DATABASE … TEMPLATE`.
 * Every file still gets a database of its own; only the way it is made changes.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, type Database } from '../../server/src/db/client';
import { seedDemo } from '../../server/src/db/seed';

export type Seeded = Awaited<ReturnType<typeof seedDemo>>;

/** What the test files are given: where the seeded copy is, and what the seed returned. */
export type SeededTemplate = { kind: 'pglite'; file: string; seeded: Seeded } | { kind: 'postgres'; database: string; seeded: Seeded };

declare module 'vitest' {
  export interface ProvidedContext {
    seededTemplate: SeededTemplate | null;
  }
}

/** `url` with another database name. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function adminQuery(url: string, sql: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `radica_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(url, `create database ${name}`);
    const database = await openDatabase({ url: withDatabase(url, name) });
    const seeded = JSON.parse(JSON.stringify(await seedDemo(database.db))) as Seeded;
    await database.close();
    project.provide('seededTemplate', { kind: 'postgres', database: name, seeded });
    return () => adminQuery(url, `drop database if exists ${name} with (force)`);
  }
  const database: Database = await openDatabase({});
  const seeded = JSON.parse(JSON.stringify(await seedDemo(database.db))) as Seeded;
  const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('none');
  await database.close();
  const dir = await mkdtemp(path.join(tmpdir(), 'radica-template-'));
  const file = path.join(dir, 'seeded.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('seededTemplate', { kind: 'pglite', file, seeded });
  return () => rm(dir, { recursive: true, force: true });
}
