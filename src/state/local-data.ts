/**
 * The signed-in user's local database and sync client, shared by every screen. Screens read with
 * `useLiveQuery` on `useLocalDb()` and write with `mutate(db, …)`; they never call the API for data.
 */
import { atom, useAtomValue } from 'jotai';
import type { RadicaDB } from '../db/database';
import type { SyncClient, SyncStatus } from '../workers/sync-client';

export const localDbAtom = atom<RadicaDB | null>(null);
export const syncClientAtom = atom<SyncClient | null>(null);
export const syncStatusAtom = atom<SyncStatus | null>(null);

/** The local database; only call inside the authenticated shell, where it always exists. */
export function useLocalDb(): RadicaDB {
  const db = useAtomValue(localDbAtom);
  if (!db) throw new Error('La base de datos local no está abierta.');
  return db;
}
