/**
 * Long transactions (issue #30): no password is hashed while a transaction is open (REST and push),
 * and a push of many mutations commits each one on its own, so other requests are served between
 * them, on PGlite's single connection too.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { bearer, createTestContext, JWT_SECRET, loginAs, type TestContext } from './helpers';
import { buildApp } from '../../server/src/app';
import type { Db } from '../../server/src/db/client';
import { solicitudes, usuarios } from '../../server/src/db/schema';
import { passwordGate } from '../../server/src/lib/password';
import { ESTADOS_DEFAULT } from '../../src/domain/estados';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('password hashing', () => {
  let app: FastifyInstance;
  let open = 0;
  const hashes: Array<{ inTransaction: boolean }> = [];
  beforeAll(async () => {
    // The app's database counts the transactions it has open.
    const db = new Proxy(ctx.database.db, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver);
        if (prop === 'transaction') {
          return async (...args: unknown[]) => {
            open += 1;
            try {
              return await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
            } finally {
              open -= 1;
            }
          };
        }
        return typeof value === 'function' ? value.bind(target) : value;
      },
    }) as Db;
    app = await buildApp({ db, jwtSecret: JWT_SECRET, loginRateLimit: 1000, loginIpRateLimit: 1000 });
    const run = passwordGate.run.bind(passwordGate);
    vi.spyOn(passwordGate, 'run').mockImplementation((key, work) => {
      hashes.push({ inTransaction: open > 0 });
      return run(key, work);
    });
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await app.close();
  });

  it('runs before the transaction when a user is created or gets a new password, through REST and push', async () => {
    const token = await loginAs(app, 'admin');
    hashes.length = 0;
    const correo = () => `hash.${randomUUID().slice(0, 8)}@demo.co`;
    const created = await app.inject({ method: 'POST', url: '/api/usuarios', headers: bearer(token), payload: { nombre: 'Usuaria Hash', cedula: '55123999', correo: correo(), contraseña: 'secreta123', rol: 'asesor', info_extra: {} } });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    const edited = await app.inject({ method: 'PUT', url: `/api/usuarios/${id}`, headers: bearer(token), payload: { contraseña: 'otraclave456' } });
    expect(edited.statusCode, edited.body).toBe(200);
    const pushed = await app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: bearer(token),
      payload: {
        clientId: randomUUID(),
        mutations: [
          { id: 1, name: 'usuario.crear', args: { tempId: randomUUID(), nombre: 'Usuario Push', cedula: '55123998', correo: correo(), contraseña: 'secreta789', rol: 'asesor', info_extra: {} } },
          { id: 2, name: 'usuario.editar', args: { usuarioId: id, changes: { contraseña: 'terceraclave1' } } },
        ],
      },
    });
    expect(pushed.json().data.results.map((r: { status: string }) => r.status), pushed.body).toEqual(['applied', 'applied']);
    const [row] = await ctx.database.db.select().from(usuarios).where(eq(usuarios.id, id));
    expect(row.passwordHash).toMatch(/^scrypt\$/);
    expect(hashes.length).toBeGreaterThanOrEqual(4);
    expect(hashes.filter((h) => h.inTransaction)).toEqual([]);
    // The last password set is the one that logs in.
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: row.correo, password: 'terceraclave1' } });
    expect(login.statusCode).toBe(200);
  });
});

describe('a long push', () => {
  it('commits mutation by mutation, and requests sent meanwhile are answered before it ends', async () => {
    const token = await loginAs(ctx.app, 'admin');
    const rows = await ctx.database.db
      .select({ id: solicitudes.id, estado: solicitudes.estado })
      .from(solicitudes)
      .where(and(eq(solicitudes.empresaId, ctx.seeded.demo.id), isNull(solicitudes.deletedAt)))
      .limit(120);
    const next = (e: string) => ESTADOS_DEFAULT[(ESTADOS_DEFAULT.indexOf(e as (typeof ESTADOS_DEFAULT)[number]) + 1) % ESTADOS_DEFAULT.length];
    const clientId = randomUUID();
    const n = rows.length;
    const mutations = rows.map((r, i) => ({ id: i + 1, name: 'solicitud.cambiarEstado', args: { solicitudId: r.id, estado: next(r.estado), base: { estado: r.estado } } }));

    let pushDone = false;
    const push = ctx.app
      .inject({ method: 'POST', url: '/api/sync/push', headers: bearer(token), payload: { clientId, mutations } })
      .then((res) => {
        pushDone = true;
        return res;
      });
    // Meanwhile: the same client's pull, which reads the client's committed counter.
    const seen: number[] = [];
    while (!pushDone) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/sync/pull?clientId=${clientId}&cursor=999999999&limit=1`, headers: bearer(token) });
      if (pushDone) break;
      expect(res.statusCode, res.body).toBe(200);
      seen.push(res.json().data.lastMutationId as number);
    }
    const res = await push;
    expect(res.json().data.results.every((r: { status: string }) => r.status === 'applied'), res.body).toBe(true);
    // Answered while the push ran, having seen part of it committed: one transaction per mutation,
    // and the database served others between them.
    const partial = seen.filter((id) => id > 0 && id < n);
    expect(partial.length, `counters seen during the push: ${seen.join(',')}`).toBeGreaterThan(0);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
  });
});
