/**
 * Server hardening from a security audit:
 * - no /api answer may be kept by the browser's HTTP cache (it outlives 'Salir' and the device
 *   wipe): Cache-Control: no-store and Pragma: no-cache, unless the route chose its own; the
 *   PWA's files keep their caching; the hijacked tus answers say no-store too and send no CORS;
 * - perfil.editar through push counts in PUT /api/perfil's budget of e-mail questions;
 * - creating a user, or giving one another e-mail, counts in the user administration's budget of
 *   e-mail questions, by REST and by push alike (security audit F1);
 * - the read-only role 'user' cannot answer a correction review, by REST or by push;
 * - mutation names of Object.prototype are an unknown operation, not a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, isNull, notInArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { bearer, createTestContext, JWT_SECRET, loginAs, type DemoUser, type TestContext } from './helpers';
import { buildApp } from '../../server/src/app';
import { revisiones, solicitudes, usuarios } from '../../server/src/db/schema';
import { ESTADOS_CERRADOS } from '../../src/domain/seguimiento';
import { ROL_NO_RESPONDE } from '../../server/src/modules/revisiones/service';

let ctx: TestContext;
beforeAll(async () => {
  // A login budget of 5 a minute: the e-mail questions of the profile share it.
  ctx = await createTestContext({ loginRateLimit: 5 });
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
type Result = { id: number; status: string; code?: string; error?: string };

async function call(who: DemoUser | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, remoteAddress?: string) {
  return ctx.app.inject({
    method,
    url,
    headers: who ? bearer(await loginAs(ctx.app, who)) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

async function push(who: DemoUser, mutations: Array<{ name: string; args: unknown }>, remoteAddress?: string): Promise<Result[]> {
  const res = await call(
    who,
    'POST',
    '/api/sync/push',
    { clientId: randomUUID(), mutations: mutations.map((m, i) => ({ id: i + 1, ...m, at: new Date().toISOString() })) },
    remoteAddress,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.results as Result[];
}

async function usuario(correo: string) {
  const [u] = await db().select().from(usuarios).where(eq(usuarios.correo, correo));
  return u;
}

const noStore = (res: LightMyRequestResponse) => {
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.headers.pragma).toBe('no-cache');
};

describe('the HTTP cache keeps no /api answer', () => {
  it('pull, the table, the users, the public filing lookup, a refusal and a 404 say no-store', async () => {
    const pull = await call('asesor', 'GET', `/api/sync/pull?clientId=${randomUUID()}&recent=1`);
    expect(pull.statusCode).toBe(200);
    noStore(pull);
    const tabla = await call('supervisor', 'GET', '/api/dashboard/tabla');
    expect(tabla.statusCode).toBe(200);
    noStore(tabla);
    const lista = await call('admin', 'GET', '/api/usuarios');
    expect(lista.statusCode).toBe(200);
    noStore(lista);
    const [sol] = await db().select().from(solicitudes).where(and(eq(solicitudes.empresaId, ctx.seeded.demo.id), isNull(solicitudes.deletedAt))).limit(1);
    const radicado = await call(null, 'GET', `/api/seguimiento/radicado/${sol.radicado}`);
    expect(radicado.statusCode).toBe(200);
    noStore(radicado);
    noStore(await call('user', 'GET', '/api/usuarios'));
    noStore(await call(null, 'GET', '/api/dashboard/tabla'));
    noStore(await call(null, 'GET', '/api/no-existe'));
  });

  it('keeps the Cache-Control a route chose itself', async () => {
    const legal = await call(null, 'GET', '/api/legal/operador');
    expect(legal.statusCode).toBe(200);
    expect(legal.headers['cache-control']).toBe('public, max-age=300');
    expect(legal.headers.pragma).toBeUndefined();
  });

  it('leaves the PWA files and the service worker their own caching', async () => {
    const dist = await mkdtemp(path.join(tmpdir(), 'radica-dist-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Radica</title>');
    await writeFile(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    await writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1);');
    const app = await buildApp({ db: db(), jwtSecret: JWT_SECRET, distDir: dist });
    try {
      const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      for (const url of ['/sw.js', '/index.html', '/creditos']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control'], url).toBe('no-cache');
        expect(res.headers.pragma, url).toBeUndefined();
      }
    } finally {
      await app.close();
      await rm(dist, { recursive: true, force: true });
    }
  });

  it('the resumable uploads (answered by tus itself) say no-store and send no CORS header', async () => {
    const origin = { origin: 'https://otro-sitio.example' };
    for (const url of ['/api/uploads', '/api/seguimiento/uploads']) {
      const options = await ctx.app.inject({ method: 'OPTIONS', url, headers: origin });
      expect(options.statusCode, url).toBe(204);
      expect(options.headers['tus-version'], url).toBe('1.0.0');
      noStore(options);
      expect(options.headers['access-control-allow-origin'], url).toBeUndefined();
    }
    const [sol] = await db()
      .select()
      .from(solicitudes)
      .where(and(eq(solicitudes.empresaId, ctx.seeded.demo.id), isNull(solicitudes.deletedAt), notInArray(solicitudes.estado, [...ESTADOS_CERRADOS])))
      .limit(1);
    const meta = Object.entries({ solicitud_id: sol.id, filename: 'extracto.pdf', filetype: 'application/pdf' })
      .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
      .join(',');
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...origin, ...bearer(await loginAs(ctx.app, 'admin')), 'tus-resumable': '1.0.0', 'upload-length': '100', 'upload-metadata': meta },
    });
    expect(created.statusCode, created.body).toBe(201);
    noStore(created);
    expect(created.headers['access-control-allow-origin']).toBeUndefined();
    const head = await ctx.app.inject({
      method: 'HEAD',
      url: String(created.headers.location),
      headers: { ...origin, ...bearer(await loginAs(ctx.app, 'admin')), 'tus-resumable': '1.0.0' },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe('0');
    noStore(head);
    expect(head.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('perfil.editar shares the profile budget of e-mail questions', () => {
  it('past the budget, a perfil.editar naming another e-mail is rejected RATE_LIMITED and changes nothing', async () => {
    const asesor = await usuario('asesor@demo.co');
    const perfil = (correo: string) => ({ name: 'perfil.editar', args: { usuarioId: asesor.id, nombre: asesor.nombre, correo } });
    const correos = ['libre-0@demo.co', 'admin@otra.co', 'libre-2@demo.co', 'admin@otra.co', 'libre-4@demo.co', 'admin@otra.co', 'libre-6@demo.co'];
    const results = await push('asesor', correos.map(perfil), '10.1.0.1');
    expect(results.map((r) => r.code ?? r.status)).toEqual(['applied', 'VALIDATION', 'applied', 'VALIDATION', 'applied', 'RATE_LIMITED', 'RATE_LIMITED']);
    expect(results[5]).toMatchObject({ status: 'rejected', error: expect.stringMatching(/^Demasiadas solicitudes/) });
    // The refused ones told nothing: the taken address and the free one got the same answer.
    expect(results[6].error).toBe(results[5].error);
    expect((await db().select().from(usuarios).where(eq(usuarios.id, asesor.id)))[0].correo).toBe('libre-4@demo.co');

    // The same budget as PUT /api/perfil, from the same address and session.
    const rest = await call('asesor', 'PUT', '/api/perfil', { nombre: asesor.nombre, correo: 'admin@otra.co' }, '10.1.0.1');
    expect(rest.statusCode).toBe(429);
    expect(rest.json()).toMatchObject({ ok: false, code: 'RATE_LIMITED' });

    // A profile edit that keeps the e-mail asks nothing and is not counted.
    const [nombre] = await push('asesor', [{ name: 'perfil.editar', args: { usuarioId: asesor.id, nombre: 'Andrés Felipe', correo: 'libre-4@demo.co' } }], '10.1.0.1');
    expect(nombre).toMatchObject({ status: 'applied' });
    expect((await db().select().from(usuarios).where(eq(usuarios.id, asesor.id)))[0].nombre).toBe('Andrés Felipe');
  });

  it('a budget spent through PUT /api/perfil also refuses the mutation', async () => {
    const manager = await usuario('manager@demo.co');
    for (let i = 0; i < 5; i++) {
      const res = await call('manager', 'PUT', '/api/perfil', { nombre: manager.nombre, correo: i % 2 ? 'admin@otra.co' : `gerente-${i}@demo.co` }, '10.1.0.2');
      expect(res.statusCode).not.toBe(429);
    }
    const before = (await db().select().from(usuarios).where(eq(usuarios.id, manager.id)))[0].correo;
    const [result] = await push('manager', [{ name: 'perfil.editar', args: { usuarioId: manager.id, nombre: manager.nombre, correo: 'otro-gerente@demo.co' } }], '10.1.0.2');
    expect(result).toMatchObject({ status: 'rejected', code: 'RATE_LIMITED' });
    expect((await db().select().from(usuarios).where(eq(usuarios.id, manager.id)))[0].correo).toBe(before);
  });
});

describe("the user administration's e-mail questions have a budget (three times the profile's: 15 a minute here)", () => {
  const nuevo = (correo: string) => ({
    name: 'usuario.crear',
    args: { tempId: randomUUID(), nombre: 'Persona Nueva', cedula: '70111222', correo, contraseña: 'clave-segura-1', rol: 'asesor', info_extra: {} },
  });

  it('usuario.crear and POST /api/usuarios: past the budget the answer is RATE_LIMITED, the same for a taken and a free address, and nobody is created', async () => {
    // Before: 62 addresses in one push, answered at dozens a second, told which ones another company has.
    const correos = Array.from({ length: 14 }, (_, i) => `equipo-${i}@demo.co`).concat(['admin@otra.co', 'admin@otra.co', 'equipo-libre@demo.co']);
    const results = await push('admin', correos.map(nuevo), '10.1.0.3');
    expect(results.slice(0, 14).map((r) => r.status)).toEqual(Array(14).fill('applied'));
    expect(results[14]).toMatchObject({ status: 'rejected', code: 'VALIDATION', error: 'Ya existe un usuario registrado con el correo admin@otra.co.' });
    expect(results[15]).toMatchObject({ status: 'rejected', code: 'RATE_LIMITED', error: expect.stringMatching(/^Demasiadas solicitudes/) });
    expect(results[16]).toMatchObject({ status: 'rejected', code: 'RATE_LIMITED' });
    expect(results[16].error).toBe(results[15].error);
    expect(await usuario('equipo-libre@demo.co')).toBeUndefined();

    // The REST route counts in the same budget, from the same address and session.
    const rest = await call('admin', 'POST', '/api/usuarios', nuevo('equipo-rest@demo.co').args, '10.1.0.3');
    expect(rest.statusCode).toBe(429);
    expect(rest.headers['retry-after']).toMatch(/^\d+$/);
    expect(await usuario('equipo-rest@demo.co')).toBeUndefined();

    // An edit that keeps the e-mail asks nothing and is not counted.
    const equipo = await usuario('equipo-0@demo.co');
    const [renamed] = await push('admin', [{ name: 'usuario.editar', args: { usuarioId: equipo.id, changes: { nombre: 'Persona Renombrada', correo: 'equipo-0@demo.co' }, base: {} } }], '10.1.0.3');
    expect(renamed).toMatchObject({ status: 'applied' });
  });

  it('usuario.editar and PUT /api/usuarios/:id naming another e-mail count in it too', async () => {
    const target = await usuario('user@demo.co');
    const antes = target.correo;
    for (let i = 0; i < 15; i++) {
      // A taken address: refused, so the user keeps theirs and every question names another one.
      const res = await call('supervisor', 'PUT', `/api/usuarios/${target.id}`, { correo: i % 2 ? 'admin@otra.co' : 'admin@demo.co' }, '10.1.0.4');
      expect(res.statusCode, res.body).toBe(400);
    }
    const rest = await call('supervisor', 'PUT', `/api/usuarios/${target.id}`, { correo: 'admin@otra.co' }, '10.1.0.4');
    expect(rest.statusCode).toBe(429);
    const [edit] = await push('supervisor', [{ name: 'usuario.editar', args: { usuarioId: target.id, changes: { correo: 'libre-edit@demo.co' }, base: {} } }], '10.1.0.4');
    expect(edit).toMatchObject({ status: 'rejected', code: 'RATE_LIMITED' });
    expect((await usuario('user@demo.co'))?.correo).toBe(antes);
    // Changing nothing but the name is not a question: it still goes through.
    const nombre = await call('supervisor', 'PUT', `/api/usuarios/${target.id}`, { nombre: target.nombre }, '10.1.0.4');
    expect(nombre.statusCode, nombre.body).toBe(200);
  });
});

describe('the read-only role cannot answer a correction review', () => {
  it('refuses user (the assignee) by REST and by push; the review stays open', async () => {
    const user = await usuario('user@demo.co');
    const rows = await db()
      .select()
      .from(solicitudes)
      .where(and(eq(solicitudes.empresaId, ctx.seeded.demo.id), eq(solicitudes.assignedToUserId, user.id), isNull(solicitudes.deletedAt)));
    const sol = rows.find((r) => r.estado !== 'Pendiente información adicional') ?? rows[0];
    const campo = 'solicitud.ciudad_solicitud';
    const devuelta = await call('admin', 'POST', `/api/solicitudes/${sol.id}/devolver`, { mensaje: 'Corrija la ciudad', campos: [{ campo, comentario: 'No coincide' }] });
    expect(devuelta.statusCode, devuelta.body).toBe(200);
    const revisionId = devuelta.json().data.id as string;
    const respuestas = [{ campo, respuesta: 'Respondido por el rol de solo lectura' }];

    const rest = await call('user', 'POST', `/api/solicitudes/${sol.id}/revisiones/${revisionId}/responder`, { respuestas });
    expect(rest.statusCode).toBe(403);
    expect(rest.json()).toMatchObject({ ok: false, code: 'FORBIDDEN' });

    const [viaPush] = await push('user', [{ name: 'revision.responder', args: { solicitudId: sol.id, revisionId, respuestas } }]);
    expect(viaPush).toMatchObject({ status: 'rejected', code: 'FORBIDDEN', error: ROL_NO_RESPONDE });

    const [rev] = await db().select().from(revisiones).where(eq(revisiones.id, revisionId));
    expect(rev.estado).toBe('abierta');
    expect(rev.respondidaPor).toBeNull();
  });
});

describe('mutation names of Object.prototype', () => {
  it('are an unknown operation, rejected in-band like any other', async () => {
    const names = ['constructor', '__proto__', 'toString', 'hasOwnProperty'];
    const results = await push('user', names.map((name) => ({ name, args: {} })));
    expect(results).toEqual(
      names.map((name, i) => ({ id: i + 1, status: 'rejected', code: 'VALIDATION', error: `Operación desconocida: ${name}` })),
    );
  });
});
