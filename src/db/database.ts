/**
 * The one Dexie database of a user: `radica-<empresaId>-<userId>`.
 * Invariants:
 * - The schema changes only by adding a `version(n)`; never edit a published version.
 * - A `solicitudes` row is a server `SolicitudRecord` plus local fields (`created_at`, `estado`,
 *   `pending`) built by `mapRecord`; `toRecord` strips them again (and `tokens`, which rows
 *   written before version 6 carried until version 7 dropped it).
 * - Every write to `solicitudes` is logged in `searchLog` in the same transaction
 *   (src/db/search-log.ts); the list searches the in-memory index folded from it. When what
 *   `solicitudTokens` returns changes, a new version rebuilds the log from the rows (versions 8, 9;
 *   11 when its entries gained the rows' sort keys).
 *   `created_at` is the canonical instant key of `solicitud.created_at` (src/db/created-key.ts),
 *   not the server's text: sort and range on it, display the record's own value.
 * - `pending` is 1 iff an outbox entry touches the row (kept by mutate and by rebase).
 * - `shadows` holds, for every row touched by a queued mutation, the last known server version
 *   (`record: null` = the server does not have it). Rebase rebuilds touched rows from it.
 * - `outbox` ids are the mutation ids 1, 2, 3… of this database's clientId, never reused.
 * - Another user on the same device opens another database and never sees these rows.
 */
import Dexie, { type Table, type Transaction } from 'dexie';
import type { ConflictDetail, ErrorCode } from '../domain/errors';
import type { HistorialEntry } from '../domain/historial';
import type { Revision } from '../domain/revision';
import type { SolicitudRecord } from '../domain/solicitud';
import type { RecentPass, SyncEntity } from '../domain/sync-protocol';
import { createdKey } from './created-key';
import type { CuentaDesactivada } from './device-data';
import { solicitudTokens } from './search-tokens';
import { appendRow, logRow, searchLogMiddleware, type SearchLogRow } from './search-log';

export type Id = string | number;

export interface SolicitudRow extends SolicitudRecord {
  created_at: string;
  estado: string;
  /**
   * 1 while pending mutations touch the row; absent otherwise, so the `pending` index holds only
   * the few unsent rows (an absent key is not indexed) instead of one entry per row.
   */
  pending?: 1;
}

export interface NotificacionRow {
  id: string;
  solicitud_id: string | null;
  estado: string;
  created_at: string;
  [field: string]: unknown;
}

/** Rows mirrored as the server sends them (definiciones, columnas, categorias, estados, usuarios). */
export interface EntityRow {
  id: Id;
  [field: string]: unknown;
}

export interface ListaRow {
  key: 'ciudades' | 'bancos';
  values: string[];
  updatedAt?: string;
}

export interface StatRow {
  key: string;
  data: unknown;
  updatedAt?: string;
}

/**
 * Unsaved work kept as it is typed (survives reloads, crashes and an expired session): a
 * half-filled creation form ('solicitud', id = the new application's id) or the unsaved changes
 * of 'Editar Registro' ('registro', id `registro:<solicitudId>`).
 */
export interface DraftRow {
  id: string;
  kind: 'solicitud' | 'registro';
  values: unknown;
  updatedAt: string;
}

export interface OutboxRow {
  id: number;
  name: string;
  args: unknown;
  at: string;
  status: 'pending' | 'sending';
  attempts: number;
  /** Pushes in a row that ended in a server fault (5xx other than 502–504) while this was sent. */
  serverErrors?: number;
  /**
   * Given up after repeated server faults (src/sync/push.ts): the entry's id is sent as the no-op
   * 'sync.omitir' so the ids stay contiguous, and this change becomes a problem once the server
   * answers it.
   */
  omit?: true;
}

export type FileStatus = 'pending' | 'uploading' | 'uploaded' | 'error';
export interface FileRow {
  id: string;
  /** Dropped (null) once uploaded. */
  blob: Blob | null;
  nombre: string;
  mime: string;
  size: number;
  ownerSolicitudId: string;
  ownerSolicitanteId?: string;
  /** The file field (`entity.key`) whose policy the server applies; null for an attachment. */
  campo?: string | null;
  /** The mutation that creates the owner on the server (0 when the owner already exists there). */
  mutationId: number;
  status: FileStatus;
  error?: string;
  /** The resumable upload (tus) this file continues, once the server has created it. */
  uploadUrl?: string;
  /** Bytes sent of `size` during the current upload (progress bar). */
  sent?: number;
  /** The size chosen before the device shrank it (a photo re-encoded before queueing). */
  originalSize?: number;
}

export interface MetaValues {
  clientId: string;
  cursor: number;
  lastMutationId: number;
  lastQueuedId: number;
  lastSyncAt: string;
  nextAttemptAt: string | null;
  lastError: string | null;
  /** The visibility scope the mirrored rows were pulled under (PullResponse.scope). */
  scope: string;
  /** Where the first sync's newest-first pass stands (src/sync/pull.ts); absent before it. */
  recent: RecentPass;
  /**
   * The session token the service worker syncs this database with while the app is closed:
   * written at login by the tab's sync worker, removed at logout and after a 401.
   */
  syncToken: string | null;
  /** What the service worker sent while no window of the app was open, until the app shows it. */
  sentWhileClosed: { cambios: number; rechazados: number; archivos: number; at: string } | null;
  /** The service worker's last background cycle on this database. */
  lastBackgroundSync: { at: string; outcome: string; message: string | null };
  /** Set when the account was deactivated: the unsent work left, described (src/db/device-data.ts). */
  cuentaDesactivada: CuentaDesactivada;
}
export type MetaKey = keyof MetaValues;
export type MetaRow = { [K in MetaKey]: { key: K; value: MetaValues[K] } }[MetaKey];

export interface ProblemRow {
  /** The rejected mutation's id. */
  id: number;
  name: string;
  args: unknown;
  at: string;
  code: ErrorCode;
  error: string;
  conflict?: ConflictDetail;
  resolvedAt?: string;
  resolution?: 'retried' | 'discarded' | 'resolved';
  /**
   * The application it is about as this device knew it when the server refused the change: a
   * refusal because staff deleted it (or it was reassigned) removes the local row with the next
   * pull, and the panel must still say whose application it was.
   */
  subject?: { nombre: string; radicado: string | null };
}

/**
 * The 'Historial de cambios' of one application as last fetched from the server (admin and
 * supervisor only): read-only audit rows, kept so the modal shows them offline with their date.
 */
export interface HistorialRow {
  solicitudId: string;
  entries: HistorialEntry[];
  fetchedAt: string;
}

/** Pull entity -> local table. */
export const ENTITY_TABLES = {
  solicitud: 'solicitudes',
  notificacion: 'notificaciones',
  definicion: 'definiciones',
  columna: 'columnas',
  categoria: 'categorias',
  estados: 'estados',
  usuario: 'usuarios',
  revision: 'revisiones',
} as const satisfies Record<SyncEntity, string>;
export type EntityTableName = (typeof ENTITY_TABLES)[SyncEntity];

export interface ShadowRow {
  /** `${table}:${id}` */
  key: string;
  table: EntityTableName;
  id: Id;
  record: unknown;
}

export class RadicaDB extends Dexie {
  declare solicitudes: Table<SolicitudRow, string>;
  declare notificaciones: Table<NotificacionRow, string>;
  declare definiciones: Table<EntityRow, Id>;
  declare columnas: Table<EntityRow, Id>;
  declare categorias: Table<EntityRow, Id>;
  declare estados: Table<EntityRow, Id>;
  declare usuarios: Table<EntityRow, Id>;
  declare revisiones: Table<Revision, string>;
  declare listas: Table<ListaRow, ListaRow['key']>;
  declare stats: Table<StatRow, string>;
  declare outbox: Table<OutboxRow, number>;
  declare files: Table<FileRow, string>;
  declare meta: Table<MetaRow, MetaKey>;
  declare problems: Table<ProblemRow, number>;
  declare shadows: Table<ShadowRow, string>;
  declare drafts: Table<DraftRow, string>;
  declare historial: Table<HistorialRow, string>;
  declare searchLog: Table<SearchLogRow, number>;

  constructor(name: string) {
    super(name);
    this.use(searchLogMiddleware);
    this.version(1).stores({
      solicitudes: 'id, created_at, *tokens, estado, pending',
      notificaciones: 'id, solicitud_id, estado, created_at',
      definiciones: 'id',
      columnas: 'id',
      categorias: 'id',
      estados: 'id',
      usuarios: 'id',
      listas: 'key',
      stats: 'key',
      outbox: 'id',
      files: 'id, status, mutationId, ownerSolicitudId',
      meta: 'key',
      problems: 'id',
      shadows: 'key, table',
    });
    this.version(2).stores({ drafts: 'id, kind, updatedAt' });
    // `created_at` becomes the canonical instant key and tokens are pruned: recompute both.
    this.version(3)
      .stores({})
      .upgrade((tx) =>
        tx
          .table<SolicitudRow, string>('solicitudes')
          .toCollection()
          .modify((row) => {
            const next = mapRecord(toRecord(row));
            row.created_at = next.created_at;
            (row as SolicitudRow & { tokens?: string[] }).tokens = solicitudTokens(next);
          }),
      );
    // Two index entries fewer per row: `estado` is not queried, and `pending` becomes sparse.
    this.version(4)
      .stores({ solicitudes: 'id, created_at, *tokens, pending' })
      .upgrade((tx) =>
        tx
          .table<SolicitudRow, string>('solicitudes')
          .toCollection()
          .modify((row) => {
            if (row.pending !== 1) delete row.pending;
          }),
      );
    this.version(5).stores({ historial: 'solicitudId' });
    // The `*tokens` index gives way to the search log: one reset row with every row's tokens.
    this.version(6)
      .stores({ solicitudes: 'id, created_at, pending', searchLog: '++seq' })
      .upgrade(async (tx) => {
        const reset = logRow([], [], true);
        await tx
          .table<SolicitudRow, string>('solicitudes')
          .each((row) => appendRow(reset, row));
        await tx.table<SearchLogRow, number>('searchLog').add(reset);
      });
    // Rows last written before version 6 still carry their search tokens, kept in the search log
    // since then: drop them (about a twentieth of a row). Through the native store, so a row
    // without them is only read, and the log gets no entry (no row's search tokens change).
    this.version(7)
      .stores({})
      .upgrade((tx) => dropStoredTokens(tx.idbtrans.objectStore('solicitudes')));
    // The search tokens gain the radicado, status, bank, city and credit type: the log is
    // replaced by one reset row holding every row's new tokens (one read of the rows; the rows
    // themselves are not written).
    this.version(8).stores({}).upgrade(rebuildSearchLog);
    // The search tokens gain the status and bank filter tokens: the same rebuild.
    this.version(9).stores({}).upgrade(rebuildSearchLog);
    // The reviews of the 'Devuelta para corrección' loop (issue 34), pulled as entity `revision`.
    this.version(10).stores({ revisiones: 'id, solicitud_id, estado' });
    // The search log's entries gain each row's sort keys (name, requested amount) for the list's
    // orders (issue 28): the same rebuild.
    this.version(11).stores({}).upgrade(rebuildSearchLog);
    // The search tokens gain the employer ('Empresa donde trabaja'): the same rebuild.
    this.version(12).stores({}).upgrade(rebuildSearchLog);
  }
}

/** Replaces the search log by one reset row with every row's current tokens (rows not written). */
async function rebuildSearchLog(tx: Transaction): Promise<void> {
  const reset = logRow([], [], true);
  await tx
    .table<SolicitudRow, string>('solicitudes')
    .each((row) => appendRow(reset, row));
  const log = tx.table<SearchLogRow, number>('searchLog');
  await log.clear();
  await log.add(reset);
}

/** Removes the `tokens` field of every row that has it, in the upgrade's own transaction. */
function dropStoredTokens(store: IDBObjectStore): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = store.openCursor();
    request.onerror = () => reject(request.error ?? new Error('cursor'));
    request.onsuccess = () => {
      const cursor = request.result;
      if (!cursor) return resolve();
      const row = cursor.value as { tokens?: unknown };
      if ('tokens' in row) {
        delete row.tokens;
        cursor.update(row);
      }
      cursor.continue();
    };
  });
}

export function userDbName(empresaId: Id, userId: Id): string {
  return `radica-${empresaId}-${userId}`;
}

export function openUserDb(empresaId: Id, userId: Id): RadicaDB {
  return new RadicaDB(userDbName(empresaId, userId));
}

/** Builds the local row (with its index fields) from a server record. */
export function mapRecord(record: SolicitudRecord, pending: 0 | 1 = 0): SolicitudRow {
  const row: SolicitudRow = {
    ...record,
    created_at: createdKey(record.solicitud?.created_at),
    estado: record.solicitud?.estado ?? '',
  };
  if (pending === 1) row.pending = 1;
  return row;
}

/** The server record of a local row (index fields removed). */
export function toRecord(row: SolicitudRow): SolicitudRecord {
  const { created_at: _c, tokens: _t, estado: _e, pending: _p, ...record } = row as SolicitudRow & { tokens?: unknown };
  return record;
}

export async function getMeta<K extends MetaKey>(
  db: RadicaDB,
  key: K,
): Promise<MetaValues[K] | undefined> {
  const row = await db.meta.get(key);
  return row?.value as MetaValues[K] | undefined;
}

/** Several meta values in one read (one transaction, or the caller's): an absent key is undefined. */
export async function getMetas<K extends MetaKey>(
  db: RadicaDB,
  keys: readonly K[],
): Promise<{ [P in K]?: MetaValues[P] }> {
  const rows = await db.meta.bulkGet([...keys]);
  const values: { [P in K]?: MetaValues[P] } = {};
  keys.forEach((key, i) => {
    if (rows[i] !== undefined) values[key] = rows[i].value as MetaValues[K];
  });
  return values;
}

export async function setMeta<K extends MetaKey>(
  db: RadicaDB,
  key: K,
  value: MetaValues[K],
): Promise<void> {
  await db.meta.put({ key, value } as MetaRow);
}

/** The clientId of this database: a UUID made once and kept in meta. */
export async function ensureClientId(db: RadicaDB): Promise<string> {
  return db.transaction('rw', db.meta, async () => {
    const existing = await getMeta(db, 'clientId');
    if (existing) return existing;
    const id = crypto.randomUUID();
    await setMeta(db, 'clientId', id);
    return id;
  });
}

/** Tables whose rows the server keys by an integer `id` (a pull's change ids arrive as strings). */
const INTEGER_KEYED: readonly EntityTableName[] = ['usuarios', 'definiciones', 'columnas', 'categorias'];

/** Rows of `table` are keyed by a number when the server uses integer ids, so a `del` finds its `put`. */
export function normalizeKey(table: EntityTableName, id: Id): Id {
  if (INTEGER_KEYED.includes(table) && typeof id === 'string' && /^\d+$/.test(id)) return Number(id);
  return id;
}

export function shadowKey(table: EntityTableName, id: Id): string {
  return `${table}:${String(id)}`;
}
