/**
 * How many 'Editar Registro' drafts are left without their application (orphan-drafts.ts), live:
 * the chip's red pill and the ☰ badge count them, so the advisor learns of them on the main
 * screen and not only by opening 'Cambios pendientes'.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useAtomValue } from 'jotai';
import { localDbAtom } from '../state/local-data';
import { orphanRecordDrafts } from './orphan-drafts';

export function useOrphanDraftCount(): number {
  const db = useAtomValue(localDbAtom);
  return useLiveQuery(async () => (db ? (await orphanRecordDrafts(db)).length : 0), [db]) ?? 0;
}
