/**
 * Configuration routes (spec 02 §7, ARCHITECTURE.md §5): field definitions, their order, the
 * credits-list columns and the categories. Every route is authenticated and company-scoped by the
 * token; writes are for admin and supervisor only. Handlers are thin: the services hold the rules.
 */
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { plainRecord } from '../../../../src/domain/plain-record';
import { parseInput } from '../../lib/validation';
import { requireUser } from '../../plugins/auth';
import type { Role } from '../../../../src/domain/roles';
import { actualizarDefinicion, eliminarDefiniciones, guardarDefiniciones, reordenarDefiniciones } from './definiciones';
import { entityFromPath } from '../../../../src/domain/field-definition';
import { agregarColumna, guardarColumnas, listarColumnas } from './columnas';
import {
  actualizarCategoria,
  crearCategoria,
  eliminarCategoria,
  leerCategoria,
  listarCategorias,
} from './categorias';

const WRITERS: readonly Role[] = ['admin', 'supervisor'];
const write = { config: { roles: WRITERS } };

const Obj = plainRecord(v.string(), v.unknown());
export const DefinitionsBody = v.object({
  definitions: v.pipe(v.array(Obj, 'definitions debe ser una lista'), v.maxLength(200, 'Demasiadas definiciones (máximo 200).')),
});
export const ReorderBody = v.object({
  field_orders: v.pipe(
    v.array(v.object({ key: v.pipe(v.string(), v.minLength(1)), order_index: v.number('El orden debe ser un número') })),
    v.maxLength(500),
  ),
});
const ColumnaBody = v.object({
  nombre: v.pipe(v.string('El nombre de la columna es obligatorio'), v.maxLength(120)),
  nombre_interno: v.pipe(v.string('Por favor selecciona un campo'), v.maxLength(120)),
  activo: v.boolean('activo debe ser verdadero o falso'),
  orden: v.number('El orden debe ser un número'),
});
export const ColumnasBody = v.object({ columnas: v.pipe(v.array(ColumnaBody, 'columnas debe ser una lista'), v.maxLength(200)) });
export const AgregarBody = v.object({
  nombre: v.optional(v.pipe(v.string(), v.maxLength(120))),
  nombre_interno: v.optional(v.pipe(v.string(), v.maxLength(120))),
  activo: v.optional(v.boolean()),
  orden: v.optional(v.number()),
});
export const CategoriaBody = v.object({
  descripcion: v.optional(v.string('La descripción es requerida')),
  configuracion: v.optional(v.unknown()),
  activo: v.optional(v.boolean()),
});

type GroupParams = { entity: string; json_column: string };

function idParam(raw: string): number {
  // Beyond 9 digits it cannot be a row id (and would overflow the integer column: a 500).
  if (!/^\d{1,9}$/.test(raw)) return -1;
  const id = Number(raw);
  if (!Number.isInteger(id) || id < 1) return -1;
  return id;
}

export default async function configuracionRoutes(app: FastifyInstance) {
  // Definitions
  app.post<{ Params: GroupParams }>('/api/json/definitions/:entity/:json_column', write, async (request) => {
    const user = requireUser(request);
    const body = parseInput(DefinitionsBody, request.body);
    const { json_column } = request.params;
    const entity = entityFromPath(request.params.entity);
    const data = await app.db.transaction((tx) => guardarDefiniciones(tx, user, entity, json_column, body.definitions));
    return { ok: true, data };
  });

  app.patch<{ Params: { id: string } }>('/api/json/definitions/:id', write, async (request) => {
    const user = requireUser(request);
    const body = parseInput(Obj, request.body ?? {});
    const data = await app.db.transaction((tx) => actualizarDefinicion(tx, user, idParam(request.params.id), body));
    return { ok: true, data };
  });

  app.delete<{ Params: GroupParams }>('/api/json/definitions/:entity/:json_column', write, async (request) => {
    const user = requireUser(request);
    const { json_column } = request.params;
    const entity = entityFromPath(request.params.entity);
    const data = await app.db.transaction((tx) => eliminarDefiniciones(tx, user, entity, json_column));
    return { ok: true, data };
  });

  app.delete<{ Params: GroupParams & { key: string } }>(
    '/api/json/definitions/:entity/:json_column/:key',
    write,
    async (request) => {
      const user = requireUser(request);
      const { json_column, key } = request.params;
      const entity = entityFromPath(request.params.entity);
      const data = await app.db.transaction((tx) => eliminarDefiniciones(tx, user, entity, json_column, key));
      return { ok: true, data };
    },
  );

  app.patch<{ Params: { entity: string; json_field: string } }>(
    '/api/json/definitions/:entity/:json_field/reorder',
    write,
    async (request) => {
      const user = requireUser(request);
      const body = parseInput(ReorderBody, request.body);
      const { json_field } = request.params;
      const entity = entityFromPath(request.params.entity);
      const data = await app.db.transaction((tx) => reordenarDefiniciones(tx, user, entity, json_field, body.field_orders));
      return { ok: true, data };
    },
  );

  // Table columns (GET for every role: the credits list reads them)
  app.get('/api/configuraciones/columnas-tabla', async (request) => {
    const user = requireUser(request);
    return { ok: true, data: { columnas: await listarColumnas(app.db, user) } };
  });

  app.put('/api/configuraciones/columnas-tabla', write, async (request) => {
    const user = requireUser(request);
    const body = parseInput(ColumnasBody, request.body);
    const columnas = await app.db.transaction((tx) => guardarColumnas(tx, user, body.columnas));
    return { ok: true, data: { columnas } };
  });

  app.post('/api/configuraciones/columnas-tabla/agregar', write, async (request) => {
    const user = requireUser(request);
    const body = parseInput(AgregarBody, request.body ?? {});
    const data = await app.db.transaction((tx) => agregarColumna(tx, user, body));
    return { ok: true, data };
  });

  // Categories (reads for every role: the creation form's lists are categories)
  app.get('/api/configuraciones/categorias', async (request) => {
    const user = requireUser(request);
    const rows = await listarCategorias(app.db, user);
    return { ok: true, data: { categorias: rows.map((r) => r.categoria) } };
  });

  app.get<{ Params: { categoria: string } }>('/api/configuraciones/:categoria', async (request) => {
    const user = requireUser(request);
    return { ok: true, data: await leerCategoria(app.db, user, request.params.categoria) };
  });

  app.post<{ Params: { categoria: string } }>('/api/configuraciones/:categoria', write, async (request, reply) => {
    const user = requireUser(request);
    const body = parseInput(CategoriaBody, request.body ?? {});
    const data = await app.db.transaction((tx) => crearCategoria(tx, user, request.params.categoria, body));
    reply.code(201);
    return { ok: true, data };
  });

  app.put<{ Params: { categoria: string } }>('/api/configuraciones/:categoria', write, async (request) => {
    const user = requireUser(request);
    const body = parseInput(CategoriaBody, request.body ?? {});
    const data = await app.db.transaction((tx) => actualizarCategoria(tx, user, request.params.categoria, body));
    return { ok: true, data };
  });

  app.delete<{ Params: { categoria: string } }>('/api/configuraciones/:categoria', write, async (request) => {
    const user = requireUser(request);
    await app.db.transaction((tx) => eliminarCategoria(tx, user, request.params.categoria));
    return { ok: true, data: { categoria: request.params.categoria } };
  });
}
