/**
 * Applications of the company (as mirrored on this device) whose applicant has the same document:
 * same tipo de identificación and número. Saving another one is allowed (one person may ask for
 * several credits); the forms warn first and offer to open the existing one. The lookup goes
 * through the list's in-memory search index (the document number is one of its tokens), so it
 * reads only the few candidate rows.
 */
import { fullName } from '../domain/solicitud';
import { fold } from '../domain/text';
import type { RadicaDB } from '../db/database';
import { loadLocalIndex } from '../db/local-index';

export interface SameDocument {
  id: string;
  solicitanteId: string;
  nombre: string;
  radicado: string | null;
  estado: string;
}

const normal = (s: unknown) => fold(String(s ?? '')).replace(/[^\p{L}\p{N}]/gu, '');

export async function findSameDocument(
  db: RadicaDB,
  tipo: string | null | undefined,
  numero: string | null | undefined,
  /** The applicant being edited: their own applications are not duplicates. */
  exceptSolicitanteId?: string,
): Promise<SameDocument[]> {
  const wanted = normal(numero);
  if (!wanted) return [];
  const index = await loadLocalIndex(db);
  await index.whenPrepared();
  const ids = [...index.startingWith(wanted)];
  if (!ids.length) return [];
  const rows = await db.solicitudes.bulkGet(ids);
  return rows.flatMap((r) => {
    const s = r?.solicitante;
    if (!r || !s || normal(s.numero_documento) !== wanted) return [];
    if (normal(s.tipo_identificacion) !== normal(tipo)) return [];
    if (exceptSolicitanteId && s.id === exceptSolicitanteId) return [];
    return [{ id: r.id, solicitanteId: s.id, nombre: fullName(s), radicado: r.solicitud?.radicado ?? null, estado: r.solicitud?.estado || 'Pendiente' }];
  });
}
