/** The company data the list needs besides its rows: the status list and the columns. */
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import type { RadicaDB } from '../../db/database';
import { ESTADOS_DEFAULT, normalizeEstado } from '../../domain/estados';
import { resolveColumns, type ColumnaConfig, type CreditColumn } from './columns';

// Enough recent rows to tell whether the data has Celular, Tipo Crédito or Banco, without making
// the columns jump from page to page.
const SAMPLE_SIZE = 200;

/** The company's allowed statuses ('Rechazado' shown as 'Negado'), or the eight defaults. */
export function estadosFrom(rows: readonly Record<string, unknown>[]): string[] {
  const list = rows.find((r) => Array.isArray(r.estados))?.estados as unknown[] | undefined;
  const clean = (list ?? [])
    .filter((e): e is string => typeof e === 'string' && e.trim() !== '')
    .map((e) => normalizeEstado(e, ESTADOS_DEFAULT));
  const unique = [...new Set(clean)];
  return unique.length ? unique : [...ESTADOS_DEFAULT];
}

export function useEstados(db: RadicaDB): string[] {
  const rows = useLiveQuery(() => db.estados.toArray(), [db]);
  return useMemo(() => estadosFrom(rows ?? []), [rows]);
}

export function useColumns(db: RadicaDB): CreditColumn[] {
  const data = useLiveQuery(
    async () => ({
      config: (await db.columnas.toArray()) as ColumnaConfig[],
      sample: await db.solicitudes.orderBy('created_at').reverse().limit(SAMPLE_SIZE).toArray(),
    }),
    [db],
  );
  return useMemo(() => resolveColumns(data?.config ?? [], data?.sample ?? []), [data]);
}
