/**
 * Table columns of the credits list (spec 02 §7 'Table columns'). Invariants: rows are the
 * caller's company's only; a column list is replaced as a whole (matched by internal field), so a
 * drag or a delete that renumbers `orden` is one transaction; only rows that actually change get a
 * new `seq`, and removed columns are soft-deleted so devices receive tombstones. A column shows
 * one of spec 02 §3's fields or one the company configured (src/domain/columnas.ts).
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { columnasTabla } from '../../db/schema';
import { nextSeq } from '../../db/change-seq';
import { AppError } from '../../../../src/domain/errors';
import {
  columnFieldLabels,
  columnasErrors,
  INVALID_FIELD,
  isColumnField,
  SELECT_FIELD_REQUIRED,
  type Columna,
} from '../../../../src/domain/columnas';
import { formatValidationErrors } from '../../../../src/domain/definicion-config';
import type { AuthUser } from '../../plugins/auth';
import { auditBy } from '../audit/service';
import { loadDefinitions } from '../formulario/schemas';

type Row = typeof columnasTabla.$inferSelect;

export function columnaRow(c: Row): Columna {
  return { id: c.id, nombre: c.nombre, nombre_interno: c.nombreInterno, activo: c.activo, orden: c.orden };
}

async function current(tx: DbOrTx, empresaId: number, lock = false) {
  const q = tx
    .select()
    .from(columnasTabla)
    .where(and(eq(columnasTabla.empresaId, empresaId), isNull(columnasTabla.deletedAt)))
    .orderBy(asc(columnasTabla.orden), asc(columnasTabla.id));
  return lock ? q.for('update') : q;
}

export async function listarColumnas(db: DbOrTx, user: AuthUser): Promise<Columna[]> {
  return (await current(db, user.empresaId)).map(columnaRow);
}

/** PUT: the whole list. Columns missing from it are removed. */
export async function guardarColumnas(tx: DbOrTx, user: AuthUser, input: Columna[]): Promise<Columna[]> {
  const before = await current(tx, user.empresaId, true);
  // The fields a column may show now, and those it already shows (a retired configured field's
  // column can still be moved, switched off or removed).
  const labels = columnFieldLabels(await loadDefinitions(tx, user.empresaId));
  for (const r of before) labels[r.nombreInterno] ??= r.nombre;
  const errors = columnasErrors(input, labels);
  if (errors.length) throw new AppError('VALIDATION', formatValidationErrors(errors));
  const byField = new Map(before.map((r) => [r.nombreInterno, r]));
  const wanted = new Set(input.map((c) => c.nombre_interno));
  let seq: number | null = null;
  const seqOnce = async () => (seq ??= await nextSeq(tx, user.empresaId));

  for (const c of input) {
    const prev = byField.get(c.nombre_interno);
    const values = { nombre: c.nombre.trim(), activo: c.activo, orden: c.orden };
    if (prev && prev.nombre === values.nombre && prev.activo === values.activo && prev.orden === values.orden) continue;
    if (prev) {
      await tx.update(columnasTabla).set({ ...values, seq: await seqOnce() }).where(eq(columnasTabla.id, prev.id));
    } else {
      await tx.insert(columnasTabla).values({ ...values, nombreInterno: c.nombre_interno, empresaId: user.empresaId, seq: await seqOnce() });
    }
  }
  for (const r of before) {
    if (!wanted.has(r.nombreInterno)) {
      await tx
        .update(columnasTabla)
        .set({ deletedAt: new Date().toISOString(), seq: await seqOnce() })
        .where(eq(columnasTabla.id, r.id));
    }
  }
  const after = (await current(tx, user.empresaId)).map(columnaRow);
  if (seq !== null) {
    await auditBy(tx, user, {
      entidad: 'columnas_tabla',
      entidadId: String(user.empresaId),
      accion: 'guardar',
      cambios: { columnas: { old: before.map(columnaRow), new: after } },
    });
  }
  return after;
}

/** POST …/agregar: one new column, at the end unless `orden` is given. */
export async function agregarColumna(
  tx: DbOrTx,
  user: AuthUser,
  input: { nombre?: string; nombre_interno?: string; activo?: boolean; orden?: number },
): Promise<Columna> {
  const field = input.nombre_interno?.trim() ?? '';
  if (!field) throw new AppError('VALIDATION', SELECT_FIELD_REQUIRED);
  const labels = columnFieldLabels(await loadDefinitions(tx, user.empresaId));
  if (!isColumnField(field, labels)) throw new AppError('VALIDATION', INVALID_FIELD);
  const before = await current(tx, user.empresaId, true);
  if (before.some((r) => r.nombreInterno === field)) {
    throw new AppError('CONFLICT', 'Ese campo ya está configurado como columna.');
  }
  const orden = input.orden ?? Math.max(0, ...before.map((r) => r.orden)) + 1;
  if (!Number.isInteger(orden) || orden < 1) {
    throw new AppError('VALIDATION', 'El orden debe ser un entero mayor o igual a 1');
  }
  const [row] = await tx
    .insert(columnasTabla)
    .values({
      empresaId: user.empresaId,
      nombre: input.nombre?.trim() || labels[field],
      nombreInterno: field,
      activo: input.activo !== false,
      orden,
      seq: await nextSeq(tx, user.empresaId),
    })
    .returning();
  await auditBy(tx, user, {
    entidad: 'columnas_tabla',
    entidadId: String(row.id),
    accion: 'agregar',
    cambios: { columna: { old: null, new: columnaRow(row) } },
  });
  return columnaRow(row);
}
