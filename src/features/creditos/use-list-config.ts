/** The company data the list needs besides its rows: the status list and the columns. */
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import type { RadicaDB } from '../../db/database';
import { DEFAULT_COLUMNS_SAMPLE } from '../../domain/columnas';
import { estadosDe } from '../../domain/estados';
import { companyLists } from '../../domain/opciones';
import { resolveColumns, type ColumnaConfig, type CreditColumn } from './columns';


/** The company's allowed statuses ('Rechazado' shown as 'Negado'), or the eight defaults. */
export function estadosFrom(rows: readonly Record<string, unknown>[]): string[] {
  return estadosDe(rows.find((r) => Array.isArray(r.estados))?.estados);
}

export function useEstados(db: RadicaDB): string[] {
  const rows = useLiveQuery(() => db.estados.toArray(), [db]);
  return useMemo(() => estadosFrom(rows ?? []), [rows]);
}

export function useColumns(db: RadicaDB): CreditColumn[] {
  const data = useLiveQuery(
    async () => ({
      config: (await db.columnas.toArray()) as ColumnaConfig[],
      sample: await db.solicitudes.orderBy('created_at').reverse().limit(DEFAULT_COLUMNS_SAMPLE).toArray(),
      definitions: await db.definiciones.toArray(),
    }),
    [db],
  );
  return useMemo(() => resolveColumns(data?.config ?? [], data?.sample ?? [], data?.definitions ?? []), [data]);
}

/** The company's bank list (its 'bancos' category, or the defaults) for the 'Banco' filter. */
export function useBancosEmpresa(db: RadicaDB): readonly string[] {
  const rows = useLiveQuery(() => db.categorias.toArray(), [db]);
  return useMemo(() => companyLists((rows ?? []) as Record<string, unknown>[]).bancos, [rows]);
}
