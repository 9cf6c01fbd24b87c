/**
 * The in-memory index of a database's applications that the credits list queries: the order by
 * `created_at` key then id (the order of the `created_at` IndexedDB index), and the search tokens
 * of each application, folded from the search log (src/db/search-log.ts).
 * Invariants:
 * - One `LocalIndex` per open database object. `loadLocalIndex` reads only the log rows above the
 *   last one it applied (none, mostly), so it is current with every committed write whoever made
 *   it (sync worker, another tab) and cheap when nothing changed. That read subscribes a live
 *   query to every new log row.
 * - `keys[rank.get(id)] === id`, `createdKeys[r]` is the key of `keys[r]`, once the rows waiting
 *   in `inserted` are merged in (every read of the order merges them first; `rank` is made at
 *   its first read after a merge); `postings`, once made, has every token some row has, with the
 *   ids having it; `sortedWords`, when set, holds its keys sorted (with `newWords`, the ones added
 *   since, merged in at the next lookup), and maybe words no row has any more (a lookup finds
 *   nothing for them).
 * - `postings` and `sortedWords` are made in slices of about 30 ms (`prepareSlice`, driven by
 *   `whenPrepared`), each a task of its own: on a reload (a first load of a database that holds
 *   rows) and after a first sync, from the first idle period after the load (`warmLocalIndex`),
 *   or at once when a search or filter comes first (the list waits for `whenPrepared` before
 *   looking anything up), and kept current from then on. At 50,000 applications making them takes
 *   about 0.5 s and sorting the words about 0.2 s: in one task either held the page (a keystroke
 *   right after a reload waited up to a second). A first sync folds 50,000 rows in pages while the
 *   list shows them newest first: no search needs the postings then, so they are made once, after
 *   it, not page by page. A row written while they are made is posted again as it is when the
 *   last slice ends, and a word added while the words are sorted is merged in at the next lookup;
 *   a synchronous lookup before then (`having`, `startingWith`) finishes what is left at once.
 * - A new IndexedDB connection may be a database deleted and made again (its `seq` restarts at 1):
 *   the index starts over.
 * - The orders by name, amount and status (src/db/sort-order.ts) are made at their first read and
 *   told of every row written after (`touch`); a reset row drops them, and the postings, except
 *   a compaction's row that folds exactly the rows the index has applied: it holds the same state,
 *   and starting over made the next search or sort after every compaction pay a whole rebuild
 *   (hundreds of milliseconds at 50,000 rows).
 */
import type { RadicaDB } from './database';
import { appendEntry, logRow, type SearchLogRow, type SortKeys } from './search-log';
import { SortedOrder, type SortDir, type SortEntry, type SortField } from './sort-order';

type Entry = SortEntry;

/** Orders kept at once (a person switches between a few; a status list change makes a new one). */
const MAX_ORDERS = 4;

export class LocalIndex {
  constructor(
    /** The IndexedDB connection it was loaded through: a new one may be a new database. */
    readonly connection: IDBDatabase | null = null,
  ) {}

  /** The last log row folded in. */
  seq = 0;
  /** Log rows folded in since the last reset row (to decide on compaction). */
  logRows = 0;
  private readonly entries = new Map<string, Entry>();
  /**
   * Word -> the id having it, or a Set when several do (most words, e-mails and numbers, have
   * one); null until a lookup or `prepare` makes it.
   */
  private postings: Map<string, string | Set<string>> | null = null;
  /**
   * The postings being made in slices (`prepareSlice`) from the entries as they were when it
   * began: `next` walks that snapshot, and the ids written since are made again at the end.
   * `words` gets each word as it is first posted (its keys, without a copy of 50,000 rows' words
   * in one task, when no id was written meanwhile).
   */
  private making: {
    map: Map<string, string | Set<string>>;
    words: string[];
    snapshot: Map<string, string>;
    next: Iterator<[string, string]>;
    written: Set<string>;
  } | null = null;
  /**
   * The postings' words, each once, in no order, as `makePostings` kept them, until a write
   * (the sort of the words then takes the postings' keys).
   */
  private unsortedWords: string[] | null = null;
  private order: { keys: string[]; rank: Map<string, number> | null; createdKeys: string[] } | null = null;
  /** New rows not yet in `order`, merged in at the next read of it (a sync's page, mostly). */
  private inserted: string[] = [];
  private sortedWords: string[] | null = null;
  /** The words being sorted in slices (`prepareSlice`), from the postings' words when it began. */
  private sortingWords: SlicedSort | null = null;
  private newWords: string[] = [];
  /** The slices under way (`whenPrepared`), until done. */
  private preparing: Promise<void> | null = null;
  /** The orders other than by date, by `${field}:${dir}:${status list}`, oldest used first. */
  private readonly orders = new Map<string, SortedOrder>();

  get size(): number {
    return this.entries.size;
  }

  /** Folds one log row in (rows must come in `seq` order; an older one is ignored). */
  apply(row: SearchLogRow & { seq: number }): void {
    if (row.seq <= this.seq) return;
    const same = row.reset && row.folds === this.seq;
    this.seq = row.seq;
    this.logRows = row.reset ? 1 : this.logRows + 1;
    if (same) return;
    if (row.reset) {
      this.entries.clear();
      this.postings = null;
      this.making = null;
      this.unsortedWords = null;
      this.dropOrder();
      this.sortedWords = null;
      this.sortingWords = null;
      this.newWords = [];
      this.orders.clear();
    }
    // Rows logged before the log carried sort keys have none (version 11 rebuilds such logs).
    row.ids.forEach((id, i) => this.set(id, row.created[i], row.tokens[i], { name: row.names?.[i] ?? '', monto: row.montos?.[i] ?? null }));
  }

  private set(id: string, created: string | null, joined: string, keys: SortKeys): void {
    const old = this.entries.get(id);
    const tokens = created === null ? '' : joined;
    if (old && old.created === created && old.tokens === tokens && old.name === keys.name && old.monto === keys.monto) return;
    if (old || created !== null) for (const order of this.orders.values()) order.touch(id);
    // Words the postings' keys may no longer be (the sort, when it begins, takes those keys).
    this.unsortedWords = null;
    const postings = this.postings;
    if (postings && old) this.unpost(postings, id, old.tokens);
    this.making?.written.add(id);
    if (created === null) {
      this.entries.delete(id);
      if (old) this.dropOrder();
    } else {
      this.entries.set(id, { created, tokens, name: keys.name, monto: keys.monto });
      if (postings) this.post(postings, id, tokens);
      if (!old || old.created !== created) this.appendOrDrop(id, created, !old);
    }
  }

  private unpost(postings: NonNullable<LocalIndex['postings']>, id: string, joined: string): void {
    for (const t of splitTokens(joined)) {
      const ids = postings.get(t);
      if (ids === id) postings.delete(t);
      else if (typeof ids === 'object') {
        ids.delete(id);
        if (ids.size === 1) postings.set(t, ids.values().next().value!);
      }
    }
  }

  /** Posts the tokens of `id`; a word new to `postings` is added to `added` too. */
  private post(
    postings: NonNullable<LocalIndex['postings']>,
    id: string,
    joined: string,
    added: string[] | null = this.sortedWords || this.sortingWords ? this.newWords : null,
  ): void {
    for (const t of splitTokens(joined)) {
      const ids = postings.get(t);
      if (ids === undefined) {
        postings.set(t, id);
        added?.push(t);
      } else if (typeof ids === 'string') {
        if (ids !== id) postings.set(t, new Set([ids, id]));
      } else {
        ids.add(id);
      }
    }
  }

  /** The postings, made from every entry (or the slices left) at the first call after a reset. */
  private posted(): NonNullable<LocalIndex['postings']> {
    if (!this.postings) this.makePostings(Infinity);
    return this.postings!;
  }

  /**
   * Goes on making the postings until `until` (`performance.now()`); true once they are made. The
   * entries written meanwhile are posted again at the end, as they are then.
   */
  private makePostings(until: number): boolean {
    if (this.postings) return true;
    if (!this.making) {
      const snapshot = new Map<string, string>();
      for (const [id, e] of this.entries) snapshot.set(id, e.tokens);
      this.making = { map: new Map(), words: [], snapshot, next: snapshot.entries(), written: new Set() };
    }
    const m = this.making;
    for (let n = 1; ; n++) {
      const item = m.next.next();
      if (item.done) break;
      this.post(m.map, item.value[0], item.value[1], m.words);
      if (n % 64 === 0 && performance.now() >= until) return false;
    }
    for (const id of m.written) {
      const before = m.snapshot.get(id);
      if (before !== undefined) this.unpost(m.map, id, before);
      const now = this.entries.get(id);
      if (now) this.post(m.map, id, now.tokens, null);
    }
    this.making = null;
    this.sortedWords = null;
    this.sortingWords = null;
    this.newWords = [];
    this.postings = m.map;
    // Rows written meanwhile may have dropped words and added others: then the map's keys.
    this.unsortedWords = m.written.size === 0 ? m.words : null;
    return true;
  }

  private dropOrder(): void {
    this.order = null;
    this.inserted = [];
  }

  /**
   * A new row that sorts last (a new application) extends the order; other new rows (a sync's
   * page of older ones, newest first) wait to be merged in; a changed date rebuilds it.
   */
  private appendOrDrop(id: string, created: string, isNew: boolean): void {
    const o = this.order;
    if (!o) return;
    if (!isNew) return this.dropOrder();
    const last = o.keys.length - 1;
    const after = last < 0 || created > o.createdKeys[last] || (created === o.createdKeys[last] && id > o.keys[last]);
    if (after && this.inserted.length === 0) {
      o.rank?.set(id, o.keys.length);
      o.keys.push(id);
      o.createdKeys.push(created);
    } else {
      this.inserted.push(id);
    }
  }

  private readonly byCreated = (a: string, b: string): number => {
    const ca = this.entries.get(a)!.created;
    const cb = this.entries.get(b)!.created;
    return ca < cb ? -1 : ca > cb ? 1 : a < b ? -1 : a > b ? 1 : 0;
  };

  private sorted() {
    if (this.order && this.inserted.length > 0) this.mergeInserted(this.order);
    if (!this.order) {
      const keys = [...this.entries.keys()].sort(this.byCreated);
      this.order = this.ordered(keys);
    }
    return this.order;
  }

  private ordered(keys: string[]) {
    return { keys, rank: null, createdKeys: keys.map((id) => this.entries.get(id)!.created) };
  }

  /**
   * Sorts the rows waiting and merges them into the order: linear in the rows, not n log n
   * (once per page of a first sync: the ranks are made again only when read).
   */
  private mergeInserted(o: NonNullable<LocalIndex['order']>): void {
    const added = this.inserted.sort(this.byCreated);
    this.inserted = [];
    const n = o.keys.length + added.length;
    const keys: string[] = new Array(n);
    const createdKeys: string[] = new Array(n);
    const addedKeys = added.map((id) => this.entries.get(id)!.created);
    let i = 0;
    let j = 0;
    for (let k = 0; k < n; k++) {
      const fromOld =
        j >= added.length ||
        (i < o.keys.length && (o.createdKeys[i] < addedKeys[j] || (o.createdKeys[i] === addedKeys[j] && o.keys[i] < added[j])));
      if (fromOld) {
        keys[k] = o.keys[i];
        createdKeys[k] = o.createdKeys[i++];
      } else {
        keys[k] = added[j];
        createdKeys[k] = addedKeys[j++];
      }
    }
    this.order = { keys, rank: null, createdKeys };
  }

  private ranks(): Map<string, number> {
    const o = this.sorted();
    if (!o.rank) {
      const rank = new Map<string, number>();
      o.keys.forEach((k, i) => rank.set(k, i));
      o.rank = rank;
    }
    return o.rank;
  }

  /** One reset log row holding what this index knows. */
  toResetRow(): SearchLogRow {
    const out = logRow([], [], true);
    for (const [id, e] of this.entries) appendEntry(out, id, e.created, e.tokens, e);
    return out;
  }

  /** Ids in ascending (`created_at` key, id) order. */
  get keys(): string[] {
    return this.sorted().keys;
  }

  rankOf(id: string): number | undefined {
    return this.ranks().get(id);
  }

  /** The `created_at` key of a row (undefined when the index has no such row). */
  createdOf(id: string): string | undefined {
    return this.entries.get(id)?.created;
  }

  /**
   * The order by name, amount or status (src/db/sort-order.ts), statuses ranked as in
   * `estadoOrder` (the company's list); made at its first read, kept current after.
   */
  sortedBy(field: Exclude<SortField, 'fecha'>, dir: SortDir, estadoOrder: readonly string[]): SortedOrder {
    const key = `${field}:${dir}:${field === 'estado' ? estadoOrder.join('\n') : ''}`;
    let order = this.orders.get(key);
    if (order) {
      this.orders.delete(key);
    } else {
      order = new SortedOrder(field, dir, estadoOrder, this.entries);
      if (this.orders.size >= MAX_ORDERS) this.orders.delete(this.orders.keys().next().value!);
    }
    this.orders.set(key, order);
    return order;
  }

  /** The first rank whose key is at or after `bound` (after it when not `inclusive`). */
  rankFrom(bound: string, inclusive: boolean): number {
    const created = this.sorted().createdKeys;
    let lo = 0;
    let hi = created.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (created[mid] < bound || (!inclusive && created[mid] === bound)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * Goes on sorting the postings' words until `until`; true once sorted. A word posted meanwhile
   * waits in `newWords`, merged in by `words`.
   */
  private sortWords(until: number): boolean {
    if (this.sortedWords) return true;
    if (!this.sortingWords) {
      const postings = this.posted();
      this.sortingWords = new SlicedSort(this.unsortedWords ?? [...postings.keys()]);
      this.unsortedWords = null;
      this.newWords = [];
    }
    const sorted = this.sortingWords.step(until);
    if (!sorted) return false;
    this.sortingWords = null;
    this.sortedWords = sorted;
    return true;
  }

  /**
   * The words sorted for prefix lookups: sorted once (about 0.2 s at 50,000 applications, so in
   * slices: see the header), then kept by merging the few words each write adds.
   */
  private words(): string[] {
    if (!this.sortedWords) this.sortWords(Infinity);
    if (this.newWords.length > 0) {
      const added = [...new Set(this.newWords)].sort();
      this.newWords = [];
      const old = this.sortedWords!;
      const merged: string[] = [];
      let i = 0;
      for (const w of added) {
        while (i < old.length && old[i] < w) merged.push(old[i++]);
        if (old[i] !== w) merged.push(w);
      }
      while (i < old.length) merged.push(old[i++]);
      this.sortedWords = merged;
    }
    return this.sortedWords!;
  }

  /**
   * Builds what the first query and the first search would otherwise build; the postings only
   * once there are rows (an empty index is a first sync about to begin: see the header).
   */
  prepare(): void {
    while (!this.prepareSlice(Infinity));
  }

  /**
   * `prepare` in slices of about `budgetMs` milliseconds (making the postings of 50,000 rows
   * takes about half a second, sorting their words a fifth of one: in one task either would hold
   * the page); true once done.
   */
  prepareSlice(budgetMs: number): boolean {
    const until = performance.now() + budgetMs;
    this.ranks();
    if (this.entries.size === 0) return true;
    if (!this.makePostings(until) || !this.sortWords(until)) return false;
    this.words();
    return true;
  }

  /** Whether a search or filter finds the postings and words made (nothing left to slice). */
  get prepared(): boolean {
    return this.entries.size === 0 || (this.postings !== null && this.sortedWords !== null);
  }

  /**
   * Settles once the index is prepared, making what is left in slices of about `budgetMs`, each a
   * task of its own (one run at a time, whoever asks). Each caller resumes in a task of its own,
   * so searches that waited do not all run in one.
   */
  whenPrepared(budgetMs = PREPARE_SLICE_MS): Promise<void> {
    if (this.prepared) return Promise.resolve();
    if (!this.preparing) {
      this.preparing = new Promise<void>((resolve, reject) => {
        const slice = () => {
          try {
            if (!this.prepareSlice(budgetMs)) return nextTask(slice);
            this.preparing = null;
            resolve();
          } catch (e) {
            this.preparing = null;
            reject(e);
          }
        };
        nextTask(slice);
      });
    }
    return this.preparing.then(() => new Promise<void>((resolve) => nextTask(resolve)));
  }

  /** Ids having exactly `token` (a filter token, src/db/search-tokens.ts). */
  having(token: string): Set<string> {
    const ids = this.posted().get(token);
    return typeof ids === 'string' ? new Set([ids]) : new Set(ids ?? []);
  }

  startingWith(prefix: string): Set<string> {
    const words = this.words();
    let lo = 0;
    let hi = words.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (words[mid] < prefix) lo = mid + 1;
      else hi = mid;
    }
    const out = new Set<string>();
    for (let i = lo; i < words.length && words[i].startsWith(prefix); i++) {
      const ids = this.postings!.get(words[i]);
      if (typeof ids === 'string') out.add(ids);
      else for (const id of ids ?? []) out.add(id);
    }
    return out;
  }
}

/** Words sorted at once in a run (a few milliseconds); the runs are merged two by two. */
const SORT_RUN = 4096;

/**
 * Sorts distinct strings as `Array.prototype.sort` does (by UTF-16 code units) in steps that
 * stop when asked: runs of `SORT_RUN` sorted at once, then merged two at a time, oldest runs
 * first (so merges pair runs of about the same length). Exported for its test.
 */
export class SlicedSort {
  private at = 0;
  private readonly runs: string[][] = [];
  private merging: { a: string[]; b: string[]; i: number; j: number; out: string[] } | null = null;

  constructor(private readonly words: string[]) {}

  /** Works until `until` (`performance.now()`), at least one step; the sorted words once done. */
  step(until: number): string[] | null {
    for (;;) {
      if (this.at < this.words.length) {
        this.runs.push(this.words.slice(this.at, this.at + SORT_RUN).sort());
        this.at += SORT_RUN;
      } else if (this.merging) {
        const m = this.merging;
        const { a, b, out } = m;
        let { i, j } = m;
        for (let n = 0; n < SORT_RUN && i < a.length && j < b.length; n++) out.push(a[i] < b[j] ? a[i++] : b[j++]);
        if (i < a.length && j < b.length) {
          m.i = i;
          m.j = j;
        } else {
          while (i < a.length) out.push(a[i++]);
          while (j < b.length) out.push(b[j++]);
          this.runs.push(out);
          this.merging = null;
        }
      } else if (this.runs.length > 1) {
        this.merging = { a: this.runs.shift()!, b: this.runs.shift()!, i: 0, j: 0, out: [] };
      } else {
        return this.runs[0] ?? [];
      }
      if (performance.now() >= until) return null;
    }
  }
}

/**
 * Runs `task` as a task of its own, soon: `scheduler.postTask` where there is one (no 4 ms
 * clamp on nested timers), else a timer.
 */
function nextTask(task: () => void): void {
  const scheduler = (globalThis as { scheduler?: { postTask?: (cb: () => void) => Promise<unknown> } }).scheduler;
  if (scheduler?.postTask) void scheduler.postTask(task);
  else setTimeout(task, 0);
}

/** The tokens of an entry, stored joined by spaces ('' for none). */
function splitTokens(joined: string): string[] {
  return joined === '' ? [] : joined.split(' ');
}

const indexes = new WeakMap<RadicaDB, LocalIndex>();

/** The longest task (ms, about) that `warmLocalIndex` gives to preparing the index at a time. */
const PREPARE_SLICE_MS = 30;

/** Log rows above which the loader compacts the log. */
export const COMPACT_AFTER_ROWS = 64;

/** Replaces the search log by one reset row holding the state it folds to (one transaction). */
export async function compactSearchLog(db: RadicaDB): Promise<void> {
  await db.transaction('rw', db.searchLog, async () => {
    const rows = await db.searchLog.orderBy('seq').toArray();
    if (rows.length <= 1) return;
    const folded = new LocalIndex();
    for (const row of rows) folded.apply(row as SearchLogRow & { seq: number });
    await db.searchLog.clear();
    await db.searchLog.add({ ...folded.toResetRow(), folds: rows[rows.length - 1].seq });
  });
}

/**
 * Runs `task` on the next turn, outside the caller's (read-only, maybe live) query, unless one
 * kept in `running` is still going for `db`; gives the run that is going.
 */
function inBackground(db: RadicaDB, running: WeakMap<RadicaDB, Promise<void>>, task: () => Promise<unknown>): Promise<void> {
  const going = running.get(db);
  if (going) return going;
  const run = new Promise<void>((resolve, reject) => {
    setTimeout(() => {
      task()
        .then(() => resolve(), reject)
        .finally(() => running.delete(db));
    }, 0);
  });
  running.set(db, run);
  return run;
}

const compacting = new WeakMap<RadicaDB, Promise<void>>();
const warming = new WeakMap<RadicaDB, Promise<void>>();

/** The index of `db` as last loaded, without reading (null before the first load). */
export function cachedLocalIndex(db: RadicaDB): LocalIndex | null {
  return indexes.get(db) ?? null;
}

/**
 * The index of `db`, current with every committed write. Only Dexie promises are awaited, so it
 * may run inside a live query (whose change tracking a native await would drop).
 */
export async function loadLocalIndex(db: RadicaDB): Promise<LocalIndex> {
  let index = indexes.get(db);
  // A read with values of the log's key range above `seq`: Dexie then wakes a live query on any
  // row added there (a keys-only read of the primary key would only watch deletions).
  let rows = await db.searchLog.where('seq').above(index?.seq ?? 0).toArray();
  const connection = db.backendDB();
  if (!index || index.connection !== connection) {
    const known = index?.seq ?? 0;
    index = new LocalIndex(connection);
    indexes.set(db, index);
    if (known > 0) rows = await db.searchLog.where('seq').above(0).toArray();
  }
  if (rows.length > 0) {
    for (const row of rows) index.apply(row as SearchLogRow & { seq: number });
    // The postings are made in slices after the load, or at once by a synchronous lookup (see
    // the header); the list waits for them (`whenPrepared`) before it searches.
    // The next load reads the reset row.
    if (index.logRows > COMPACT_AFTER_ROWS) inBackground(db, compacting, () => compactSearchLog(db)).catch(() => undefined);
  }
  return index;
}

/**
 * Loads the index in the background (outside any live query), at most one load at a time; the
 * promise settles with that load.
 */
export function warmLocalIndex(db: RadicaDB): Promise<void> {
  return inBackground(db, warming, async () => {
    const index = await loadLocalIndex(db);
    // After the load settles (the list then counts), when the page is idle.
    const idle = (globalThis as { requestIdleCallback?: (cb: () => void) => void }).requestIdleCallback;
    // The first slice when the page is idle, the next ones as tasks of their own (an idle period
    // may not come for a while; a search meanwhile starts them at once and waits for them).
    (idle ?? ((cb: () => void) => setTimeout(cb, 0)))(() => index.whenPrepared().catch(() => undefined));
  });
}

/** Forgets the loaded index of `db` (tests). */
export function forgetLocalIndex(db: RadicaDB): void {
  indexes.delete(db);
}
