/**
 * The company's field definitions as labels (key, section, description), from the device's
 * mirrored `definiciones`: a field its administrator configured reads by the label given to it
 * ('Bonificación de fin de año'), never by its key, wherever a change names it (Historial de
 * cambios, conflicts, 'Cambios pendientes'). Shared here because src/app and the record's
 * features both read them.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useAtomValue } from 'jotai';
import type { RadicaDB } from '../db/database';
import type { DefinicionEtiqueta } from '../domain/field-definition';
import { localDbAtom } from './local-data';

const NONE: readonly DefinicionEtiqueta[] = [];

export async function loadEtiquetas(db: RadicaDB): Promise<readonly DefinicionEtiqueta[]> {
  return (await db.definiciones.toArray()) as unknown as DefinicionEtiqueta[];
}

/** The labels, live; none before the store opens. */
export function useEtiquetas(): readonly DefinicionEtiqueta[] {
  const db = useAtomValue(localDbAtom);
  return useLiveQuery(() => (db ? loadEtiquetas(db) : NONE), [db]) ?? NONE;
}
