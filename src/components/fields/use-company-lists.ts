/**
 * The company's city and bank lists (its mirrored categories 'ciudades' and 'bancos', or the
 * spec's defaults), for the creation form and 'Editar Registro' alike.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import type { RadicaDB } from '../../db/database';
import { companyLists } from '../../domain/opciones';

export function useCompanyLists(db: RadicaDB): { ciudades: readonly string[]; bancos: readonly string[] } {
  const rows = useLiveQuery(() => db.categorias.toArray(), [db]);
  return useMemo(() => companyLists(rows ?? []), [rows]);
}
