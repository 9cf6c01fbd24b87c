/** The company's bank list for the users form: its 'bancos' category, or the defaults (the server accepts the same). */
import { useLiveQuery } from 'dexie-react-hooks';
import type { RadicaDB } from '../../db/database';
import { bancosDeEmpresa } from '../../domain/usuario';

export function useBancos(db: RadicaDB): readonly string[] {
  const rows = useLiveQuery(() => db.categorias.toArray(), [db]);
  return bancosDeEmpresa((rows ?? []) as unknown as Parameters<typeof bancosDeEmpresa>[0]);
}
