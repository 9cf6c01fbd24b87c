/**
 * Local reads that failed (a screen showed an empty list instead): kept here so the sync panel
 * can show them next to the changes that could not be sent. The newest first, at most 10.
 */
import { atom } from 'jotai';

export interface ReadError {
  text: string;
  detail: string;
  at: string;
}

export const readErrorsAtom = atom<ReadError[]>([]);

export const reportReadError = atom(null, (get, set, e: { text: string; detail: string }) => {
  set(
    readErrorsAtom,
    [{ ...e, at: new Date().toISOString() }, ...get(readErrorsAtom)].slice(0, 10),
  );
});
