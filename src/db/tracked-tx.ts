/**
 * The two `MutatorTx` implementations and the rebase step built on them.
 * Invariants (all functions must run inside a Dexie rw transaction over every table):
 * - LiveTx writes the visible rows. Before the first write of a row it saves the row's current
 *   (server) version in `shadows`, unless a shadow already exists, and records the row as touched.
 * - ShadowTx writes only `shadows`: it folds a mutation the server applied into the last known
 *   server state, so dropping it from the outbox does not make the screen flicker back. It skips
 *   `putLocal` rows (temporary keys): their shadow stays "absent", so the rebase drops the
 *   temporary row once its mutation is answered and the pull shows the server's row instead.
 * - `rebase` = restore every shadowed row to its server version, re-apply every outbox entry in
 *   id order through a LiveTx, drop shadows no entry touches any more, and set `pending` to 1
 *   exactly on the solicitudes an outbox entry touches. Running it twice gives the same rows.
 */
import {
  mapRecord,
  normalizeKey,
  shadowKey,
  toRecord,
  type EntityTableName,
  type Id,
  type RadicaDB,
  type ShadowRow,
  type SolicitudRow,
} from './database';
import { applyMutation, type EntityRecords, type MutatorTx } from './mutators';

async function readLive(db: RadicaDB, table: EntityTableName, id: Id): Promise<unknown> {
  const row: unknown = await db.table(table).get(normalizeKey(table, id));
  if (row === undefined) return undefined;
  return table === 'solicitudes' ? toRecord(row as SolicitudRow) : row;
}

/** Writes (or deletes, for null) the visible row; solicitudes get their index fields. */
export async function writeLive(
  db: RadicaDB,
  table: EntityTableName,
  id: Id,
  record: unknown,
  pending: 0 | 1 = 0,
): Promise<void> {
  if (record === null || record === undefined) {
    await db.table(table).delete(normalizeKey(table, id));
  } else if (table === 'solicitudes') {
    await db.solicitudes.put(mapRecord(record as EntityRecords['solicitudes'], pending));
  } else {
    await db.table(table).put(record);
  }
}

function idOf(record: unknown): Id {
  return (record as { id: Id }).id;
}

export class LiveTx implements MutatorTx {
  /** Shadow keys of the rows written or touched through this tx. */
  readonly touched = new Set<string>();
  constructor(private readonly db: RadicaDB) {}

  async touch(table: EntityTableName, id: Id): Promise<void> {
    const key = shadowKey(table, id);
    if (this.touched.has(key)) return;
    this.touched.add(key);
    if (await this.db.shadows.get(key)) return;
    const current = await readLive(this.db, table, id);
    await this.db.shadows.put({ key, table, id, record: current ?? null });
  }

  async get<T extends EntityTableName>(table: T, id: Id): Promise<EntityRecords[T] | undefined> {
    return (await readLive(this.db, table, id)) as EntityRecords[T] | undefined;
  }

  async put<T extends EntityTableName>(table: T, record: EntityRecords[T]): Promise<void> {
    await this.touch(table, idOf(record));
    await writeLive(this.db, table, idOf(record), record, 1);
  }

  async delete(table: EntityTableName, id: Id): Promise<void> {
    await this.touch(table, id);
    await writeLive(this.db, table, id, null);
  }

  async putLocal<T extends EntityTableName>(table: T, record: EntityRecords[T]): Promise<void> {
    await this.put(table, record);
  }
}

export class ShadowTx implements MutatorTx {
  constructor(private readonly db: RadicaDB) {}

  async touch(): Promise<void> {}

  async get<T extends EntityTableName>(table: T, id: Id): Promise<EntityRecords[T] | undefined> {
    const shadow = await this.db.shadows.get(shadowKey(table, id));
    if (shadow) return (shadow.record ?? undefined) as EntityRecords[T] | undefined;
    return (await readLive(this.db, table, id)) as EntityRecords[T] | undefined;
  }

  async put<T extends EntityTableName>(table: T, record: EntityRecords[T]): Promise<void> {
    const id = idOf(record);
    await this.db.shadows.put({ key: shadowKey(table, id), table, id, record });
  }

  async delete(table: EntityTableName, id: Id): Promise<void> {
    await this.db.shadows.put({ key: shadowKey(table, id), table, id, record: null });
  }

  /** The server has the row under an id this device does not know yet: the pull brings it. */
  async putLocal(): Promise<void> {}
}

/** Sets `pending` = 1 on the touched solicitudes and 0 on every other pending one. */
export async function syncPendingFlags(
  db: RadicaDB,
  touched: ReadonlySet<string>,
  clearOthers: boolean,
): Promise<void> {
  const ids = [...touched]
    .filter((k) => k.startsWith('solicitudes:'))
    .map((k) => k.slice('solicitudes:'.length));
  for (const id of ids) await db.solicitudes.update(id, { pending: 1 });
  if (!clearOthers) return;
  const wanted = new Set(ids);
  const stale = await db.solicitudes.where('pending').equals(1).primaryKeys();
  for (const id of stale) if (!wanted.has(id)) await db.solicitudes.update(id, { pending: undefined });
}

/** Server state wins, pending mutations are re-applied on top (see the header). */
export async function rebase(db: RadicaDB): Promise<void> {
  const shadows: ShadowRow[] = await db.shadows.toArray();
  for (const s of shadows) await writeLive(db, s.table, s.id, s.record);
  const tx = new LiveTx(db);
  const entries = await db.outbox.orderBy('id').toArray();
  for (const entry of entries) {
    try {
      await applyMutation(tx, entry.name, entry.args);
    } catch {
      // The server decides; an entry whose optimistic effect no longer applies just has none.
    }
  }
  const stale = shadows.filter((s) => !tx.touched.has(s.key)).map((s) => s.key);
  await db.shadows.bulkDelete(stale);
  await syncPendingFlags(db, tx.touched, true);
}
