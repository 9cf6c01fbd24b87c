/** The company's city and bank lists (categories 'ciudades' and 'bancos'), or the spec's defaults. */
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import type { RadicaDB } from '../../db/database';
import { DEFAULT_BANCOS, DEFAULT_CIUDADES } from '../../domain/colombia';

function namesOf(rows: readonly Record<string, unknown>[], categoria: string): string[] {
  const row = rows.find((r) => r.categoria === categoria && r.activo !== false);
  const list = Array.isArray(row?.configuracion) ? (row.configuracion as unknown[]) : [];
  return list.filter((x): x is string => typeof x === 'string' && x.trim() !== '');
}

export function useCompanyLists(db: RadicaDB): { ciudades: readonly string[]; bancos: readonly string[] } {
  const rows = useLiveQuery(() => db.categorias.toArray(), [db]);
  return useMemo(() => {
    const ciudades = namesOf(rows ?? [], 'ciudades');
    const bancos = namesOf(rows ?? [], 'bancos');
    return {
      ciudades: ciudades.length ? ciudades : DEFAULT_CIUDADES,
      bancos: bancos.length ? bancos : DEFAULT_BANCOS,
    };
  }, [rows]);
}
