/**
 * The credits list's orders other than by date (issue 28): by applicant name, requested amount or
 * status, ascending or descending, kept in memory by the list's index (src/db/local-index.ts) from
 * the sort keys the search log carries per row (src/db/search-log.ts).
 * Invariants:
 * - An order is a permutation of the index's ids, total and stable: by the field (names with
 *   Spanish collation, accent- and case-insensitive; amounts as numbers; statuses in the company's
 *   order, then unknown ones alphabetically), rows without a value (no amount, no name) last in
 *   both directions, ties newest first (`created_at` key descending) then by id descending.
 * - Built lazily, once, at its first read (a sort of the ids over precomputed numbers, so the
 *   collator runs over distinct names only); every row written since (`touch`) is taken out and
 *   put back in its place at the next read (binary insertion, linear in the rows), so a sync's page
 *   never re-sorts the whole order. Many touched rows rebuild it instead.
 * - Ranks (`rankOf`) are rebuilt lazily after each change of the order.
 */
import { estadoAliases } from '../domain/estados';
import { filterToken } from './search-tokens';

export type SortField = 'fecha' | 'nombre' | 'monto' | 'estado';
export type SortDir = 'asc' | 'desc';
export interface ListSort {
  field: SortField;
  dir: SortDir;
}

/** Newest first: the list's order before anyone chooses one. */
export const DEFAULT_SORT: ListSort = { field: 'fecha', dir: 'desc' };

/** What an order reads of a row (src/db/local-index.ts keeps one per id). */
export interface SortEntry {
  created: string;
  /** The row's search tokens joined by spaces (src/db/search-log.ts). */
  tokens: string;
  /** The full name as shown, '' when the row has none. */
  name: string;
  /** The requested amount, null when the row has none. */
  monto: number | null;
}

const collator = new Intl.Collator('es', { sensitivity: 'base' });
const ESTADO_PREFIX = filterToken('estado', '').slice(0, -1);

/** The status filter token of a row ('\u0001estado:en_estudio\u0001'); tokens are sorted, so it is near the start. */
function estadoToken(e: SortEntry): string {
  // With a space before the first token, every token starts after a space; the match's index in
  // the padded string is the token's index in the original.
  const at = ` ${e.tokens}`.indexOf(` ${ESTADO_PREFIX}`);
  if (at < 0) return '';
  const end = e.tokens.indexOf(' ', at);
  return e.tokens.slice(at, end < 0 ? undefined : end);
}

type Primary = (e: SortEntry) => number | string | null;

export class SortedOrder {
  private order: string[] | null = null;
  private rank: Map<string, number> | null = null;
  private readonly touched = new Set<string>();
  private readonly estadoRank: Map<string, number>;

  constructor(
    readonly field: Exclude<SortField, 'fecha'>,
    readonly dir: SortDir,
    estadoOrder: readonly string[],
    private readonly entries: ReadonlyMap<string, SortEntry>,
  ) {
    this.estadoRank = new Map(estadoOrder.flatMap((e, i) => estadoAliases(e).map((a) => [filterToken('estado', a), i] as const)));
  }

  /** A row written (added, changed or deleted) since the order was read. */
  touch(id: string): void {
    if (this.order) this.touched.add(id);
  }

  /** The field's value of a row: null when it has none (it sorts last). */
  private readonly value: Primary = (e) => {
    if (this.field === 'nombre') return e.name === '' ? null : e.name;
    if (this.field === 'monto') return e.monto;
    const token = estadoToken(e);
    return this.estadoRank.get(token) ?? token;
  };

  private compareValues(a: number | string, b: number | string): number {
    if (this.field === 'nombre') return collator.compare(a as string, b as string);
    // Statuses: the company's (numbers) before unknown ones (their tokens, alphabetically).
    if (typeof a === 'number' && typeof b === 'number') return a - b;
    if (typeof a === 'number') return -1;
    if (typeof b === 'number') return 1;
    return a < b ? -1 : a > b ? 1 : 0;
  }

  /** The order's comparison of two ids (see the header). */
  private readonly compare = (a: string, b: string): number => {
    const ea = this.entries.get(a)!;
    const eb = this.entries.get(b)!;
    const va = this.value(ea);
    const vb = this.value(eb);
    if (va === null || vb === null) {
      if (va !== vb) return va === null ? 1 : -1;
    } else {
      const c = this.compareValues(va, vb);
      if (c !== 0) return this.dir === 'asc' ? c : -c;
    }
    return tieBreak(a, ea, b, eb);
  };

  /** The ids in this order. */
  get keys(): string[] {
    if (!this.order || this.touched.size > Math.max(64, this.order.length / 16)) this.build();
    else if (this.touched.size > 0) this.patch(this.order);
    return this.order!;
  }

  rankOf(id: string): number | undefined {
    const keys = this.keys;
    if (!this.rank) {
      const rank = new Map<string, number>();
      keys.forEach((k, i) => rank.set(k, i));
      this.rank = rank;
    }
    return this.rank.get(id);
  }

  /**
   * Sorts every id over numbers computed once per row: the distinct names ranked by the collator
   * (equal under it, equal rank), or the amount, or the status rank; missing values last.
   */
  private build(): void {
    const ids = [...this.entries.keys()];
    const entries = ids.map((id) => this.entries.get(id)!);
    const values = entries.map(this.value);
    const present = values.filter((v): v is number | string => v !== null);
    const distinct = [...new Set(present)].sort((a, b) => this.compareValues(a, b));
    const rankOfValue = new Map<number | string, number>();
    distinct.forEach((v, i) => rankOfValue.set(v, i > 0 && this.compareValues(distinct[i - 1], v) === 0 ? rankOfValue.get(distinct[i - 1])! : i));
    const sign = this.dir === 'asc' ? 1 : -1;
    const primary = new Float64Array(ids.length);
    values.forEach((v, i) => (primary[i] = v === null ? Infinity : sign * rankOfValue.get(v)!));
    const positions = ids.map((_, i) => i);
    // Two missing values give NaN (Infinity - Infinity), falsy like 0: the tie-break decides.
    positions.sort((i, j) => primary[i] - primary[j] || tieBreak(ids[i], entries[i], ids[j], entries[j]));
    this.order = positions.map((i) => ids[i]);
    this.rank = null;
    this.touched.clear();
  }

  /** Takes the touched ids out and puts the ones still there back in place: one linear pass. */
  private patch(order: string[]): void {
    const kept = order.filter((id) => !this.touched.has(id));
    const added = [...this.touched].filter((id) => this.entries.has(id)).sort(this.compare);
    this.touched.clear();
    const out: string[] = [];
    let i = 0;
    for (const id of added) {
      let lo = i;
      let hi = kept.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (this.compare(kept[mid], id) < 0) lo = mid + 1;
        else hi = mid;
      }
      while (i < lo) out.push(kept[i++]);
      out.push(id);
    }
    while (i < kept.length) out.push(kept[i++]);
    this.order = out;
    this.rank = null;
  }
}

/** Newest first, then by id descending: the order of rows equal in the sorted field. */
function tieBreak(a: string, ea: SortEntry, b: string, eb: SortEntry): number {
  if (ea.created !== eb.created) return ea.created > eb.created ? -1 : 1;
  return a > b ? -1 : a < b ? 1 : 0;
}
