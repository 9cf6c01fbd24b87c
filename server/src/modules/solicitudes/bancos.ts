/**
 * The banks an application may be addressed to: the company's list (its active 'bancos' category,
 * or the spec's defaults when it has none), as 'Editar Registro', the list's filter and the users
 * form offer it (src/domain/usuario.ts `bancosDeEmpresa`).
 * Invariants: read inside the caller's transaction; a bank is matched case and accents aside and
 * stored with the company's spelling; on an edit the application's current bank is always accepted
 * as it is (an old record whose bank left the list still saves its other changes); a creation (the
 * form, `solicitud.crear`, the legacy `POST /api/solicitudes/`) takes only the list or no bank; any
 * other name is a VALIDATION error on the bank field and nothing is written. A bank change e-mails
 * every admin and supervisor (email/outbox.ts), so free text there would reach their inboxes.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { categorias } from '../../db/schema';
import { AppError } from '../../../../src/domain/errors';
import { BANCO_NO_EN_LISTA, bancoDeLista, bancosDeEmpresa } from '../../../../src/domain/usuario';

/** The company's bank list (its 'bancos' category, or the defaults). */
export async function bancosDeLaEmpresa(tx: DbOrTx, empresaId: number): Promise<readonly string[]> {
  const rows = await tx
    .select({ categoria: categorias.categoria, activo: categorias.activo, configuracion: categorias.configuracion })
    .from(categorias)
    .where(and(eq(categorias.empresaId, empresaId), eq(categorias.categoria, 'bancos'), isNull(categorias.deletedAt)));
  return bancosDeEmpresa(rows);
}

/**
 * The bank an edit stores for `nuevo`: the application's current bank as it is stored, else the
 * company's spelling of a bank of its list; a VALIDATION error for any other name.
 */
export async function bancoDeEdicion(tx: DbOrTx, empresaId: number, actual: string | null, nuevo: string): Promise<string> {
  const same = actual ? bancoDeLista([actual], nuevo) : null;
  if (same) return same;
  const found = bancoDeLista(await bancosDeLaEmpresa(tx, empresaId), nuevo);
  if (!found) throw noEnLista('solicitud.banco_nombre');
  return found;
}

/**
 * The bank a new application stores for its validated `nuevo`: none for an empty or absent one
 * (the bank is not a required field), else the company's spelling of a bank of its list; a
 * VALIDATION error on `campo` (the route's key for the bank field) for any other name.
 */
export async function bancoDeCreacion(tx: DbOrTx, empresaId: number, nuevo: unknown, campo: string): Promise<string | null> {
  if (typeof nuevo !== 'string' || !nuevo.trim()) return null;
  const found = bancoDeLista(await bancosDeLaEmpresa(tx, empresaId), nuevo);
  if (!found) throw noEnLista(campo);
  return found;
}

function noEnLista(campo: string) {
  return new AppError('VALIDATION', BANCO_NO_EN_LISTA, { fields: { [campo]: BANCO_NO_EN_LISTA } });
}
