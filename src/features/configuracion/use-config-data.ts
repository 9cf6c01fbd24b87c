/** The configuration mirrored in the local store, read live (the screen never fetches it). */
import { useLiveQuery } from 'dexie-react-hooks';
import type { RadicaDB } from '../../db/database';
import type { Categoria } from '../../domain/categoria';
import type { Columna } from '../../domain/columnas';
import { sortFields, type FieldDefinition } from '../../domain/field-definition';
import { DEFAULT_COLUMNS_SAMPLE, defaultColumnas, sortColumnas } from '../../domain/columnas';

export function useDefiniciones(db: RadicaDB): FieldDefinition[] | undefined {
  return useLiveQuery(async () => sortFields((await db.definiciones.toArray()) as unknown as FieldDefinition[]), [db]);
}

export function useColumnas(db: RadicaDB): Columna[] | undefined {
  return useLiveQuery(async () => sortColumnas((await db.columnas.toArray()) as unknown as Columna[]), [db]);
}

/** The columns the credits list shows on this device while none are configured (the same rows decide). */
export function useDefaultColumnas(db: RadicaDB): Columna[] | undefined {
  return useLiveQuery(
    async () => defaultColumnas(await db.solicitudes.orderBy('created_at').reverse().limit(DEFAULT_COLUMNS_SAMPLE).toArray()),
    [db],
  );
}

/** Categories sorted by name; `error` when the local store could not be read. */
export function useCategorias(db: RadicaDB, attempt: number): { rows?: Categoria[]; error?: unknown } | undefined {
  return useLiveQuery(
    async () => {
      try {
        const rows = (await db.categorias.toArray()) as unknown as Categoria[];
        return { rows: rows.sort((a, b) => a.categoria.localeCompare(b.categoria, 'es')) };
      } catch (error) {
        return { error };
      }
    },
    [db, attempt],
  );
}
