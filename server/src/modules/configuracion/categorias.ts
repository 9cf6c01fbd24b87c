/**
 * Categories: the company's configurable lists (spec 02 §7 'Categories'). Invariants: names are
 * unique per company among live rows; the configuration passes the same rules as the editor
 * (src/domain/categoria.ts); every write bumps `seq` and leaves an audit row; delete is soft so
 * devices get a tombstone.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { categorias } from '../../db/schema';
import { nextSeq } from '../../db/change-seq';
import { AppError } from '../../../../src/domain/errors';
import { categoriaNameError, validateCategoria, type Categoria } from '../../../../src/domain/categoria';
import { formatValidationErrors } from '../../../../src/domain/definicion-config';
import type { AuthUser } from '../../plugins/auth';
import { auditBy } from '../audit/service';

type Row = typeof categorias.$inferSelect;
const NO_EXISTE = 'La categoría no existe.';

export function categoriaRow(c: Row): Categoria {
  return { id: c.id, categoria: c.categoria, descripcion: c.descripcion, activo: c.activo, configuracion: c.configuracion };
}

async function find(tx: DbOrTx, empresaId: number, name: string, lock = false) {
  const q = tx
    .select()
    .from(categorias)
    .where(and(eq(categorias.empresaId, empresaId), eq(categorias.categoria, name), isNull(categorias.deletedAt)));
  const [row] = await (lock ? q.for('update') : q);
  return row;
}

export async function listarCategorias(db: DbOrTx, user: AuthUser): Promise<Categoria[]> {
  const rows = await db
    .select()
    .from(categorias)
    .where(and(eq(categorias.empresaId, user.empresaId), isNull(categorias.deletedAt)))
    .orderBy(asc(categorias.categoria));
  return rows.map(categoriaRow);
}

export async function leerCategoria(db: DbOrTx, user: AuthUser, name: string): Promise<Categoria> {
  const row = await find(db, user.empresaId, name);
  if (!row) throw new AppError('NOT_FOUND', NO_EXISTE);
  return categoriaRow(row);
}

export interface CategoriaInput {
  descripcion?: string;
  configuracion?: unknown;
  activo?: boolean;
}

function check(name: string, input: CategoriaInput) {
  const errors = validateCategoria(input);
  const nameErr = categoriaNameError(name);
  if (nameErr) errors.unshift(nameErr);
  if (errors.length) throw new AppError('VALIDATION', formatValidationErrors(errors));
}

export async function crearCategoria(tx: DbOrTx, user: AuthUser, name: string, input: CategoriaInput): Promise<Categoria> {
  const categoria = name.trim();
  check(categoria, input);
  if (await find(tx, user.empresaId, categoria)) {
    throw new AppError('CONFLICT', `La categoría "${categoria}" ya existe.`);
  }
  const [row] = await tx
    .insert(categorias)
    .values({
      empresaId: user.empresaId,
      categoria,
      descripcion: input.descripcion!.trim(),
      activo: input.activo !== false,
      configuracion: input.configuracion,
      seq: await nextSeq(tx, user.empresaId),
    })
    .returning();
  await auditBy(tx, user, {
    entidad: 'categoria',
    entidadId: String(row.id),
    accion: 'crear',
    cambios: { categoria: { old: null, new: categoriaRow(row) } },
  });
  return categoriaRow(row);
}

export async function actualizarCategoria(tx: DbOrTx, user: AuthUser, name: string, input: CategoriaInput): Promise<Categoria> {
  const prev = await find(tx, user.empresaId, name, true);
  if (!prev) throw new AppError('NOT_FOUND', NO_EXISTE);
  check(prev.categoria, input);
  const [row] = await tx
    .update(categorias)
    .set({
      descripcion: input.descripcion!.trim(),
      configuracion: input.configuracion,
      activo: input.activo ?? prev.activo,
      seq: await nextSeq(tx, user.empresaId),
    })
    .where(eq(categorias.id, prev.id))
    .returning();
  await auditBy(tx, user, {
    entidad: 'categoria',
    entidadId: String(row.id),
    accion: 'actualizar',
    cambios: { categoria: { old: categoriaRow(prev), new: categoriaRow(row) } },
  });
  return categoriaRow(row);
}

export async function eliminarCategoria(tx: DbOrTx, user: AuthUser, name: string): Promise<void> {
  const prev = await find(tx, user.empresaId, name, true);
  if (!prev) throw new AppError('NOT_FOUND', NO_EXISTE);
  await tx
    .update(categorias)
    .set({ deletedAt: new Date().toISOString(), seq: await nextSeq(tx, user.empresaId) })
    .where(eq(categorias.id, prev.id));
  await auditBy(tx, user, {
    entidad: 'categoria',
    entidadId: String(prev.id),
    accion: 'eliminar',
    cambios: { categoria: { old: categoriaRow(prev), new: null } },
  });
}
