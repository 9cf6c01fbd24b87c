import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { bearer, createTestContext, loginAs, type DemoUser, type TestContext } from './helpers';
import { definiciones, solicitantes } from '../../server/src/db/schema';
import type { Change, PullResponse } from '../../src/domain/sync-protocol';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
async function call(who: DemoUser | null, method: Method, url: string, payload?: unknown) {
  const headers = who ? bearer(await loginAs(ctx.app, who)) : {};
  return ctx.app.inject({ method, url, headers, ...(payload !== undefined ? { payload: payload as object } : {}) });
}

/** Every change past `cursor` the user would pull. */
async function pullSince(who: DemoUser, cursor: number): Promise<{ cursor: number; changes: Change[] }> {
  const clientId = randomUUID();
  const changes: Change[] = [];
  let more = true;
  while (more) {
    const res = await call(who, 'GET', `/api/sync/pull?clientId=${clientId}&cursor=${cursor}&limit=500`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as PullResponse;
    changes.push(...data.changes);
    cursor = data.cursor;
    more = data.more;
  }
  return { cursor, changes };
}
const cursorNow = async (who: DemoUser = 'admin') => (await pullSince(who, 0)).cursor;

const DEF_URL = '/api/json/definitions/solicitud/detalle_credito';

describe('definitions', () => {
  it('creates fields, assigns the next order, and devices pull them', async () => {
    const cursor = await cursorNow();
    const res = await call('admin', 'POST', DEF_URL, {
      definitions: [
        { key: 'tiene_codeudor', type: 'boolean', required: false, description: '¿Tiene codeudor?' },
        { key: 'nombre_codeudor', type: 'string', description: 'Nombre del codeudor', conditional_on: { field: 'tiene_codeudor', value: true } },
      ],
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as Array<{ id: number; key: string; order_index: number; entity: string; json_column: string }>;
    expect(data.map((d) => d.key)).toEqual(['tiene_codeudor', 'nombre_codeudor']);
    expect(data[1].order_index).toBe(data[0].order_index + 1);
    expect(data[0]).toMatchObject({ entity: 'solicitud', json_column: 'detalle_credito' });

    const { changes } = await pullSince('asesor', cursor);
    const pulled = changes.filter((c) => c.entity === 'definicion' && c.op === 'put').map((c) => c.row as { key: string; conditional_on: unknown });
    expect(pulled.find((r) => r.key === 'nombre_codeudor')?.conditional_on).toEqual({ field: 'tiene_codeudor', value: true });
    // Another company never sees them.
    const otra = await pullSince('otraAdmin', 0);
    expect(otra.changes.some((c) => c.entity === 'definicion' && (c.row as { key: string }).key === 'tiene_codeudor')).toBe(false);
  });

  it("stores a group's sub-field defaults typed, as devices pull them", async () => {
    const cursor = await cursorNow();
    const structure = [
      { key: 'modelo', type: 'integer', description: 'Modelo', default_value: '2020' },
      { key: 'marca', type: 'array', list_values: { enum: ['Renault', 'Mazda'] }, default_value: 'Mazda' },
      { key: 'color', type: 'string', default_value: '' },
    ];
    const res = await call('admin', 'POST', DEF_URL, { definitions: [{ key: 'vehiculo_sub', type: 'object', list_values: { array_type: 'object', object_structure: structure } }] });
    expect(res.statusCode).toBe(200);
    const { changes } = await pullSince('asesor', cursor);
    const row = changes.find((c) => c.entity === 'definicion' && (c.row as { key: string }).key === 'vehiculo_sub')?.row as { list_values: unknown };
    expect(row.list_values).toEqual({
      array_type: 'object',
      object_structure: [
        { key: 'modelo', type: 'integer', description: 'Modelo', default_value: 2020 },
        { key: 'marca', type: 'array', list_values: { enum: ['Renault', 'Mazda'] }, default_value: 'Mazda' },
        { key: 'color', type: 'string' },
      ],
    });
  });

  it('updates an existing key through POST instead of duplicating it', async () => {
    const res = await call('supervisor', 'POST', DEF_URL, { definitions: [{ key: 'tiene_codeudor', type: 'boolean', required: true, description: 'Codeudor' }] });
    expect(res.statusCode).toBe(200);
    const rows = await ctx.database.db
      .select()
      .from(definiciones)
      .where(and(eq(definiciones.key, 'tiene_codeudor'), isNull(definiciones.deletedAt)));
    expect(rows).toHaveLength(1);
    expect(rows[0].required).toBe(true);
  });

  it('refuses invalid definitions with the configurator messages and stores nothing', async () => {
    const cases: Array<[unknown, string]> = [
      [{ key: 'lista', type: 'array', list_values: { enum: [] } }, 'Errores de validación: El campo es de tipo array pero no tiene opciones configuradas.'],
      [{ key: 'soporte', type: 'file', list_values: { file_config: { allowed_types: [], max_size_mb: 5 } } }, 'Errores de validación: El campo es de tipo archivo pero no tiene tipos permitidos configurados.'],
      [{ key: 'soporte', type: 'file', list_values: { file_config: { allowed_types: ['pdf'], max_size_mb: 500 } } }, 'Errores de validación: El tamaño máximo debe estar entre 1 y 100 MB'],
      [{ key: 'vehiculo', type: 'object', list_values: { array_type: 'object', object_structure: [{ key: 'foto', type: 'file' }] } }, 'Errores de validación: Tipo inválido "file" en el campo "foto". Tipos válidos: string, text, number, integer, boolean, date, array, object'],
      [{ key: 'vehiculo', type: 'object', list_values: { array_type: 'object', object_structure: [] } }, 'Errores de validación: El campo "vehiculo" es de tipo objeto pero no tiene sub-campos configurados.'],
      [{ key: 'opciones', type: 'array', list_values: { enum: ['A', 'a'] } }, 'Errores de validación: La opción "a" está repetida'],
      [{ key: 'orden_cero', type: 'string', order_index: 0 }, 'Errores de validación: El orden de visualización debe ser un número entero mayor o igual a 1'],
      [{ key: 'auto', type: 'string', conditional_on: { field: 'auto', value: 'x' } }, 'Errores de validación: Un campo no puede depender de sí mismo'],
      [{ key: 'sin_valor', type: 'string', conditional_on: { field: 'tiene_codeudor', value: '' } }, 'Errores de validación: El valor esperado es requerido'],
      [{ key: 'nombres', type: 'string' }, 'Errores de validación: Los campos fijos no se pueden editar. Son campos base del formulario.'],
      // A default the creation form would show and then refuse.
      [{ key: 'vehiculo', type: 'date', description: 'Fecha de visita', default_value: '31/02/2026' }, 'Errores de validación: Valor por defecto inválido. Fecha de visita: debe ser una fecha válida (dd/mm/aaaa)'],
      [
        { key: 'vehiculo', type: 'object', description: 'Vehículo', list_values: { array_type: 'object', object_structure: [{ key: 'modelo', type: 'integer', description: 'Modelo', default_value: 'nuevo' }] } },
        'Errores de validación: Valor por defecto inválido. Vehículo · Modelo: debe ser un número entero',
      ],
    ];
    for (const [def, message] of cases) {
      const res = await call('admin', 'POST', DEF_URL, { definitions: [def] });
      expect(res.statusCode, JSON.stringify(def)).toBe(400);
      expect(res.json()).toMatchObject({ ok: false, code: 'VALIDATION', error: message });
    }
    const stored = await ctx.database.db.select().from(definiciones).where(eq(definiciones.key, 'vehiculo'));
    expect(stored).toHaveLength(0);
  });

  it('refuses a trigger outside the group, a value outside its options, and a wrong group', async () => {
    const outside = await call('admin', 'POST', DEF_URL, { definitions: [{ key: 'x1', type: 'string', conditional_on: { field: 'no_existe', value: 'a' } }] });
    expect(outside.json().error).toMatch(/El campo activador "no_existe" no existe/);
    const notOption = await call('admin', 'POST', '/api/json/definitions/actividad_economica/detalle_actividad', {
      definitions: [{ key: 'x2', type: 'string', conditional_on: { field: 'tipo_actividad_economica', value: 'Astronauta' } }],
    });
    expect(notOption.json().error).toMatch(/una de las opciones de "tipo_actividad_economica"/);
    const wrongColumn = await call('admin', 'POST', '/api/json/definitions/solicitud/info_extra', { definitions: [{ key: 'x3', type: 'string' }] });
    expect(wrongColumn.statusCode).toBe(400);
    const fixed = await call('admin', 'POST', '/api/json/definitions/campos_fijos/info_general', { definitions: [{ key: 'x4', type: 'string' }] });
    expect(fixed.json().error).toBe('Los campos fijos no se pueden editar. Son campos base del formulario.');
    const unknown = await call('admin', 'POST', '/api/json/definitions/vehiculo/datos_adicionales', { definitions: [{ key: 'x5', type: 'string' }] });
    expect(unknown.statusCode).toBe(404);
  });

  it('updates one field by id (partial, key unchanged) and sets and clears its condition', async () => {
    const [def] = await ctx.database.db.select().from(definiciones).where(and(eq(definiciones.key, 'nombre_codeudor'), isNull(definiciones.deletedAt)));
    const cursor = await cursorNow();
    const res = await call('admin', 'PATCH', `/api/json/definitions/${def.id}`, { description: 'Nombre completo del codeudor', key: 'otro_nombre', required: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ key: 'nombre_codeudor', description: 'Nombre completo del codeudor', required: true, conditional_on: { field: 'tiene_codeudor', value: true } });
    const cleared = await call('admin', 'PATCH', `/api/json/definitions/${def.id}`, { conditional_on: null });
    expect(cleared.json().data.conditional_on).toBeNull();
    const bad = await call('admin', 'PATCH', `/api/json/definitions/${def.id}`, { type: 'array', list_values: { enum: [] } });
    expect(bad.json().error).toBe('Errores de validación: El campo es de tipo array pero no tiene opciones configuradas.');
    const { changes } = await pullSince('manager', cursor);
    const last = changes.filter((c) => c.entity === 'definicion' && c.id === String(def.id)).at(-1);
    expect((last?.row as { description: string; conditional_on: unknown }).conditional_on).toBeNull();
    const missing = await call('admin', 'PATCH', '/api/json/definitions/99999', { required: true });
    expect(missing.statusCode).toBe(404);
  });

  it('reorders by key with indexes from 1', async () => {
    const url = '/api/json/definitions/ubicacion/detalle_direccion';
    const group = await ctx.database.db.select().from(definiciones).where(and(eq(definiciones.entity, 'ubicacion'), isNull(definiciones.deletedAt), eq(definiciones.empresaId, ctx.seeded.demo.id)));
    const keys = group.map((g) => g.key).reverse();
    const res = await call('supervisor', 'PATCH', `${url}/reorder`, { field_orders: keys.map((key, i) => ({ key, order_index: i + 1 })) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ actualizados: keys.length });
    const after = await ctx.database.db.select().from(definiciones).where(and(eq(definiciones.entity, 'ubicacion'), isNull(definiciones.deletedAt), eq(definiciones.empresaId, ctx.seeded.demo.id)));
    for (const row of after) expect(row.orderIndex).toBe(keys.indexOf(row.key) + 1);
    const zero = await call('admin', 'PATCH', `${url}/reorder`, { field_orders: [{ key: keys[0], order_index: 0 }] });
    expect(zero.statusCode).toBe(400);
    const unknown = await call('admin', 'PATCH', `${url}/reorder`, { field_orders: [{ key: 'no_existe', order_index: 1 }] });
    expect(unknown.statusCode).toBe(404);
    const fixed = await call('admin', 'PATCH', '/api/json/definitions/campos_fijos/info_general/reorder', { field_orders: [{ key: 'nombres', order_index: 1 }] });
    expect(fixed.statusCode).toBe(400);
  });

  it('deleting a field keeps the values applications stored under it, and clears conditions that used it', async () => {
    const before = await ctx.database.db.select({ id: solicitantes.id, info: solicitantes.infoExtra }).from(solicitantes).where(eq(solicitantes.empresaId, ctx.seeded.demo.id)).limit(5);
    expect(before.every((s) => typeof s.info.celular === 'string')).toBe(true);
    const cursor = await cursorNow();
    const res = await call('admin', 'DELETE', '/api/json/definitions/solicitante/info_extra/celular');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ eliminados: 1 });
    for (const s of before) {
      const [now] = await ctx.database.db.select({ info: solicitantes.infoExtra }).from(solicitantes).where(eq(solicitantes.id, s.id));
      expect(now.info.celular).toBe(s.info.celular);
    }
    const { changes } = await pullSince('asesor', cursor);
    expect(changes.some((c) => c.entity === 'definicion' && c.op === 'del')).toBe(true);

    // paga_arriendo triggers valor_arriendo in the seed.
    await call('admin', 'DELETE', '/api/json/definitions/ubicacion/detalle_direccion/paga_arriendo');
    const [valor] = await ctx.database.db.select().from(definiciones).where(and(eq(definiciones.key, 'valor_arriendo'), eq(definiciones.empresaId, ctx.seeded.demo.id)));
    expect(valor.conditionalOn).toBeNull();
    expect(valor.deletedAt).toBeNull();
    const again = await call('admin', 'DELETE', '/api/json/definitions/solicitante/info_extra/celular');
    expect(again.statusCode).toBe(404);
    const fixed = await call('admin', 'DELETE', '/api/json/definitions/campos_fijos/info_general/nombres');
    expect(fixed.json().error).toBe('Los campos fijos no se pueden eliminar. Son campos base del formulario.');
  });

  it('deletes a whole group', async () => {
    const res = await call('admin', 'DELETE', '/api/json/definitions/referencia/detalle_referencia');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.eliminados).toBeGreaterThan(0);
    const left = await ctx.database.db.select().from(definiciones).where(and(eq(definiciones.entity, 'referencia'), isNull(definiciones.deletedAt), eq(definiciones.empresaId, ctx.seeded.demo.id)));
    expect(left).toHaveLength(0);
    const otraLeft = await ctx.database.db.select().from(definiciones).where(and(eq(definiciones.entity, 'referencia'), isNull(definiciones.deletedAt), eq(definiciones.empresaId, ctx.seeded.otra.id)));
    expect(otraLeft.length).toBeGreaterThan(0);
  });
});

describe('table columns', () => {
  const URL = '/api/configuraciones/columnas-tabla';

  it('starts empty, adds columns at the end, and refuses bad fields with the spec messages', async () => {
    expect((await call('user', 'GET', URL)).json().data).toEqual({ columnas: [] });
    const a = await call('admin', 'POST', `${URL}/agregar`, { nombre: 'Nombres', nombre_interno: 'nombres', activo: true });
    expect(a.statusCode).toBe(200);
    expect(a.json().data).toMatchObject({ nombre: 'Nombres', nombre_interno: 'nombres', activo: true, orden: 1 });
    const b = await call('supervisor', 'POST', `${URL}/agregar`, { nombre_interno: 'estado' });
    expect(b.json().data).toMatchObject({ nombre: 'Estado', orden: 2 });
    expect((await call('admin', 'POST', `${URL}/agregar`, { nombre_interno: '' })).json().error).toBe('Por favor selecciona un campo');
    expect((await call('admin', 'POST', `${URL}/agregar`, { nombre_interno: 'password_hash' })).json().error).toBe('Campo no válido');
    expect((await call('admin', 'POST', `${URL}/agregar`, { nombre_interno: 'nombres' })).statusCode).toBe(409);
  });

  it('replaces the list (reorder, toggle, delete) and devices pull the change', async () => {
    const cursor = await cursorNow();
    const res = await call('admin', 'PUT', URL, {
      columnas: [
        { nombre: 'Estado', nombre_interno: 'estado', activo: true, orden: 1 },
        { nombre: 'Banco', nombre_interno: 'banco_nombre', activo: false, orden: 2 },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.columnas.map((c: { nombre_interno: string; orden: number }) => [c.nombre_interno, c.orden])).toEqual([
      ['estado', 1],
      ['banco_nombre', 2],
    ]);
    const { changes } = await pullSince('banco', cursor);
    const cols = changes.filter((c) => c.entity === 'columna');
    expect(cols.filter((c) => c.op === 'del')).toHaveLength(1); // nombres removed
    expect(cols.filter((c) => c.op === 'put').map((c) => (c.row as { nombre_interno: string }).nombre_interno).sort()).toEqual(['banco_nombre', 'estado']);
    const bad = await call('admin', 'PUT', URL, { columnas: [{ nombre: 'X', nombre_interno: 'secreto', activo: true, orden: 1 }] });
    expect(bad.json()).toMatchObject({ code: 'VALIDATION', error: 'Errores de validación: Campo no válido: secreto' });
    // Company 2 has its own (empty) list.
    expect((await call('otraAdmin', 'GET', URL)).json().data.columnas).toEqual([]);
  });

  it("shows a field the company configured, by its label; not another company's, not a file; a retired one's column can still be moved", async () => {
    const define = async (definitions: unknown[]) =>
      expect((await call('admin', 'POST', '/api/json/definitions/solicitud/detalle_credito', { definitions })).statusCode).toBe(200);
    await define([
      { key: 'canal_columna', type: 'array', description: 'Canal de venta', list_values: { enum: ['feria', 'referido'] } },
      { key: 'soporte_columna', type: 'file', description: 'Soporte', list_values: { file_config: { allowed_types: ['pdf'], max_size_mb: 5 } } },
      { key: 'nunca_columna', type: 'string', description: 'Nunca columna' },
    ]);
    const added = await call('supervisor', 'POST', `${URL}/agregar`, { nombre_interno: 'canal_columna' });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data).toMatchObject({ nombre: 'Canal de venta', nombre_interno: 'canal_columna', activo: true });
    expect((await call('admin', 'POST', `${URL}/agregar`, { nombre_interno: 'soporte_columna' })).json().error).toBe('Campo no válido');
    expect((await call('otraAdmin', 'POST', `${URL}/agregar`, { nombre_interno: 'canal_columna' })).json().error).toBe('Campo no válido');

    // The field is retired: its column stays and can be moved; a retired field never becomes one.
    await define([
      { key: 'canal_columna', type: 'array', description: 'Canal de venta', list_values: { enum: ['feria', 'referido'] }, isActive: false },
      { key: 'nunca_columna', type: 'string', description: 'Nunca columna', isActive: false },
    ]);
    const current = (await call('admin', 'GET', URL)).json().data.columnas as Array<{ nombre: string; nombre_interno: string; activo: boolean }>;
    const moved = [...current].reverse().map((c, i) => ({ nombre: c.nombre, nombre_interno: c.nombre_interno, activo: c.activo, orden: i + 1 }));
    expect(moved[0].nombre_interno).toBe('canal_columna');
    const put = await call('admin', 'PUT', URL, { columnas: moved });
    expect(put.statusCode, put.body).toBe(200);
    const refused = await call('admin', 'PUT', URL, { columnas: [...moved, { nombre: 'Nunca', nombre_interno: 'nunca_columna', activo: true, orden: moved.length + 1 }] });
    expect(refused.json()).toMatchObject({ code: 'VALIDATION', error: 'Errores de validación: Campo no válido: nunca_columna' });
  });
});

describe('categories', () => {
  const URL = '/api/configuraciones';

  it('lists the names and reads one', async () => {
    const list = await call('asesor', 'GET', `${URL}/categorias`);
    expect(list.json().data.categorias).toEqual(expect.arrayContaining(['ciudades', 'bancos']));
    const one = await call('asesor', 'GET', `${URL}/bancos`);
    expect(one.json().data).toMatchObject({ categoria: 'bancos', activo: true, descripcion: 'Bancos aliados' });
    expect(Array.isArray(one.json().data.configuracion)).toBe(true);
    expect((await call('admin', 'GET', `${URL}/no_existe`)).statusCode).toBe(404);
  });

  it('creates a simple and a complex category, updates and deletes, all pulled by devices', async () => {
    const cursor = await cursorNow();
    const simple = await call('admin', 'POST', `${URL}/tipos_vivienda`, { descripcion: 'Tipos de vivienda', configuracion: ['Propia', 'Arrendada'] });
    expect(simple.statusCode).toBe(201);
    const complex = await call('supervisor', 'POST', `${URL}/tasas`, { descripcion: 'Tasas por línea', configuracion: { consumo: { tasa: 1.8 }, vivienda: { tasa: 1.1 } } });
    expect(complex.json().data.configuracion).toEqual({ consumo: { tasa: 1.8 }, vivienda: { tasa: 1.1 } });
    expect((await call('admin', 'POST', `${URL}/tasas`, { descripcion: 'x', configuracion: ['a'] })).statusCode).toBe(409);
    const upd = await call('admin', 'PUT', `${URL}/tipos_vivienda`, { descripcion: 'Vivienda', configuracion: ['Propia'], activo: false });
    expect(upd.json().data).toMatchObject({ descripcion: 'Vivienda', configuracion: ['Propia'], activo: false });
    const del = await call('admin', 'DELETE', `${URL}/tasas`);
    expect(del.statusCode).toBe(200);
    expect((await call('admin', 'GET', `${URL}/tasas`)).statusCode).toBe(404);
    const { changes } = await pullSince('user', cursor);
    const cats = changes.filter((c) => c.entity === 'categoria');
    expect(cats.some((c) => c.op === 'del')).toBe(true);
    expect(cats.filter((c) => c.op === 'put').map((c) => (c.row as { categoria: string }).categoria)).toContain('tipos_vivienda');
  });

  it('refuses invalid categories with the spec messages', async () => {
    const cases: Array<[string, unknown, string]> = [
      ['nueva', { configuracion: ['a'] }, 'Errores de validación: La descripción es requerida'],
      ['nueva', { descripcion: 'd' }, 'Errores de validación: La configuración no puede estar vacía'],
      ['nueva', { descripcion: 'd', configuracion: [] }, 'Errores de validación: La configuración no puede ser un array vacío'],
      ['nueva', { descripcion: 'd', configuracion: {} }, 'Errores de validación: La configuración no puede ser un objeto vacío'],
      ['nueva', { descripcion: 'd', configuracion: 'texto' }, 'Errores de validación: La configuración debe ser un array o un objeto'],
      ['categorias', { descripcion: 'd', configuracion: ['a'] }, 'Errores de validación: El nombre "categorias" está reservado; elige otro'],
      ['__proto__', { descripcion: 'd', configuracion: ['a'] }, 'Errores de validación: El nombre "__proto__" está reservado; elige otro'],
      ['constructor', { descripcion: 'd', configuracion: ['a'] }, 'Errores de validación: El nombre "constructor" está reservado; elige otro'],
      ['prototype', { descripcion: 'd', configuracion: ['a'] }, 'Errores de validación: El nombre "prototype" está reservado; elige otro'],
      ['%20', { descripcion: 'd', configuracion: ['a'] }, 'Errores de validación: El nombre de la categoría es requerido'],
    ];
    for (const [name, body, message] of cases) {
      const res = await call('admin', 'POST', `${URL}/${name}`, body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().error).toBe(message);
    }
    // Nothing was stored under a reserved name.
    const names = (await call('admin', 'GET', `${URL}/categorias`)).json().data.categorias as string[];
    for (const reserved of ['__proto__', 'constructor', 'prototype']) expect(names).not.toContain(reserved);
  });
});

describe('refusals by role, company and token', () => {
  const writes: Array<[Method, string, unknown]> = [
    ['POST', DEF_URL, { definitions: [{ key: 'intruso', type: 'string' }] }],
    ['PATCH', '/api/json/definitions/1', { required: true }],
    ['DELETE', '/api/json/definitions/solicitud/detalle_credito/tiene_codeudor', undefined],
    ['DELETE', '/api/json/definitions/solicitud/detalle_credito', undefined],
    ['PATCH', `${DEF_URL}/reorder`, { field_orders: [{ key: 'tiene_codeudor', order_index: 1 }] }],
    ['PUT', '/api/configuraciones/columnas-tabla', { columnas: [] }],
    ['POST', '/api/configuraciones/columnas-tabla/agregar', { nombre_interno: 'correo' }],
    ['POST', '/api/configuraciones/intrusa', { descripcion: 'd', configuracion: ['a'] }],
    ['PUT', '/api/configuraciones/ciudades', { descripcion: 'd', configuracion: ['a'] }],
    ['DELETE', '/api/configuraciones/ciudades', undefined],
  ];

  it('answers 401 without a token and 403 to manager, asesor, banco and user', async () => {
    for (const [method, url, body] of writes) {
      expect((await call(null, method, url, body)).statusCode, `${method} ${url} anon`).toBe(401);
      for (const who of ['manager', 'asesor', 'banco', 'user'] as const) {
        const res = await call(who, method, url, body);
        expect(res.statusCode, `${method} ${url} as ${who}`).toBe(403);
      }
    }
    const [still] = await ctx.database.db.select().from(definiciones).where(and(eq(definiciones.key, 'tiene_codeudor'), isNull(definiciones.deletedAt)));
    expect(still).toBeDefined();
  });

  it("treats another company's rows as not found and refuses a foreign empresa_id", async () => {
    const [demoDef] = await ctx.database.db.select().from(definiciones).where(and(eq(definiciones.empresaId, ctx.seeded.demo.id), isNull(definiciones.deletedAt))).limit(1);
    const patch = await call('otraAdmin', 'PATCH', `/api/json/definitions/${demoDef.id}`, { required: true });
    expect(patch.statusCode).toBe(404);
    const delKey = await call('otraAdmin', 'DELETE', '/api/json/definitions/solicitud/detalle_credito/tiene_codeudor');
    expect(delKey.statusCode).toBe(404);
    expect((await call('otraAdmin', 'PUT', '/api/configuraciones/tipos_vivienda', { descripcion: 'x', configuracion: ['a'] })).statusCode).toBe(404);
    expect((await call('otraAdmin', 'DELETE', '/api/configuraciones/tipos_vivienda')).statusCode).toBe(404);
    const foreign = await call('admin', 'POST', `${DEF_URL}?empresa_id=${ctx.seeded.otra.id}`, { definitions: [{ key: 'intruso', type: 'string' }] });
    expect(foreign.statusCode).toBe(403);
    const [mine] = await ctx.database.db.select().from(definiciones).where(eq(definiciones.id, demoDef.id));
    expect(mine.required).toBe(demoDef.required);
  });
});
