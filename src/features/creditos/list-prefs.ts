/**
 * The credits list's choices a person keeps on this device: page size, the status and bank
 * filters and the order (issue 28), in localStorage under one key per company and user (another user of the device
 * keeps theirs). Bad or old stored values fall back to the defaults.
 */
import { useCallback, useState } from 'react';
import { PAGE_SIZES } from '../../components/ui/pagination';
import { DEFAULT_SORT, type ListSort, type SortField } from '../../db/sort-order';

export interface ListPrefs {
  pageSize: number;
  estados: string[];
  banco: string;
  sort: ListSort;
}

export const DEFAULT_PREFS: ListPrefs = { pageSize: 10, estados: [], banco: '', sort: DEFAULT_SORT };

const SORT_FIELDS: readonly SortField[] = ['fecha', 'nombre', 'monto', 'estado'];

function parseSort(v: unknown): ListSort {
  const s = (v ?? {}) as Partial<Record<keyof ListSort, unknown>>;
  if (!SORT_FIELDS.includes(s.field as SortField) || (s.dir !== 'asc' && s.dir !== 'desc')) return DEFAULT_SORT;
  return { field: s.field as SortField, dir: s.dir };
}

/** 'radica-lista-<empresaId>-<userId>': removed with the person's data (src/app/device-wipe.tsx). */
export function prefsKey(empresaId: number, userId: number): string {
  return `radica-lista-${empresaId}-${userId}`;
}

export function parsePrefs(raw: string | null): ListPrefs {
  let v: Partial<Record<keyof ListPrefs, unknown>> = {};
  try {
    v = raw ? (JSON.parse(raw) as typeof v) : {};
  } catch {
    v = {};
  }
  return {
    pageSize: typeof v.pageSize === 'number' && (PAGE_SIZES as readonly number[]).includes(v.pageSize) ? v.pageSize : DEFAULT_PREFS.pageSize,
    estados: Array.isArray(v.estados) ? v.estados.filter((e): e is string => typeof e === 'string') : [],
    banco: typeof v.banco === 'string' ? v.banco : '',
    sort: parseSort(v.sort),
  };
}

/** The stored choices of a user and a setter that stores each change at once. */
export function useListPrefs(empresaId: number, userId: number): [ListPrefs, (patch: Partial<ListPrefs>) => void] {
  const key = prefsKey(empresaId, userId);
  const [prefs, setPrefs] = useState<ListPrefs>(() => parsePrefs(localStorage.getItem(key)));
  const update = useCallback(
    (patch: Partial<ListPrefs>) =>
      setPrefs((old) => {
        const next = { ...old, ...patch };
        try {
          localStorage.setItem(key, JSON.stringify(next));
        } catch {
          // A full or blocked storage keeps the choice for this visit only.
        }
        return next;
      }),
    [key],
  );
  return [prefs, update];
}
