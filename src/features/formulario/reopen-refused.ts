/**
 * A new application the server refused (a field made required while the tablet was offline, a
 * rule it did not know, a role it no longer has) goes back to the creation form as a draft instead of being lost: the
 * values the advisor typed, the same client ids, and the files still on this device. 'Reintentar'
 * would only be refused again and 'Descartar' would throw the work away.
 * Invariant: in one transaction the draft is written, the files move from the upload queue into
 * it, and the problem is closed ('resolved'), so the work is always in exactly one place.
 */
import type { ProblemRow, RadicaDB } from '../../db/database';
import type { CrearRegistroArgs } from '../../domain/registro';
import { fromArgs, type StoredFile } from './form-state';

/**
 * Whether a refused change can go back to the form: a creation refused for any reason (its data,
 * the advisor's role changed meanwhile, a bank the company removed…), so what was typed can
 * always be seen and kept, never only retried or discarded.
 */
export const reopenable = (p: Pick<ProblemRow, 'name' | 'code' | 'args'>) =>
  p.name === 'solicitud.crear' && p.code !== 'CONFLICT' && !!(p.args as Partial<CrearRegistroArgs> | null)?.solicitudId;

export async function reopenRefusedCreation(db: RadicaDB, problemId: number): Promise<void> {
  await db.transaction('rw', [db.problems, db.drafts, db.files], async () => {
    const problem = await db.problems.get(problemId);
    if (!problem || problem.resolvedAt || !reopenable(problem)) throw new Error('Este cambio ya no se puede corregir en el formulario.');
    const args = problem.args as CrearRegistroArgs;
    const rows = await db.files.where('ownerSolicitudId').equals(args.solicitudId).toArray();
    const kept = rows.filter((f) => f.blob !== null && f.mutationId === problemId);
    const files: StoredFile[] = kept.map((f) => ({ id: f.id, blob: f.blob!, nombre: f.nombre, mime: f.mime, size: f.size, field: f.campo ?? null }));
    await db.drafts.put({ id: args.solicitudId, kind: 'solicitud', values: fromArgs(args, files), updatedAt: new Date().toISOString() });
    await db.files.bulkDelete(kept.map((f) => f.id));
    await db.problems.update(problemId, { resolvedAt: new Date().toISOString(), resolution: 'resolved' });
  });
}
