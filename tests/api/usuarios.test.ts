import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { bearer, createTestContext, DEMO_USERS, loginAs, type DemoUser, type TestContext } from './helpers';
import { auditoria, usuarios } from '../../server/src/db/schema';
import type { Change, PullResponse, PushResponse } from '../../src/domain/sync-protocol';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
async function call(who: DemoUser | string | null, method: Method, url: string, payload?: unknown) {
  const token = who === null ? null : who in DEMO_USERS ? await loginAs(ctx.app, who as DemoUser) : who;
  return ctx.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
}

async function login(email: string, password: string) {
  return ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
}

let n = 0;
const nuevo = (extra: Record<string, unknown> = {}) => {
  n += 1;
  return {
    nombre: `Usuario Prueba ${n}`,
    cedula: `1000${n}`,
    correo: `prueba${n}.${randomUUID().slice(0, 6)}@demo.co`,
    contraseña: 'secreta123',
    rol: 'asesor',
    info_extra: { ciudad: 'Cali', banco_nombre: '', linea_credito: '  ' },
    ...extra,
  };
};

async function idOf(email: string): Promise<number> {
  const [row] = await ctx.database.db.select().from(usuarios).where(eq(usuarios.correo, email));
  return row.id;
}

function expectNoSecrets(body: string) {
  expect(body).not.toMatch(/password|scrypt\$|contraseña|token_?version/i);
}

describe('users CRUD as admin', () => {
  it('lists only the company’s active users, without passwords', async () => {
    const res = await call('admin', 'GET', '/api/usuarios');
    expect(res.statusCode).toBe(200);
    const data = res.json().data as Array<{ correo: string; rol: string }>;
    const correos = data.map((u) => u.correo);
    expect(correos).toContain('admin@demo.co');
    expect(correos).toContain('banco@demo.co');
    expect(correos).not.toContain('admin@otra.co');
    expect(Object.keys(data[0]).sort()).toEqual(
      ['apellido', 'cedula', 'correo', 'created_at', 'id', 'info_extra', 'nombre', 'rol', 'updated_at'],
    );
    expectNoSecrets(res.body);
    // The spec's empresa_id parameter is accepted when it is the token's company.
    expect((await call('admin', 'GET', `/api/usuarios?empresa_id=${ctx.seeded.demo.id}`)).statusCode).toBe(200);
  });

  it('creates a user who can log in, with a hashed password and empty info_extra entries dropped', async () => {
    const body = nuevo();
    const res = await call('admin', 'POST', '/api/usuarios', body);
    expect(res.statusCode).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({ nombre: body.nombre, correo: body.correo, cedula: body.cedula, rol: 'asesor', info_extra: { ciudad: 'Cali' } });
    expect(created.info_extra).toEqual({ ciudad: 'Cali' });
    expectNoSecrets(res.body);
    const [row] = await ctx.database.db.select().from(usuarios).where(eq(usuarios.id, created.id));
    expect(row.passwordHash).toMatch(/^scrypt\$/);
    expect(row.passwordHash).not.toContain('secreta123');
    expect(row.seq).toBeGreaterThan(0);
    const loginRes = await login(body.correo, 'secreta123');
    expect(loginRes.statusCode).toBe(200);
    expect(loginRes.json().usuario.rol).toBe('asesor');

    const get = await call('admin', 'GET', `/api/usuarios/${created.id}`);
    expect(get.statusCode).toBe(200);
    expect(get.json().data.correo).toBe(body.correo);
    expectNoSecrets(get.body);
    const audits = await ctx.database.db.select().from(auditoria).where(and(eq(auditoria.entidad, 'usuario'), eq(auditoria.entidadId, String(created.id))));
    expect(audits.length).toBe(1);
    expectNoSecrets(JSON.stringify(audits));
  });

  it('accepts info_extra as a JSON string (the spec parses and cleans it)', async () => {
    const res = await call('admin', 'POST', '/api/usuarios', nuevo({ rol: 'banco', info_extra: JSON.stringify({ banco_nombre: 'Davivienda', ciudad: '' }) }));
    expect(res.statusCode).toBe(201);
    expect(res.json().data.info_extra).toEqual({ banco_nombre: 'Davivienda' });
  });

  it('requires nombre, cédula, correo, contraseña and rol with Spanish messages, and writes nothing', async () => {
    const before = (await call('admin', 'GET', '/api/usuarios')).json().data.length;
    const cases: Array<[Record<string, unknown>, string]> = [
      [nuevo({ nombre: '  ' }), 'El nombre es obligatorio'],
      [nuevo({ cedula: '' }), 'La cédula es obligatoria'],
      [nuevo({ correo: 'no-es-correo' }), 'El correo electrónico no es válido'],
      [nuevo({ contraseña: '' }), 'La contraseña es obligatoria'],
      [nuevo({ contraseña: 'corta' }), 'La contraseña debe tener al menos 8 caracteres'],
      [nuevo({ rol: 'jefe' }), 'El rol es obligatorio'],
    ];
    for (const [body, message] of cases) {
      const res = await call('admin', 'POST', '/api/usuarios', body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toMatchObject({ ok: false, code: 'VALIDATION' });
      expect(JSON.stringify(res.json().fields)).toContain(message);
    }
    expect((await call('admin', 'GET', '/api/usuarios')).json().data.length).toBe(before);
  });

  it('refuses a duplicate e-mail (any case, any company) with a clear message', async () => {
    for (const correo of ['ADMIN@demo.co', 'admin@otra.co']) {
      const res = await call('admin', 'POST', '/api/usuarios', nuevo({ correo }));
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(`Ya existe un usuario registrado con el correo ${correo.toLowerCase()}.`);
    }
    const other = nuevo();
    const created = (await call('admin', 'POST', '/api/usuarios', other)).json().data;
    const res = await call('admin', 'PUT', `/api/usuarios/${created.id}`, { correo: 'supervisor@demo.co' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('Ya existe un usuario registrado con el correo supervisor@demo.co');
  });

  it('edits a user; a blank password keeps the current one, a new one replaces it and ends their sessions', async () => {
    const body = nuevo();
    const created = (await call('admin', 'POST', '/api/usuarios', body)).json().data;
    const theirToken = (await login(body.correo, 'secreta123')).json().access_token as string;

    const edit = await call('admin', 'PUT', `/api/usuarios/${created.id}`, {
      nombre: 'Nombre Editado',
      correo: body.correo,
      cedula: '999',
      rol: 'banco',
      info_extra: { banco_nombre: 'Bancolombia', ciudad: '' },
      contraseña: '',
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().data).toMatchObject({ nombre: 'Nombre Editado', cedula: '999', rol: 'banco', info_extra: { banco_nombre: 'Bancolombia' } });
    expect(edit.json().data.info_extra.ciudad).toBeUndefined();
    expectNoSecrets(edit.body);
    expect((await login(body.correo, 'secreta123')).statusCode).toBe(200);
    // Their session survived an edit without a password.
    expect((await call(theirToken, 'GET', '/api/validate-token')).statusCode).toBe(200);

    const pw = await call('admin', 'PUT', `/api/usuarios/${created.id}`, { contraseña: 'otraClave99' });
    expect(pw.statusCode).toBe(200);
    expect((await login(body.correo, 'secreta123')).statusCode).toBe(401);
    expect((await login(body.correo, 'otraClave99')).statusCode).toBe(200);
    expect((await call(theirToken, 'GET', '/api/validate-token')).statusCode).toBe(401);
  });

  it('deletes a user: their session ends, they cannot log in, and the e-mail becomes free', async () => {
    const body = nuevo();
    const created = (await call('admin', 'POST', '/api/usuarios', body)).json().data;
    const theirToken = (await login(body.correo, 'secreta123')).json().access_token as string;
    const del = await call('admin', 'DELETE', `/api/usuarios/${created.id}`);
    expect(del.statusCode).toBe(200);
    expect((await call(theirToken, 'GET', '/api/validate-token')).statusCode).toBe(401);
    expect((await login(body.correo, 'secreta123')).statusCode).toBe(401);
    expect((await call('admin', 'GET', `/api/usuarios/${created.id}`)).statusCode).toBe(404);
    expect((await call('admin', 'DELETE', `/api/usuarios/${created.id}`)).statusCode).toBe(404);
    const list = (await call('admin', 'GET', '/api/usuarios')).json().data as Array<{ id: number }>;
    expect(list.some((u) => u.id === created.id)).toBe(false);
    const again = await call('admin', 'POST', '/api/usuarios', { ...body, nombre: 'Otra Persona' });
    expect(again.statusCode).toBe(201);
  });
});

describe('refusals across roles and companies', () => {
  it('answers 401 without a token on every users route', async () => {
    const id = await idOf('asesor@demo.co');
    for (const [method, url] of [
      ['GET', '/api/usuarios'],
      ['GET', `/api/usuarios/${id}`],
      ['POST', '/api/usuarios'],
      ['PUT', `/api/usuarios/${id}`],
      ['DELETE', `/api/usuarios/${id}`],
      ['PUT', '/api/perfil'],
    ] as Array<[Method, string]>) {
      const res = await call(null, method, url, method === 'GET' || method === 'DELETE' ? undefined : {});
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('refuses the user administration to every role but admin and supervisor with 403', async () => {
    const id = await idOf('user@demo.co');
    for (const who of ['manager', 'asesor', 'banco', 'user'] as const) {
      expect((await call(who, 'GET', '/api/usuarios')).statusCode, who).toBe(403);
      expect((await call(who, 'GET', `/api/usuarios/${id}`)).statusCode, who).toBe(403);
      expect((await call(who, 'POST', '/api/usuarios', nuevo())).statusCode, who).toBe(403);
      expect((await call(who, 'PUT', `/api/usuarios/${id}`, { nombre: 'X' })).statusCode, who).toBe(403);
      expect((await call(who, 'DELETE', `/api/usuarios/${id}`)).statusCode, who).toBe(403);
    }
    const [row] = await ctx.database.db.select().from(usuarios).where(eq(usuarios.id, id));
    expect(row.nombre).not.toBe('X');
    expect(row.deletedAt).toBeNull();
  });

  it('answers 404 for a user of another company and changes nothing; another empresa_id is 403', async () => {
    const foreign = await idOf('admin@otra.co');
    expect((await call('admin', 'GET', `/api/usuarios/${foreign}`)).statusCode).toBe(404);
    expect((await call('admin', 'PUT', `/api/usuarios/${foreign}`, { nombre: 'Hackeado' })).statusCode).toBe(404);
    expect((await call('supervisor', 'DELETE', `/api/usuarios/${foreign}`)).statusCode).toBe(404);
    expect((await call('admin', 'GET', '/api/usuarios/abc')).statusCode).toBe(404);
    const [row] = await ctx.database.db.select().from(usuarios).where(eq(usuarios.id, foreign));
    expect(row.nombre).not.toBe('Hackeado');
    expect(row.deletedAt).toBeNull();
    expect((await call('admin', 'GET', `/api/usuarios?empresa_id=${ctx.seeded.otra.id}`)).statusCode).toBe(403);
    // The other company's admin sees its own users only.
    const otra = (await call('otraAdmin', 'GET', '/api/usuarios')).json().data as Array<{ correo: string }>;
    expect(otra.map((u) => u.correo)).toEqual(['admin@otra.co']);
  });

  it('lets nobody delete themselves', async () => {
    for (const who of ['admin', 'supervisor'] as const) {
      const res = await call(who, 'DELETE', `/api/usuarios/${await idOf(DEMO_USERS[who])}`);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('No puedes eliminar tu propio usuario.');
    }
  });

  it('never leaves a company without an admin (demotion of the last admin)', async () => {
    const otraAdmin = await idOf('admin@otra.co');
    const res = await call('otraAdmin', 'PUT', `/api/usuarios/${otraAdmin}`, { rol: 'asesor' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('La empresa debe conservar al menos un administrador.');
    const [row] = await ctx.database.db.select().from(usuarios).where(eq(usuarios.id, otraAdmin));
    expect(row.rol).toBe('admin');
  });

  it('allows deleting an admin while another remains, and refuses it when the other is gone', async () => {
    // Company 2 gets a second admin, who deletes the first; then nobody can delete the last one.
    const second = nuevo({ rol: 'admin' });
    const created = await call('otraAdmin', 'POST', '/api/usuarios', second);
    expect(created.statusCode).toBe(201);
    const secondToken = (await login(second.correo, 'secreta123')).json().access_token as string;
    const firstId = await idOf('admin@otra.co');
    const byFirstRole = await call(secondToken, 'PUT', `/api/usuarios/${created.json().data.id}`, { rol: 'supervisor' });
    expect(byFirstRole.statusCode).toBe(200); // the first admin still exists: a demotion is fine
    const back = await call('otraAdmin', 'PUT', `/api/usuarios/${created.json().data.id}`, { rol: 'admin' });
    expect(back.statusCode).toBe(200);
    const del = await call(secondToken, 'DELETE', `/api/usuarios/${firstId}`);
    expect(del.statusCode).toBe(200);
    const demote = await call(secondToken, 'PUT', `/api/usuarios/${created.json().data.id}`, { rol: 'asesor' });
    expect(demote.statusCode).toBe(400);
    expect(demote.json().error).toBe('La empresa debe conservar al menos un administrador.');
  });

  it('keeps a supervisor from creating, promoting, editing or deleting an admin', async () => {
    const create = await call('supervisor', 'POST', '/api/usuarios', nuevo({ rol: 'admin' }));
    expect(create.statusCode).toBe(403);
    expect(create.json().error).toBe('Un supervisor no puede crear administradores ni asignar ese rol.');
    const asesor = (await call('supervisor', 'POST', '/api/usuarios', nuevo({ rol: 'asesor' }))).json().data;
    const promote = await call('supervisor', 'PUT', `/api/usuarios/${asesor.id}`, { rol: 'admin' });
    expect(promote.statusCode).toBe(403);
    const adminId = await idOf('admin@demo.co');
    const reset = await call('supervisor', 'PUT', `/api/usuarios/${adminId}`, { contraseña: 'robada1234' });
    expect(reset.statusCode).toBe(403);
    expect(reset.json().error).toBe('Un supervisor no puede modificar ni eliminar a un administrador.');
    expect((await call('supervisor', 'DELETE', `/api/usuarios/${adminId}`)).statusCode).toBe(403);
    expect((await login('admin@demo.co', 'demo1234')).statusCode).toBe(200);
    // A supervisor manages the other roles.
    expect((await call('supervisor', 'PUT', `/api/usuarios/${asesor.id}`, { rol: 'banco' })).json().data.rol).toBe('banco');
    expect((await call('supervisor', 'DELETE', `/api/usuarios/${asesor.id}`)).statusCode).toBe(200);
  });
});

describe('profile', () => {
  it('edits nombre and correo, keeps the session valid, and answers empresa and imagen_aliado', async () => {
    const body = nuevo({ rol: 'asesor' });
    await call('admin', 'POST', '/api/usuarios', body);
    const token = (await login(body.correo, 'secreta123')).json().access_token as string;
    const newCorreo = `nuevo.${randomUUID().slice(0, 6)}@demo.co`;
    const res = await call(token, 'PUT', '/api/perfil', {
      nombre: 'Nombre Propio',
      correo: newCorreo,
      cedula: body.cedula,
      rol: 'asesor',
      info_extra: { ciudad: 'Cali' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ nombre: 'Nombre Propio', correo: newCorreo, empresa: 'Demo Créditos', empresa_id: ctx.seeded.demo.id });
    expect(res.json().data).toHaveProperty('imagen_aliado');
    expectNoSecrets(res.body);
    // Same token still works after the e-mail changed; login now uses the new e-mail.
    const check = await call(token, 'GET', '/api/validate-token');
    expect(check.statusCode).toBe(200);
    expect(check.json().data.usuario.correo).toBe(newCorreo);
    expect((await login(newCorreo, 'secreta123')).statusCode).toBe(200);
    expect((await login(body.correo, 'secreta123')).statusCode).toBe(401);
  });

  it('keeps cedula, rol and empresa read-only and refuses a taken e-mail', async () => {
    const token = await loginAs(ctx.app, 'banco');
    const base = { nombre: 'Beatriz', correo: 'banco@demo.co' };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...base, cedula: '1' }, 'La cédula no se puede modificar.'],
      [{ ...base, rol: 'admin' }, 'El rol no se puede modificar desde el perfil.'],
      [{ ...base, empresa: 'Otra Financiera' }, 'La empresa no se puede modificar.'],
      [{ ...base, empresa_id: ctx.seeded.otra.id }, 'La empresa no se puede modificar.'],
      [{ ...base, correo: 'admin@demo.co' }, 'Ya existe un usuario registrado con el correo admin@demo.co.'],
      [{ ...base, nombre: '' }, 'El nombre es obligatorio'],
    ];
    for (const [payload, message] of cases) {
      const res = await call(token, 'PUT', '/api/perfil', payload);
      expect(res.statusCode, message).toBe(400);
      expect(res.body).toContain(message);
    }
    // info_extra is never written through the profile (the bank decides what a banco user sees).
    const ok = await call(token, 'PUT', '/api/perfil', { ...base, info_extra: { banco_nombre: 'Davivienda' } });
    expect(ok.statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(usuarios).where(eq(usuarios.correo, 'banco@demo.co'));
    expect(row.rol).toBe('banco');
    expect(row.infoExtra).toMatchObject({ banco_nombre: 'Bancolombia' });
  });
});

describe('sync mutations', () => {
  async function push(who: DemoUser, clientId: string, mutations: Array<{ name: string; args: unknown }>, firstId = 1) {
    const res = await call(who, 'POST', '/api/sync/push', {
      clientId,
      mutations: mutations.map((m, i) => ({ id: firstId + i, name: m.name, args: m.args, at: new Date().toISOString() })),
    });
    expect(res.statusCode).toBe(200);
    return res.json().data as PushResponse;
  }
  async function pullUsuarios(who: DemoUser, clientId: string, cursor = 0) {
    const changes: Change[] = [];
    let more = true;
    while (more) {
      const res = await call(who, 'GET', `/api/sync/pull?clientId=${clientId}&cursor=${cursor}&limit=500`);
      const page = res.json().data as PullResponse;
      changes.push(...page.changes.filter((c) => c.entity === 'usuario'));
      cursor = page.cursor;
      more = page.more;
    }
    return { changes, cursor };
  }

  it('creates, edits and deletes through push; pull mirrors each step without passwords', async () => {
    const clientId = randomUUID();
    const { cursor } = await pullUsuarios('admin', clientId);
    const body = nuevo();
    const tempId = randomUUID();
    const r1 = await push('admin', clientId, [{ name: 'usuario.crear', args: { ...body, tempId } }]);
    expect(r1.results[0]).toMatchObject({ status: 'applied' });
    const id = await idOf(body.correo);
    const p1 = await pullUsuarios('admin', clientId, cursor);
    const put = p1.changes.find((c) => c.id === String(id));
    expect(put).toMatchObject({ op: 'put', row: { correo: body.correo, rol: 'asesor' } });
    expectNoSecrets(JSON.stringify(p1.changes));

    const r2 = await push('admin', clientId, [
      { name: 'usuario.editar', args: { usuarioId: id, changes: { nombre: 'Editado Offline', contraseña: '' }, base: { nombre: body.nombre } } },
    ], 2);
    expect(r2.results[0].status).toBe('applied');
    const p2 = await pullUsuarios('admin', clientId, p1.cursor);
    expect(p2.changes.find((c) => c.id === String(id))).toMatchObject({ op: 'put', row: { nombre: 'Editado Offline' } });
    expect((await login(body.correo, 'secreta123')).statusCode).toBe(200);

    const r3 = await push('admin', clientId, [{ name: 'usuario.eliminar', args: { usuarioId: id } }], 3);
    expect(r3.results[0].status).toBe('applied');
    const p3 = await pullUsuarios('admin', clientId, p2.cursor);
    expect(p3.changes.find((c) => c.id === String(id))).toMatchObject({ op: 'del' });
  });

  it('rejects a duplicate e-mail creation with its message and goes on with the next mutation', async () => {
    const clientId = randomUUID();
    const ok = nuevo();
    const res = await push('admin', clientId, [
      { name: 'usuario.crear', args: { ...nuevo({ correo: 'Manager@demo.co' }), tempId: randomUUID() } },
      { name: 'usuario.crear', args: { ...ok, tempId: randomUUID() } },
    ]);
    expect(res.results[0]).toMatchObject({ status: 'rejected', code: 'VALIDATION', error: 'Ya existe un usuario registrado con el correo manager@demo.co.' });
    expect(res.results[1].status).toBe('applied');
    expect(res.lastMutationId).toBe(2);
    expect(await idOf(ok.correo)).toBeGreaterThan(0);
  });

  it('rejects the refusals through push too (role, supervisor on admin, self delete, other company)', async () => {
    const foreign = await idOf('admin@otra.co');
    const adminId = await idOf('admin@demo.co');
    const supId = await idOf('supervisor@demo.co');
    const asesorRes = await push('asesor', randomUUID(), [{ name: 'usuario.crear', args: { ...nuevo(), tempId: randomUUID() } }]);
    expect(asesorRes.results[0]).toMatchObject({ status: 'rejected', code: 'FORBIDDEN' });
    const sup = await push('supervisor', randomUUID(), [
      { name: 'usuario.crear', args: { ...nuevo({ rol: 'admin' }), tempId: randomUUID() } },
      { name: 'usuario.editar', args: { usuarioId: adminId, changes: { nombre: 'X' } } },
      { name: 'usuario.eliminar', args: { usuarioId: supId } },
      { name: 'usuario.eliminar', args: { usuarioId: foreign } },
    ]);
    expect(sup.results.map((r) => r.code)).toEqual(['FORBIDDEN', 'FORBIDDEN', 'FORBIDDEN', 'NOT_FOUND']);
    const perfil = await push('asesor', randomUUID(), [
      { name: 'perfil.editar', args: { usuarioId: adminId, nombre: 'X', correo: 'x@demo.co' } },
    ]);
    expect(perfil.results[0]).toMatchObject({ status: 'rejected', code: 'FORBIDDEN' });
  });

  it('rejects a stale edit with base, server and mine values', async () => {
    const body = nuevo();
    const created = (await call('admin', 'POST', '/api/usuarios', body)).json().data;
    await call('supervisor', 'PUT', `/api/usuarios/${created.id}`, { nombre: 'Cambio del Supervisor' });
    const res = await push('admin', randomUUID(), [
      { name: 'usuario.editar', args: { usuarioId: created.id, changes: { nombre: 'Cambio del Admin' }, base: { nombre: body.nombre } } },
    ]);
    expect(res.results[0]).toMatchObject({
      status: 'rejected',
      code: 'CONFLICT',
      conflict: { fields: { nombre: { base: body.nombre, server: 'Cambio del Supervisor', mine: 'Cambio del Admin' } } },
    });
  });

  it('edits the own profile through push and the pull shows it to the admin', async () => {
    const asesorId = await idOf('asesor@demo.co');
    const res = await push('asesor', randomUUID(), [
      { name: 'perfil.editar', args: { usuarioId: asesorId, nombre: 'Asesor Renombrado', correo: 'asesor@demo.co' } },
    ]);
    expect(res.results[0].status).toBe('applied');
    const { changes } = await pullUsuarios('admin', randomUUID());
    expect(changes.find((c) => c.id === String(asesorId))).toMatchObject({ op: 'put', row: { nombre: 'Asesor Renombrado' } });
    // The asesor's own pull carries no users at all.
    expect((await pullUsuarios('asesor', randomUUID())).changes).toEqual([]);
  });
});
