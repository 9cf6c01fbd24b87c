/**
 * Push: sends the outbox in id order, in batches of PUSH_BATCH, and records each result.
 * Invariants:
 * - An entry leaves the outbox only when the server answered for it: applied/skipped entries are
 *   folded into the shadows (last known server state) and removed; rejected ones are removed AND
 *   written to `problems` with code, error and conflict — never dropped silently; a problem
 *   keeps the args without their secrets (`redactSecrets`: a password never outlives its push)
 *   and whose application it was (`subject`), read before the pull can remove the local row.
 * - The results, meta.lastMutationId and the rebase that rolls back rejected effects are written
 *   in ONE transaction, so a crash leaves either the whole answer recorded or none of it (a
 *   retried push is then answered `skipped` with the stored result).
 * - A thrown push (network, 503, 401…) leaves the outbox as it was, except for the count of
 *   server faults: a mutation the server keeps failing on (5xx other than 502–504, which mean the
 *   server or its database is away, not that the change is bad) cannot block the queue forever.
 *   After ISOLATE_AFTER faults in a row the oldest entry is sent alone; alone, after
 *   GIVE_UP_AFTER faults in a row it is marked `omit` and its id is sent as the no-op
 *   'sync.omitir' (the server needs contiguous ids). When the server answers that id the change
 *   becomes a problem ('Cambios pendientes', retry or discard) and its local effect is rolled
 *   back; if the server had in fact applied the original (its answer was lost), the stored result
 *   comes back as `skipped` and the change counts as applied.
 */
import { getMeta, setMeta, type OutboxRow, type ProblemRow, type RadicaDB } from '../db/database';
import { fullName } from '../domain/solicitud';
import { applyMutation } from '../db/mutators';
import { rebase, ShadowTx } from '../db/tracked-tx';
import { PUSH_BATCH, type MutationResult, type PushResponse } from '../domain/sync-protocol';
import { redactSecrets } from '../domain/mutations';
import { TransportError, type SyncTransport } from './transport';

export const REJECTED_DEFAULT_MESSAGE = 'El servidor rechazó el cambio.';
export const ISOLATE_AFTER = 2;
export const GIVE_UP_AFTER = 5;
export const SERVER_FAULT_MESSAGE = `El servidor falló ${GIVE_UP_AFTER} veces seguidas al aplicar este cambio y no lo guardó. Puedes reintentarlo o descartarlo.`;

/** A failure of the server itself (a bug it hit), as opposed to its being away (502–504) or offline. */
export function isServerFault(error: unknown): boolean {
  return error instanceof TransportError && error.status >= 500 && ![502, 503, 504].includes(error.status);
}

/** What one push call delivered: entries the server applied, and entries it rejected. */
export interface PushSummary {
  applied: number;
  rejected: number;
}

/**
 * Sends queued mutations batch after batch until the outbox is empty or the server stops short.
 * `summary` (also answered) counts what the server answered, batch by batch, so a later batch's
 * failure does not hide what the earlier ones delivered.
 */
export async function pushOutbox(
  db: RadicaDB,
  transport: SyncTransport,
  clientId: string,
  summary: PushSummary = { applied: 0, rejected: 0 },
): Promise<PushSummary> {
  let lastSent = 0;
  for (;;) {
    const head = await db.outbox.where('id').above(lastSent).first();
    if (!head) return summary;
    // An entry the server has failed on before goes alone, so the faulty one is found.
    const limit = (head.serverErrors ?? 0) >= ISOLATE_AFTER ? 1 : PUSH_BATCH;
    const batch = await db.outbox.where('id').above(lastSent).limit(limit).toArray();
    if (batch.length === 0) return summary;
    const ids = batch.map((e) => e.id);
    await db.outbox
      .where('id')
      .anyOf(ids)
      .modify((e) => {
        e.status = 'sending';
        e.attempts += 1;
      });
    let response: PushResponse;
    try {
      response = await transport.push({
        clientId,
        mutations: batch.map(({ id, name, args, at, omit }) =>
          omit ? { id, name: 'sync.omitir', args: {}, at } : { id, name, args, at },
        ),
      });
    } catch (error) {
      const fault = isServerFault(error);
      await db.outbox
        .where('id')
        .anyOf(ids)
        .modify((e) => {
          e.status = 'pending';
          if (!fault) return;
          e.serverErrors = (e.serverErrors ?? 0) + 1;
          if (batch.length === 1 && e.serverErrors >= GIVE_UP_AFTER) e.omit = true;
        });
      throw error;
    }
    const handled = await applyPushResponse(db, batch, response, summary);
    // The server answered: the faults in a row of what is still queued start again from zero.
    await db.outbox
      .where('id')
      .anyOf(ids)
      .modify((e) => {
        delete e.serverErrors;
      });
    if (handled === 0) {
      await db.outbox.where('id').anyOf(ids).modify({ status: 'pending' });
      throw new TransportError(
        500,
        'El servidor no confirmó los cambios enviados. Se reintentará.',
        'INTERNAL',
      );
    }
    lastSent = Math.max(...ids.filter((id) => id <= response.lastMutationId), lastSent);
    if (lastSent < ids[ids.length - 1]) {
      // The server stopped part-way without an error: let the next cycle resend the rest.
      await db.outbox.where('id').anyOf(ids).modify({ status: 'pending' });
      return summary;
    }
  }
}

/** The application a change is about, as the local store holds it now (before the pull that may remove it). */
async function subjectOf(db: RadicaDB, args: unknown): Promise<ProblemRow['subject']> {
  const a = (args && typeof args === 'object' ? args : {}) as { solicitudId?: unknown; solicitud_id?: unknown };
  const id = typeof a.solicitudId === 'string' ? a.solicitudId : typeof a.solicitud_id === 'string' ? a.solicitud_id : null;
  const row = id ? await db.solicitudes.get(id) : undefined;
  return row ? { nombre: fullName(row.solicitante ?? {}), radicado: row.solicitud?.radicado ?? null } : undefined;
}

function isFailure(r: MutationResult): boolean {
  return r.status === 'rejected' || (r.status === 'skipped' && r.code !== undefined);
}

/**
 * Records one push answer (see the header); returns how many entries left the outbox, and adds
 * them to `summary` (applied or rejected) once the transaction has committed.
 */
export async function applyPushResponse(
  db: RadicaDB,
  batch: OutboxRow[],
  response: PushResponse,
  summary?: PushSummary,
): Promise<number> {
  const counts: PushSummary = { applied: 0, rejected: 0 };
  const handled = await db.transaction('rw', db.tables, async () => {
    counts.applied = 0;
    counts.rejected = 0;
    const byId = new Map(batch.map((e) => [e.id, e]));
    const results = new Map(response.results.map((r) => [r.id, r]));
    let handled = 0;
    for (const entry of [...byId.values()].sort((a, b) => a.id - b.id)) {
      const result = results.get(entry.id);
      if (!result && entry.id > response.lastMutationId) continue;
      if (!(await db.outbox.get(entry.id))) continue;
      // The no-op sent for a change given up was applied: the change itself never was.
      const failure: Pick<MutationResult, 'code' | 'error' | 'conflict'> | null =
        entry.omit && result?.status === 'applied'
          ? { code: 'INTERNAL', error: SERVER_FAULT_MESSAGE }
          : result && isFailure(result)
            ? result
            : null;
      if (failure) {
        await db.problems.put({
          id: entry.id,
          name: entry.name,
          // A rejected change is kept for the panel without its secrets (passwords).
          args: redactSecrets(entry.name, entry.args),
          at: entry.at,
          code: failure.code ?? 'INTERNAL',
          error: failure.error ?? REJECTED_DEFAULT_MESSAGE,
          conflict: failure.conflict,
          subject: await subjectOf(db, entry.args),
        });
        counts.rejected += 1;
      } else {
        counts.applied += 1;
        try {
          await applyMutation(new ShadowTx(db), entry.name, entry.args);
        } catch {
          // The pull brings the server's state anyway; folding is only to avoid a flicker.
        }
      }
      await db.outbox.delete(entry.id);
      handled += 1;
    }
    const last = Math.max((await getMeta(db, 'lastMutationId')) ?? 0, response.lastMutationId);
    await setMeta(db, 'lastMutationId', last);
    await rebase(db);
    return handled;
  });
  if (summary) {
    summary.applied += counts.applied;
    summary.rejected += counts.rejected;
  }
  return handled;
}
